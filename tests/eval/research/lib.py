"""Shared pieces of the gate research: the cached prompts, rankings, metrics, folds, a small logistic regression.

Everything reads ``harness.load()`` (the per-prompt cosines and BM25 scores over the prompt's scope), so a
ranking or gate here costs microseconds per prompt and leave-one-workspace-out (LOWO) runs in seconds.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
import intent  # noqa: E402

K = 3
POOL = 12  # candidates: the top POOL of the vector ranking and of the BM25 ranking
FI_TARGET = 0.10
HIT_TARGET = 0.90


# -- prompts ---------------------------------------------------------------------------------------


@dataclass
class Prompt:
    id: str
    repo: str
    text: str
    relevant: frozenset[str]
    ids: list[str]
    cos: np.ndarray
    bm25: np.ndarray
    coverage: float
    words: frozenset[str]
    today_gated: list[str]
    today_ungated: list[str]
    today_gate_score: float
    cues: set[str]
    record_class: list[str]
    record_style: np.ndarray
    record_pinned: np.ndarray
    low_overlap: bool = False
    no_memory: bool = False  # intent.no_memory_intent(text)
    vrank: np.ndarray = field(default=None)  # 1-based rank of each record in the vector ranking
    brank: np.ndarray = field(default=None)  # 1-based rank in BM25 (inf where BM25 is 0)

    @property
    def answerable(self) -> bool:
        return bool(self.relevant)


def load_prompts() -> tuple[list[Prompt], dict]:
    data = harness.load()
    recs = data["records"]
    out = []
    for p in data["prompts"]:
        ids = p["ids"]
        cos = np.asarray(p["cos"], dtype=np.float64)
        bm = np.asarray(p["bm25"], dtype=np.float64)
        vrank = np.empty(len(ids))
        vrank[np.argsort(-cos, kind="stable")] = np.arange(1, len(ids) + 1)
        brank = np.full(len(ids), np.inf)
        order = [i for i in np.argsort(-bm, kind="stable") if bm[i] > 0]
        brank[order] = np.arange(1, len(order) + 1)
        relevant = frozenset(p["relevant"])
        label_words = frozenset().union(*(recs[r]["words"] for r in relevant)) if relevant else frozenset()
        out.append(
            Prompt(
                id=p["id"], repo=p["repo"], text=p["prompt"], relevant=relevant, ids=ids, cos=cos, bm25=bm,
                coverage=p["coverage"], words=p["words"], today_gated=p["today_gated"],
                today_ungated=p["today_ungated"], today_gate_score=p["today_gate_score"], cues=intent.cues(p["prompt"]),
                record_class=[recs[r]["class"] for r in ids],
                record_style=np.array([recs[r]["style"] for r in ids]),
                record_pinned=np.array([recs[r]["pinned"] for r in ids]),
                no_memory=intent.no_memory_intent(p["prompt"]),
                low_overlap=bool(relevant) and len(p["words"] & label_words) <= 1,
                vrank=vrank, brank=brank,
            )
        )  # fmt: skip
    return out, recs


def repos(prompts: Sequence[Prompt]) -> list[str]:
    return sorted({p.repo for p in prompts})


# -- rankings --------------------------------------------------------------------------------------


def pool(p: Prompt, n: int = POOL) -> np.ndarray:
    """Indices of the candidates: the top ``n`` by cosine and the top ``n`` by BM25 (BM25 > 0)."""
    return np.flatnonzero((p.vrank <= n) | (p.brank <= n))


Ranker = Callable[[Prompt], list[str]]


def rank_by(p: Prompt, scores: np.ndarray, n: int = POOL) -> list[str]:
    cand = pool(p, n)
    order = cand[np.lexsort((p.vrank[cand], -scores[cand]))]  # ties: the vector ranking decides
    return [p.ids[i] for i in order]


def rrf_scores(p: Prompt, k: float, n: int = POOL, wv: float = 1.0) -> np.ndarray:
    v = np.where(p.vrank <= n, wv / (k + p.vrank), 0.0)
    b = np.where(p.brank <= n, 1.0 / (k + p.brank), 0.0)
    return v + b


def linear_scores(p: Prompt, w: float) -> np.ndarray:
    """Today's fusion without recency/pins: cosine + w x BM25 / the prompt's best BM25."""
    top = p.bm25.max()
    return p.cos + (w * p.bm25 / top if top > 0 else 0.0)


def prior_scores(p: Prompt, w: float, c: float) -> np.ndarray:
    """The weighted sum plus ``c`` for a memory of the workspace (not an account-wide style note)."""
    return linear_scores(p, w) + c * (~p.record_style)


def rankers() -> dict[str, Ranker]:
    out: dict[str, Ranker] = {"today (pipeline, gate forced open)": lambda p: p.today_ungated}
    out["vector only"] = lambda p: rank_by(p, p.cos)
    out["BM25 only"] = lambda p: rank_by(p, p.bm25 + 1e-9 * p.cos)
    for w in (0.1, 0.15, 0.2, 0.3, 0.46, 0.6, 0.8, 1.0):
        out[f"cos + {w} bm25/max"] = lambda p, w=w: rank_by(p, linear_scores(p, w))
    for w in (0.1, 0.15, 0.2, 0.3):
        for c in (0.025, 0.05, 0.075, 0.1, 0.15):
            out[f"cos + {w} bm25/max + {c} workspace"] = lambda p, w=w, c=c: rank_by(p, prior_scores(p, w, c))
    for k in (1, 5, 10, 20, 30, 60, 100):
        out[f"RRF k={k}"] = lambda p, k=k: rank_by(p, rrf_scores(p, k))
    for k in (10, 30, 60):
        for wv in (0.7, 1.5):
            out[f"RRF k={k} wv={wv}"] = lambda p, k=k, wv=wv: rank_by(p, rrf_scores(p, k, wv=wv))
    return out


# -- metrics ---------------------------------------------------------------------------------------


def hit(p: Prompt, injected: Sequence[str]) -> bool:
    return bool(p.relevant & set(injected[:K]))


def precision(p: Prompt, injected: Sequence[str]) -> float:
    top = injected[:K]
    return len(p.relevant & set(top)) / len(top) if top else 0.0


def metrics(prompts: Sequence[Prompt], injected: dict[str, list[str]]) -> dict[str, float]:
    ans = [p for p in prompts if p.answerable]
    neg = [p for p in prompts if not p.answerable]
    return {
        "hit3": float(np.mean([hit(p, injected[p.id]) for p in ans])) if ans else math.nan,
        "prec3": float(np.mean([precision(p, injected[p.id]) for p in ans])) if ans else math.nan,
        "fi": float(np.mean([bool(injected[p.id]) for p in neg])) if neg else math.nan,
        "empty": float(np.mean([not injected[p.id] for p in ans])) if ans else math.nan,
        "n_ans": len(ans),
        "n_neg": len(neg),
    }


# -- a small logistic regression (numpy, Newton steps, L2 on standardised features) ----------------


class Logistic:
    def __init__(self, l2: float = 1.0) -> None:
        self.l2 = l2

    def fit(self, x: np.ndarray, y: np.ndarray, weight: np.ndarray | None = None) -> Logistic:
        self.mu = x.mean(axis=0)
        self.sd = x.std(axis=0)
        self.sd[self.sd == 0] = 1.0
        z = np.hstack([np.ones((len(x), 1)), (x - self.mu) / self.sd])
        w = np.ones(len(x)) if weight is None else weight
        beta = np.zeros(z.shape[1])
        reg = np.full(z.shape[1], self.l2)
        reg[0] = 0.0
        for _ in range(50):
            pr = 1 / (1 + np.exp(-z @ beta))
            g = z.T @ (w * (pr - y)) + reg * beta
            h = (z * (w * pr * (1 - pr))[:, None]).T @ z + np.diag(reg) + 1e-9 * np.eye(len(beta))
            step = np.linalg.solve(h, g)
            beta -= step
            if np.abs(step).max() < 1e-8:
                break
        self.beta = beta
        return self

    def decision(self, x: np.ndarray) -> np.ndarray:
        return self.beta[0] + ((x - self.mu) / self.sd) @ self.beta[1:]

    def raw_weights(self) -> tuple[float, np.ndarray]:
        """Intercept and weights on the unstandardised features (to ship as constants)."""
        w = self.beta[1:] / self.sd
        return float(self.beta[0] - (self.mu * w).sum()), w


# -- thresholds ------------------------------------------------------------------------------------


def fit_threshold(scores: np.ndarray, is_neg: np.ndarray, hits: np.ndarray, target: float) -> float:
    """The threshold (open when score >= t) with the most hits on these prompts whose false-injection rate
    stays at or under ``target``; among equals the highest. ``hits``: whether the prompt's top 3 holds a
    label with the gate open (False for nothing-applies prompts). The threshold is put halfway between the
    lowest score let through and the next one down (+inf when nothing can be let through)."""
    order = np.argsort(-scores, kind="stable")
    s, neg, h = scores[order], is_neg[order], hits[order]
    n_neg = max(1, int(is_neg.sum()))
    cum_neg, cum_hit = np.cumsum(neg), np.cumsum(h)
    last = np.r_[s[1:] != s[:-1], True]  # the last index of each group of equal scores
    ok = last & (cum_neg / n_neg <= target + 1e-12)
    if not ok.any() or cum_hit[ok].max() <= 0:
        return math.inf
    best = cum_hit[ok].max()
    j = int(np.flatnonzero(ok & (cum_hit == best))[0])  # the highest threshold with the most hits
    return float((s[j] + s[j + 1]) / 2) if j + 1 < len(s) else float(s[j] - 1e-9)


def lowo(
    prompts: Sequence[Prompt], fold_fn: Callable[[list[Prompt], list[Prompt]], dict[str, list[str]]]
) -> tuple[dict[str, list[str]], dict[str, dict[str, float]]]:
    """Leave one workspace out: ``fold_fn(train, test)`` returns what is injected for each test prompt."""
    injected: dict[str, list[str]] = {}
    per_fold: dict[str, dict[str, float]] = {}
    for repo in repos(prompts):
        train = [p for p in prompts if p.repo != repo]
        test = [p for p in prompts if p.repo == repo]
        got = fold_fn(train, test)
        injected.update(got)
        per_fold[repo] = metrics(test, got)
    return injected, per_fold


def fmt(m: dict[str, float]) -> str:
    return f"hit@3 {m['hit3']:.3f}  prec@3 {m['prec3']:.3f}  FI {m['fi']:.3f}  ans-empty {m['empty']:.3f}"
