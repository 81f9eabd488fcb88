"""Upper bounds of the ranking signals on the evaluation set, with the relevance gate ignored.

For each answerable prompt: is a labelled record in the top 3 of the vector ranking (the prompt as
the pipeline embeds it, and the whole prompt), of BM25, of one or the other (an oracle that picks the
better ranking per prompt), of an interleaving of the two, and in the top 8 of either? It says how
far any fusion of these two signals can go, and whether the candidates a reranker would need are there.

    .venv/bin/python tests/eval/bounds.py [--embedder hash|minilm]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import run_eval as ev

from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.retrieval.query import build_query
from picasso_tui.retrieval.vectors import top_k


def interleave(first: list[str], second: list[str], pattern: str) -> list[str]:
    """Take from ``first`` (a) and ``second`` (b) in the order ``pattern`` says, skipping repeats."""
    sources = {"a": list(first), "b": list(second)}
    out: list[str] = []
    for p in pattern:
        source = sources[p]
        while source and source[0] in out:
            source.pop(0)
        if source:
            out.append(source.pop(0))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="minilm", choices=["hash", "minilm"])
    args = parser.parse_args()
    records = ev.load_records()
    queries = [q for q in json.loads(ev.QUERIES_FILE.read_text(encoding="utf-8")) if q["relevant"]]
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="picasso-bounds-") as tmp:
        paths = ev.seed_home(Path(tmp) / "home", records)
        embedder = ev.make_embedder(args.embedder)
        retrievers: dict[tuple[str, str], Retriever] = {}
        for q in queries:
            key = (q["workspace"], q["language"])
            if key not in retrievers:
                retrievers[key] = Retriever(paths, account_id=ev.ACCOUNT, workspace_fingerprint=key[0],
                                            language=key[1], embedder=embedder, graph=False)  # fmt: skip
                retrievers[key].refresh()
            r = retrievers[key]
            assert r._scoped is not None
            matrix, ids = r._scoped
            query = build_query(q["prompt"])
            vector = [rid for rid, _ in top_k(matrix, ids, r.query_vectors.for_query(embedder, query), 8)]
            whole = [rid for rid, _ in top_k(matrix, ids, embedder.embed(query.parts()), 3)]
            lexical = [rid for rid, _ in r.bm25.search(query.text, 8)]
            want = set(q["relevant"])
            found = {
                "vector top 3 (as the pipeline embeds the prompt)": vector[:3],
                "vector top 3 (the whole prompt)": whole,
                "BM25 top 3": lexical[:3],
                "either top 3 (oracle)": vector[:3] + lexical[:3],
                **{f"interleaved {p} (a: vector, b: BM25)": interleave(vector, lexical, p) for p in ("aab", "aba", "abb", "bba")},
                "either top 8": vector + lexical,
            }  # fmt: skip
            for name, got in found.items():
                counts[name] = counts.get(name, 0) + bool(want & set(got))
    print(f"{args.embedder}: share of {len(queries)} answerable prompts with a labelled record in ...")
    for name, n in counts.items():
        print(f"  {name:50} {n / len(queries):.3f}")


if __name__ == "__main__":
    main()
