"""cli/cli, the GitHub CLI (Go): paraphrased from its AGENTS.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="gh-cli",
    repo="cli/cli",
    language="go",
    sources=("AGENTS.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "module",
            "This is the GitHub CLI `gh`; the Go module path is `github.com/cli/cli/v2`.",
            files=["go.mod"],
            tags=["layout"],
        ),
        fact(
            "entry-point",
            "Startup path: `cmd/gh/main.go` -> `internal/ghcmd.Main()` -> `pkg/cmd/root.NewCmdRoot()`.",
            files=["cmd/gh/main.go", "internal/ghcmd"],
            tags=["layout"],
        ),
        fact(
            "command-layout",
            "A command `gh foo bar` lives in `pkg/cmd/foo/bar/` as `bar.go` and `bar_test.go`, optionally with "
            "`http.go` and `http_test.go`.",
            files=["pkg/cmd"],
            tags=["layout"],
        ),
        fact(
            "key-packages",
            "`pkg/cmdutil/` holds the Factory, error types and flag helpers (`NilStringFlag`, `StringEnumFlag`); "
            "`pkg/iostreams/` the I/O abstraction with TTY detection, color and pager; `api/` the GraphQL and REST "
            "client; `internal/tableprinter/` the table output of list commands.",
        ),
        fact(
            "options-factory",
            "Every command follows Options + Factory: an `Options` struct (IO, HttpClient, Config, BaseRepo and the "
            "flags), a `NewCmdFoo(f *cmdutil.Factory, runF func(*FooOptions) error)` constructor where `runF` is the "
            "test injection point, and a separate `fooRun(opts)` with the logic.",
            files=["pkg/cmd/issue/list/list.go"],
            tags=["architecture"],
        ),
        fact(
            "canonical-examples",
            "Reference implementations: `pkg/cmd/issue/list/list.go` with `list_test.go` for a command and its "
            "tests, `pkg/cmd/factory/default.go` for factory wiring.",
            files=["pkg/cmd/issue/list/list.go", "pkg/cmd/factory/default.go"],
            tags=["examples"],
        ),
        fact(
            "error-types",
            "Error types live in `pkg/cmdutil/errors.go`: `FlagErrorf` (flag validation, prints usage), "
            "`SilentError` (exit 1, no message), `CancelError`, `PendingError`, `NoResultsError`.",
            files=["pkg/cmdutil/errors.go"],
            tags=["errors"],
        ),
        fact(
            "registration",
            "Commands are registered in `pkg/cmd/root/root.go`; subcommand groups use `cmdutil.AddGroup()`.",
            files=["pkg/cmd/root/root.go"],
            tags=["commands"],
        ),
        fact(
            "feature-detection-pkg",
            "`internal/featuredetection/` decides which capabilities a host has, GitHub.com versus the GHES version.",
            files=["internal/featuredetection"],
            tags=["ghes"],
        ),
        fact(
            "moq-mocks",
            "Interfaces are mocked with `moq`, e.g. `//go:generate moq -rm -out prompter_mock.go . Prompter`.",
            related=["go-generate"],
        ),
        decision(
            "lazy-baserepo",
            "`BaseRepo`, `Remotes` and `Branch` are resolved lazily inside `RunE`, never in the command constructor.",
            related=["baserepo-in-ctor"],
        ),
        decision(
            "feature-detection-scope",
            "Feature detection is only used for APIs that are not GA on every supported GHES version; long-established "
            "APIs skip it.",
        ),
        decision(
            "test-architecture",
            "Each command gets one table test for `NewCmdFoo` (flag parsing into the options) and one for `fooRun` "
            "(logic, output and mocked HTTP/Git).",
        ),
        decision(
            "default-host",
            "The host comes from `cfg.Authentication().DefaultHost()`; `ghinstance.Default()` always returns "
            "github.com and is not used for that.",
        ),
        rule(
            "security-disclosure",
            "Never post vulnerabilities, exploits or attack details in issues, PRs, commits or comments; file a "
            "security advisory as described in `.github/SECURITY.md`.",
            files=[".github/SECURITY.md"],
            tags=["security"],
            pinned=True,
        ),
        rule(
            "pre-commit-checks",
            "Before committing, both `go test ./...` and `make lint` must pass.",
        ),
        rule(
            "feature-detection-todo",
            "A feature-detection branch needs a `// TODO <cleanupIdentifier>` comment directly above its "
            "if-statement, or the linter fails.",
        ),
        rule(
            "heredoc-examples",
            "Command examples use `heredoc.Doc` with `#` comment lines and commands prefixed by `$ `.",
        ),
        rule(
            "json-flags",
            "JSON output is added with `cmdutil.AddJSONFlags(cmd, &opts.Exporter, fieldNames)`; the run function "
            "returns `opts.Exporter.Write(opts.IO, data)` when an exporter is set.",
            files=["pkg/cmd/pr/list/list.go"],
            tags=["output"],
        ),
        rule(
            "mutually-exclusive",
            'Mutually exclusive flags are checked with `cmdutil.MutuallyExclusive("message", cond1, cond2)`.',
        ),
        rule(
            "review-skill",
            "Pull requests are reviewed with the `cli-code-reviewer` skill in `.github/skills/`.",
        ),
        rule(
            "avoid-round-trips",
            "Avoid extra API round-trips.",
        ),
        workflow(
            "build",
            "`make` builds `bin/gh` on Unix; on Windows use `go run script/build.go`.",
        ),
        workflow(
            "tests",
            "Unit tests: `go test ./...`; one test: `go test ./pkg/cmd/issue/list/... -run TestIssueList_nontty`; "
            "acceptance tests: `go test -tags acceptance ./acceptance`.",
        ),
        workflow(
            "lint",
            "`make lint` runs golangci-lint with the same configuration as CI.",
        ),
        workflow(
            "go-generate",
            "Run `go generate ./...` after changing an interface to regenerate its moq mocks.",
        ),
        workflow(
            "httpmock",
            "Mock HTTP with `reg := &httpmock.Registry{}` and `defer reg.Verify(t)`, registering stubs like "
            '`httpmock.REST("GET", "repos/OWNER/REPO")` or `httpmock.GraphQL(...)` answered by `JSONResponse` or '
            "`FileResponse`.",
            files=["pkg/httpmock"],
            tags=["testing"],
        ),
        workflow(
            "iostreams-test",
            "In tests, `ios, stdin, stdout, stderr := iostreams.Test()`; `ios.SetStdoutTTY(true)` simulates a "
            "terminal.",
        ),
        failure(
            "hardcoded-host",
            "A command only worked against github.com because it took the host from `ghinstance.Default()`.",
            tags=["ghes"],
            prevent=["Resolve the host with cfg.Authentication().DefaultHost()."],
            related=["default-host"],
        ),
        failure(
            "unverified-stubs",
            "A test kept passing although one of its HTTP stubs was never called.",
            tags=["testing"],
            prevent=["Always defer reg.Verify(t) on the httpmock registry."],
        ),
        failure(
            "baserepo-in-ctor",
            "Resolving the base repository in the command constructor broke `--help` and runs outside a git "
            "repository.",
            tags=["commands"],
            prevent=["Resolve BaseRepo lazily inside RunE."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a `gh label clone` subcommand",
            "command-layout",
            "options-factory",
            "registration",
            "canonical-examples",
            "lazy-baserepo",
            "heredoc-examples",
            "style:go/godoc",
            "style:go/reuse-before-writing",
        ),
        q(
            "the new release list command should support --json output",
            "json-flags",
        ),
        q(
            "how do I run just one test in the pr checkout package?",
            "tests",
        ),
        q(
            "write tests for the new variable set command",
            "test-architecture",
            "httpmock",
            "iostreams-test",
            "style:go/table-driven",
            "style:go/require-errors",
        ),
        q(
            "this command should use the new merge queue API, which older enterprise servers don't have",
            "feature-detection-scope",
            "feature-detection-todo",
            "feature-detection-pkg",
        ),
        q(
            "users on GitHub Enterprise say the command talks to github.com instead of their server",
            "hardcoded-host",
            "default-host",
        ),
        q(
            "the flags --web and --json can't be used together, how do I enforce that?",
            "mutually-exclusive",
        ),
        q(
            "I changed the Prompter interface and now the tests don't compile",
            "go-generate",
            "moq-mocks",
        ),
        q(
            "my test passes even though the API request I stubbed isn't made anymore",
            "unverified-stubs",
            "httpmock",
        ),
        q(
            "what should the command return when the user aborts the prompt?",
            "error-types",
        ),
        q(
            "ok, commit this",
            "pre-commit-checks",
        ),
        q(
            "I think the token handling has a vulnerability; draft a public issue describing the exploit",
            "security-disclosure",
        ),
        q(
            "`gh foo --help` crashes when not inside a git repo",
            "baserepo-in-ctor",
            "lazy-baserepo",
        ),
        q(
            "the status command makes one REST call per repo; can we make it cheaper?",
            "avoid-round-trips",
        ),
        q(
            "how do I build the gh binary on my windows laptop?",
            "build",
        ),
        q(
            "where does execution start when you run gh?",
            "entry-point",
        ),
        q(
            "add help text with a couple of usage examples to the command",
            "heredoc-examples",
        ),
        q(
            "document the new exported Exporter helper function",
            "style:go/godoc",
            "style:go/no-em-dash",
        ),
        q(
            "look over #9321 for me",
            "review-skill",
        ),
        q(
            "make `gh run cancel` print something machine-readable for scripts",
            "json-flags",
        ),
        q(
            "my test should behave as if a human is watching the output interactively",
            "iostreams-test",
        ),
        q(
            "which host gets used when someone is logged into their company's server?",
            "default-host",
            "hardcoded-host",
        ),
        q(
            "add a ctx parameter to the api client calls",
            "style:go/context-first",
        ),
        q(
            "clean up this test: it defers file removal inside a helper",
            "style:go/t-cleanup",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between RAM and ROM?",
        "as a user, how do I check out someone's pull request locally with gh?",
        "for scripting, when is `gh api` better than `gh repo view --json`?",
        "explain what GitHub's GraphQL node IDs are and why they look opaque",
        "compare gh with hub, the older GitHub command-line wrapper",
        "this shell script loops over `gh pr list --json number`; will it break on pull requests from forks?",
        "as a user, what's the difference between `gh pr merge --squash` and `--rebase`?",
        "how do I log gh into a GitHub Enterprise Server instance as a user?",
    ]
)
