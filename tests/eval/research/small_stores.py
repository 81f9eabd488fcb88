"""Gate research: the recommended gate on small stores (a new user's 2-10 memories), as tests/eval/small_stores.py
does for today's gate: each prompt's scope cut to N records (one labelled record kept for answerable prompts;
three draws, fixed seed), the share of prompts the gate lets through.

Coverage is recomputed on the cut scope from the records' content words (body and tags; the pipeline's
``BM25.coverage`` also reads titles and file paths), over its 32 nearest records, i.e. all of them here. The
first row checks that approximation against the pipeline's coverage on the whole scope.

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/small_stores.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lib

THRESHOLD = 0.4365  # recommend.py, fitted on all 20 workspaces
SIZES = (2, 3, 5, 10, 0)
DRAWS = 3


def coverage(p: lib.Prompt, rids: list[str], recs: dict) -> float:
    if not p.words:
        return 1.0
    have = frozenset().union(*(recs[r]["words"] for r in rids)) if rids else frozenset()
    return len(p.words & have) / len(p.words)


def opens(p: lib.Prompt, cov: float) -> bool:
    if "task" in p.cues:
        return True
    if p.no_memory:
        return False
    return cov >= THRESHOLD


def main() -> None:
    prompts, recs = lib.load_prompts()
    nearest = {p.id: [p.ids[i] for i in np.argsort(-p.cos, kind="stable")[:32]] for p in prompts}
    approx = np.array([coverage(p, nearest[p.id], recs) for p in prompts])
    real = np.array([p.coverage for p in prompts])
    agree = np.mean([(a >= THRESHOLD) == (r >= THRESHOLD) for a, r in zip(approx, real, strict=True)])
    print(f"approximate coverage vs the pipeline's (whole scope): same side of {THRESHOLD} for {agree:.3f} of prompts")
    rng = random.Random(15)
    print(f"{'store size':<12}{'answerable let through':>24}{'nothing-applies let through':>30}")
    for n in SIZES:
        ans, neg = [], []
        for p in prompts:
            for _ in range(DRAWS if n else 1):
                if n == 0:
                    ids = p.ids
                elif p.answerable:
                    keep = rng.choice(sorted(p.relevant))
                    ids = [keep, *rng.sample([r for r in p.ids if r != keep], n - 1)]
                else:
                    ids = rng.sample(p.ids, n)
                idx = {r: i for i, r in enumerate(p.ids)}
                near = sorted(ids, key=lambda r: -p.cos[idx[r]])[:32]
                (ans if p.answerable else neg).append(opens(p, coverage(p, near, recs)))
        print(f"{(n or 'whole'):<12}{np.mean(ans):>24.3f}{np.mean(neg):>30.3f}")


if __name__ == "__main__":
    main()
