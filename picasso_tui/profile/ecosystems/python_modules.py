"""The Python modules an entry point names: the file a console script's target is, whether `python -m` reaches a
`__main__.py` from the root, and whether a module retires itself (jsonschema's CLI warns at import that it is
deprecated, so its console script is named as such and never offered as the way to run the project)."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree


def module_file(tree: Tree, target: str) -> str:
    """The file of a script's `package.module:function`, in a src/ layout or at the root."""
    path = target.split(":", 1)[0].strip().replace(".", "/")
    return tree.first(f"src/{path}.py", f"{path}.py", f"src/{path}/__init__.py", f"{path}/__init__.py") or ""


def importable(tree: Tree, main: str) -> bool:
    """`python -m a.b` finds a/b/__main__.py from the root only through packages: yarl's packaging/ has no
    __init__.py, so `packaging.pep517_backend` resolves to the installed `packaging` library instead."""
    folders = main.removeprefix("src/").split("/")[:-1]
    base = "src/" if main.startswith("src/") else ""
    return all(tree.has(f"{base}{'/'.join(folders[: i + 1])}/__init__.py") for i in range(len(folders)))


def deprecated(tree: Tree, rel: str) -> str:
    """What a module says when it retires itself: a module-level `warnings.warn("… deprecated …",
    DeprecationWarning)` or a docstring that says it is deprecated (jsonschema's CLI); "" otherwise."""
    text = tree.read(rel) or "" if rel else ""
    call = re.search(r"^warnings\.warn\(", text, re.MULTILINE)  # module level: the whole module is retired
    warned_text = text[call.end() : call.end() + 600].split("DeprecationWarning", 1) if call else []
    warned = warned_text[0] if len(warned_text) == 2 else ""
    doc = re.match(r'\s*(?:"""|\'\'\')(.*?)(?:"""|\'\'\')', text, re.DOTALL)
    for said in (warned, doc.group(1) if doc else ""):
        words = " ".join(re.findall(r'"([^"]*)"', said) or [said])
        if re.search(r"\bdeprecated\b", words, re.IGNORECASE):
            return re.split(r"(?<=\.)\s", " ".join(words.split()), maxsplit=1)[0][:160]
    return ""
