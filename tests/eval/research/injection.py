"""Gate research, step 4: what to inject once the gate is open.

With the gate's decision fixed (a gate of gates.py, fitted per fold at tau 0.10, LOWO), three rules for
the entries, over the fold's fused ranking:

- top 3: the fused top 3, always (the "top-3-once-open" rule);
- today's companion floor (``rank.relevant``): every candidate whose cosine reaches
  min(0.75 x 0.36, the best candidate's cosine), or BM25/best >= 0.6 with cosine >= 0.7 of that bar, at most 8
  in fused order (the best always passes, so the gate alone decides whether anything is injected);
- a strict cosine floor f, fitted per fold (the most training hits at training false injection <= 0.10,
  given the gate's training decisions): candidates under f are dropped, so it can also empty an injection.

And today's pipeline itself: its gated output (the companion floor, up to 8 entries) against its fused top 3
whenever its gate is open.

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/injection.py [--gate NAME] [--ranker prior]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gates
import lib

FLOOR, INCLUDE_RATIO, TOP_K = 0.36, 0.75, 8


def companions(p: lib.Prompt, ranking: list[str]) -> list[str]:
    idx = {rid: i for i, rid in enumerate(p.ids)}
    cand = [idx[r] for r in ranking]
    best = max(p.cos[i] for i in cand)
    bar = min(FLOOR * INCLUDE_RATIO, best)
    top = p.bm25.max() or 1.0
    keep = [i for i in cand if p.cos[i] >= bar or (p.bm25[i] / top >= 0.6 and p.cos[i] >= bar * 0.7)]
    return [p.ids[i] for i in keep][:TOP_K]


def strict(p: lib.Prompt, ranking: list[str], f: float) -> list[str]:
    idx = {rid: i for i, rid in enumerate(p.ids)}
    return [r for r in ranking if p.cos[idx[r]] >= f][: lib.K]


def mean_injected(prompts: list[lib.Prompt], injected: dict[str, list[str]], answerable: bool) -> float:
    return float(np.mean([len(injected[p.id]) for p in prompts if p.answerable == answerable]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gate", default="LR: scores + intent features")
    parser.add_argument("--ranker", default="prior", choices=sorted(gates.RANKER_FAMILIES))
    args = parser.parse_args()
    prompts, recs = lib.load_prompts()
    ctx = gates.Context(prompts, recs, args.ranker)
    gate = next(g for g in gates.GATES if g.name == args.gate)
    rules = {"top 3": {}, "today's companion floor": {}, "strict cosine floor (fit per fold)": {}}
    floors = []
    for repo in lib.repos(prompts):
        train = [p for p in prompts if p.repo != repo]
        test = [p for p in prompts if p.repo == repo]
        gates.run_fold(gate, ctx, train, test, lib.FI_TARGET)
        ranking = ctx.rankings[ctx.ranker_for(train)]
        opened, opened_tr = ctx.opened, ctx.opened_train
        for p in test:
            r = ranking[p.id] if opened[p.id] else []
            rules["top 3"][p.id] = r[: lib.K]
            rules["today's companion floor"][p.id] = companions(p, r) if r else []
        best = (-1, 0.0)
        for f in np.arange(0.0, 0.7, 0.01):
            inj = {p.id: strict(p, ranking[p.id], f) if opened_tr[p.id] else [] for p in train}
            m = lib.metrics(train, inj)
            if m["fi"] <= lib.FI_TARGET and m["hit3"] > best[0]:
                best = (m["hit3"], float(f))
        floors.append(best[1])
        for p in test:
            rules["strict cosine floor (fit per fold)"][p.id] = (
                strict(p, ranking[p.id], best[1]) if opened[p.id] else []
            )
    print(f"gate: {gate.name} (tau 0.10), ranker family {args.ranker}; LOWO pooled")
    print(f"  {'rule':<38}{'hit@3':>7}{'prec@3':>8}{'FI':>7}{'empty':>7}{'entries (ans / neg)':>22}")
    for name, inj in rules.items():
        m = lib.metrics(prompts, inj)
        print(f"  {name:<38}{m['hit3']:>7.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}"
              f"{mean_injected(prompts, inj, True):>12.2f} / {mean_injected(prompts, inj, False):.2f}")  # fmt: skip
    print(f"  strict floors fitted per fold: {sorted(set(round(f, 2) for f in floors))}")
    today = {p.id: p.today_gated for p in prompts}
    today3 = {p.id: (p.today_ungated[: lib.K] if p.today_gated else []) for p in prompts}
    print("\ntoday's pipeline (committed gate, in-sample constants)")
    for name, inj in (
        ("as shipped (companion floor, up to 8)", today),
        ("fused top 3 whenever the gate opens", today3),
    ):
        m = lib.metrics(prompts, inj)
        print(f"  {name:<38}{m['hit3']:>7.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}"
              f"{mean_injected(prompts, inj, True):>12.2f} / {mean_injected(prompts, inj, False):.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
