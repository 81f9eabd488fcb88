"""tokio-rs/tokio (Rust): paraphrased from its CONTRIBUTING.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="tokio",
    repo="tokio-rs/tokio",
    language="rust",
    sources=("CONTRIBUTING.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "all-features",
            "Tokio relies heavily on cargo features, so everyday builds, checks and tests need `--all-features` "
            "(`cargo test --all-features`).",
        ),
        fact(
            "test-kinds",
            "Tokio tests through integration tests and documentation tests and avoids unit tests as much as possible.",
        ),
        fact(
            "integration-location",
            "Integration tests go in the same crate as the code they test, and every sub-crate has a dev-dependency "
            "on `tokio` itself so all its utilities are available in tests.",
            files=["tokio/tests", "tokio-util/tests"],
            tags=["testing"],
        ),
        fact(
            "doc-tests",
            "Every public API should have at least one documentation test showing how to use it; doc tests run with "
            "`cargo test --doc`.",
        ),
        fact(
            "facade-examples",
            "Doc examples are written from the point of view of a `tokio` user: they go through the `tokio` facade "
            "re-exports, not the sub-crate paths.",
        ),
        fact(
            "hidden-lines",
            "Lines in a doc test that start with `/// #` are hidden from the rendered docs and only exist to make the "
            "example compile and run.",
        ),
        fact(
            "changelogs",
            "Each crate keeps its own `CHANGELOG.md` in its subdirectory, in the Keep a Changelog format.",
            files=["tokio/CHANGELOG.md", "tokio-util/CHANGELOG.md"],
            tags=["release"],
        ),
        fact(
            "labels",
            "Issue labels: `A-` for the crate area, `C-` category (bug, enhancement, ...), `E-` difficulty and help "
            "wanted, `M-` module (`M-sync`, `M-time`, `M-net`, ...), `T-` topic.",
        ),
        fact(
            "path-deps",
            "When a crate at HEAD needs unreleased changes from another Tokio crate, its dependency becomes a path "
            "dependency, and a crate with path dependencies cannot be published.",
        ),
        fact(
            "loom",
            "Concurrency-sensitive code is model-checked with loom tests, compiled only under `--cfg loom`.",
            related=["loom-run"],
        ),
        decision(
            "squash-on-land",
            "Commits are squashed into one per logical change when a PR lands, so contributors don't squash their "
            "review commits themselves; the PR page keeps the full history.",
            tags=["git"],
        ),
        decision(
            "incremental-reviews",
            "A PR only has to make Tokio better, not perfect: reviews ask for incremental improvement and leave "
            "further polish to follow-up PRs.",
        ),
        rule(
            "commit-subject",
            "Commit subjects are short (50 characters preferred, 72 max), lowercase except code and proper nouns, "
            "start with an imperative verb and are prefixed with the sub-crate name without `tokio-` (no prefix for "
            "`tokio` itself), e.g. `timer: introduce Timeout`.",
            pinned=True,
        ),
        rule(
            "commit-body",
            "Leave the second line of a commit message blank, wrap the body at 72 columns, and reference issues with "
            "`Fixes: #N` or `Refs: #N, #M`.",
        ),
        rule(
            "no-rebase-open-pr",
            "Once a PR is open, don't rebase or squash its commits.",
        ),
        rule(
            "tests-required",
            "A PR that changes code, whether a feature or a fix, must add tests so the behaviour cannot regress.",
        ),
        rule(
            "discuss-large-changes",
            "Open an issue to discuss a large change before writing the PR.",
        ),
        rule(
            "mark-nits",
            "Mark non-blocking review comments explicitly, e.g. `Nit: change foo() to bar(). But this is not "
            "blocking.`",
        ),
        rule(
            "credit-stalled-pr",
            "When taking over a stalled PR, ask the author first and keep their credit (their name in the commit log "
            "or an `Author:` tag).",
        ),
        workflow(
            "docs-build",
            'Build the docs with feature-requirement markers: `RUSTDOCFLAGS="--cfg docsrs" cargo +nightly doc '
            "--all-features`.",
            tags=["docs"],
        ),
        workflow(
            "loom-run",
            'Run loom tests from the `tokio` crate: `LOOM_MAX_PREEMPTIONS=1 RUSTFLAGS="--cfg loom" cargo test --lib '
            "--release --features full -- --test-threads=1 --nocapture`.",
            tags=["testing"],
        ),
        workflow(
            "publish",
            "Check a crate is ready with `bin/publish --dry-run <crate> <version>`; publish with `bin/publish <crate> "
            "<version>` and paste the changelog entry into the tag message.",
            files=["bin/publish"],
            tags=["release"],
        ),
        workflow(
            "release-steps",
            "Release order: publish path dependencies first (depth-first), bump `version` and `documentation` in "
            "Cargo.toml, update `html_root_url` and the README docs link, update the crate's CHANGELOG, audit for "
            "breaking changes, then open a PR.",
            related=["path-deps", "publish"],
        ),
        workflow(
            "bug-repro",
            "A bug report needs a minimal, complete reproduction that uses only Tokio APIs, so userland code is ruled "
            "out.",
            tags=["triage"],
        ),
        failure(
            "cargo-fmt",
            "`cargo fmt` does not work on the Tokio codebase.",
            tags=["format"],
            prevent=["Check formatting with: rustfmt --check --edition 2018 $(find . -name '*.rs' -print)"],
        ),
        failure(
            "docs-missing-markers",
            "Docs built with a plain `cargo doc` were missing the markers that say which feature an API needs.",
            tags=["docs"],
            prevent=['Build docs on nightly with RUSTDOCFLAGS="--cfg docsrs" and --all-features.'],
            related=["docs-build"],
        ),
        failure(
            "subcrate-doc-example",
            "A doc example imported items through the sub-crate path instead of the `tokio` facade and was sent back "
            "in review.",
            tags=["docs"],
            prevent=["Write examples against the public tokio paths."],
            related=["facade-examples"],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "format the code before I push",
            "cargo-fmt",
        ),
        q(
            "cargo test says some modules don't exist when I build the net stuff",
            "all-features",
        ),
        q(
            "I fixed a race in the mpsc channel, where should the regression test go?",
            "integration-location",
            "test-kinds",
            "tests-required",
            "loom",
            "style:rust/integration-first",
        ),
        q(
            "add an example to the docs of `JoinSet::spawn`",
            "doc-tests",
            "facade-examples",
            "hidden-lines",
            "subcrate-doc-example",
        ),
        q(
            "write the commit message for my change to the codec in tokio-util",
            "commit-subject",
            "commit-body",
        ),
        q(
            "reviewer asked for changes, should I squash my fixup commits and force-push?",
            "no-rebase-open-pr",
            "squash-on-land",
        ),
        q(
            "how do I model-check the new lock-free queue for interleavings?",
            "loom-run",
            "loom",
        ),
        q(
            "the generated API docs don't show which cargo feature enables `tokio::fs`",
            "docs-missing-markers",
            "docs-build",
        ),
        q(
            "cut a new release of tokio-util, it depends on unreleased tokio changes",
            "release-steps",
            "path-deps",
            "publish",
            "changelogs",
        ),
        q(
            "should I tag this issue about `select!` as a macros issue?",
            "labels",
        ),
        q(
            "I want to rewrite the whole scheduler, can I just send the PR?",
            "discuss-large-changes",
        ),
        q(
            "someone's PR has been idle for months with only small comments left; can I finish it?",
            "credit-stalled-pr",
        ),
        q(
            "leave a review comment suggesting a rename that isn't required",
            "mark-nits",
            "incremental-reviews",
        ),
        q(
            "triage this bug report: it uses actix and reqwest and hangs",
            "bug-repro",
        ),
        q(
            "add a test for the timeout edge case with a tiny helper fn in a #[cfg(test)] mod inside src",
            "test-kinds",
            "integration-location",
        ),
        q(
            'clean up this function: nested ifs and `format!("{}", name)` everywhere',
            "style:rust/collapse-if",
            "style:rust/inline-format",
        ),
        q(
            "make sure my indentation and spacing match what CI expects",
            "cargo-fmt",
        ),
        q(
            "tokio-stream wants an API from the main runtime that hasn't shipped yet; wire that up",
            "path-deps",
        ),
        q(
            "what's the house convention for the first line of a git log entry here?",
            "commit-subject",
            "commit-body",
        ),
        q(
            "show people how to call `Semaphore::acquire_owned` in its rustdoc",
            "doc-tests",
            "facade-examples",
            "hidden-lines",
        ),
        q(
            "which flags do I need so every optional module compiles when I run the suite?",
            "all-features",
        ),
        q(
            "I'd like to exhaustively explore thread interleavings of the new notify implementation",
            "loom",
            "loom-run",
        ),
        q(
            "the new waker code has an unsafe block with no explanation",
            "style:rust/safety-comments",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between concurrency and parallelism?",
        "why does tokio use a work-stealing scheduler instead of a single global queue?",
        "as a user, when should I reach for spawn_blocking instead of spawn?",
        "compare tokio's mpsc channel with crossbeam's for a CPU-bound pipeline",
        "this snippet from a blog holds a std::sync::Mutex guard across an .await; what goes wrong?",
        "explain what branch fairness means for the `select!` macro",
        "write a short blog intro about why async Rust needs a runtime at all",
        "what's the difference between tokio::time::sleep and std::thread::sleep inside async code?",
    ]
)
