"""Account-wide style preferences, one namespace per language (`account:local/style/<language>`).

One developer's style: drawn from the same guides as the workspaces (codex and uv for Rust, VS Code for TypeScript,
the GitHub CLI and Prometheus for Go, LangChain, Home Assistant and PyTorch for Python), kept free of contradictions.
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
    ],
}

STYLE_SOURCES = {
    "rust": (("openai/codex", "AGENTS.md"), ("astral-sh/uv", "CLAUDE.md")),
    "typescript": (("microsoft/vscode", ".github/copilot-instructions.md"),),
    "go": (("cli/cli", "AGENTS.md"), ("prometheus/prometheus", "CONTRIBUTING.md")),
    "python": (
        ("langchain-ai/langchain", "AGENTS.md"),
        ("home-assistant/core", ".github/copilot-instructions.md"),
        ("pytorch/pytorch", "CLAUDE.md"),
    ),
}
