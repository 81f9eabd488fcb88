"""openai/codex (Rust): paraphrased from its AGENTS.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="codex",
    repo="openai/codex",
    language="rust",
    sources=("AGENTS.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "crate-names",
            "The Rust code lives in `codex-rs/`, and every crate there is prefixed `codex-`: the `core` folder is "
            "the crate `codex-core`, the `tui` folder is `codex-tui`.",
            files=["codex-rs/Cargo.toml"],
            tags=["layout"],
        ),
        fact(
            "sandbox-env",
            "Shell commands the agent runs execute in a sandbox with `CODEX_SANDBOX_NETWORK_DISABLED=1` set. Some "
            "tests return early on that variable because their authors knew they cannot run without network.",
            related=["sandbox-vars"],
        ),
        fact(
            "seatbelt",
            "Processes spawned under Seatbelt (`/usr/bin/sandbox-exec`) get `CODEX_SANDBOX=seatbelt`; integration "
            "tests that run Seatbelt themselves check it and bail out, because Seatbelt cannot be nested.",
        ),
        fact(
            "snapshot-insta",
            "Rendered terminal UI output in `codex-rs/tui` is validated with `insta` snapshot tests; pending "
            "snapshots appear as `*.snap.new` files next to the tests.",
            files=["codex-rs/tui"],
            tags=["testing"],
        ),
        fact(
            "config-schema",
            "`codex-rs/core/config.schema.json` is generated from `ConfigToml` and its nested config types; it is "
            "not edited by hand.",
            files=["codex-rs/core/config.schema.json"],
            tags=["config"],
            related=["config-schema-regen"],
        ),
        fact(
            "bazel-lock",
            "The workspace builds with both Cargo and Bazel, so `MODULE.bazel.lock` at the repo root has to stay in "
            "step with `Cargo.lock`.",
            files=["MODULE.bazel.lock", "codex-rs/Cargo.lock"],
            tags=["build"],
            related=["bazel-lock-update"],
        ),
        fact(
            "context-fragments",
            "Everything the model sees as prompt context goes through the shared fragment abstractions described in "
            "`docs/model-visible-context.md`: each fragment implements `ModelVisibleContextFragment` and declares a "
            "`ModelVisibleContextEnvelope` (developer or contextual-user).",
            files=["docs/model-visible-context.md"],
            tags=["prompt"],
            related=["no-raw-context-strings"],
        ),
        fact(
            "turn-backed",
            "Context fragments derived from `TurnContext` and diffed against persisted turn state implement "
            "`TurnBackedContextFragment`, which keeps extraction, diffing and rendering in one place.",
        ),
        fact(
            "wrapping-helpers",
            "Plain strings are wrapped with `textwrap::wrap`; ratatui `Line`s are wrapped with `word_wrap_lines` / "
            "`word_wrap_line` from `tui/src/wrapping.rs` (indent via `RtOptions` initial/subsequent indent), and "
            "`prefix_lines` in line_utils prefixes a list of lines.",
            files=["codex-rs/tui/src/wrapping.rs"],
            tags=["tui"],
        ),
        fact(
            "core-test-support",
            "End-to-end tests in core use `core_test_support::responses`: the `mount_sse*` helpers return a "
            "`ResponseMock`, and `single_request()` or `requests()` expose the captured `/responses` POST bodies "
            "with helpers such as `function_call_output` and `body_json`.",
            files=["codex-rs/core/tests"],
            tags=["testing"],
            related=["sse-helper-prefs"],
        ),
        fact(
            "app-server-files",
            "The app-server protocol types are in `app-server-protocol/src/protocol/common.rs` and `v2.rs`; the API "
            "is documented in `app-server/README.md`.",
            files=["codex-rs/app-server-protocol/src/protocol/v2.rs", "codex-rs/app-server/README.md"],
            tags=["app-server"],
        ),
        fact(
            "cargo-bin-helper",
            'Tests that spawn first-party binaries use `codex_utils_cargo_bin::cargo_bin("...")`, which resolves '
            "absolute paths that stay valid under Bazel runfiles and after `chdir`.",
        ),
        fact(
            "tui-styles-doc",
            "The visual style conventions of the terminal UI are written down in `codex-rs/tui/styles.md`.",
            files=["codex-rs/tui/styles.md"],
            tags=["tui"],
        ),
        decision(
            "v2-only",
            "All new app-server API work goes into v2; v1 is frozen and gets no new surface area.",
            files=["codex-rs/app-server-protocol/src/protocol/v2.rs"],
            tags=["app-server"],
        ),
        decision(
            "camelcase-wire",
            'App-server v2 payloads are camelCase on the wire via `#[serde(rename_all = "camelCase")]`; config RPC '
            "payloads are the exception and stay snake_case to mirror config.toml keys.",
        ),
        decision(
            "api-timestamps",
            "API timestamps are integer Unix seconds (`i64`) and named `*_at`, e.g. `created_at`, `updated_at`, "
            "`resets_at`.",
        ),
        decision(
            "string-ids",
            "IDs at the API boundary are plain `String`s; any UUID parsing or conversion happens internally.",
        ),
        decision(
            "optional-fields",
            'v2 payload fields never use `skip_serializing_if = "Option::is_none"`. Optional fields of client '
            "request `*Params` types are annotated `#[ts(optional = nullable)]`, and only there.",
        ),
        decision(
            "cursor-pagination",
            "New list methods use cursor pagination by default: request `cursor: Option<String>` and "
            "`limit: Option<u32>`, response `data: Vec<_>` and `next_cursor: Option<String>`.",
        ),
        decision(
            "rpc-naming",
            "RPC methods are named `<resource>/<method>` with a singular resource (`thread/read`, `app/list`); "
            "payload types are suffixed `*Params`, `*Response` and `*Notification`.",
        ),
        decision(
            "avoid-all-features",
            "Routine local test runs skip `--all-features`: it expands the build matrix and bloats `target/`; it is "
            "only used when full feature coverage is needed.",
        ),
        rule(
            "sandbox-vars",
            "Never add or modify code that touches `CODEX_SANDBOX_NETWORK_DISABLED_ENV_VAR` or "
            "`CODEX_SANDBOX_ENV_VAR`.",
            pinned=True,
        ),
        rule(
            "snapshot-required",
            "Any change to user-visible TUI output, including new UI, must ship with `insta` snapshot coverage "
            "(a new snapshot test or an updated one) in the same PR.",
            related=["snapshot-flow"],
        ),
        rule(
            "docs-on-api-change",
            "When an API is added or changed, update the docs in `docs/` too; for app-server changes at minimum "
            "`app-server/README.md`.",
        ),
        rule(
            "ask-before-full-suite",
            "Tests of the crate you changed can be run without asking, but ask the user before running the "
            "complete test suite.",
        ),
        rule(
            "no-raw-context-strings",
            "Never inject raw strings into the initial-context or settings-update builders, and don't call fragment "
            "wrapping helpers ad hoc: new developer guidance goes through a fragment type.",
        ),
        rule(
            "no-env-mutation",
            "Tests must not mutate the process environment; pass environment-derived flags or dependencies in from "
            "the caller instead.",
        ),
        rule(
            "stylize",
            'In the TUI, build spans with ratatui\'s `Stylize` helpers (`"text".dim()`, `.red()`, `.bold()`, '
            '`"text".into()`) rather than constructing `Style` or `Span::styled` by hand; never use `.white()`, '
            "keep the default foreground.",
        ),
        rule(
            "no-single-use-helpers",
            "Don't create small helper methods that are only referenced once.",
        ),
        rule(
            "sse-helper-prefs",
            "In core integration tests prefer `wait_for_event` over `wait_for_event_with_timeout`, and "
            "`mount_sse_once` over `mount_sse_once_match` or `mount_sse_sequence`.",
        ),
        workflow(
            "fmt-after",
            "After finishing Rust changes, run `just fmt` in `codex-rs` automatically; it doesn't need approval.",
            tags=["format"],
        ),
        workflow(
            "scoped-tests",
            "Test the crate you changed first, e.g. `cargo test -p codex-tui` after editing `codex-rs/tui`. Only if "
            "common, core or protocol changed, run the whole suite (`cargo test`, or `just test` with nextest).",
            related=["ask-before-full-suite"],
        ),
        workflow(
            "fix-lint",
            "Before finalizing a large change run `just fix -p <crate>` in `codex-rs` to apply clippy fixes, scoped "
            "with `-p` to avoid slow workspace-wide builds; don't re-run tests after `fix` or `fmt`.",
            tags=["lint"],
        ),
        workflow(
            "snapshot-flow",
            "Updating TUI snapshots: `cargo test -p codex-tui`, list them with `cargo insta pending-snapshots -p "
            "codex-tui`, read the `*.snap.new` files (or `cargo insta show`), and only then `cargo insta accept -p "
            "codex-tui`.",
            tags=["tui"],
            prevent=["Accept snapshots only after reading every pending .snap.new file."],
        ),
        workflow(
            "config-schema-regen",
            "After changing `ConfigToml` or any nested config type, run `just write-config-schema` to refresh "
            "`codex-rs/core/config.schema.json`.",
        ),
        workflow(
            "bazel-lock-update",
            "After editing `Cargo.toml` or `Cargo.lock`, run `just bazel-lock-update` from the repo root, commit "
            "`MODULE.bazel.lock` in the same change, and verify with `just bazel-lock-check`.",
        ),
        workflow(
            "app-server-schema",
            "When app-server API shapes change, regenerate the schema fixtures with `just write-app-server-schema` "
            "(plus `--experimental` for experimental fixtures) and validate with `cargo test -p "
            "codex-app-server-protocol`.",
        ),
        workflow(
            "install-tools",
            "Install missing tools the repo relies on (`just`, `rg`, `cargo-insta`) before following its instructions.",
        ),
        failure(
            "assert-cmd-bazel",
            "A test that spawned the CLI through `assert_cmd::Command::cargo_bin` could not find the binary under "
            "Bazel, where it lives in runfiles.",
            tags=["testing"],
            prevent=["Spawn first-party binaries with codex_utils_cargo_bin::cargo_bin."],
            related=["cargo-bin-helper"],
        ),
        failure(
            "manifest-dir-fixtures",
            'Locating fixture files with `env!("CARGO_MANIFEST_DIR")` broke under Bazel runfiles.',
            tags=["testing"],
            prevent=["Use codex_utils_cargo_bin::find_resource! so paths resolve under Cargo and Bazel."],
        ),
        failure(
            "ts-rename-drift",
            "A field renamed with `#[serde(rename = ...)]` but without a matching `#[ts(rename = ...)]` made the "
            "generated TypeScript disagree with the JSON on the wire.",
            tags=["app-server"],
            prevent=["Keep serde and ts renames (and tagging of unions) aligned."],
        ),
        failure(
            "marker-tests",
            "Boilerplate tests that only asserted experimental field markers on request fields in `common.rs` were "
            "rejected in review.",
            tags=["app-server"],
            prevent=["Rely on schema generation and behavioural tests instead."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "I changed how the status line renders in the terminal UI, what else has to go into the PR?",
            "snapshot-required",
            "snapshot-flow",
            "snapshot-insta",
        ),
        q(
            "which tests should I run after editing codex-rs/tui/src/chatwidget.rs?",
            "scoped-tests",
            "snapshot-insta",
            "crate-names",
        ),
        q(
            "I added a new option to the config.toml struct, is there anything I need to regenerate?",
            "config-schema-regen",
            "config-schema",
        ),
        q(
            "bumped reqwest in Cargo.toml - what else needs to land in the same commit?",
            "bazel-lock-update",
            "bazel-lock",
        ),
        q(
            "add an endpoint to the app server that lists the configured MCP servers",
            "v2-only",
            "rpc-naming",
            "cursor-pagination",
            "app-server-schema",
            "camelcase-wire",
            "docs-on-api-change",
            "app-server-files",
            "optional-fields",
        ),
        q("what type should the expiry time on the rate limit response be?", "api-timestamps"),
        q(
            "how do I mark an optional request parameter so the generated TS type is right?",
            "optional-fields",
        ),
        q(
            "can I just run the whole workspace test suite with all features enabled?",
            "ask-before-full-suite",
            "avoid-all-features",
            "scoped-tests",
        ),
        q(
            "clippy is flagging a bunch of warnings in the crate I touched, how do I auto-fix them without a "
            "huge rebuild?",
            "fix-lint",
        ),
        q(
            "write an end-to-end test asserting the tool output we send back to the model",
            "core-test-support",
            "sse-helper-prefs",
            "style:rust/whole-object-asserts",
            "style:rust/insta-over-substrings",
        ),
        q(
            "my integration test can't locate the codex executable when the build runs under bazel",
            "assert-cmd-bazel",
            "cargo-bin-helper",
            "manifest-dir-fixtures",
        ),
        q(
            "this new test needs internet access; should I skip it early when networking is off in the agent sandbox?",
            "sandbox-env",
            "sandbox-vars",
        ),
        q(
            "make the warning label in the tui pop: bright white and bold",
            "stylize",
            "tui-styles-doc",
        ),
        q(
            "a long help message in the terminal view runs off screen, how should I break it into lines?",
            "wrapping-helpers",
        ),
        q(
            "I want to give the model some extra developer guidance at session start, where do I hook that in?",
            "context-fragments",
            "no-raw-context-strings",
            "turn-backed",
        ),
        q(
            "the renamed enum variant shows a different name in the generated TypeScript than in the JSON",
            "ts-rename-drift",
        ),
        q(
            "should I add a small test checking that the experimental annotation is on the new params field?",
            "marker-tests",
        ),
        q(
            "what's the cargo package name for the core folder so I can run its tests?",
            "crate-names",
            "scoped-tests",
        ),
        q(
            "refactor this: it has three nested ifs and a closure that only calls to_string",
            "style:rust/collapse-if",
            "style:rust/method-refs",
            "style:rust/let-chains",
        ),
        q(
            "a test sets HOME with std::env::set_var before calling the loader; is that fine?",
            "no-env-mutation",
        ),
        q(
            "tidy up the layout of what I just wrote before we call it done",
            "fmt-after",
        ),
        q(
            "the chat pane looks different now, pls bring the golden outputs in line",
            "snapshot-flow",
            "snapshot-required",
            "snapshot-insta",
        ),
        q(
            "conversation listing endpoint: how should the page-token fields look?",
            "cursor-pagination",
            "camelcase-wire",
            "rpc-naming",
        ),
        q(
            "we pulled in a new crate for zip handling; anything besides touching the manifest?",
            "bazel-lock-update",
            "bazel-lock",
        ),
        q(
            "the test runner pretends to be offline and my new test that downloads a fixture dies, what's the "
            "sanctioned way out?",
            "sandbox-env",
            "sandbox-vars",
        ),
        q(
            "at the start of every chat, tell the assistant what timezone the person is in",
            "context-fragments",
            "no-raw-context-strings",
            "turn-backed",
        ),
        q(
            "should this new bool on the request type be left out of the JSON when unset?",
            "optional-fields",
        ),
        q(
            "callers pass `true, false, None` and nobody can tell what they do; rework that signature",
            "style:rust/enum-modes",
        ),
        q(
            "the new approval code has `.unwrap()` on every lookup and a wildcard match arm",
            "style:rust/no-unwrap-panic",
            "style:rust/exhaustive-match",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what is a snapshot in ZFS and how is it different from a backup?",
        "as a user, how do I switch codex to a different model for just one session?",
        "compare the codex CLI's approval modes with how Claude Code asks for permission",
        "explain what ratatui's immediate-mode rendering means for how a widget redraws",
        "a forum post has a tokio select! loop over stdin lines and ctrl-c; can the ctrl-c branch starve?",
        "write a two-paragraph talk abstract about building a terminal coding agent in Rust",
        "what does the MCP initialize handshake exchange between client and server?",
        "draft user-facing release notes: the TUI now wraps long lines and shows a status line",
    ]
)
