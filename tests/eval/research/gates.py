"""Gate research, step 3: gates scored by leave-one-workspace-out, with every constant fitted inside the fold.

A gate turns a prompt into a score (or shuts it outright); the prompt's fused top 3 is injected when the
score reaches a threshold, nothing otherwise. Per fold (19 training workspaces, 1 held out):

1. the ranking: the configuration of ``cos + w x BM25/best BM25 + c x workspace`` with the best training
   hit@3 (``--ranker`` picks another family: today's pipeline, RRF k=60, the weighted sum without prior);
2. the gate's own parameters (a logistic regression's weights, an agreement depth), on the training prompts;
3. its threshold: the most training hits at a training false-injection rate <= tau (``lib.fit_threshold``).

The held-out workspace is then scored: hit@3 (nothing injected counts as a miss), precision@3, false
injection, answerable prompts with nothing injected. Pooled over the 20 held-out workspaces (390 answerable
and 150 nothing-applies prompts), per fold, and over a grid of tau (the trade-off curve). "nested tau": tau
itself chosen inside each fold by an inner LOWO over its 19 training workspaces (the smallest-risk tau whose
inner held-out false injection stays <= 0.10 with the most inner hits).

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/gates.py [--ranker prior|sum|rrf60|today]
        [--json out.json] [--per-fold] [--no-nested]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lib

TAUS = (0.0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.3, 0.5)
NESTED_TAUS = (0.0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2)
RANKER_FAMILIES = {
    "prior": [
        f"cos + {w} bm25/max + {c} workspace" for w in (0.1, 0.15, 0.2, 0.3) for c in (0.025, 0.05, 0.075, 0.1, 0.15)
    ]
    + [f"cos + {w} bm25/max" for w in (0.1, 0.15, 0.2, 0.3)],
    "sum": [f"cos + {w} bm25/max" for w in (0.1, 0.2, 0.3, 0.46, 0.6, 0.8, 1.0)],
    "rrf60": ["RRF k=60"],
    "rrf": [f"RRF k={k}" for k in (1, 5, 10, 20, 30, 60, 100)],
    "today": ["today (pipeline, gate forced open)"],
}


# -- prompt-level features (all cheap: from the two rankings the pipeline already computes) ---------


def top_mean(a: np.ndarray, n: int) -> float:
    return float(np.sort(a)[::-1][:n].mean())


def agreement(p: lib.Prompt, k: int) -> int:
    """How many records are in the top k of both the vector and the BM25 ranking."""
    return int(((p.vrank <= k) & (p.brank <= k)).sum())


def top_coverage(p: lib.Prompt, ranking: list[str], recs: dict, n: int = 3) -> float:
    """The share of the prompt's content words found in its n best fused candidates."""
    if not p.words:
        return 1.0
    have = frozenset().union(*(recs[r]["words"] for r in ranking[:n]))
    return len(p.words & have) / len(p.words)


FEATURES: dict[str, Callable[[lib.Prompt, list[str], dict], float]] = {
    "cos1": lambda p, r, recs: float(p.cos.max()),
    "cos3": lambda p, r, recs: top_mean(p.cos, 3),
    "bm1": lambda p, r, recs: math.log1p(float(p.bm25.max())),
    "bm3": lambda p, r, recs: math.log1p(top_mean(p.bm25, 3)),
    "coverage": lambda p, r, recs: p.coverage,
    "cov_top3": lambda p, r, recs: top_coverage(p, r, recs, 3),
    "cov_top8": lambda p, r, recs: top_coverage(p, r, recs, 8),
    "agree5": lambda p, r, recs: agreement(p, 5),
    "rrf_top": lambda p, r, recs: float(lib.rrf_scores(p, 60).max()),
    "today_gate": lambda p, r, recs: p.today_gate_score,
    "no_memory_intent": lambda p, r, recs: float(p.no_memory),
    "task_cue": lambda p, r, recs: float("task" in p.cues),
    "n_words": lambda p, r, recs: math.log1p(len(p.words)),
}


@dataclass
class Gate:
    name: str
    kind: str  # "score": threshold on one feature; "lr": logistic regression over features; "agree": depth fit
    features: tuple[str, ...] = ()
    intent_shut: bool = False  # shut outright when the prompt has a no-memory intent cue (no task cue)
    task_open: bool = False  # open outright when the prompt has a task cue
    sign: float = 1.0
    label: str = "answerable"  # the LR's target: "answerable", or "hit" (answerable and a label in the top 3)


GATES = [
    Gate("none (always open)", "open"),
    Gate("today's gate score", "score", ("today_gate",)),
    Gate("best cosine", "score", ("cos1",)),
    Gate("mean top-3 cosine", "score", ("cos3",)),
    Gate("mean top-3 BM25 (log)", "score", ("bm3",)),
    Gate("coverage (32 nearest)", "score", ("coverage",)),
    Gate("coverage of the fused top 3", "score", ("cov_top3",)),
    Gate("RRF top score (agreement)", "score", ("rrf_top",)),
    Gate("agreement: a record in both top-k (k fit)", "agree"),
    Gate("intent cue only", "open", intent_shut=True),
    Gate("intent cue + today's gate score", "score", ("today_gate",), intent_shut=True),
    Gate("intent cue + coverage", "score", ("coverage",), intent_shut=True),
    Gate("intent cue + mean top-3 BM25", "score", ("bm3",), intent_shut=True),
    Gate("intent cue + RRF top score", "score", ("rrf_top",), intent_shut=True),
    Gate("LR: scores only", "lr", ("cos3", "bm3", "coverage", "agree5")),
    Gate("LR: scores + intent features", "lr", ("cos3", "bm3", "coverage", "agree5", "no_memory_intent", "task_cue")),
    Gate("intent cue + LR: scores", "lr", ("cos3", "bm3", "coverage", "agree5"), intent_shut=True),
    Gate(
        "intent cue + LR: scores + task cue", "lr", ("cos3", "bm3", "coverage", "agree5", "task_cue"), intent_shut=True
    ),
    Gate("LR: all features", "lr", tuple(FEATURES)),
    Gate(
        "LR: scores + intent features, target = hit",
        "lr",
        ("cos3", "bm3", "coverage", "agree5", "no_memory_intent", "task_cue"),
        label="hit",
    ),
    Gate(
        "cues (task opens, no-memory shuts) + today's gate", "score", ("today_gate",), intent_shut=True, task_open=True
    ),
    Gate("cues (task opens, no-memory shuts) + coverage", "score", ("coverage",), intent_shut=True, task_open=True),
    Gate(
        "cues (task opens, no-memory shuts) + coverage of fused top 3",
        "score",
        ("cov_top3",),
        intent_shut=True,
        task_open=True,
    ),
    Gate(
        "cues (task opens, no-memory shuts) + coverage of fused top 8",
        "score",
        ("cov_top8",),
        intent_shut=True,
        task_open=True,
    ),
    Gate("cues (task opens, no-memory shuts) + BM25 top-3", "score", ("bm3",), intent_shut=True, task_open=True),
    Gate(
        "cues (task opens, no-memory shuts) + LR: scores",
        "lr",
        ("cos3", "bm3", "coverage", "agree5"),
        intent_shut=True,
        task_open=True,
    ),
]


class Context:
    """Per fold: the ranking chosen on the training workspaces, and every prompt's feature row under it."""

    def __init__(self, prompts: list[lib.Prompt], recs: dict, family: str) -> None:
        self.prompts = prompts
        self.recs = recs
        self.by_id = {p.id: p for p in prompts}
        rankers = lib.rankers()
        names = RANKER_FAMILIES[family]
        self.rankings = {n: {p.id: rankers[n](p) for p in prompts} for n in names}
        self._rows: dict[str, dict[str, np.ndarray]] = {}
        self._choice: dict[frozenset[str], str] = {}

    def ranker_for(self, train: list[lib.Prompt]) -> str:
        key = frozenset(p.repo for p in train)
        if key not in self._choice:
            ans = [p for p in train if p.answerable]

            def quality(n: str) -> tuple[float, float]:
                r = self.rankings[n]
                return (np.mean([lib.hit(p, r[p.id]) for p in ans]), np.mean([lib.precision(p, r[p.id]) for p in ans]))

            self._choice[key] = max(self.rankings, key=quality)
        return self._choice[key]

    def rows(self, ranker: str) -> dict[str, np.ndarray]:
        if ranker not in self._rows:
            r = self.rankings[ranker]
            self._rows[ranker] = {
                p.id: np.array([f(p, r[p.id], self.recs) for f in FEATURES.values()]) for p in self.prompts
            }
        return self._rows[ranker]


FEATURE_INDEX = {name: i for i, name in enumerate(FEATURES)}


def gate_scores(gate: Gate, ctx: Context, ranker: str, train: list[lib.Prompt], test: list[lib.Prompt]
                ) -> tuple[np.ndarray, np.ndarray, dict]:  # fmt: skip
    """Scores of the training and test prompts (higher: open), the gate's fitted parameters."""
    rows = ctx.rows(ranker)
    cols = [FEATURE_INDEX[f] for f in gate.features]
    xtr = np.array([rows[p.id][cols] for p in train]) if cols else np.zeros((len(train), 0))
    xte = np.array([rows[p.id][cols] for p in test]) if cols else np.zeros((len(test), 0))
    params: dict = {}
    if gate.kind == "open":
        str_, ste = np.ones(len(train)), np.ones(len(test))
    elif gate.kind == "score":
        str_, ste = gate.sign * xtr[:, 0], gate.sign * xte[:, 0]
    elif gate.kind == "lr":
        keep = np.array(
            [not (gate.intent_shut and p.no_memory) and not (gate.task_open and "task" in p.cues) for p in train]
        )
        if gate.label == "hit":
            r = ctx.rankings[ranker]
            y = np.array([p.answerable and lib.hit(p, r[p.id]) for p in train], dtype=float)
            keep &= np.array([not p.answerable or lib.hit(p, r[p.id]) for p in train])
        else:
            y = np.array([p.answerable for p in train], dtype=float)
        model = lib.Logistic(l2=1.0).fit(xtr[keep], y[keep])
        str_, ste = model.decision(xtr), model.decision(xte)
        b0, w = model.raw_weights()
        params = {"intercept": b0, "weights": dict(zip(gate.features, w.tolist(), strict=True))}
    elif gate.kind == "agree":
        r = ctx.rankings[ranker]
        best = None
        for k in range(1, 9):
            s = np.array([agreement(p, k) > 0 for p in train], dtype=float)
            neg = np.array([not p.answerable for p in train])
            hits = np.array([p.answerable and lib.hit(p, r[p.id]) for p in train])
            fi = s[neg].mean()
            h = (s * hits).sum()
            if fi <= ctx.tau + 1e-12 and (best is None or h > best[0]):
                best = (h, k)
        k = best[1] if best else 0
        params = {"k": k}
        str_ = np.array([float(k > 0 and agreement(p, k) > 0) for p in train])
        ste = np.array([float(k > 0 and agreement(p, k) > 0) for p in test])
    else:
        raise ValueError(gate.kind)
    if gate.task_open:
        str_ = np.where(["task" in p.cues for p in train], 1e6, str_)
        ste = np.where(["task" in p.cues for p in test], 1e6, ste)
    if gate.intent_shut:
        str_ = np.where([p.no_memory for p in train], -np.inf, str_)
        ste = np.where([p.no_memory for p in test], -np.inf, ste)
    return str_, ste, params


def run_fold(gate: Gate, ctx: Context, train: list[lib.Prompt], test: list[lib.Prompt], tau: float
             ) -> tuple[dict[str, list[str]], dict]:  # fmt: skip
    ranker = ctx.ranker_for(train)
    ranking = ctx.rankings[ranker]
    ctx.tau = tau
    s_tr, s_te, params = gate_scores(gate, ctx, ranker, train, test)
    neg = np.array([not p.answerable for p in train])
    hits = np.array([p.answerable and lib.hit(p, ranking[p.id]) for p in train])
    if gate.kind in ("open", "agree"):
        t = 0.5 if gate.kind == "agree" else 0.0
    else:
        finite = np.isfinite(s_tr)
        t = lib.fit_threshold(np.where(finite, s_tr, -1e9), neg, hits, tau)
    out = {p.id: (ranking[p.id][: lib.K] if s >= t else []) for p, s in zip(test, s_te, strict=True)}
    ctx.opened = {p.id: bool(s >= t) for p, s in zip(test, s_te, strict=True)}
    ctx.opened_train = {p.id: bool(s >= t) for p, s in zip(train, s_tr, strict=True)}
    return out, {"ranker": ranker, "threshold": t, **params}


def lowo(gate: Gate, ctx: Context, prompts: list[lib.Prompt], tau: float | None, nested: bool = False
         ) -> tuple[dict[str, float], dict[str, dict], list[dict]]:  # fmt: skip
    injected: dict[str, list[str]] = {}
    per_fold, fitted = {}, []
    for repo in lib.repos(prompts):
        train = [p for p in prompts if p.repo != repo]
        test = [p for p in prompts if p.repo == repo]
        t = choose_tau(gate, ctx, train) if nested else tau
        got, params = run_fold(gate, ctx, train, test, t)
        injected.update(got)
        per_fold[repo] = lib.metrics(test, got)
        fitted.append({"held_out": repo, "tau": t, **params})
    return lib.metrics(prompts, injected), per_fold, fitted


def choose_tau(gate: Gate, ctx: Context, train: list[lib.Prompt]) -> float:
    """tau by an inner LOWO on the training workspaces: the most inner hits with inner false injection <= 0.10."""
    best = (-1.0, 0.0)
    for tau in NESTED_TAUS:
        m, _, _ = lowo(gate, ctx, train, tau)
        if m["fi"] <= lib.FI_TARGET + 1e-12 and m["hit3"] > best[0]:
            best = (m["hit3"], tau)
    return best[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ranker", default="prior", choices=sorted(RANKER_FAMILIES))
    parser.add_argument("--json", type=Path)
    parser.add_argument("--per-fold", action="store_true")
    parser.add_argument("--no-nested", action="store_true")
    parser.add_argument("--gate", action="append", help="only gates whose name contains this")
    args = parser.parse_args()
    prompts, recs = lib.load_prompts()
    ctx = Context(prompts, recs, args.ranker)
    gates = [g for g in GATES if not args.gate or any(s in g.name for s in args.gate)]
    out: dict = {"ranker_family": args.ranker, "gates": {}}
    print(
        f"ranker family: {args.ranker}; LOWO over {len(lib.repos(prompts))} workspaces; threshold fit at training "
        f"false injection <= tau"
    )
    print(
        f"\n{'gate':<46}{'tau=0.10: hit@3':>16}{'prec@3':>8}{'FI':>7}{'empty':>7}   {'nested tau: hit@3':>18}{'FI':>7}"
    )
    for gate in gates:
        m, per_fold, fitted = lowo(gate, ctx, prompts, lib.FI_TARGET)
        row = {"tau_0.10": m, "per_fold": per_fold, "fitted": fitted}
        line = f"{gate.name:<46}{m['hit3']:>16.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}"
        if not args.no_nested and gate.kind not in ("open",):
            mn, per_fold_n, fitted_n = lowo(gate, ctx, prompts, None, nested=True)
            row["nested"] = {"metrics": mn, "per_fold": per_fold_n, "fitted": fitted_n}
            line += f"   {mn['hit3']:>18.3f}{mn['fi']:>7.3f}"
        print(line, flush=True)
        curve = {}
        for tau in TAUS:
            mc, _, _ = lowo(gate, ctx, prompts, tau)
            curve[tau] = mc
        row["curve"] = curve
        out["gates"][gate.name] = row
    print("\n== trade-off curves (LOWO pooled; tau = training false-injection cap): hit@3 / FI")
    print(f"{'gate':<46}" + "".join(f"{t:>12}" for t in TAUS))
    for name, row in out["gates"].items():
        print(f"{name:<46}" + "".join(f"{row['curve'][t]['hit3']:>6.3f}/{row['curve'][t]['fi']:.2f}" for t in TAUS))
    if args.per_fold:
        for name, row in out["gates"].items():
            print(f"\n-- {name}: per fold at tau 0.10 (hit@3 / FI / threshold)")
            for f in row["fitted"]:
                m = row["per_fold"][f["held_out"]]
                print(f"  {f['held_out']:<28} {m['hit3']:.3f} / {m['fi']:.3f} / {f['threshold']:.4g}  {f['ranker']}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=str))


if __name__ == "__main__":
    main()
