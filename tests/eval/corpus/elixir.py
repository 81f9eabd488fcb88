"""elixir-lang/elixir (Elixir): paraphrased from its AGENTS.md (a link to CONTRIBUTING.md) and release files.

elixir-lang/elixir was chosen over phoenixframework/phoenix because its agent file is a real contributor guide
(Phoenix ships usage rules for generated apps, not for working on Phoenix itself). Sources (commit 63a7a054):
`AGENTS.md` -> `CONTRIBUTING.md`, `.github/pull_request_template.md`, `RELEASE.md` and `OPEN_SOURCE_POLICY.md`.
Elixir style records are in `style_elixir.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="elixir",
    repo="elixir-lang/elixir",
    language="elixir",
    sources=("AGENTS.md", "CONTRIBUTING.md", ".github/pull_request_template.md", "RELEASE.md", "OPEN_SOURCE_POLICY.md"),
)

WORKSPACE.records.extend(
    [
        fact(
            "apps-layout",
            "The code is split into applications under `lib/`: `elixir` (kernel and standard library), `eex`, "
            "`ex_unit`, `iex`, `logger` and `mix`, each with its own `lib/` and `test/`.",
            files=["lib/elixir", "lib/ex_unit", "lib/mix"],
            tags=["layout"],
        ),
        fact(
            "guides-pages",
            "The guides (getting started, anti-patterns, references such as naming conventions) are Markdown files "
            "under `lib/elixir/pages/` and are published with the docs.",
        ),
        fact(
            "exdoc-sibling",
            "Building the docs needs ExDoc cloned next to the checkout (`../ex_doc`) and compiled with this repo's "
            "own `bin/elixir` and `bin/mix` (`deps.get + compile`); then `make docs` writes docs for all six "
            "applications into `doc/`.",
        ),
        fact(
            "version-files",
            "The version lives in three places, `VERSION`, `bin/elixir` and `bin/elixir.bat`, and a release also "
            "dates its section in `CHANGELOG.md`.",
        ),
        fact(
            "otp-versions",
            'Changing the supported Erlang/OTP versions touches the table in "Compatibility and Deprecations", the '
            "`otp_release` checks in `Makefile` and `lib/elixir/src/elixir.erl`, and the CI workflows; checks that "
            "are no longer needed get removed.",
            files=["Makefile", "lib/elixir/src/elixir.erl"],
        ),
        decision(
            "squash-merge",
            "Accepted pull requests are squashed when merged; if the commits should stay separate, say so in a PR "
            "comment.",
        ),
        decision(
            "apache-only",
            "Contributed code must be Apache-2.0; the Unicode license and the Elixir trademark policy are the only "
            "other licenses accepted, anything else is rejected.",
        ),
        rule(
            "spdx-headers",
            "Every new or modified file (except approved test fixtures) needs SPDX headers, e.g. `# "
            "SPDX-License-Identifier: Apache-2.0` and `# SPDX-FileCopyrightText: 2021 The Elixir Team`.",
            tags=["license"],
            pinned=True,
        ),
        rule(
            "keep-notices",
            "Code copied from elsewhere keeps all of its original copyright and license notices, which are added if "
            "missing.",
        ),
        rule(
            "no-binaries",
            "Contributions must not add executable binary files; an exception (some test artifacts) needs approval "
            "under the open source policy.",
        ),
        rule(
            "ai-sign-off",
            "An AI agent never adds a `Signed-off-by` tag, since only a human can certify the Developer Certificate "
            "of Origin; AI-written changes carry `Assisted-by: AGENT_NAME:MODEL_VERSION` and the human adds their "
            "own sign-off.",
            pinned=True,
            related=["agent-issues"],
        ),
        rule(
            "agent-issues",
            'Coding agents only take on existing issues that carry the "Contributions Welcome" label, or features '
            "accepted on the mailing list.",
        ),
        rule(
            "adversarial-agents",
            "Automated AI work on performance, security or compiler and type-system correctness is paired with "
            "separate agents that try to invalidate each change; their approval is advisory and a human validates "
            "before anything is filed.",
        ),
        rule(
            "human-voice",
            "In discussions, AI may translate or polish a person's text but never answers on their behalf or gets "
            "pasted verbatim.",
        ),
        rule(
            "bugfix-test",
            "A bug fix comes with a test that fails before the change and passes after it; new features and major "
            "changes bring tests aiming for the best coverage possible.",
        ),
        rule(
            "perf-evidence",
            "A performance PR includes the benchmark script (Benchee is recommended) with its inputs and results in "
            "the description.",
        ),
        rule(
            "pr-template",
            "PR descriptions explain the reasons behind the change, docs and tests are updated with it, and Draft "
            "PRs are only opened when asked for.",
        ),
        workflow(
            "make-test",
            "`make test` runs every suite, `make test_<app>` one application (e.g. `make test_ex_unit`), and "
            "`make test_stdlib` only the standard library.",
        ),
        workflow(
            "single-file",
            "Fast loop on one module: `bin/elixirc lib/elixir/lib/string.ex -o lib/elixir/ebin`, then `bin/elixir "
            "lib/elixir/test/elixir/string_test.exs`; `LINE=123` in front runs just the test at that line.",
        ),
        workflow(
            "require-helper",
            "Some test files need their helper loaded first: `bin/elixir -r lib/logger/test/test_helper.exs "
            "lib/logger/test/logger_test.exs`.",
        ),
        workflow(
            "make-compile",
            "`make compile` recompiles everything, the Erlang modules included.",
        ),
        workflow(
            "finish",
            "When a change is done: `make format`, then the full `make test`.",
        ),
        workflow(
            "release",
            'Release: bump the three version files and date the CHANGELOG, commit "Release vVERSION", tag once CI '
            "is green, wait for the artifacts on the draft GitHub release and paste the CHANGELOG section into it.",
        ),
        workflow(
            "branch-out",
            "Branching vMAJOR.MINOR: on the new branch comment out `CANONICAL := main/` in the Makefile and update "
            'the SECURITY.md and compatibility tables ("Branch out vMAJOR.MINOR"); on main bump the version files '
            'and start a new CHANGELOG ("Start vMAJOR.MINOR+1").',
        ),
        failure(
            "bootstrap-broken",
            "A change to the compiler broke the bootstrap, so the language itself no longer compiled.",
            prevent=["Rebuild from scratch with make clean_elixir compile."],
        ),
        failure(
            "stale-checkout",
            "After pulling into an old checkout, Elixir did not compile and tests failed.",
            prevent=["Run make clean compile, and check the official CI build status."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add String.count/2 that counts occurrences of a pattern",
            "single-file",
            "bugfix-test",
            "style:elixir/doc-summary",
            "style:elixir/doc-references",
            "finish",
        ),
        q(
            "fix Keyword.validate! accepting duplicate keys and open a PR",
            "bugfix-test",
            "pr-template",
            "finish",
            "ai-sign-off",
            "single-file",
            "style:elixir/bang-functions",
        ),
        q(
            "run just the ExUnit tests",
            "make-test",
        ),
        q(
            "rerun only the test on line 412 of logger_test.exs",
            "single-file",
            "require-helper",
        ),
        q(
            "add a new module Mix.Tasks.Deps.Audit in a new file",
            "spdx-headers",
            "apps-layout",
            "style:elixir/casing",
            "style:elixir/doc-summary",
        ),
        q(
            "add OTP 29 to the supported versions",
            "otp-versions",
        ),
        q(
            "my Enum.sort optimization is ready, write up the PR",
            "perf-evidence",
            "pr-template",
            "ai-sign-off",
        ),
        q(
            "commit this with the usual trailers",
            "ai-sign-off",
        ),
        # low-overlap paraphrases
        q(
            "tweaked the tokenizer and now the whole toolchain refuses to come up",
            "bootstrap-broken",
        ),
        q(
            "preview how the anti-patterns guide renders as html",
            "exdoc-sibling",
            "guides-pages",
        ),
        q(
            "there's a bug in Calendar.ISO that nobody has triaged yet, can you grab it?",
            "agent-issues",
        ),
        q(
            "pulled after three months away and everything is red",
            "stale-checkout",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between a GenServer and an Agent?",
        "why does Elixir compile to BEAM bytecode instead of native code?",
        "write a blog post for our team about upgrading our app to Elixir 1.19",
        "compare Elixir's type system work with Gleam's static types for a meetup talk",
        "review this Python asyncio snippet from a colleague for race conditions",
        "how do I install Elixir on Ubuntu with asdf?",
        "draft the abstract for a conference talk on pattern matching",
    ]
)
