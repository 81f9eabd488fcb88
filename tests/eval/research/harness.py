"""Gate research, step 1: every prompt's candidates and signals, computed once and cached on disk.

For every prompt of tests/eval/queries.json, within its scope (the workspace's namespaces, style/<language>
and the account-wide ones, exactly as ``picasso_tui.retrieval.scope.Scope`` allows), with the project's own
code imported read-only:

- the cosine of every record in scope to the prompt as the pipeline embeds it (its keywords, plus the
  path/symbol parts: ``QueryVectors.for_query``; max over parts, as ``vectors.top_k``), and to the whole
  prompt (not used by the shipped design, kept for comparison);
- the raw BM25 score of every record (``BM25.search`` over ``query.text``);
- ``BM25.coverage`` of the prompt's content words over its 32 nearest records, as the pipeline computes it,
  and the same with the project's ``content_terms`` (which already skips 2-letter words such as CI, PR, DB);
- today's pipeline: what ``Retriever.recall`` injects (gate as committed) and what it would inject with the
  gate open, and the prompt's gate score (``run_eval.PipelineSystem``);
- per record: class, pinned, style or workspace, its content terms (for the overlap tiers).

Everything is written to ``<cache>/prompts.pkl`` (default /tmp/gate-cache). The MiniLM vectors of the 832
records are cached by the store's own VectorStore under ``<cache>/home/cache/vectors``: they are embedded once.

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/harness.py [--cache /tmp/gate-cache]
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/eval, for run_eval

import run_eval as ev  # noqa: E402

from picasso_tui.retrieval.lexical import content_terms  # noqa: E402
from picasso_tui.retrieval.query import build_query  # noqa: E402
from picasso_tui.retrieval.words import FUNCTION_WORDS  # noqa: E402

COVERAGE_POOL = 32  # the pipeline's vector pool (top_k 8 x 4), over which it computes coverage


def words_of(text: str) -> frozenset[str]:
    """Content words (the project's ``content_terms``: stemmed, alphabetic, 3+ letters), function words out."""
    return frozenset(w for w in content_terms(text) if w not in FUNCTION_WORDS)


def data_stamp() -> str:
    h = hashlib.sha256()
    for f in (ev.RECORDS_FILE, ev.QUERIES_FILE):
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def build(cache: Path) -> dict:
    cache.mkdir(parents=True, exist_ok=True)
    stamp = data_stamp()
    home = cache / f"home-{stamp}"
    records = ev.load_records()
    queries = ev.load_queries()
    if (home / ".seeded").exists():
        paths = ev.PicassoPaths(home=home, root=home)
        import os

        os.environ["PICASSO_HOME"] = str(home)
        os.environ["PICASSO_MEMORY_ROOT"] = str(home)
    else:
        paths = ev.seed_home(home, records)
        (home / ".seeded").write_text("ok")
    by_id = {r.id: r for r in records}

    system = ev.PipelineSystem(paths, "minilm")
    embedder = system.embedder
    t0 = time.perf_counter()
    system.warm_up(queries)  # builds every retriever: vectors embedded once, then read from the cache
    print(f"retrievers ready in {time.perf_counter() - t0:.1f} s", flush=True)

    out_prompts = []
    for n, q in enumerate(queries):
        r = system._retriever(q.workspace, q.language)
        matrix, ids = r._scoped
        query = build_query(q.prompt)
        qv = r.query_vectors.for_query(embedder, query)
        cos = (matrix @ qv.T).max(axis=1)
        whole = (matrix @ embedder.embed(query.parts()).T).max(axis=1)
        lex = dict(r.bm25.search(query.text, len(ids)))
        bm25 = np.array([lex.get(rid, 0.0) for rid in ids], dtype=np.float32)
        nearest = [ids[i] for i in np.argsort(-cos, kind="stable")[:COVERAGE_POOL]]
        coverage = r.bm25.coverage(content_terms(query.keywords or query.prompt), nearest)
        gated = system.recall(q)
        ungated, gate_score = system.recall_ungated(q)
        out_prompts.append(
            {
                "id": q.id,
                "repo": q.repo,
                "workspace": q.workspace,
                "language": q.language,
                "prompt": q.prompt,
                "keywords": query.keywords,
                "relevant": sorted(q.relevant),
                "ids": list(ids),
                "cos": cos.astype(np.float32),
                "cos_whole": whole.astype(np.float32),
                "bm25": bm25,
                "coverage": coverage,
                "words": words_of(q.prompt),
                "today_gated": gated,
                "today_ungated": ungated,
                "today_gate_score": gate_score,
                "scope_size": len(ids),
            }
        )
        if n % 100 == 0:
            print(f"  {n}/{len(queries)} prompts", flush=True)

    scoped = {rid for p in out_prompts for rid in p["ids"]}
    out_records = {}
    for rid in scoped:
        rec = by_id[rid]
        md = rec.metadata
        out_records[rid] = {
            "class": rec.memory_class.value,
            "style": "/style/" in md.namespace,
            "pinned": bool(md.pinned),
            "words": words_of(rec.body + " " + " ".join(md.attributes.tags)),
            "body": rec.body,
            "length": len(rec.body.split()),
        }
    return {"stamp": stamp, "prompts": out_prompts, "records": out_records}


def load(cache: Path = Path("/tmp/gate-cache")) -> dict:
    """The cached harness output, built first if missing or made from other data."""
    f = cache / "prompts.pkl"
    if f.exists():
        data = pickle.loads(f.read_bytes())
        if data.get("stamp") == data_stamp():
            return data
    data = build(cache)
    f.write_bytes(pickle.dumps(data))
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/gate-cache"))
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    if args.rebuild:
        (args.cache / "prompts.pkl").unlink(missing_ok=True)
    t0 = time.perf_counter()
    data = load(args.cache)
    ps = data["prompts"]
    print(
        f"{len(ps)} prompts ({sum(bool(p['relevant']) for p in ps)} answerable), {len(data['records'])} records in "
        f"some scope; {time.perf_counter() - t0:.1f} s"
    )


if __name__ == "__main__":
    main()
