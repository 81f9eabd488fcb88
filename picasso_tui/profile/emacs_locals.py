"""The indentation an Emacs `.dir-locals.el` sets for the project (munit's `(indent-tabs-mode . nil)` and
`(c-basic-offset . 2)`): the maintainers' editor settings, as an .editorconfig's are."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

MODES = {
    "nil": None, "prog-mode": None, "c-mode": {"c"}, "c++-mode": {"cpp"}, "java-mode": {"java"},
    "python-mode": {"python"}, "js-mode": {"javascript"}, "ruby-mode": {"ruby"}, "php-mode": {"php"},
    "rust-mode": {"rust"}, "go-mode": {"go"},
}  # fmt: skip
"""A section's mode and the languages it covers; `nil` and prog-mode cover every one."""
OFFSETS = {
    "c-basic-offset": {"c", "cpp", "java", "php"}, "python-indent-offset": {"python"}, "js-indent-level":
    {"javascript", "typescript"}, "ruby-indent-level": {"ruby"}, "rust-indent-offset": {"rust"},
}  # fmt: skip
"""The variables that set an indent width, and the languages whose modes read them."""


def _sections(text: str) -> list[tuple[str, str]]:
    """(mode, the section's text) for each top-level `(mode . (…))` entry."""
    heads = list(re.finditer(r"\(\s*([\w+-]+)\s*\.\s*\(", text))
    return [(h.group(1), text[h.end() : heads[i + 1].start() if i + 1 < len(heads) else len(text)])
            for i, h in enumerate(heads)]  # fmt: skip


def indent_hints(tree: Tree, present: list[str]) -> dict[str, str]:
    """language -> what the file says of its indentation ("spaces, no tabs; indent 2"), for the languages present."""
    text = re.sub(r";[^\n]*", "", tree.read(".dir-locals.el") or "")
    out: dict[str, list[str]] = {}
    for mode, body in _sections(text):
        if mode not in MODES:
            continue
        languages = [lang for lang in present if MODES[mode] is None or lang in (MODES[mode] or set())]
        tabs = re.search(r"\(\s*indent-tabs-mode\s*\.\s*(nil|t)\s*\)", body)
        for lang in languages:
            said = out.setdefault(lang, [])
            if tabs:
                said.append("spaces, no tabs" if tabs.group(1) == "nil" else "tabs")
            for variable, covered in OFFSETS.items():
                width = re.search(rf"\(\s*{variable}\s*\.\s*(\d+)\s*\)", body)
                if width and lang in covered:
                    said.append(f"indent {width.group(1)}")
    return {lang: "; ".join(dict.fromkeys(said)) for lang, said in out.items() if said}
