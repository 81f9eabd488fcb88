"""astral-sh/uv (Rust): paraphrased from its CLAUDE.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="uv",
    repo="astral-sh/uv",
    language="rust",
    sources=("CLAUDE.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "crates-overview",
            "uv is a Rust monorepo of about 63 crates under `crates/`; the binary and command orchestration are in "
            "`crates/uv`, clap argument parsing in `crates/uv-cli`.",
            files=["crates/uv", "crates/uv-cli"],
            tags=["layout"],
        ),
        fact(
            "command-locations",
            "CLI argument structs and the command enum are in `crates/uv-cli/src/lib.rs`; implementations live in "
            "`crates/uv/src/commands/<category>/`, dispatched from `crates/uv/src/lib.rs`.",
            files=["crates/uv-cli/src/lib.rs", "crates/uv/src/lib.rs"],
            tags=["layout"],
        ),
        fact(
            "settings-locations",
            "Settings types are in `crates/uv-settings/`; `crates/uv/src/settings.rs` (about 130 KB) combines them "
            "with CLI arguments.",
            files=["crates/uv-settings/src/settings.rs", "crates/uv/src/settings.rs"],
            tags=["layout"],
        ),
        fact(
            "resolver",
            "Dependency resolution is PubGrub-based, in `crates/uv-resolver`, on a custom fork of `pubgrub`.",
            files=["crates/uv-resolver"],
            tags=["resolver"],
        ),
        fact(
            "pep-crates",
            "PEP 440 versions are parsed in `crates/uv-pep440`, PEP 508 dependency specifiers in "
            "`crates/uv-pep508`, and PEP 425 platform tags in `crates/uv-platform-tags`.",
        ),
        fact(
            "integration-tests",
            "Integration tests are in `crates/uv/tests/it/` (`lock.rs`, `pip_install.rs`, `sync.rs`, ...) and use "
            "the `TestContext` harness from `common/mod.rs` with the `uv_snapshot!` macro.",
            files=["crates/uv/tests/it/common/mod.rs"],
            tags=["testing"],
        ),
        fact(
            "config-precedence",
            "Configuration precedence: CLI arguments, then environment variables, then `pyproject.toml`, then "
            "`uv.toml`, then defaults.",
        ),
        fact(
            "crate-layering",
            "Lower-level crates must not depend on higher-level ones. From the bottom: foundation (`uv-fs`, "
            "`uv-normalize`), PEP types, client and cache, resolution, installation, then `uv` and `uv-cli`; shared "
            "traits in `uv-types` break cycles.",
        ),
        fact(
            "test-features",
            "Tests that need external services or are slow sit behind cargo features: `pypi`, `git`, `crates-io`, "
            "`python-managed`, `python-patch`, `slow-tests`, `test-ecosystem`.",
            files=["crates/uv/Cargo.toml"],
            tags=["testing"],
        ),
        fact(
            "python-versions",
            "The test suite needs Python 3.8 through 3.14; `cargo run python install` installs the versions listed "
            "in `.python-versions`.",
            files=[".python-versions"],
            tags=["testing"],
        ),
        fact(
            "generated-docs",
            "`docs/reference/cli.md`, `settings.md` and `environment.md` are generated from the code by `cargo dev "
            "generate-all`.",
            files=["docs/reference/cli.md", "docs/reference/settings.md", "docs/reference/environment.md"],
            tags=["docs"],
            related=["never-edit-generated"],
        ),
        fact(
            "toolchain",
            "Rust edition 2024 with style edition 2024; toolchain 1.90, minimum supported Rust 1.88.",
            files=["rust-toolchain.toml", "rustfmt.toml"],
            tags=["toolchain"],
        ),
        fact(
            "python-tooling",
            "The small Python part (`python/uv`, `crates/uv-python/*.py`) is formatted and linted with ruff (py312 "
            "target, isort and bugbear rules) and type-checked with mypy.",
            files=["ruff.toml"],
            tags=["python"],
        ),
        fact(
            "ci-jobs",
            "CI lints with rustfmt, prettier, ruff, mypy and shellcheck, runs clippy workspace-wide with all features, "
            "and tests on macOS, Ubuntu and Windows; docs-only changes skip the rest.",
            files=[".github/workflows/ci.yml"],
            tags=["ci"],
        ),
        decision(
            "uv-fs",
            "Filesystem access goes through the `uv_fs` crate, never `std::fs` or `tokio::fs` (clippy enforces it), "
            "for consistent error messages and Windows compatibility.",
            files=["clippy.toml"],
            tags=["filesystem"],
        ),
        decision(
            "tracing-output",
            "Diagnostics go through `tracing` macros and user output through `printer.writeln()`; `print!`, "
            "`println!` and `dbg!` are lint warnings workspace-wide.",
        ),
        decision(
            "error-handling",
            "Errors propagate with `anyhow` and get context with `.context()` / `.with_context()`; user-facing "
            "diagnostics are rendered with `miette`.",
        ),
        decision(
            "features-need-consensus",
            "New features need team consensus before a PR is opened; issues labelled `needs-design` or "
            "`needs-decision` are not ready to implement.",
        ),
        decision(
            "docker-untrusted",
            "Source distributions can execute arbitrary code while building, so untrusted packages are only "
            "exercised inside the `uv-builder` Docker image (`crates/uv-dev/builder.dockerfile`).",
            files=["crates/uv-dev/builder.dockerfile"],
            tags=["security"],
        ),
        rule(
            "never-edit-generated",
            "Never hand-edit the generated reference docs or schema files: change the source and run `cargo dev "
            "generate-all`.",
            pinned=True,
        ),
        rule(
            "product-name",
            'The product name is always lowercase "uv", never "Uv" or "UV", and in backticks only when '
            "referring to the executable.",
        ),
        rule(
            "terminology",
            'Docs write "lockfile" (not "lock file"), "pre-release" (not "prerelease"), and hyphenate '
            '"command-line" as an adjective.',
        ),
        rule(
            "docs-prose",
            'Markdown wraps at 100 characters; "e.g." and "i.e." are wrapped in commas and em-dashes have spaces '
            "around them.",
        ),
        rule(
            "cli-output-style",
            "CLI messages end without a period unless they have several sentences; green means success, red errors, "
            "yellow warnings, cyan hints, paths and literals.",
        ),
        rule(
            "no-credential-logs",
            "Never log credentials or tokens; obfuscate them in output the way `uv auth token` does.",
        ),
        rule(
            "snapshot-review",
            "Snapshot changes are reviewed with `cargo insta review`, and failing tests are never ignored before a "
            "merge.",
        ),
        workflow(
            "run-tests",
            "Run the suite with `cargo nextest run`; a single test with `cargo test --package uv --test <file> -- "
            "<name> --exact`.",
            tags=["testing"],
        ),
        workflow(
            "dev-run",
            "Run the development build with `cargo run -- <args>`, e.g. `cargo run -- pip install requests` or "
            "`cargo run -- venv`.",
        ),
        workflow(
            "trace-logging",
            "For debugging, `RUST_LOG=uv=trace cargo run -- <command>` limits trace logs to uv's own crates.",
        ),
        workflow(
            "new-command",
            "Adding a command: args struct and enum variant in `uv-cli/src/lib.rs`, implementation in "
            "`crates/uv/src/commands/`, wiring in `crates/uv/src/lib.rs`, a snapshot test in `tests/it/`, then "
            "`cargo dev generate-all`.",
        ),
        workflow(
            "new-setting",
            "Adding a configuration option: add it to `uv-settings`, to the CLI args in `uv-cli`, to the "
            "pyproject schema, use it in the resolver or installer, regenerate docs and add tests.",
        ),
        workflow(
            "docs-preview",
            "Preview the docs with `uvx --with-requirements docs/requirements.txt -- mkdocs serve -f "
            'mkdocs.public.yml`; format Markdown with `npx prettier --prose-wrap always --write "**/*.md"`.',
        ),
        workflow(
            "quality-check",
            "Before pushing: `cargo fmt --all --check` and `cargo clippy --workspace --all-features -- -D warnings`.",
        ),
        workflow(
            "profiling",
            "Profile concurrency with `RUST_LOG=uv=info TRACING_DURATIONS_FILE=target/traces/output.ndjson cargo run "
            "--features tracing-durations-export --profile profiling -- pip compile requirements.in`.",
        ),
        workflow(
            "cache-inspect",
            "Inspect or reset the global cache with `cargo run -- cache dir` and `cargo run -- cache clean`.",
        ),
        workflow(
            "release",
            'Releases: run `./scripts/release.sh`, editorialize `CHANGELOG.md`, open a "Bump version to X.Y.Z" PR, '
            "then run the release workflow with the bare version (`0.9.5`, not `v0.9.5`).",
            files=["scripts/release.sh", "CHANGELOG.md"],
            tags=["release"],
        ),
        failure(
            "std-fs-clippy",
            "CI failed on clippy because new code called `std::fs::read_to_string` directly.",
            tags=["lint"],
            prevent=["Use the uv_fs wrappers for every filesystem call."],
            related=["uv-fs"],
        ),
        failure(
            "stale-json-schema",
            "Tests failed after a new setting was added because the JSON schema was stale.",
            tags=["config"],
            prevent=["Run cargo dev generate-json-schema (or generate-all) after changing settings."],
        ),
        failure(
            "relative-install-dir",
            "Python installation tests misbehaved with a relative `UV_PYTHON_INSTALL_DIR`.",
            tags=["testing"],
            prevent=["Set UV_PYTHON_INSTALL_DIR to an absolute path."],
        ),
        failure(
            "generated-docs-overwritten",
            "Hand edits to `docs/reference/settings.md` were wiped by the next `cargo dev generate-all`.",
            files=["docs/reference/settings.md"],
            tags=["docs"],
            prevent=["Document settings in the source doc comments and regenerate."],
            related=["never-edit-generated"],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a `--dry-run` flag to uv cache clean",
            "new-command",
            "command-locations",
            "never-edit-generated",
            "generated-docs",
            "style:rust/enum-modes",
        ),
        q(
            "where does the code that figures out which package versions to install live?",
            "resolver",
        ),
        q(
            "read the wheel's METADATA file from disk in this new function",
            "uv-fs",
            "std-fs-clippy",
            "style:rust/error-context",
            "style:rust/no-unwrap-panic",
        ),
        q(
            "I fixed a typo in the settings reference page under docs/reference, can you commit it?",
            "never-edit-generated",
            "generated-docs-overwritten",
            "generated-docs",
        ),
        q(
            "how do I run just the lockfile tests for one case?",
            "run-tests",
            "integration-tests",
        ),
        q(
            "add a new option `exclude-newer-package` that can be set in pyproject.toml",
            "new-setting",
            "settings-locations",
            "stale-json-schema",
            "config-precedence",
        ),
        q(
            "which wins if both UV_INDEX_URL is exported and pyproject sets an index?",
            "config-precedence",
        ),
        q(
            "can the version-parsing crate import from the HTTP client crate to fetch metadata?",
            "crate-layering",
            "pep-crates",
        ),
        q(
            "I want to see verbose logs of what uv does during a resolve, only for its own code",
            "trace-logging",
        ),
        q(
            "why did my test that hits PyPI not run at all?",
            "test-features",
        ),
        q(
            "write the changelog entry for the new command, should I say 'UV now supports...'?",
            "product-name",
            "terminology",
        ),
        q(
            "print a warning to the user when the lock file is out of date",
            "tracing-output",
            "cli-output-style",
            "terminology",
            "style:rust/no-print-macros",
        ),
        q(
            "the build of this sdist from a random GitHub repo might be sketchy - how do I try it safely?",
            "docker-untrusted",
        ),
        q(
            "I'd like to implement support for a new dependency-groups behaviour, should I just open a PR?",
            "features-need-consensus",
        ),
        q(
            "the Python download tests are failing oddly on my machine with a custom install dir",
            "relative-install-dir",
            "python-versions",
        ),
        q(
            "snapshot output changed in a test I touched, how do I accept the new output?",
            "snapshot-review",
            "integration-tests",
            "style:rust/insta-over-substrings",
        ),
        q(
            "find out why resolving this requirements file is slow, I want a timeline of spans",
            "profiling",
        ),
        q(
            "the auth code prints the token on failure, clean that up",
            "no-credential-logs",
            "tracing-output",
            "style:rust/no-print-macros",
        ),
        q(
            "what should I run locally before pushing so CI lint doesn't fail?",
            "quality-check",
            "ci-jobs",
            "std-fs-clippy",
        ),
        q(
            "return an error with some context when reading pyproject.toml fails",
            "error-handling",
            "uv-fs",
            "style:rust/error-context",
            "std-fs-clippy",
            "style:rust/structured-errors",
        ),
        q(
            "ship 0.9.6 today",
            "release",
        ),
        q(
            "wipe everything my dev build has downloaded so I can reproduce from scratch",
            "cache-inspect",
            "dev-run",
        ),
        q(
            "does a value from the environment beat the one in the project file?",
            "config-precedence",
        ),
        q(
            "what colour should the suggestion text after an error be?",
            "cli-output-style",
        ),
        q(
            "before I mark the PR ready, which gates will the pipeline put it through?",
            "ci-jobs",
            "quality-check",
        ),
        q(
            "where do I declare a new flag for `uv sync`?",
            "command-locations",
            "new-command",
            "generated-docs",
        ),
        q(
            "drop the .unwrap() calls in the lockfile reader",
            "style:rust/no-unwrap-panic",
            "error-handling",
            "style:rust/error-context",
        ),
        q(
            "rename `rp` and `ver` in the resolver to something a newcomer understands",
            "style:rust/full-names",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what does the Cache-Control max-age directive do in a browser?",
        "as a user, how do I pin my project to Python 3.12 with uv?",
        "what's the practical difference between `uv pip install` and `uv add` for someone using uv in their app?",
        "explain conceptually how PubGrub reports a resolution conflict",
        "review this requirements.txt a colleague sent me: are `requests>=2,<3` and `numpy==1.*` valid specifiers?",
        "why is a universal resolution harder to produce than a platform-specific one?",
        "as a user, why does uv create a .venv in my project instead of using my global Python?",
        "roughly how does uv's global cache share wheels between projects?",
    ]
)
