"""Retrieval quality does not regress (issue 15, point 6).

A fixed subset of the development set (``quality_guard.SUBSET``: openai/codex, microsoft/vscode,
home-assistant/core, godotengine/godot, android/nowinandroid, flutter/flutter, laravel/framework,
spring-projects/spring-boot, every prompt) runs through the real pipeline with all-MiniLM-L6-v2, from a fresh
home: seeded, embedded and recalled in this test, nothing cached (12–22 s on the 2-CPU development VM). It fails
when subset hit@3 drops by more than 0.02, or subset false injection rises by more than 0.05, from the figures
in docs/benchmarks.md, "Quality guard (issue 15)". After an intended change, refresh them with
``.venv/bin/python tests/eval/quality_guard.py --update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from picasso_tui.retrieval.embedders.base import EmbedderUnavailable
from tests.eval import quality_guard
from tests.eval.quality_guard import FALSE_ROW, HIT_ROW, Figures, recorded, regressions


def test_the_recorded_figures_parse() -> None:
    figures = recorded()
    assert 0.0 <= figures[HIT_ROW] <= 1.0
    assert 0.0 <= figures[FALSE_ROW] <= 1.0


def test_a_drift_past_the_allowance_fails_naming_the_figure() -> None:
    rec = {HIT_ROW: 0.700, FALSE_ROW: 0.100}
    assert regressions(Figures(hit_at_3=0.681, false_injection=0.149, precision_at_3=0.3), rec) == []
    lines = regressions(Figures(hit_at_3=0.679, false_injection=0.151, precision_at_3=0.3), rec)
    assert lines == [
        "subset hit@3 dropped: measured 0.679, recorded 0.700, allowed drop 0.02 (at least 0.680)",
        "subset false injection rose: measured 0.151, recorded 0.100, allowed rise 0.05 (at most 0.150)",
    ]


def test_retrieval_quality_on_the_guard_subset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = recorded()  # a missing or broken table fails here, before the minute of work
    # seed_home points these at the seeded home; monkeypatch puts them back afterwards.
    monkeypatch.setenv("PICASSO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PICASSO_MEMORY_ROOT", str(tmp_path / "home"))
    try:
        measured = quality_guard.measure(tmp_path / "home")
    except EmbedderUnavailable as exc:
        pytest.skip(f"the quality guard runs only with the local model: {exc}")
    lines = regressions(measured, rec)
    if lines:
        pytest.fail(quality_guard.failure_message(measured, lines), pytrace=False)
