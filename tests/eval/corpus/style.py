"""Account-wide style preferences, one namespace per language (`account:local/style/<language>`).

One developer's style: drawn from the same guides as the workspaces (codex and uv for Rust, VS Code for TypeScript,
the GitHub CLI and Prometheus for Go, LangChain, Home Assistant and PyTorch for Python), kept free of contradictions.
The entries added for the development set (issue 15) carry no tags, as a real agent's would not, and come from the
style rules of uv and Tokio (Rust), Grafana's frontend guides (TypeScript), Grafana's backend guides and the GitHub
CLI's review skill (Go), and LangChain, Home Assistant and PyTorch (Python); see STYLE_SOURCES.
"""

from corpus._types import Mem, style

STYLE: dict[str, list[Mem]] = {
    "rust": [
        style(
            "inline-format",
            'Inline variables into format strings: `format!("{name}: {count}")` rather than positional `{}` args '
            "(clippy `uninlined_format_args`).",
            tags=["format-strings", "clippy"],
        ),
        style(
            "collapse-if",
            "Collapse nested `if` statements into one condition where possible (clippy `collapsible_if`).",
            tags=["clippy", "control-flow"],
        ),
        style(
            "method-refs",
            "Use method references instead of trivial closures: `.map(ToString::to_string)` rather than `.map(|s| "
            "s.to_string())`.",
            tags=["clippy", "closures"],
        ),
        style(
            "exhaustive-match",
            "Make `match` statements exhaustive and avoid wildcard `_` arms, so new enum variants are caught by the "
            "compiler.",
            tags=["enums", "match"],
        ),
        style(
            "whole-object-asserts",
            "In tests, compare whole objects with `pretty_assertions::assert_eq!` instead of asserting field by field.",
            tags=["testing", "assertions"],
        ),
        style(
            "no-print-macros",
            "No `println!`, `eprintln!` or `dbg!` left in committed code; log with `tracing` macros instead.",
            tags=["logging"],
        ),
        style(
            "error-context",
            'Add context when propagating errors (`.with_context(|| format!("reading {path}"))`) so failures name '
            "what was being done.",
            tags=["errors"],
        ),
        # Added for the development set (issue 15): body-only, from uv's AGENTS.md and its code-quality review
        # prompt (agents/prompts/pull-request-code-quality-review.md), uv's CLAUDE.md workspace lints, and Tokio's
        # docs/contributing/pull-requests.md.
        style(
            "no-unwrap-panic",
            "Avoids `panic!`, `unreachable!` and `.unwrap()` in non-test code; handles fallibility with `if let` or "
            "`?` instead.",
        ),
        style(
            "let-chains",
            "Prefers let chains (`if let Some(x) = a && cond`) over nested `if let` blocks.",
        ),
        style(
            "expect-over-allow",
            "When a clippy lint really has to be silenced, uses `#[expect(...)]` rather than `#[allow(...)]`, so the "
            "attribute fails once it is no longer needed.",
        ),
        style(
            "safety-comments",
            "Keeps `unsafe` to a minimum, and every `unsafe` block gets a `// SAFETY:` comment explaining why it is "
            "sound.",
        ),
        style(
            "top-level-imports",
            "Imports with top-level `use` statements rather than `use` inside function bodies or fully qualified paths "
            "at the call site.",
        ),
        style(
            "full-names",
            "Doesn't shorten variable names: `version` rather than `ver`, `requires_python` rather than `rp`.",
        ),
        style(
            "doc-links",
            "Rust doc comments refer to other types as intra-doc links, [`TypeName`], rather than plain names.",
        ),
        style(
            "precise-lock-updates",
            "Never refreshes every dependency in `Cargo.lock` at once; lockfile changes are made one crate at a time "
            "with `cargo update --precise`.",
        ),
        style(
            "insta-over-substrings",
            "In tests, prefers `insta` snapshots that follow the pattern of the neighbouring tests over asserting that "
            "output contains a substring.",
        ),
        style(
            "integration-first",
            "Prefers integration tests over unit tests, and copies the setup and assertion style of the closest "
            "existing test when adding a case.",
        ),
        style(
            "debug-builds",
            "Builds with the default debug profile; `--release` only when asked or when reproducing a performance "
            "problem.",
        ),
        style(
            "clippy-clean-main",
            "Never assumes a clippy warning was already there before the change: `main` is kept warning-free, so a "
            "new warning is the change's to fix.",
        ),
        style(
            "enum-modes",
            "Uses an explicit enum for a mode rather than a `bool` parameter whose meaning is unclear at the call "
            "site.",
        ),
        style(
            "structured-errors",
            "Keeps domain values structured in internal APIs and error types and formats them only in `Display`, "
            "instead of converting to `String` early.",
        ),
        style(
            "validated-construction",
            "Puts invariants in a validating constructor (a newtype that can only be built valid) rather than in "
            "checks every caller must remember.",
        ),
        style(
            "plain-over-traits",
            "Prefers plain functions, inherent methods and enums for a closed set of implementations; a trait has to "
            "justify itself with a real second consumer.",
        ),
        style(
            "no-hidden-clones",
            "Avoids needless wrappers, intermediate buffers and hidden `.clone()` calls; borrows where the data "
            "allows it.",
        ),
        style(
            "explicit-test-scenarios",
            "Integration test scenarios are written out as explicit command invocations with snapshots, not loops or "
            "case tables, and a non-obvious regression test says in its doc comment what it guards against.",
        ),
        style(
            "use-self",
            "Writes `Self` instead of repeating the type's name inside its own `impl` blocks (clippy `use_self`).",
        ),
        style(
            "pub-crate",
            "Items that are not part of a crate's public API are `pub(crate)`, not `pub` (the `unreachable_pub` lint).",
        ),
        style(
            "doc-backticks",
            "Wraps identifiers and other code words in doc comments in backticks, which also keeps the spellchecker "
            "quiet.",
        ),
        style(
            "windows-check",
            "When changing Windows-specific code from Linux or macOS, checks that it compiles with `cargo xwin "
            "clippy`.",
        ),
    ],
    "typescript": [
        style(
            "async-await",
            "Prefers `async`/`await` over `.then()` / `.catch()` promise chains.",
            tags=["async", "promises"],
        ),
        style(
            "arrow-functions",
            "Uses arrow functions instead of anonymous `function` expressions, with parentheses around a single "
            "parameter only when needed (`x => x + 1`).",
            tags=["functions"],
        ),
        style(
            "curly-braces",
            "Always wraps loop and conditional bodies in curly braces, with the opening brace on the same line.",
            tags=["format"],
        ),
        style(
            "no-any",
            "Avoids `any` and `unknown` for variables, parameters and return values unless truly necessary; defines "
            "proper types or interfaces instead.",
            tags=["types"],
        ),
        style(
            "naming",
            "PascalCase for type names and enum values, camelCase for functions, methods, properties and local "
            "variables, whole words rather than abbreviations.",
            tags=["naming"],
        ),
        style(
            "jsdoc",
            "Writes JSDoc comments for functions, interfaces, enums and classes.",
            tags=["docs", "comments"],
        ),
        style(
            "named-capture-groups",
            "Prefers named regex capture groups over numbered ones.",
            tags=["regex"],
        ),
        style(
            "no-bind",
            "Avoids `bind()`, `call()` and `apply()` just to fix `this` or partially apply arguments; uses arrow "
            "functions or closures.",
            tags=["functions"],
        ),
        style(
            "imports",
            "Never duplicates an import, and leaves no blank line behind when removing one.",
            tags=["imports"],
        ),
        # Added for the development set (issue 15): body-only, from Grafana's frontend style guides
        # (contribute/style-guides/frontend.md, testing.md, styling.md, code-comments.md).
        style(
            "return-types",
            "Gives new functions an explicit return type (`function transform(value?: string): Result | "
            "undefined`), so the signature says what comes back.",
        ),
        style(
            "infer-locals",
            "Lets TypeScript infer local variable types, but annotates empty arrays and objects (`const names: "
            "string[] = []`) so they don't widen to `any`.",
        ),
        style(
            "named-exports",
            "Exports by name on the declaration itself rather than with `export default`, except where a framework "
            "entry file requires a default export.",
        ),
        style(
            "on-handlers",
            "Names callback props and event handlers with an `on` prefix: `onChange`, not `handleChange` or `changed`.",
        ),
        style(
            "function-components",
            "Declares React function components as named regular functions with typed props: `export function "
            "Panel(props: Props): ReactElement`.",
        ),
        style(
            "constant-case",
            "Module-level constants are written in `ALL_CAPS`.",
        ),
        style(
            "typed-class-components",
            "Class components declare their generics (`PureComponent<Props, State>`), type the constructor's `props` "
            "and type `defaultProps` as `Partial<Props>`.",
        ),
        style(
            "test-suffix",
            "Test files are named `*.test.ts` / `*.test.tsx`.",
        ),
        style(
            "user-event",
            "Simulates interactions in component tests with `userEvent.setup()` and `await user.click(...)`, not "
            "`fireEvent`.",
        ),
        style(
            "by-role-queries",
            "Queries elements in tests with `*ByRole` queries (`getByRole('combobox', { name })`) in preference to "
            "`*ByLabelText` or test ids.",
        ),
        style(
            "spy-restore",
            "Mocks globals such as `window.location` with `jest.spyOn` and restores them with `mockRestore()` instead "
            "of saving and reassigning the original by hand.",
        ),
        style(
            "styles-at-end",
            "Component styles live in a `getStyles(theme)` function at the bottom of the file, consumed through the "
            "styles hook, with `cx` to compose class names.",
        ),
        style(
            "immutable-state",
            "Never mutates state in reducers or thunks: slices come from `createSlice` and components read state "
            "through selectors.",
        ),
        style(
            "release-tags",
            "Every exported API of a shared package carries a TSDoc release tag (`@alpha`, `@beta`, `@public` or "
            "`@internal`) at the bottom of its comment, and `@deprecated` states the reason.",
        ),
        style(
            "lean-param-docs",
            "Leaves out `@param` and `@returns` tags when the types and the name already say everything.",
        ),
        style(
            "small-components",
            "Keeps files small and focused, splitting a large component into sub-components.",
        ),
    ],
    "go": [
        style(
            "table-driven",
            "Writes table-driven tests: a slice of cases with a `name` field, each run with `t.Run(tt.name, ...)`.",
            tags=["testing"],
        ),
        style(
            "require-errors",
            "Uses testify's `require` for error checks so a test stops at the first failure, and `assert` for value "
            "comparisons.",
            tags=["testing", "assertions"],
        ),
        style(
            "godoc",
            "Adds godoc comments to every exported function, type and constant.",
            tags=["docs", "comments"],
        ),
        style(
            "no-em-dash",
            "Never uses em dashes in code, comments or docs; plain hyphens or a rewritten sentence instead.",
            tags=["comments", "docs"],
        ),
        style(
            "why-comments",
            "Comments explain why (non-obvious context, things that would break), never restate what the code does.",
            tags=["comments"],
        ),
        style(
            "nolint-sparingly",
            "Fixes code to satisfy golangci-lint rather than silencing it; `//nolint:<linter>` only for genuine false "
            "positives.",
            tags=["lint"],
        ),
        style(
            "go-mod-tidy",
            "After adding or updating a dependency with `go get`, runs `go mod tidy` and commits go.mod and go.sum "
            "together.",
            tags=["dependencies", "modules"],
        ),
        # Added for the development set (issue 15): body-only, from Grafana's backend style guide and recommended
        # practices (contribute/backend/style-guide.md, recommended-practices.md) and the GitHub CLI's
        # .github/skills/cli-code-reviewer/SKILL.md.
        style(
            "t-cleanup",
            "Releases test resources with `t.Cleanup` rather than `defer`, since helpers can register it too.",
        ),
        style(
            "subtests-for-cases",
            "Uses `t.Run` to separate test cases that share setup, never just to group assertions.",
        ),
        style(
            "no-goconvey",
            "Tests use the standard `testing` package with testify, never GoConvey.",
        ),
        style(
            "integration-test-names",
            "Integration tests are named `TestIntegration...` and skip themselves when `testing.Short()` is set, so "
            "unit and integration runs stay separate.",
        ),
        style(
            "testify-mocks",
            "Hand-written testify mocks embed `mock.Mock`, set expectations with `.On(...).Return(...).Once()` and "
            "`defer m.AssertExpectations(t)`.",
        ),
        style(
            "no-globals",
            "Avoids package-level global state; dependencies and settings are injected instead.",
        ),
        style(
            "values-over-pointers",
            "Uses value types by default and reaches for a pointer only to mutate an argument, avoid a measured copy "
            "cost, or when `nil` genuinely means unset.",
        ),
        style(
            "context-first",
            "Passes `context.Context` down through every layer as the first parameter, with `context.TODO()` where "
            "a caller can't supply one yet.",
        ),
        style(
            "init-registration-only",
            "Uses `init()` only to register services or implementations, never for other setup.",
        ),
        style(
            "typed-json",
            "Decodes JSON into typed structs with `encoding/json` rather than generic map wrappers like simplejson.",
        ),
        style(
            "reuse-before-writing",
            "Before writing a helper, looks for an existing one in the shared packages, `internal/` or the standard "
            "library.",
        ),
        style(
            "go-fix",
            "Applies the modernizations `go fix` would make to code touched anyway.",
        ),
        style(
            "atomic-commits",
            "Keeps commits small, and each one must compile and pass the tests on its own.",
        ),
        style(
            "short-comments",
            "Trims long comments down to the one or two lines that carry the reason.",
        ),
        style(
            "idiomatic-go",
            "Follows Effective Go and the Go Code Review Comments wherever the project has no more specific rule.",
        ),
    ],
    "python": [
        style(
            "type-hints",
            "Every function has type hints for all parameters and the return type.",
            tags=["typing"],
        ),
        style(
            "google-docstrings",
            "Google-style docstrings with Args, Returns and Raises sections; types live in the signature, not the "
            "docstring, and defaults are not repeated.",
            tags=["docs", "docstrings"],
        ),
        style(
            "single-backticks",
            "Single backticks for inline code in docstrings and comments, never Sphinx-style double backticks.",
            tags=["docs"],
        ),
        style(
            "no-bare-except",
            "No bare `except:`; error messages are built in a `msg` variable before raising.",
            tags=["errors"],
        ),
        style(
            "why-comments",
            "Comments explain why (constraints, surprising behaviour, workarounds) and never restate the next line.",
            tags=["comments"],
        ),
        style(
            "no-trivial-helpers",
            "No trivial one- or two-line helper functions used only once, unless they clearly help readability.",
            tags=["functions"],
        ),
        style(
            "explicit-state",
            "State is explicit: a class declares all its members; no dynamic `setattr`/`getattr` of ad hoc fields.",
            tags=["classes"],
        ),
        style(
            "direct-key-access",
            'When validation guarantees a key exists, index it directly (`data["key"]`) rather than `.get()`, so '
            "contract violations surface.",
            tags=["dicts"],
        ),
        style(
            "parametrize-tests",
            "Merges tests that share most of their body with `pytest.mark.parametrize`, and keeps branching out of "
            "test bodies.",
            tags=["testing", "pytest"],
        ),
        style(
            "typed-test-params",
            "Annotates every test function parameter with a concrete type (e.g. `HomeAssistant`, `MockConfigEntry`) "
            "rather than `Any`.",
            tags=["testing", "typing"],
        ),
        # Added for the development set (issue 15): body-only, from LangChain's AGENTS.md, Home Assistant's
        # .claude/skills/integrations/SKILL.md and write-tests/SKILL.md, and PyTorch's CLAUDE.md.
        style(
            "descriptive-names",
            "Uses descriptive, self-explanatory variable names.",
        ),
        style(
            "split-long-functions",
            "Breaks up a complex function of more than about 20 lines into smaller focused functions where that "
            "makes sense.",
        ),
        style(
            "no-dead-code",
            "Removes unreachable and commented-out code before committing.",
        ),
        style(
            "resource-cleanup",
            "Makes sure file handles, sockets, connections and threads are released, with no leaks on error paths.",
        ),
        style(
            "experimental-admonition",
            "Marks experimental features in their docstring with a `!!! warning` admonition.",
        ),
        style(
            "lazy-logging",
            "Logs through a module logger (`_LOGGER = logging.getLogger(__name__)`) with lazy %-style arguments, "
            '`_LOGGER.debug("Processing data: %s", data)`, never f-strings in log calls.',
        ),
        style(
            "lambda-parens",
            "A lambda too long for one line wraps its body in parentheses opened on the lambda's line.",
        ),
        style(
            "raise-from",
            "Re-raises a caught exception as a domain error with `raise NewError(...) from err`, keeping the cause.",
        ),
        style(
            "try-else",
            "Keeps a `try` block to the call that can fail and puts the success path in the `else:` clause.",
        ),
        style(
            "none-for-unknown",
            'Represents an unknown value as `None`, never as a placeholder string like "unknown".',
        ),
        style(
            "walrus-lookups",
            "Uses assignment expressions for lookup-and-check, e.g. `if not (entry := get_entry(entry_id)):`.",
        ),
        style(
            "autospec-mocks",
            "Patches classes in tests with `patch(..., autospec=True)` so mocks keep the real signatures.",
        ),
        style(
            "typed-fixtures",
            "Pytest fixtures have return annotations too; a fixture that yields is annotated `Generator[MagicMock]`.",
        ),
        style(
            "usefixtures",
            "Fixtures needed only for their side effect go in `@pytest.mark.usefixtures(...)` rather than unused "
            "parameters.",
        ),
        style(
            "snapshot-complex",
            "Asserts complex data structures with a snapshot (syrupy) rather than many field-by-field asserts.",
        ),
        style(
            "json-fixtures",
            "Mocks external APIs with fixture files holding realistic JSON payloads, loaded in the test, not "
            "hand-built dicts.",
        ),
        style(
            "caplog-debug",
            "To inspect debug logs in a test, raises the level with `caplog.set_level(logging.DEBUG, logger=...)`.",
        ),
        style(
            "minimal-comments",
            "Keeps comments few and concise and lets the code document itself; a comment earns its place by "
            "recalling non-obvious global context.",
        ),
        style(
            "reader-familiarity",
            "Writes for a reader who knows the area, without over-explaining basics.",
        ),
        style(
            "match-local-style",
            "Follows the existing code style and architectural patterns of the module being changed.",
        ),
        style(
            "ruff-mypy",
            "Formats and lints with ruff and type-checks with mypy.",
        ),
        style(
            "deterministic-tests",
            "Tests are deterministic: external dependencies are mocked or faked, never left to chance.",
        ),
    ],
}

STYLE_SOURCES = {
    "rust": (
        ("openai/codex", "AGENTS.md"),
        ("astral-sh/uv", "CLAUDE.md"),
        ("astral-sh/uv", "AGENTS.md"),  # commit 01893f1e
        ("astral-sh/uv", "agents/prompts/pull-request-code-quality-review.md"),  # commit 44af857e
        ("tokio-rs/tokio", "docs/contributing/pull-requests.md"),  # commit 065ace9a
    ),
    "typescript": (
        ("microsoft/vscode", ".github/copilot-instructions.md"),
        ("grafana/grafana", "contribute/style-guides/frontend.md"),  # commit 01afdf0b
        ("grafana/grafana", "contribute/style-guides/testing.md"),  # commit 0045761a
        ("grafana/grafana", "contribute/style-guides/styling.md"),  # commit 08d0e325
        ("grafana/grafana", "contribute/style-guides/code-comments.md"),  # commit 044d78d3
    ),
    "go": (
        ("cli/cli", "AGENTS.md"),
        ("cli/cli", ".github/skills/cli-code-reviewer/SKILL.md"),  # commit 3693d3f7
        ("prometheus/prometheus", "CONTRIBUTING.md"),
        ("grafana/grafana", "contribute/backend/style-guide.md"),  # commit 34c52403
        ("grafana/grafana", "contribute/backend/recommended-practices.md"),  # commit 21824639
    ),
    "python": (
        ("langchain-ai/langchain", "AGENTS.md"),
        ("home-assistant/core", ".github/copilot-instructions.md"),
        ("home-assistant/core", ".claude/skills/integrations/SKILL.md"),  # commit 13b5f30f
        ("home-assistant/core", ".claude/skills/write-tests/SKILL.md"),  # commit 1a914fc0
        ("pytorch/pytorch", "CLAUDE.md"),
    ),
}
