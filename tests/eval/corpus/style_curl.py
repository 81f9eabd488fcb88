"""C style preferences (`account:local/style/c`), drawn from curl/curl's `docs/internals/CODE_STYLE.md` (8a8ff47b)
and the warnings listed in `docs/internals/CHECKSRC.md`. Mostly body-only.
"""

from corpus._types import Mem, style

STYLE_SOURCES_EXTRA = {
    "c": (("curl/curl", "docs/internals/CODE_STYLE.md"), ("curl/curl", "docs/internals/CHECKSRC.md")),
}

STYLE_EXTRA: dict[str, list[Mem]] = {
    "c": [
        style(
            "indent-braces",
            "Indents two spaces per level, never tabs; the opening brace of if/while/for/do goes on the same line, "
            "a function's opening brace on a line of its own.",
            tags=["format", "braces"],
        ),
        style(
            "else-newline",
            "Puts `else` on the line after the closing brace (`}` then `else {`), never `} else {`.",
        ),
        style(
            "keyword-paren",
            "No space between a keyword and its parenthesis: `if(x)`, `while(1)`, `switch(c)`.",
        ),
        style(
            "bool-conditions",
            "Tests pointers and values directly, `if(!ptr)` and `if(result)`, instead of comparing with NULL, 0, TRUE "
            "or FALSE.",
        ),
        style(
            "no-assign-in-condition",
            "Never assigns inside an if/while condition: assign on its own line, then test the variable.",
        ),
        style(
            "one-statement-per-line",
            "Never puts a conditional body on the same line as its `if()`; braces may be left out when the body is a "
            "single line.",
        ),
        style(
            "line-79",
            "Lines are at most 79 columns; continuation lines align with the open parenthesis they belong to and "
            "never start with an operator.",
        ),
        style(
            "c89-comments",
            "Only `/* ... */` comments, never `//`.",
        ),
        style(
            "no-typedef-struct",
            "Does not typedef structs; refers to them as `struct name`.",
        ),
        style(
            "sizeof-return",
            "Writes `sizeof(int)` with parentheses and `return value;` without them.",
        ),
        style(
            "pointer-star",
            "Declares pointers with the asterisk next to the name: `char *name`, not `char* name` or `char * name`.",
        ),
        style(
            "static-lowercase",
            "File-local functions are `static`, and function and variable names are lower case and say what they "
            "are for.",
        ),
    ],
}
