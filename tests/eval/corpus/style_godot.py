"""C++ style preferences (`account:local/style/cpp`), drawn from Godot's rules for engine code.

Sources (godotengine/godot-docs): `contributing/development/code_style_guidelines.rst` (14993110),
`contributing/development/cpp_usage_guidelines.rst` (01976015) and
`contributing/development/core_and_modules/common_engine_methods_and_macros.rst` (1935d067).
"""

from corpus._types import Mem, style

STYLE_EXTRA: dict[str, list[Mem]] = {
    "cpp": [
        style(
            "indentation",
            "Indents with tabs (one tab for indentation, two for alignment), one space around math and assignment "
            "operators and after commas, and attaches `*` and `&` to the variable name (`Node *node`), exactly as "
            "`.clang-format` enforces.",
        ),
        style(
            "include-order",
            "Includes in a `.cpp`: first its own header, a blank line, then project headers with quotes and paths "
            "from the repo root in alphabetical order, a blank line, then third-party and system headers with angle "
            "brackets; a header is included where it is needed (`.h` only if the declarations use it).",
        ),
        style(
            "pragma-once",
            "New headers use `#pragma once`, not `#ifndef FOO_H` include guards.",
        ),
        style(
            "no-stl",
            "No STL containers in engine code: `String` instead of `std::string`, `Vector` (or `LocalVector`) "
            "instead of `std::vector`, `Array` instead of `std::array`; avoid the linked-list `List` in new code.",
        ),
        style(
            "no-auto",
            "Never uses `auto` for type inference: reviewers read code in a web view without hover information.",
        ),
        style(
            "lambdas-sparingly",
            "Uses lambdas only when they make code faster or simpler without hurting readability, and keeps modern "
            "C++ conservative in general, though `nullptr` and `constexpr` are welcome.",
        ),
        style(
            "err-macros",
            "No exceptions (`try`/`catch` is forbidden): reports failures with the `ERR_FAIL_COND_V_MSG` / "
            "`ERR_FAIL_INDEX_MSG` family, whose condition is the error case (the opposite of `assert`), with a "
            "message naming the bad value, and returns data the caller can keep working with. `CRASH_NOW` only to "
            "test crash handling.",
        ),
        style(
            "vformat",
            "Builds messages with `vformat()` instead of string concatenation; for translatable text the "
            'translation macro goes inside: `vformat(TTR("Couldn\'t open \\"%s\\"."), path)`. `TTR()` for editor '
            "strings, `RTR()` for runtime ones.",
        ),
        style(
            "comment-style",
            "Comments start with a space, are full sentences in sentence case ending with a period, wrap at about "
            "100 columns, quote identifiers in backticks, use `TODO:`, `FIXME:`, `NOTE:` or `HACK:` prefixes, and "
            "explain why rather than how.",
        ),
        style(
            "javadoc-internal",
            "Javadoc-style `/** */` comments only on functions not exposed to scripting (exposed ones are documented "
            "in the class reference); member variables get plain `//` comments.",
        ),
        style(
            "settings-macros",
            "Defines a project or editor setting once with `GLOBAL_DEF` / `EDITOR_DEF` and reads it everywhere else "
            "with `GLOBAL_GET` / `EDITOR_GET`, without repeating the default.",
        ),
    ],
}
