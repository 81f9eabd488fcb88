"""The house stays as drawn (docs/architecture.md): read from the code's own imports, every arrow points
down, the siblings of a floor do not import each other, and no module reaches into another's
private names. A change that breaks the floors fails here, naming the file and the import."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "picasso_tui"

FLOORS: dict[str, int] = {
    # the entry point: it launches the TUI and the MCP server
    "cli": 7,
    # front ends
    "tui": 6,
    "mcp": 6,
    "hooks": 6,
    "helper": 6,
    # use cases
    "services": 5,
    "agent": 5,
    # siblings: none imports another
    "retrieval": 4,
    "writeback": 4,
    "profile": 4,
    "sync": 4,
    # what the siblings share
    "redact": 3,
    "anchors": 3,
    # the source of truth
    "store": 2,
    # leaves
    "paths": 0,
    "errors": 0,
    "settings": 0,
    "atomic": 0,
    "languages": 0,
    "text": 0,
    "display": 0,
    "__init__": 0,
}


def unit_of(module: str) -> str:
    """``picasso_tui.store.api`` -> ``store``; ``picasso_tui`` itself -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def imports(path: Path) -> Iterator[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every import of the package in ``path``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("picasso_tui"):
            names = [a.name for a in node.names]
            if node.module == "picasso_tui":  # `from picasso_tui import settings`: the modules themselves
                for name in names:
                    is_module = (PACKAGE / f"{name}.py").exists() or (PACKAGE / name).is_dir()
                    yield (f"picasso_tui.{name}" if is_module else "picasso_tui"), [], node.lineno
            else:
                yield node.module, names, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("picasso_tui"):
                    yield alias.name, [], node.lineno


def package_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_package_and_leaf_has_a_floor() -> None:
    units = {unit_of(module_of(p)) for p in package_files()}
    assert units - set(FLOORS) == set(), "a new package or leaf needs its floor in FLOORS (and in the docs)"


def test_every_arrow_points_down_and_siblings_do_not_import_each_other() -> None:
    wrong = []
    for path in package_files():
        here = unit_of(module_of(path))
        for target, _, line in imports(path):
            there = unit_of(target)
            if there == here:
                continue
            if FLOORS[there] > FLOORS[here] or (FLOORS[there] == FLOORS[here] and FLOORS[here] > 0):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} ({here}, floor {FLOORS[here]}) "
                             f"imports {target} ({there}, floor {FLOORS[there]})")  # fmt: skip
    assert wrong == []


def test_no_module_imports_another_modules_private_names() -> None:
    wrong = []
    for path in package_files():
        module = module_of(path)
        for target, names, line in imports(path):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private and target != module:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {', '.join(private)} from {target}")
    assert wrong == []


def test_leaves_import_no_cycle() -> None:
    """Leaves may use each other (display uses text) but never in a circle."""
    edges: dict[str, set[str]] = {}
    for path in package_files():
        here = unit_of(module_of(path))
        if FLOORS[here] == 0:
            edges.setdefault(here, set()).update(
                unit_of(t) for t, _, _ in imports(path) if FLOORS[unit_of(t)] == 0 and unit_of(t) != here
            )

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in edges.get(start, ()))

    assert [leaf for leaf in edges if reaches(leaf, leaf, {leaf})] == []


def test_no_two_modules_import_each_other_even_through_others() -> None:
    """No circle of modules, counting imports inside functions and under TYPE_CHECKING: a circle means
    neither module can be read, tested or moved without the other."""
    modules = {module_of(p): p for p in package_files()}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        for target, names, _ in imports(path):
            # `from picasso_tui.store import events` names the module store.events, not the package
            named = {f"{target}.{n}" for n in names} & modules.keys()
            edges[module] |= (named or ({target} & modules.keys())) - {module}

    circles, order, low, stack, on_stack = [], {}, {}, [], set()

    def visit(node: str) -> None:  # Tarjan: each strongly connected group of two or more is a circle
        order[node] = low[node] = len(order)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in order:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], order[nxt])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(modules):
        if module not in order:
            visit(module)
    assert circles == []
