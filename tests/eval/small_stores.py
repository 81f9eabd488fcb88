"""The relevance gate on small stores: a new user has a handful of memories, not forty.

Each prompt's scope is cut to N records (for an answerable prompt, one of its labelled records and
N-1 others; for a nothing-applies prompt, N at random; three draws each, fixed seed), the gate is
decided on that store as the pipeline decides it (intent cues, then the coverage of the prompt's words
by its nearest records against the embedder family's threshold), and the share of prompts it lets
through is printed: for answerable prompts (higher is better) and nothing-applies prompts (lower is
better), and how many of those it lets through were let through by coverage rather than a task cue.

    .venv/bin/python tests/eval/small_stores.py [--embedder hash|minilm] [--home DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import run_eval as ev

from picasso_tui.retrieval.gate import by_coverage, by_cue
from picasso_tui.retrieval.lexical import BM25, content_terms
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.retrieval.query import QueryVectors, build_query
from picasso_tui.retrieval.rank import tuning_for
from picasso_tui.retrieval.searchable import raw_embed_text

SIZES = (2, 3, 5, 10, 0)  # 0: the whole scope
DRAWS = 3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="minilm", choices=["hash", "minilm"])
    parser.add_argument(
        "--home", type=Path, metavar="DIR", help="reuse the evaluation home kept here (run_eval --home)"
    )
    args = parser.parse_args()
    records = ev.load_records()
    queries = json.loads(ev.QUERIES_FILE.read_text(encoding="utf-8"))
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="picasso-small-") as tmp:
        paths = ev.reuse_home(args.home, records) if args.home else ev.seed_home(Path(tmp) / "home", records)
        embedder = ev.make_embedder(args.embedder)
        scopes: dict[tuple[str, str], tuple[dict[str, np.ndarray], dict[str, str]]] = {}
        for q in queries:
            key = (q["workspace"], q["language"])
            if key not in scopes:
                r = Retriever(paths, account_id=ev.ACCOUNT, workspace_fingerprint=key[0], language=key[1],
                              embedder=embedder, graph=False)  # fmt: skip
                r.refresh()
                assert r._scoped is not None
                matrix, ids = r._scoped
                raws = r.records._raws  # type: ignore[attr-defined]
                scopes[key] = (dict(zip(ids, matrix, strict=True)), {i: raw_embed_text(raws[i]) for i in ids})
        vectors = QueryVectors(capacity=0)
        needed = tuning_for(embedder.model_id).coverage
        opened: dict[tuple[int, bool], list[bool]] = {}
        by_words: dict[tuple[int, bool], list[bool]] = {}
        for size in SIZES:
            for q in queries:
                by_id, texts = scopes[(q["workspace"], q["language"])]
                ids = list(by_id)
                query = build_query(q["prompt"])
                cued = by_cue(query.prompt, needed)
                qv = vectors.for_query(embedder, query)
                for _ in range(DRAWS if size else 1):
                    if not size:
                        pick = ids
                    elif q["relevant"]:
                        labelled = rng.choice([i for i in q["relevant"] if i in by_id])
                        pick = [labelled, *rng.sample([i for i in ids if i not in q["relevant"]], size - 1)]
                    else:
                        pick = rng.sample(ids, size)
                    sims = (np.stack([by_id[i] for i in pick]) @ qv.T).max(axis=1)
                    order = np.argsort(-sims)
                    bm25 = BM25([(i, texts[i]) for i in pick])
                    coverage = bm25.coverage(
                        content_terms(query.keywords or query.prompt), [pick[i] for i in order[:32]]
                    )
                    gate = by_coverage(coverage, needed, cued)
                    opened.setdefault((size, bool(q["relevant"])), []).append(gate.open)
                    by_words.setdefault((size, bool(q["relevant"])), []).append(gate.open and gate.cue is None)
    print(
        f"{args.embedder} (coverage >= {needed}): share of prompts the gate lets through, answerable / nothing-applies"
    )
    for label, counts in (("all", opened), ("by coverage", by_words)):
        cells = [
            f"N={size or 'all'} {np.mean(counts[(size, True)]):.2f} / {np.mean(counts[(size, False)]):.2f}"
            for size in SIZES
        ]
        print(f"  {label:12}", " | ".join(cells))


if __name__ == "__main__":
    main()
