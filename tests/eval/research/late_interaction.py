"""Reader research (issue 15, point 4): late interaction over MiniLM's token vectors, no new weights.

Does a reader that rescores the N memories the reader hook shows it (``reader.pool``: the ranking's, then
the best candidates it left below the floor) by MaxSim (for each query token, its best cosine with any
token of the memory; averaged over the query's tokens, as ColBERT scores) gain hit@3 over today's order?
As the hook does, it keeps as many memories as the ranking did among its first N, the ones it puts first. Measured on the development set, leave-one-workspace-out (LOWO): in each fold the
variant, N and the blend weight with the fused score are chosen on 19 workspaces (best training hit@3;
ties: the smaller weight) and the held-out workspace is scored. The ship rule: at least +0.02 hit@3
(LOWO) and the resident p95 under 10 ms at 10k records.

1. ``capture``: every prompt recalled by the pipeline as committed (``run_eval.PipelineSystem``, MiniLM),
   with the gate forced open; the reader hook (``picasso_tui.retrieval.reader.read``) is wrapped to record
   the ranking and the pool of 12 (id, fused score, the text a reader is shown), and the prompt's gate score and
   the committed threshold are kept, so both the gated and the ungated figures follow.
2. ``tokens``: MiniLM's per-token vectors of every prompt (as the pipeline embeds it: its keywords; and
   the whole prompt) and of every candidate's text: the last layer's hidden states (contextual), and the
   input word embeddings (static), [CLS]/[SEP] left out, each row L2-normalised. The forward pass is the
   embedder's own, stopped before mean pooling (``TokenMiniLM`` below; nothing in the package changes).
3. ``evaluate``: MaxSim per candidate; the order ``fused + w x MaxSim`` (z-scored within the prompt's top
   N) for w in a grid; LOWO; and the cost per recall of the reader's own work (query tokens, the N memories'
   forward pass, MaxSim), with and without the memories' token vectors cached.

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/late_interaction.py [--cache /tmp/reader-cache]
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time
from pathlib import Path
from unittest import mock

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/eval, for run_eval
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
import run_eval as ev  # noqa: E402

from picasso_tui.retrieval import reader as reader_mod  # noqa: E402
from picasso_tui.retrieval.blas import one_thread  # noqa: E402
from picasso_tui.retrieval.embedders.minilm import _ONE, MiniLMEmbedder, _layer_norm  # noqa: E402
from picasso_tui.retrieval.query import build_query  # noqa: E402

K = 3
MAX_N = 12
NS = (4, 6, 8, 10, 12)
WEIGHTS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.5, 2.0, 3.0, 1e6)  # 1e6: MaxSim alone
SPECIAL = {101, 102}  # [CLS], [SEP]


# -- 1. capture ------------------------------------------------------------------------------------------


def capture(cache: Path) -> list[dict]:
    f = cache / f"capture-pool-{harness.data_stamp()}.pkl"
    if f.exists():
        return pickle.loads(f.read_bytes())
    cache.mkdir(parents=True, exist_ok=True)
    home = cache / f"home-{harness.data_stamp()}"
    records = ev.load_records()
    queries = ev.load_queries()
    if (home / ".seeded").exists():
        import os

        os.environ["PICASSO_HOME"] = os.environ["PICASSO_MEMORY_ROOT"] = str(home)
        paths = ev.PicassoPaths(home=home, root=home)
    else:
        paths = ev.seed_home(home, records)
        (home / ".seeded").write_text("ok")
    system = ev.PipelineSystem(paths, "minilm")
    system.warm_up(queries)
    seen: list = []
    original = reader_mod.read

    def recording(reader, prompt, ranked, omitted, result, timings, candidates):
        shown = reader_mod.pool(ranked, omitted, candidates, MAX_N)
        seen.append(
            (
                [(c.record.id, c.score, reader_mod.document_text(c.record)) for c in ranked],
                [(c.record.id, c.score, reader_mod.document_text(c.record)) for c in shown],
            )
        )
        return original(reader, prompt, ranked, omitted, result, timings, candidates)

    out = []
    from picasso_tui.retrieval.rank import gate_for

    needed = gate_for(system.embedder.model_id)
    with mock.patch("picasso_tui.retrieval.reader.read", recording):
        for q in queries:
            seen.clear()
            ungated, gate_score = system.recall_ungated(q)
            ranked, shown = seen[0] if seen else ([], [])
            out.append(
                {
                    "id": q.id,
                    "repo": q.repo,
                    "prompt": q.prompt,
                    "keywords": build_query(q.prompt).keywords or q.prompt,
                    "relevant": q.relevant,
                    "ranked": ranked,
                    "pool": shown,  # what a reader of MAX_N sees (a reader of N sees its first N)
                    "injected": ungated,
                    "gate_open": gate_score >= needed,
                }
            )
    f.write_bytes(pickle.dumps(out))
    return out


# -- 2. token vectors ------------------------------------------------------------------------------------


class TokenMiniLM(MiniLMEmbedder):
    """The embedder's padded forward pass, stopped before mean pooling: (batch, tokens, 384)."""

    def hidden(self, ids: list[list[int]]) -> list[np.ndarray]:
        n = max(len(t) for t in ids)
        batch = np.zeros((len(ids), n), dtype=np.int64)
        mask = np.zeros((len(ids), n), dtype=np.float32)
        for r, t in enumerate(ids):
            batch[r, : len(t)] = t
            mask[r, : len(t)] = _ONE
        b = len(ids)
        h, dh, dim = self._heads, 384 // self._heads, 384
        w = self._weights
        x = w.word[batch.reshape(-1)]
        x.reshape(b, n, dim)[...] += w.pos[:n]
        x += w.type0
        x = _layer_norm(x, w.ln0, self._eps)
        bias = ((_ONE - mask) * np.float32(-1e9))[:, None, None, :]
        for layer in w.layers:
            qkv = x @ layer.wqkv
            qkv += layer.bqkv
            q, k, v = qkv.reshape(b, n, 3, h, dh).transpose(2, 0, 3, 1, 4)
            scores = q @ k.transpose(0, 1, 3, 2)
            scores += bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(b * n, dim)
            x = self._after_attention(x, ctx, layer, np.matmul)
        x3 = x.reshape(b, n, dim)
        return [x3[r, : len(t)] for r, t in enumerate(ids)]

    def tokens(self, texts: list[str], kind: str) -> list[np.ndarray]:
        """Per-token unit rows of each text, specials left out; ``kind``: contextual or static."""
        ids = [self.token_ids(t) for t in texts]
        if kind == "static":
            rows = [self._weights.word[np.asarray(t)] for t in ids]
        else:
            rows = []
            for start in range(0, len(ids), 16):
                rows += self.hidden(ids[start : start + 16])
        out = []
        for t, m in zip(ids, rows, strict=True):
            keep = np.array([i not in SPECIAL for i in t])
            m = m[keep] if keep.any() else m
            out.append((m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)).astype(np.float32))
        return out


def token_vectors(cache: Path, prompts: list[dict], model: TokenMiniLM) -> dict:
    f = cache / f"tokens-pool-{harness.data_stamp()}.pkl"
    if f.exists():
        return pickle.loads(f.read_bytes())
    docs = {rid: text for p in prompts for rid, _, text in p["pool"]}
    out: dict = {}
    for kind in ("contextual", "static"):
        t0 = time.perf_counter()
        ids = list(docs)
        out[(kind, "doc")] = dict(zip(ids, model.tokens([docs[i] for i in ids], kind), strict=True))
        out[(kind, "keywords")] = dict(
            zip([p["id"] for p in prompts], model.tokens([p["keywords"] for p in prompts], kind), strict=True)
        )
        out[(kind, "prompt")] = dict(
            zip([p["id"] for p in prompts], model.tokens([p["prompt"] for p in prompts], kind), strict=True)
        )
        print(f"  {kind} token vectors: {len(ids)} memories, {time.perf_counter() - t0:.1f} s", flush=True)
    f.write_bytes(pickle.dumps(out))
    return out


# -- 3. evaluation ---------------------------------------------------------------------------------------


def maxsim(q: np.ndarray, d: np.ndarray, direction: str) -> float:
    sims = q @ d.T
    if direction == "q2d":
        return float(sims.max(axis=1).mean())
    return float((sims.max(axis=1).mean() + sims.max(axis=0).mean()) / 2)


VARIANTS = [
    (kind, query, direction)
    for kind in ("contextual", "static")
    for query in ("keywords", "prompt")
    for direction in ("q2d", "both")
]


def precompute(prompts: list[dict], tv: dict) -> dict:
    """MaxSim of each prompt's top MAX_N candidates, per variant."""
    out = {}
    for v in VARIANTS:
        kind, query, direction = v
        out[v] = {
            p["id"]: np.array(
                [maxsim(tv[(kind, query)][p["id"]], tv[(kind, "doc")][rid], direction) for rid, _, _ in p["pool"]]
            )
            for p in prompts
        }
    return out


def z(x: np.ndarray) -> np.ndarray:
    sd = x.std()
    return (x - x.mean()) / sd if sd > 1e-9 else np.zeros_like(x)


def reorder(p: dict, ms: np.ndarray, n: int, w: float) -> list[str]:
    """What the reader hook injects (``reader.read``): the first N of the pool ordered by fused + w x MaxSim
    (z-scored within them; w 1e6: MaxSim alone), as many kept as the ranking had among its first N, then
    the rest of the ranking."""
    ranked = [rid for rid, _, _ in p["ranked"]]
    seen = p["pool"][:n]
    if w == 0 or len(seen) < 2:
        return ranked
    fused = np.array([s for _, s, _ in seen])
    alone = w >= 1e5
    score = (0 if alone else z(fused)) + (1.0 if alone else w) * z(ms[: len(seen)])
    order = sorted(range(len(seen)), key=lambda i: (-score[i], i))
    cut = min(len(ranked), n)
    return [seen[i][0] for i in order[:cut]] + ranked[n:]


def figures(prompts: list[dict], orders: dict[str, list[str]], gated: bool) -> dict[str, float]:
    ans = [p for p in prompts if p["relevant"]]
    neg = [p for p in prompts if not p["relevant"]]

    def injected(p: dict) -> list[str]:
        return orders[p["id"]] if (p["gate_open"] or not gated) else []

    def prec(p: dict) -> float:
        top = injected(p)[:K]
        return len(p["relevant"] & set(top)) / len(top) if top else 0.0

    return {
        "hit3": float(np.mean([bool(p["relevant"] & set(injected(p)[:K])) for p in ans])),
        "prec3": float(np.mean([prec(p) for p in ans])),
        "fi": float(np.mean([bool(injected(p)) for p in neg])),
    }


def outcomes(prompts: list[dict], ms: dict) -> dict:
    """Per configuration (variant, N, w): each prompt's hit@3 and precision@3 with the gate open."""
    out = {}
    for v in VARIANTS:
        for n in NS:
            for w in WEIGHTS:
                hits, precs = [], []
                for p in prompts:
                    top = reorder(p, ms[v][p["id"]], n, w)[:K]
                    got = len(p["relevant"] & set(top))
                    hits.append(got > 0)
                    precs.append(got / len(top) if top else 0.0)
                out[(v, n, w)] = (np.array(hits), np.array(precs))
    return out


def lowo(prompts: list[dict], table: dict, gated: bool, variants: list) -> tuple[dict[str, float], list]:
    """Each fold: the configuration with the best training hit@3 (then precision@3, then the smaller w)."""
    repo = np.array([p["repo"] for p in prompts])
    ans = np.array([bool(p["relevant"]) for p in prompts])
    open_ = np.array([p["gate_open"] or not gated for p in prompts])
    hit_all = np.zeros(len(prompts), dtype=bool)
    prec_all = np.zeros(len(prompts))
    chosen = []
    for r in sorted(set(repo)):
        train, test = ans & (repo != r), ans & (repo == r)
        best = max(
            (k for k in table if k[0] in variants),
            key=lambda k: ((table[k][0] & open_)[train].mean(), (table[k][1] * open_)[train].mean(), -k[2]),
        )
        chosen.append((r, *best))
        hit_all[test] = (table[best][0] & open_)[test]
        prec_all[test] = (table[best][1] * open_)[test]
    neg = ~ans
    return {"hit3": hit_all[ans].mean(), "prec3": prec_all[ans].mean(), "fi": open_[neg].mean()}, chosen


def latency(model: TokenMiniLM, prompts: list[dict], n: int = 10) -> dict[str, float]:
    """The reader's own work per recall, one BLAS thread as a resident recall runs: the prompt's token
    vectors (a second forward pass; the pipeline's does not keep them), the top ``n`` memories' forward
    pass (uncached) and MaxSim; and MaxSim alone (memories' token vectors cached, query's reused)."""
    cold, warm, static, query, pipeline = [], [], [], [], []
    for p in prompts[:4]:
        model.embed([p["keywords"]])  # a resident embedder: from its second call the packed pass on panels
    time.sleep(0.5)  # the panels are built on a thread
    sample = prompts[:: max(1, len(prompts) // 200)]
    with one_thread():
        for p in sample:
            docs = [text for _, _, text in p["pool"][:n]]
            if len(docs) < 2:
                continue
            t0 = time.perf_counter()
            model.embed([p["keywords"]])
            pipeline.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            q = model.tokens([p["keywords"]], "contextual")[0]
            query.append((time.perf_counter() - t0) * 1000)
            d = model.tokens(docs, "contextual")
            _ = [maxsim(q, m, "q2d") for m in d]
            t1 = time.perf_counter()
            _ = [maxsim(q, m, "q2d") for m in d]
            t2 = time.perf_counter()
            qs = model.tokens([p["keywords"]], "static")[0]
            ds = model.tokens(docs, "static")
            _ = [maxsim(qs, m, "q2d") for m in ds]
            t3 = time.perf_counter()
            cold.append((t1 - t0) * 1000)
            warm.append((t2 - t1) * 1000)
            static.append((t3 - t2) * 1000)

    def pct(xs: list[float], f: float) -> float:
        return float(np.percentile(xs, f * 100)) if xs else math.nan

    return {
        "pipeline_query_embed_p50": pct(pipeline, 0.5),
        "pipeline_query_embed_p95": pct(pipeline, 0.95),
        "query_tokens_only_p50": pct(query, 0.5),
        "query_tokens_only_p95": pct(query, 0.95),
        "contextual_uncached_p50": pct(cold, 0.5),
        "contextual_uncached_p95": pct(cold, 0.95),
        "maxsim_only_p50": pct(warm, 0.5),
        "maxsim_only_p95": pct(warm, 0.95),
        "static_p50": pct(static, 0.5),
        "static_p95": pct(static, 0.95),
        "n": len(cold),
    }


def fmt(f: dict[str, float]) -> str:
    return f"hit@3 {f['hit3']:.3f}  prec@3 {f['prec3']:.3f}  FI {f['fi']:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/reader-cache"))
    parser.add_argument("--latency-only", action="store_true")
    args = parser.parse_args()
    t0 = time.perf_counter()
    prompts = capture(args.cache)
    print(f"captured {len(prompts)} prompts in {time.perf_counter() - t0:.1f} s", flush=True)
    model = TokenMiniLM()
    if args.latency_only:
        print(latency(model, prompts))
        return
    tv = token_vectors(args.cache, prompts, model)
    ms = precompute(prompts, tv)
    base = {p["id"]: [rid for rid, _, _ in p["ranked"]] for p in prompts}
    print("\n# today's order (the reader hook's input: ranked, before the block's budget)")
    print(f"  gate as committed : {fmt(figures(prompts, base, True))}")
    print(f"  gate forced open  : {fmt(figures(prompts, base, False))}")
    table = outcomes(prompts, ms)
    ans = np.array([bool(p["relevant"]) for p in prompts])
    print("\n# in-sample: each variant at its best N and weight (gate forced open; an upper bound, not a result)")
    for v in VARIANTS:
        best = max(
            (k for k in table if k[0] == v), key=lambda k: (table[k][0][ans].mean(), table[k][1][ans].mean(), -k[2])
        )
        alone = table[(v, 10, 1e6)]
        print(
            f"  {'/'.join(v):<28} best hit@3 {table[best][0][ans].mean():.3f} prec@3 {table[best][1][ans].mean():.3f} "
            f"(N={best[1]}, w={best[2]});  MaxSim alone, N=10: hit@3 {alone[0][ans].mean():.3f} "
            f"prec@3 {alone[1][ans].mean():.3f}"
        )
    print("\n# LOWO (variant, N and w chosen on 19 workspaces, scored on the 20th; pooled)")
    base_by_repo = {}
    for gated in (False, True):
        today = lowo(prompts, {k: t for k, t in table.items() if k[2] == 0.0}, gated, VARIANTS)[0]
        label = "gate as committed" if gated else "gate forced open"
        print(f"  {label:<18} {'today':<16} {fmt(today)}")
        for name, variants in (
            ("all variants", VARIANTS),
            ("contextual only", VARIANTS[:4]),
            ("static only", VARIANTS[4:]),
        ):
            f, chosen = lowo(prompts, table, gated, variants)
            picks: dict = {}
            for _, v, n, w in chosen:
                picks[("/".join(v), n, w)] = picks.get(("/".join(v), n, w), 0) + 1
            top = ", ".join(
                f"{k[0]} N={k[1]} w={k[2]} x{c}" for k, c in sorted(picks.items(), key=lambda kv: -kv[1])[:3]
            )
            print(f"  {label:<18} {name:<16} {fmt(f)}  (+{f['hit3'] - today['hit3']:.3f})  [{top}]")
            if not gated and name == "all variants":
                base_by_repo = {c[0]: c for c in chosen}
                repo_of = np.array([p["repo"] for p in prompts])
                gained = lost = 0
                for c in chosen:
                    m = ans & (repo_of == c[0])
                    before, after = table[(c[1], c[2], 0.0)][0][m], table[c[1:]][0][m]
                    gained += int((after & ~before).sum())
                    lost += int((before & ~after).sum())
                print(f"  {'':<18} {'':<16} answerable prompts gained {gained}, lost {lost} (of {int(ans.sum())})")
    repo = np.array([p["repo"] for p in prompts])
    print("\n# per held-out workspace, gate forced open: today -> LOWO all variants (answerable prompts)")
    better = worse = 0
    for r, c in sorted(base_by_repo.items()):
        m = ans & (repo == r)
        key0 = (c[1], c[2], 0.0)
        t, got = table[key0][0][m].mean(), table[c[1:]][0][m].mean()
        better += got > t
        worse += got < t
        print(f"  {r:<28} {t:.3f} -> {got:.3f}   ({'/'.join(c[1])}, N={c[2]}, w={c[3]})")
    print(f"  better in {better}, worse in {worse} of {len(base_by_repo)} workspaces")
    print("\n# latency of the reader's own work per recall (ms, N=10, one BLAS thread)")
    lat = latency(model, prompts)
    print("  " + ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in lat.items()))
    lengths = [len(m) for m in tv[("contextual", "doc")].values()]
    per = float(np.mean(lengths)) * 384
    print(
        f"  memories' token vectors: {np.mean(lengths):.1f} tokens a memory on average; kept for 10k records: "
        f"{per * 4 * 1e4 / 2**20:.0f} MB as float32, {per * 2 * 1e4 / 2**20:.0f} MB as float16"
    )


if __name__ == "__main__":
    main()
