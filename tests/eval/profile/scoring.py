"""Scores a project profile against what a repository's maintainer would expect (issue 17).

A profile is the `findings` list of `picasso memory init --json`. Each memory is decided in this
order: a hand judgement for its key and body hash, a `wrong` pattern (rejects), an expected point or
an `acceptable` pattern (endorses); anything else is unjudged, and no precision is given while one is.
Recall counts an expected point only when a memory that is not rejected states it.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

EXPECTED_DIR = Path(__file__).parent / "expected"
JUDGED_DIR = Path(__file__).parent / "judged"
COMMON = "_common"


@dataclass(frozen=True)
class Pattern:
    """Regexes that must all be found in a body (none of `not_match`), in a memory of one of `classes`."""

    id: str
    match: tuple[re.Pattern[str], ...]
    not_match: tuple[re.Pattern[str], ...] = ()
    classes: tuple[str, ...] = ()
    why: str = ""

    def fits(self, memory: dict[str, Any]) -> bool:
        if self.classes and memory.get("class") not in self.classes:
            return False
        body = memory.get("body", "")
        return all(p.search(body) for p in self.match) and not any(p.search(body) for p in self.not_match)


@dataclass(frozen=True)
class Point(Pattern):
    kind: str = ""
    statement: str = ""


@dataclass
class Expectations:
    repo: str
    commit: str
    points: list[Point]
    acceptable: list[Pattern]
    wrong: list[Pattern]
    judged: dict[str, dict[str, str]]

    @property
    def slug(self) -> str:
        return self.repo.replace("/", "__")


@dataclass
class Verdict:
    key: str
    body: str
    endorsed: bool | None  # None: unjudged
    why: str
    points: list[str] = field(default_factory=list)


@dataclass
class Score:
    repo: str
    verdicts: list[Verdict]
    matched: dict[str, list[str]]  # point id -> keys of the endorsed memories that state it
    missed: list[Point]

    @property
    def memories(self) -> int:
        return len(self.verdicts)

    @property
    def unjudged(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.endorsed is None]

    @property
    def endorsed(self) -> int:
        return sum(1 for v in self.verdicts if v.endorsed)

    @property
    def precision(self) -> float | None:
        if self.unjudged or not self.verdicts:
            return None
        return self.endorsed / len(self.verdicts)

    @property
    def recall(self) -> float:
        total = len(self.matched) + len(self.missed)
        return len(self.matched) / total if total else 1.0


def judgement_key(memory: dict[str, Any]) -> str:
    """The finding key and a hash of the body: a changed body is judged again."""
    digest = hashlib.sha256(memory.get("body", "").encode()).hexdigest()[:12]
    return f"{memory['key']} {digest}"


def _compile(raw: dict[str, Any], cls: type[Pattern] = Pattern) -> Pattern:
    common = {
        "id": raw["id"],
        "match": tuple(re.compile(p, re.IGNORECASE | re.MULTILINE) for p in raw["match"]),
        "not_match": tuple(re.compile(p, re.IGNORECASE | re.MULTILINE) for p in raw.get("notMatch", [])),
        "classes": tuple(raw.get("class", [])),
        "why": raw.get("why", ""),
    }
    if cls is Point:
        return Point(**common, kind=raw["kind"], statement=raw["statement"])
    return cls(**common)


def load(path: Path, judged_dir: Path = JUDGED_DIR, common_path: Path | None = None) -> Expectations:
    doc = json.loads(path.read_text())
    common_path = common_path or path.parent / f"{COMMON}.json"
    common = json.loads(common_path.read_text()) if common_path.exists() else {}
    judged: dict[str, Any] = {}
    # The base file, then any tagged file (`<repo>.<tag>.json`): people judging in parallel never edit one file.
    for judged_path in [judged_dir / path.name, *sorted(judged_dir.glob(f"{path.stem}.*.json"))]:
        if judged_path.exists():
            judged |= json.loads(judged_path.read_text())
    return Expectations(
        repo=doc["repo"],
        commit=doc.get("commit", ""),
        points=[_compile(p, Point) for p in doc["expected"]],  # type: ignore[misc]
        acceptable=[_compile(p) for p in doc.get("acceptable", [])],
        wrong=[_compile(p) for p in doc.get("wrong", []) + common.get("wrong", [])],
        judged={k: v for k, v in judged.items() if not k.startswith("_")},
    )


def judge(memory: dict[str, Any], exp: Expectations) -> Verdict:
    points = [p.id for p in exp.points if p.fits(memory)]
    verdict = Verdict(memory["key"], memory.get("body", ""), None, "", points)
    by_hand = exp.judged.get(judgement_key(memory))
    if by_hand and by_hand.get("verdict") in ("endorse", "reject"):
        verdict.endorsed = by_hand["verdict"] == "endorse"
        verdict.why = f"judged: {by_hand.get('why', '')}"
        return verdict
    wrong = next((w for w in exp.wrong if w.fits(memory)), None)
    if wrong:
        verdict.endorsed, verdict.why = False, f"wrong/{wrong.id}: {wrong.why}"
    elif points:
        verdict.endorsed, verdict.why = True, "states " + ", ".join(points)
    else:
        ok = next((a for a in exp.acceptable if a.fits(memory)), None)
        if ok:
            verdict.endorsed, verdict.why = True, f"acceptable/{ok.id}: {ok.why}"
    return verdict


def score(findings: list[dict[str, Any]], exp: Expectations) -> Score:
    verdicts = [judge(m, exp) for m in findings]
    matched: dict[str, list[str]] = {}
    for v in verdicts:
        if v.endorsed is False:
            continue
        for pid in v.points:
            matched.setdefault(pid, []).append(v.key)
    missed = [p for p in exp.points if p.id not in matched]
    return Score(exp.repo, verdicts, matched, missed)


def add_unjudged(score_: Score, exp: Expectations, judged_dir: Path = JUDGED_DIR, tag: str = "") -> int:
    """Adds every undecided memory to the judgement file (``<repo>.<tag>.json`` with a tag) with an empty verdict
    to fill in by hand."""
    path = judged_dir / (f"{exp.slug}.{tag}.json" if tag else f"{exp.slug}.json")
    doc = json.loads(path.read_text()) if path.exists() else {}
    added = 0
    for v in score_.unjudged:
        key = judgement_key({"key": v.key, "body": v.body})
        if key not in doc:
            doc[key] = {"verdict": "", "why": ""}
            added += 1
    judged_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return added
