"""The oldest Python a project supports, as its manifest states it: pyproject's `requires-python`, else setup.py's
or setup.cfg's `python_requires`."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.common import dig, load_toml
from picasso_tui.profile.walk import Tree


def requires_python(tree: Tree) -> tuple[str, str]:
    """(the version specifier, the file that states it), or ("", "") when no manifest states one."""
    stated = dig(load_toml(tree, "pyproject.toml"), "project", "requires-python") if tree.has("pyproject.toml") else ""
    if isinstance(stated, str) and stated.strip():
        return stated.strip(), "pyproject.toml"
    code = re.sub(r"(?m)^[ \t]*#.*$", "", tree.read("setup.py") or "")  # tinyobjloader's `#python_requires=`
    setup = re.search(r"\bpython_requires\s*=\s*[\"']([^\"']+)[\"']", code)
    # read as text, never executed: a computed value is not stated (numba's `">={}".format(min_python_version)`)
    if setup and not re.search(r"\{[^}]*\}|%[sd]", setup.group(1)):
        return setup.group(1).strip(), "setup.py"
    cfg = re.search(r"^python_requires\s*=\s*([^\n#;]+)", tree.read("setup.cfg") or "", re.MULTILINE)
    if cfg:
        return cfg.group(1).strip(), "setup.cfg"
    return "", ""


def minimum_python(spec: str) -> tuple[int, int] | None:
    """The lowest (major, minor) a specifier allows (`>=3.7`, `>=3.8,<4`, `~=3.9`); None when it sets no floor."""
    floors = [(int(m.group(2)), int(m.group(3) or 0)) for m in re.finditer(r"(>=|~=|==)\s*(\d+)(?:\.(\d+))?", spec)]
    above = [(int(m.group(1)), int(m.group(2) or 0) + 1) for m in re.finditer(r">(?!=)\s*(\d+)(?:\.(\d+))?", spec)]
    return max(floors + above) if floors or above else None
