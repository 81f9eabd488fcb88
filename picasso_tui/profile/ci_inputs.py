"""A reusable workflow's inputs (`${{ inputs.features }}`) read as the value a calling workflow passes in its `with:`
or, failing that, the input's default: the called workflow's commands then say what CI runs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

INPUT = re.compile(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}")
WORD = re.compile(r"[\w.,:/+=@-]{1,40}")
"""A value that stands in a command as one word (multiboot2's `builder`); a list or a sentence is left alone."""


def _word(value: object) -> str | None:
    """The value as one word; a boolean steers an `if:`, where one caller's value would hide the others' steps."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    text = str(value).strip()
    return text if WORD.fullmatch(text) else None


def _declared(data: dict[Any, Any]) -> dict[str, Any]:
    on = data.get("on", data.get(True))
    call = on.get("workflow_call") if isinstance(on, dict) else None
    inputs = call.get("inputs") if isinstance(call, dict) else None
    return inputs if isinstance(inputs, dict) else {}


def _passed(loaded: dict[str, dict[Any, Any]], rel: str) -> dict[str, str]:
    """What the first caller of ``rel`` passes for each input, as a word."""
    passed: dict[str, str] = {}
    for data in loaded.values():
        jobs = data.get("jobs")
        for job in (jobs or {}).values() if isinstance(jobs, dict) else []:
            if isinstance(job, dict) and str(job.get("uses", "")).removeprefix("./") == rel:
                given = job.get("with")
                for name, value in (given or {}).items() if isinstance(given, dict) else []:
                    if (word := _word(value)) is not None:
                        passed.setdefault(str(name), word)
    return passed


def with_inputs(
    loaded: dict[str, dict[Any, Any]], texts: dict[str, str], load: Callable[[str], dict[Any, Any]]
) -> dict[str, dict[Any, Any]]:
    """Each workflow as loaded, a reusable one reloaded with its inputs' values written in where they are known."""
    out = dict(loaded)
    for rel, data in loaded.items():
        declared = _declared(data)
        if not declared or not INPUT.search(texts.get(rel, "")):
            continue
        values = _passed(loaded, rel)
        for name, spec in declared.items():
            default = _word(spec.get("default")) if isinstance(spec, dict) else None
            if default is not None:
                values.setdefault(str(name), default)
        if values:
            out[rel] = load(INPUT.sub(lambda m, known=values: known.get(m.group(1), m.group(0)), texts[rel]))
    return out
