"""Elixir style preferences (`account:local/style/elixir`), drawn from elixir-lang/elixir's own guides.

Sources (commit 63a7a054): `lib/elixir/pages/references/naming-conventions.md`,
`lib/elixir/pages/anti-patterns/code-anti-patterns.md`, `lib/elixir/pages/getting-started/writing-documentation.md`
and the documentation section of Phoenix's `CONTRIBUTING.md` (167c4695), which says the same about summaries.
"""

from corpus._types import Mem, style

STYLE_EXTRA: dict[str, list[Mem]] = {
    "elixir": [
        style(
            "casing",
            "snake_case for variables, functions, module attributes, atoms and file names (`MyApp` lives in "
            "`my_app.ex`); CamelCase for module aliases, keeping acronyms in capitals (`ExUnit.CaptureIO`).",
        ),
        style(
            "bang-functions",
            "A trailing `!` marks the variant that raises (`File.read!/1`) next to one that returns `{:ok, value}` "
            "or `{:error, reason}`; invalid argument types raise in both.",
        ),
        style(
            "predicates",
            "Boolean functions end in `?` (`Keyword.keyword?/1`); only guard-safe checks take the `is_` prefix "
            "(`is_list/1`), and never both at once.",
        ),
        style(
            "size-length",
            "Names say the cost: `size` for constant-time lookups (`map_size/1`), `length` for linear traversals "
            "(`String.length/1`).",
        ),
        style(
            "get-fetch",
            "Key-value accessors follow the standard trio: `get` returns a default (nil), `fetch` returns "
            "`{:ok, value}` or `:error`, `fetch!` raises.",
        ),
        style(
            "dynamic-atoms",
            "Never creates atoms from external strings (atoms are not garbage collected): uses "
            "`String.to_existing_atom/1` or pattern-matches the known strings to atoms.",
        ),
        style(
            "assertive-access",
            "Assertive code: `map.key` for keys that must exist and `map[:key]` only for optional ones, pattern "
            "matching that crashes on unexpected shapes, and `and`/`or`/`not` instead of `&&`/`||`/`!` when operands "
            "are booleans.",
        ),
        style(
            "with-else",
            "Keeps `with` focused on the happy path: errors are normalized in small private functions instead of a "
            "long `else` block matching every failure shape.",
        ),
        style(
            "doc-summary",
            "The first paragraph of `@moduledoc`/`@doc` is a one-line summary (functions say what they do, modules "
            "what they are), followed by details and doctest examples; `@doc` goes before the first clause.",
        ),
        style(
            "doc-references",
            "Docs reference modules by full name and functions with arity (`` `String.split/2` ``, `` `c:init/1` `` "
            "for callbacks, `` `t:t/0` `` for types), use `##` for sections, and tag new public functions with "
            '`@doc since: "x.y.z"`.',
        ),
        style(
            "hidden-functions",
            "`@doc false` hides a function from docs without making it private; for internal-but-public helpers "
            "prefers a leading-underscore name like `__build__/1`, which is never imported.",
        ),
        style(
            "long-params",
            "Replaces long parameter lists with a map, struct or keyword list of options.",
        ),
    ],
}
