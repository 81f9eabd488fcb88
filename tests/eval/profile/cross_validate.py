"""Leave-one-workspace-out cross-validation of the profile's constants that keep or drop whole memories.

    .venv/bin/python tests/eval/profile/cross_validate.py --build /tmp/lowo-cache.json [--last-set 36]
    .venv/bin/python tests/eval/profile/cross_validate.py /tmp/lowo-cache.json

`--build` runs `picasso memory init` from this checkout once on every judged repository (the development set's
checkouts in /tmp/profeval, set N's in /tmp/profholdout or /tmp/profholdoutN, as run_profile_eval.py reads them)
and caches the findings. The second form scores candidate values of each constant on that cache: a candidate
only keeps or drops whole memories the cache holds, and only values whose kept memories all carry a judgement are
tried, so no fold scores a memory nobody read. For each repository left out, the value with the best F1 (pooled
precision and recall) on all the others is chosen and scored on it; the sum over those folds is the
cross-validated figure.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.eval.profile.run_profile_eval import init_profile  # noqa: E402
from tests.eval.profile.scoring import COMMON, EXPECTED_DIR, load, score  # noqa: E402

HERE = Path(__file__).resolve().parent
Findings = list[dict[str, Any]]
Filter = Callable[[Findings], Findings]


def _dirs(name: str) -> tuple[Path, Path, Path]:
    """(expected, judged, checkouts) of the development set ("dev") or held-out set N."""
    if name == "dev":
        return HERE / "expected", HERE / "judged", Path("/tmp/profeval")
    tail = "" if name == "1" else name
    return HERE / f"expected_holdout{tail}", HERE / f"judged_holdout{tail}", Path(f"/tmp/profholdout{tail}")


def build(out: Path, last: int) -> None:
    cache: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    for name in ["dev", *map(str, range(1, last + 1))]:
        expected, _, checkouts = _dirs(name)
        for path in sorted(expected.glob("*.json")):
            data = json.loads(path.read_text())
            checkout = checkouts / str(data.get("repo", "/")).split("/")[1]
            key = f"{name}:{path.name}"
            if path.name.startswith("_") or key in cache or not checkout.is_dir():
                continue
            found, _ = init_profile(checkout)
            cache[key] = {"set": name, "expected": path.name, "findings": found["findings"]}
        out.write_text(json.dumps(cache))
        print(f"set {name}: {len(cache)} repositories cached", flush=True)


def _capped(counted: Callable[[dict[str, Any]], bool], cap: int, dropped: Callable[[dict[str, Any]], bool]) -> Filter:
    """Keep at most ``cap`` of the memories ``counted`` picks, in reading order, none that ``dropped`` rejects."""

    def keep(findings: Findings) -> Findings:
        out, kept = [], 0
        for m in findings:
            if counted(m):
                if dropped(m) or kept >= cap:
                    continue
                kept += 1
            out.append(m)
        return out

    return keep


def _readme(max_chars: int, max_notes: int) -> Filter:
    """README notes of at most ``max_chars`` quoted characters, at most ``max_notes`` of them."""
    return _capped(
        lambda m: m["key"].startswith("readme/") and m["key"] != "readme/status",
        max_notes,
        lambda m: len(m["body"].split('": ', 1)[-1]) > max_chars,
    )


def _headers(share: float) -> Filter:
    def keep(findings: Findings) -> Findings:
        out = []
        for m in findings:
            if m["key"] == "rules/file-headers":
                counts = [re.search(r"\((\d+) of the (\d+) read\)", line) for line in m["body"].split("\n")]
                if not all(c and int(c.group(1)) >= share * int(c.group(2)) for c in counts):
                    continue  # a body that would lose one of its lines is a body nobody read: dropped whole
            out.append(m)
        return out

    return keep


def _decisions(cap: int) -> Filter:
    """At most ``cap`` inferred decisions, the ADRs aside."""
    return _capped(
        lambda m: m["key"].startswith("decision/") and not m["key"].startswith("decision/adr/"), cap, lambda m: False
    )


def _without(prefix: str) -> Filter:
    return lambda findings: [m for m in findings if not (prefix and m["key"].startswith(prefix))]


def _f1(endorsed: int, memories: int, matched: int, points: int) -> float:
    precision = endorsed / memories if memories else 0.0
    recall = matched / points if points else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def study(repos: list[tuple[Any, Findings]], name: str, candidates: dict[Any, Filter], current: Any) -> None:
    rows: dict[Any, list[tuple[int, int, int, int, int]]] = {}
    for value, keep in candidates.items():
        rows[value] = []
        for exp, findings in repos:
            sc = score(keep(findings), exp)
            rows[value].append(
                (sc.endorsed, sc.memories, len(sc.unjudged), len(sc.matched), len(sc.matched) + len(sc.missed))
            )
    totals = {v: [sum(r[i] for r in rs) for i in range(5)] for v, rs in rows.items()}
    print(f"\n## {name}")
    for v, t in totals.items():
        print(
            f"  {v!s:>14}: precision {t[0]}/{t[1]}, recall {t[3]}/{t[4]}, F1 {_f1(t[0], t[1], t[3], t[4]):.4f}, unjudged {t[2]}"
        )
    folds: dict[Any, int] = {}
    cv = [0, 0, 0, 0, 0]
    for i in range(len(repos)):

        def rest(v: Any, i: int = i) -> tuple[float, bool]:
            t = totals[v]
            r = rows[v][i]
            return _f1(t[0] - r[0], t[1] - r[1], t[3] - r[3], t[4] - r[4]), v == current

        best = max(totals, key=rest)
        folds[best] = folds.get(best, 0) + 1
        cv = [a + b for a, b in zip(cv, rows[best][i], strict=True)]
    print(f"  chosen per repository left out: {folds}")
    print(
        f"  cross-validated: precision {cv[0]}/{cv[1]}, recall {cv[3]}/{cv[4]}, F1 {_f1(cv[0], cv[1], cv[3], cv[4]):.4f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cache", type=Path)
    parser.add_argument("--build", action="store_true", help="run the profile on every judged repository first")
    parser.add_argument("--last-set", type=int, default=36)
    args = parser.parse_args(argv)
    if args.build:
        build(args.cache, args.last_set)
    cache = json.loads(args.cache.read_text())
    repos = []
    for entry in cache.values():
        expected, judged, _ = _dirs(entry["set"])
        repos.append((load(expected / entry["expected"], judged, EXPECTED_DIR / f"{COMMON}.json"), entry["findings"]))
    sizes = {(c, n): _readme(c, n) for c in (0, 300, 400, 500, 600, 700, 800) for n in (1, 2, 3, 4)}
    study(repos, "README notes: most characters, most notes", sizes, (800, 4))
    study(repos, "file headers: share of files", {s: _headers(s) for s in (0.9, 0.95, 1.0)}, 0.9)
    study(repos, "inferred decisions per repository", {k: _decisions(k) for k in range(6)}, 1)
    for prefix in ("readme/", "rules/file-headers", "git/branches", "changelog/runtime-support", "decision/commit/",
                   "decision/changelog/", "decision/manifest/", "git/conventions", "git/active-areas", "rules/changelog"):  # fmt: skip
        study(
            repos,
            f"kind {prefix}: written or left out",
            {"written": _without(""), "left out": _without(prefix)},
            "written",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
