"""Gate research, step 5: the recommended design, LOWO figures in full and the constants to ship.

Design (every constant chosen by the procedure below, inside each fold for the LOWO figures, and on all 20
workspaces for the constants printed at the end):

- ranking: score = cosine + w x BM25 / the prompt's best BM25 + c x [the record is the workspace's, not an
  account-wide style note], over the top 12 of each ranking; (w, c) from a small grid, best training hit@3;
- gate: shut when the prompt has a no-memory intent cue and no task cue (``intent.no_memory_intent``), open
  when it has a task cue, otherwise open when ``BM25.coverage`` of its content words over its 32 nearest
  records reaches a threshold t (the most training hits at training false injection <= 0.10);
- injection once open: the fused top 3.

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/recommend.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gates
import lib

GATE = "cues (task opens, no-memory shuts) + coverage"


def tiers(prompts: list[lib.Prompt], injected: dict[str, list[str]]) -> str:
    low = [p for p in prompts if p.answerable and p.low_overlap]
    other = [p for p in prompts if p.answerable and not p.low_overlap]
    ml, mo = lib.metrics(low, injected), lib.metrics(other, injected)
    return (f"low overlap (n={len(low)}): hit@3 {ml['hit3']:.3f} prec@3 {ml['prec3']:.3f} empty {ml['empty']:.3f}; "
            f"others (n={len(other)}): hit@3 {mo['hit3']:.3f} prec@3 {mo['prec3']:.3f} empty {mo['empty']:.3f}")  # fmt: skip


def main() -> None:
    prompts, recs = lib.load_prompts()
    ctx = gates.Context(prompts, recs, "prior")
    gate = next(g for g in gates.GATES if g.name == GATE)
    injected, fitted = {}, []
    print(
        f"{'held-out workspace':<30}{'hit@3':>7}{'prec@3':>8}{'FI':>7}{'empty':>7}{'ans':>5}{'neg':>5}   ranker, threshold"
    )
    for repo in lib.repos(prompts):
        train = [p for p in prompts if p.repo != repo]
        test = [p for p in prompts if p.repo == repo]
        got, params = gates.run_fold(gate, ctx, train, test, lib.FI_TARGET)
        injected.update(got)
        m = lib.metrics(test, got)
        fitted.append(params)
        print(f"{repo:<30}{m['hit3']:>7.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}{m['n_ans']:>5}{m['n_neg']:>5}"
              f"   {params['ranker']}, coverage >= {params['threshold']:.4f}")  # fmt: skip
    m = lib.metrics(prompts, injected)
    print(
        f"{'pooled (LOWO)':<30}{m['hit3']:>7.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}{m['n_ans']:>5}{m['n_neg']:>5}"
    )
    folds = [lib.metrics([p for p in prompts if p.repo == r], injected) for r in lib.repos(prompts)]
    print(f"{'mean of folds':<30}{np.mean([f['hit3'] for f in folds]):>7.3f}{np.mean([f['prec3'] for f in folds]):>8.3f}"
          f"{np.mean([f['fi'] for f in folds]):>7.3f}   folds with FI > 0.10: {sum(f['fi'] > 0.1 for f in folds)} of 20")  # fmt: skip
    print("by overlap tier: " + tiers(prompts, injected))
    ranking_only = {p.id: ctx.rankings[f["ranker"]][p.id][:3] for p, f in
                    ((p, fitted[lib.repos(prompts).index(p.repo)]) for p in prompts)}  # fmt: skip
    print("same ranking, gate forced open: " + tiers(prompts, ranking_only))
    # where the losses are
    ans = [p for p in prompts if p.answerable]
    shut_cue = sum(p.no_memory and "task" not in p.cues for p in ans)
    shut = [p for p in ans if not injected[p.id]]
    lost = [p for p in shut if lib.hit(p, ranking_only[p.id])]
    print(f"answerable prompts shut: {len(shut)} ({shut_cue} by a no-memory cue), of which {len(lost)} would have hit")
    neg = [p for p in prompts if not p.answerable]
    print(
        f"nothing-applies prompts: {sum(p.no_memory for p in neg)} shut by a cue, "
        f"{sum(bool(injected[p.id]) for p in neg)} let through of {len(neg)}"
    )
    # the constants to ship: the same procedure on all 20 workspaces
    ranker = ctx.ranker_for(prompts)
    _, params = gates.run_fold(gate, ctx, prompts, prompts, lib.FI_TARGET)
    full = {p.id: (ctx.rankings[ranker][p.id][:3] if ctx.opened[p.id] else []) for p in prompts}
    print(
        f"\nfitted on all 20 workspaces: ranking {ranker}; coverage threshold {params['threshold']:.4f}; "
        f"in-sample: {lib.fmt(lib.metrics(prompts, full))}"
    )
    cov = sorted({round(p.coverage, 4) for p in prompts})
    t = params["threshold"]
    print(
        f"  coverage values either side of it: {max(c for c in cov if c < t)} (shut) / {min(c for c in cov if c >= t)} (open)"
    )


if __name__ == "__main__":
    main()
