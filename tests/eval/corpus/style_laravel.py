"""PHP style preferences (`account:local/style/php`), drawn from laravel: the Coding Style / PHPDoc section of the
contribution guide (laravel/docs `contributions.md`, 86077535) and the rules of laravel/framework's `pint.json`
(bd71b45f). Mostly body-only.
"""

from corpus._types import Mem, style

STYLE_SOURCES_EXTRA = {
    "php": (("laravel/docs", "contributions.md"), ("laravel/framework", "pint.json")),
}

STYLE_EXTRA: dict[str, list[Mem]] = {
    "php": [
        style(
            "phpdoc-params",
            "DocBlock tags are spaced like `@param  string|array  $abstract`: two spaces after the tag and two after "
            "the type; order is `@param`, `@return`, then `@throws` after a blank line.",
            tags=["phpdoc", "docs"],
        ),
        style(
            "redundant-docblocks",
            "Leaves out `@param`/`@return` tags that only repeat native types, but keeps them to spell out generics, "
            "e.g. `@return array<int, \\Illuminate\\Mail\\Mailables\\Attachment>`.",
        ),
        style(
            "short-arrays",
            "Short array and list syntax (`[]`, `[$a, $b] = ...`), with a trailing comma after the last element of "
            "multiline arrays.",
        ),
        style(
            "single-quotes",
            "Single-quoted strings unless the string needs interpolation or escape sequences.",
        ),
        style(
            "concat-no-spaces",
            "String concatenation without spaces around the dot: `'Hello '.$name`.",
        ),
        style(
            "not-operator-space",
            "Puts a space after the logical not operator: `if (! $user->exists)`.",
        ),
        style(
            "imports",
            "One `use` statement per import, sorted alphabetically, unused ones removed and no leading backslash.",
        ),
        style(
            "blank-before-return",
            "Leaves a blank line before a `return` that follows other statements.",
        ),
        style(
            "brace-placement",
            "Opening braces of classes and methods go on their own line; those of control structures and closures "
            "stay on the same line (PSR-2).",
        ),
        style(
            "nullable-defaults",
            "Parameters that default to null are declared nullable explicitly: `?Closure $callback = null`.",
        ),
    ],
}
