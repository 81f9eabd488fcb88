"""What a GitHub workflow's change jobs run across: their matrix (the versions, systems and variants a change is tested
on) and their service containers (the database the tests need), said in a phrase of the CI fact."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from picasso_tui.profile.findings import human_list

SHOWN_KEYS = 3
SHOWN_VALUES = 6


def _scalar(value: object) -> str | None:
    """A matrix value as written, or None for a table, a list, an expression (`${{ fromJSON(…) }}`) or a string of
    options (ArduinoJson's `cxxflags: -fsanitize=leak -fno-sanitize-recover=all`), which names no version."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    text = str(value).strip()
    return text if text and "${{" not in text and " " not in text and len(text) <= 30 else None


def _in_order(values: list[str]) -> list[str]:
    """Versions from oldest to newest (an include row adds `4.0` after `3.0`), other values as written."""
    if all(re.fullmatch(r"\d+(\.\d+)*", v) for v in values):
        return sorted(values, key=lambda v: [int(part) for part in v.split(".")])
    return values


def _named_rows(key: str, values: list[Any], axes: dict[str, list[str]]) -> None:
    """A list of tables (falcon's `tox: [{env: pep8}, {env: py312, python-version: "3.12"}]`): each row's first
    value names it, under the key the rows share."""
    rows = [v for v in values if isinstance(v, dict) and v]
    first = Counter(str(next(iter(row))) for row in rows).most_common(1)
    if first:
        name = first[0][0]
        label = key if name == key else f"{key} {name}"  # editorconfig-core-c's `compiler: [{compiler: GNU, …}]`
        axes.setdefault(label, []).extend(v for row in rows if (v := _scalar(row.get(name))))


def _axes(matrix: dict[Any, Any], axes: dict[str, list[str]]) -> None:
    rows = [row for row in matrix.get("include") or [] if isinstance(row, dict)]
    for key, values in matrix.items():
        if key in ("include", "exclude") or not isinstance(values, list):
            continue
        if values and all(isinstance(v, dict) for v in values):
            _named_rows(str(key), values, axes)
            continue
        axes.setdefault(str(key), []).extend(v for v in map(_scalar, values) if v)
    for row in rows:  # an include-only matrix (`- os: windows-latest, python: "3.12"`) lists its rows
        for key, value in row.items():
            if (shown := _scalar(value)) is not None:
                axes.setdefault(str(key), []).append(shown)


def matrix_phrase(jobs: list[dict[Any, Any]]) -> str:
    """`matrix node 16, 18, 20; postgres 13, 14, 15; services postgres`, or "" when the jobs have neither."""
    axes: dict[str, list[str]] = {}
    services: list[str] = []
    for job in jobs:
        strategy = job.get("strategy")
        matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
        if isinstance(matrix, dict):
            _axes(matrix, axes)
        if isinstance(job.get("services"), dict):
            services += [str(name) for name in job["services"]]
    said = [(key, _in_order(list(dict.fromkeys(values)))) for key, values in axes.items()]
    said = [(key, values) for key, values in said if len(values) > 1][:SHOWN_KEYS]  # one value is no axis
    parts = [f"{key} {human_list(values, SHOWN_VALUES)}" for key, values in said]
    phrase = f"matrix {'; '.join(parts)}" if parts else ""
    if services:
        phrase += ("; " if phrase else "") + f"services {human_list(list(dict.fromkeys(services)))}"
    return phrase
