"""Gate research, step 2: rankings with the gate forced open, chosen by leave-one-workspace-out.

Compared on the answerable prompts (hit@3 and precision@3 of the ranking's top 3, nothing gated):
today's pipeline (its fusion with recency, pins, rules, floor, graph expansion), the vector and BM25
rankings alone, cosine + w x BM25/best BM25 (today's fusion without its priors) for a grid of w,
reciprocal-rank fusion (RRF) for a grid of k (and a vector weight), and a logistic ranker over a few
candidate features fitted on the training workspaces. Candidates: the top 12 of each ranking.

LOWO: on each fold the configuration of a family with the best training hit@3 (ties: precision@3) is
scored on the held-out workspace. Also broken down by overlap tier (prompts sharing at most one content
word with the union of their labelled records, against the others).

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/rankers.py [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lib

CLASSES = ("repo_rule", "workflow", "failure", "fact", "decision", "style")


def candidate_features(p: lib.Prompt, idx: np.ndarray) -> np.ndarray:
    top = p.bm25.max() or 1.0
    n = lib.POOL
    f = [
        p.cos[idx],
        p.bm25[idx] / top,
        np.log1p(p.bm25[idx]),
        np.where(p.vrank[idx] <= n, 1 / (10 + p.vrank[idx]), 0),
        np.where(p.brank[idx] <= n, 1 / (10 + p.brank[idx]), 0),
        p.record_pinned[idx].astype(float),
    ]
    f += [np.array([p.record_class[i] == c for i in idx], dtype=float) for c in CLASSES[:-1]]
    return np.column_stack(f)


def fit_lr_ranker(train: list[lib.Prompt]) -> lib.Logistic:
    xs, ys = [], []
    for p in train:
        if not p.answerable:
            continue
        idx = lib.pool(p)
        xs.append(candidate_features(p, idx))
        ys.append(np.array([p.ids[i] in p.relevant for i in idx], dtype=float))
    return lib.Logistic(l2=1.0).fit(np.vstack(xs), np.concatenate(ys))


def lr_rank(model: lib.Logistic, p: lib.Prompt) -> list[str]:
    idx = lib.pool(p)
    s = model.decision(candidate_features(p, idx))
    order = idx[np.lexsort((p.vrank[idx], -s))]
    return [p.ids[i] for i in order]


def score(prompts: list[lib.Prompt], ranking: dict[str, list[str]]) -> tuple[float, float]:
    ans = [p for p in prompts if p.answerable]
    return (float(np.mean([lib.hit(p, ranking[p.id]) for p in ans])),
            float(np.mean([lib.precision(p, ranking[p.id][:3]) for p in ans])))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    prompts, _ = lib.load_prompts()
    ans = [p for p in prompts if p.answerable]
    low = [p for p in ans if p.low_overlap]
    print(f"{len(ans)} answerable prompts, {len(low)} low-overlap (<= 1 content word shared with the labels)")
    rankers = lib.rankers()
    rankings = {name: {p.id: r(p) for p in ans} for name, r in rankers.items()}

    print("\n== in-sample (whole set), gate forced open")
    print(f"  {'ranker':<40}{'hit@3':>7}{'prec@3':>8}{'hit@3 low':>11}{'hit@3 other':>12}")
    table = {}
    for name, ranking in rankings.items():
        h, pr = score(ans, ranking)
        hl, _ = score(low, ranking)
        ho, _ = score([p for p in ans if not p.low_overlap], ranking)
        table[name] = {"hit3": h, "prec3": pr, "hit3_low": hl, "hit3_other": ho}
        print(f"  {name:<40}{h:>7.3f}{pr:>8.3f}{hl:>11.3f}{ho:>12.3f}")

    families = {
        "today (pipeline)": ["today (pipeline, gate forced open)"],
        "vector only": ["vector only"],
        "weighted sum": [n for n in rankers if n.startswith("cos + ") and "workspace" not in n],
        "weighted sum + workspace prior": [n for n in rankers if n.startswith("cos + ")],
        "RRF (equal weights)": [n for n in rankers if n.startswith("RRF") and "wv" not in n],
        "RRF (any weight)": [n for n in rankers if n.startswith("RRF")],
        "RRF or weighted sum": [n for n in rankers if n.startswith(("RRF", "cos + ")) and "workspace" not in n],
    }
    print("\n== LOWO: each fold picks its family's configuration with the best training hit@3")
    results = {}
    for fam, names in families.items():
        chosen = Counter()
        got: dict[str, list[str]] = {}
        per_fold = {}
        for repo in lib.repos(prompts):
            train = [p for p in ans if p.repo != repo]
            test = [p for p in ans if p.repo == repo]
            best = max(names, key=lambda n: score(train, rankings[n]))
            chosen[best] += 1
            for p in test:
                got[p.id] = rankings[best][p.id]
            per_fold[repo] = score(test, got)
        h, pr = score(ans, got)
        hl, _ = score(low, got)
        ho, _ = score([p for p in ans if not p.low_overlap], got)
        results[fam] = {"hit3": h, "prec3": pr, "hit3_low": hl, "hit3_other": ho, "chosen": dict(chosen),
                        "per_fold": per_fold}  # fmt: skip
        print(f"  {fam:<24} hit@3 {h:.3f} prec@3 {pr:.3f} | low {hl:.3f} other {ho:.3f} | chosen {dict(chosen)}")

    # the logistic ranker, fitted per fold
    got = {}
    per_fold = {}
    for repo in lib.repos(prompts):
        model = fit_lr_ranker([p for p in ans if p.repo != repo])
        test = [p for p in ans if p.repo == repo]
        for p in test:
            got[p.id] = lr_rank(model, p)
        per_fold[repo] = score(test, got)
    h, pr = score(ans, got)
    hl, _ = score(low, got)
    ho, _ = score([p for p in ans if not p.low_overlap], got)
    results["logistic ranker"] = {"hit3": h, "prec3": pr, "hit3_low": hl, "hit3_other": ho, "per_fold": per_fold}
    print(f"  {'logistic ranker':<24} hit@3 {h:.3f} prec@3 {pr:.3f} | low {hl:.3f} other {ho:.3f}")

    print("\n== per fold (LOWO), hit@3 / prec@3")
    cols = [
        "today (pipeline)",
        "weighted sum",
        "weighted sum + workspace prior",
        "RRF (equal weights)",
        "logistic ranker",
    ]
    print(f"  {'workspace':<28}" + "".join(f"{c[:20]:>22}" for c in cols) + f"{'n':>4}")
    for repo in lib.repos(prompts):
        n = sum(p.repo == repo for p in ans)
        print(f"  {repo:<28}" + "".join(f"{results[c]['per_fold'][repo][0]:>14.3f} / {results[c]['per_fold'][repo][1]:.2f}"
                                        for c in cols) + f"{n:>4}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({"in_sample": table, "lowo": results}, indent=1))


if __name__ == "__main__":
    main()
