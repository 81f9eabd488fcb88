"""Write-back quality does not regress (issue 16, point 6).

The manifest's ``guard`` cases of tests/eval/writeback (six agent sessions: Claude Code session files and Codex
rollouts, among them a plan rejected then approved, a "we use pnpm not npm" correction and a `cat .env` full of
secrets) are read with the foreign-transcript reader and written back into a fresh store, as a run does; the
written records are scored against the hand labels. The test fails when the subset's precision or recall falls
below the floors in docs/benchmarks.md, "Write-back quality (issue 16)", or when any record matches a forbidden
pattern (a secret value, a raw stack trace). After an intended change, refresh the floors with
``.venv/bin/python tests/eval/writeback/guard.py --update``.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.eval.writeback import guard
from tests.eval.writeback.run_writeback_eval import figures, score


def record(cls: str, body: str, *, quarantined: bool = False, prevent: tuple[str, ...] = ()) -> SimpleNamespace:
    md = SimpleNamespace(
        class_=SimpleNamespace(value=cls),
        prevent_next_time=list(prevent),
        attributes=SimpleNamespace(quarantined=quarantined),
    )
    return SimpleNamespace(body=body, metadata=md)


LABELS = {
    "memories": [
        {"id": "c#1", "class": ["repo_rule"], "statement": "use pnpm", "terms": ["pnpm", ["npm install", "not npm"]]}
    ],
    "acceptable": [{"statement": "red step", "terms": ["useModel"]}],
    "forbidden": [{"why": "token", "regex": "ghp_[A-Za-z0-9]{8}"}],
}


def test_a_label_is_recalled_only_by_a_visible_record_of_an_accepted_class() -> None:
    written, recalled = score([record("style", "Use pnpm, not npm.")], LABELS)
    assert recalled == [] and written[0].worth and written[0].mismatch  # useful text, wrong class
    written, recalled = score([record("repo_rule", "Use pnpm, not npm.", quarantined=True)], LABELS)
    assert recalled == []  # a quarantined record never reaches an agent
    written, recalled = score([record("repo_rule", "Always use pnpm; never npm install here.")], LABELS)
    assert recalled == ["c#1"] and not written[0].mismatch


def test_a_record_with_a_secret_or_a_traceback_is_never_worth_keeping() -> None:
    written, _ = score([record("failure", "`pnpm i` failed", prevent=("token ghp_ABCDEFGH12",))], LABELS)
    assert written[0].forbidden == ["token"] and not written[0].worth
    trace = '`pytest` failed\nTraceback (most recent call last):\n  File "x.py", line 1'
    written, _ = score([record("failure", trace + " useModel")], LABELS)
    assert written[0].forbidden == ["Python traceback"] and not written[0].worth


def test_the_recorded_floors_parse() -> None:
    floors = guard.recorded()
    assert 0.0 <= floors["precision"] <= 1.0 and 0.0 <= floors["recall"] <= 1.0


def test_writeback_quality_on_the_guard_subset() -> None:
    floors = guard.recorded()
    kind, results, _ = guard.measure()
    assert len(results) >= 6
    lines = guard.shortfalls(results, floors)
    if lines:
        f = figures(results)
        detail = [f"- {r.name}: {w.cls}: {w.text[:160]!r}" for r in results for w in r.project() if not w.worth]
        pytest.fail(
            "\n".join([f"reader {kind}; precision {f.precision:.3f}, recall {f.recall:.3f}", *lines, *detail]),
            pytrace=False,
        )
