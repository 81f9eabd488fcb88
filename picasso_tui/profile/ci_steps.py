"""What a GitHub Actions step runs beyond its `run:` text: the values of the matrix it names, the check an action
runs, and the special builds whose environment a contributor's machine does not have."""

from __future__ import annotations

import re
from typing import Any

CHECK_ACTIONS = {
    "golangci/golangci-lint-action": "golangci-lint run",
    "astral-sh/ruff-action": "ruff check",
    "pre-commit/action": "pre-commit run --all-files",
    "codespell-project/actions-codespell": "codespell",
    "dominikh/staticcheck-action": "staticcheck ./...",
}
"""Actions that run a check a contributor runs too, by the command they run."""
SPECIAL_CFG = re.compile(r"RUST(DOC)?FLAGS\W+[^,}]*--cfg\b")
"""CI environment that turns on a configuration no plain build has (`RUSTFLAGS: --cfg reqwest_unstable`)."""


MATRIX_VALUES = 6
"""How many of a matrix's values a command is written out for (tenacity's `poe ${{ matrix.task }}`)."""


def matrix_lines(line: str, job: dict[Any, Any]) -> list[str]:
    """The line once per value of a matrix variable it names as a word of its own (`poe ${{ matrix.task }}`: `poe
    check`, `poe lint`, `poe mypy`); a flag's value (`--python ${{ matrix.python }}`) is left for clean_command."""
    used = next(
        (
            m
            for m in re.finditer(r"(?:^|\s)(\$\{\{\s*matrix\.([\w-]+)\s*\}\})(?=\s|$)", line)
            if not (line[: m.start(1)].split() or ["x"])[-1].startswith("-")
        ),
        None,
    )
    if not used:
        return [line]
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    matrix = matrix if isinstance(matrix, dict) else {}
    values = matrix.get(used.group(2))
    values = list(values) if isinstance(values, list) else []
    include = matrix.get("include")
    values += [e[used.group(2)] for e in include if isinstance(e, dict) and used.group(2) in e] if isinstance(
        include, list) else []  # fmt: skip
    scalars = [str(v) for v in dict.fromkeys(values) if isinstance(v, (str, int, float))][:MATRIX_VALUES]
    return [line[: used.start(1)] + v + line[used.end(1) :] for v in scalars] or [line]
