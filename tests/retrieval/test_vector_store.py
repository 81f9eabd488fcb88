"""The vector store's rows, its hnswlib graph and the lexical term cache, as a resident process
(the TUI, the MCP server) uses them: memories written while it runs are found, deleted ones never
come back, other scopes stay invisible whatever the index, and a restart reuses what was built."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import orjson
import pytest

from picasso_tui.retrieval import ann, vectors
from picasso_tui.retrieval import exact as exact_module
from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.store.filestore import Delete, FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
FP = "3f9a1c2b7d4e"
OTHER = "bbbbbbbbbbbb"
TOPICS = ["router", "migration", "vitest", "deploy", "cache", "queue", "billing", "schema", "logging", "oauth"]


def rec(rid: str, body: str, fp: str = FP) -> MemoryRecord:
    when = (NOW - timedelta(days=1)).isoformat()
    return MemoryRecord.model_validate({"id": rid, "body": body, "metadata": {
        "class": "fact", "namespace": f"account:local/projects/workspace:{fp}/facts",
        "createdAt": when, "lastObservedAt": when}})  # fmt: skip


def corpus(n: int, fp: str = FP, prefix: str = "mem_") -> list[MemoryRecord]:
    return [rec(f"{prefix}{i:05d}", f"Note {i}: the {TOPICS[i % 10]} code in module {i % 37} follows rule {i % 7}.", fp)
            for i in range(n)]  # fmt: skip


@pytest.fixture
def small_graph_threshold(monkeypatch):
    # The graph wins from ~5,000 rows on this machine; the tests exercise it on a few hundred.
    monkeypatch.setattr(exact_module, "HNSW_MIN_ROWS", 100)
    pytest.importorskip("hnswlib")


def resident(paths) -> Retriever:
    r = Retriever(paths, workspace_fingerprint=FP, language="python", embedder=HashEmbedder(), clock=lambda: NOW)
    r.refresh()
    if r.vectors._building is not None:
        r.vectors._building.join()  # the graph builds on its own thread; wait for it here
    return r


def test_a_resident_retriever_searches_the_graph_and_follows_writes(paths, small_graph_threshold) -> None:
    files = FileStore(paths)
    files.apply([Upsert(r) for r in corpus(300)])
    r = resident(paths)
    assert r.vectors.graph is not None
    first = r.recall("the oauth code in module 9", emit=False)
    assert first.search == "hnsw" and first.entries
    exact = Retriever(paths, workspace_fingerprint=FP, language="python", embedder=HashEmbedder(),
                      clock=lambda: NOW, graph=False).recall("the oauth code in module 9", emit=False)  # fmt: skip
    assert exact.search == "exact"
    assert [e.id for e in first.entries][:3] == [e.id for e in exact.entries][:3]

    # A memory written by another process is found through the graph, without a rebuild.
    graph = r.vectors.graph
    files.apply([Upsert(rec("mem_new", "Kafka consumers commit offsets only after the handler succeeds."))])
    found = r.recall("when do kafka consumers commit offsets", emit=False)
    assert found.search == "hnsw" and found.entries[0].id == "mem_new"
    assert r.vectors.graph is graph

    # A deleted one never comes back, from the graph or anywhere else.
    files.apply([Delete("mem_new")])
    gone = r.recall("when do kafka consumers commit offsets", emit=False)
    assert "mem_new" not in [e.id for e in gone.entries]


def test_the_graph_never_returns_another_workspace(paths, small_graph_threshold) -> None:
    # The other workspace holds the exact text of the query; this one only near misses.
    FileStore(paths).apply([Upsert(r) for r in corpus(200) + corpus(200, OTHER, "mem_other_")]
                           + [Upsert(rec("mem_other_exact", "Payments retry with exponential backoff.", OTHER))])  # fmt: skip
    r = resident(paths)
    result = r.recall("Payments retry with exponential backoff.", emit=False)
    assert all(
        e.record.metadata.namespace.startswith(f"account:local/projects/workspace:{FP}/") for e in result.entries
    )
    hits = r.vectors.graph.search(HashEmbedder().embed(["Payments retry with exponential backoff."]), 5)
    assert r.vectors.ids[hits[0][0]] == "mem_other_exact"  # the graph itself does hold it: scope filtering did the work


def test_a_restart_loads_the_saved_graph_instead_of_rebuilding(paths, small_graph_threshold, monkeypatch) -> None:
    FileStore(paths).apply([Upsert(r) for r in corpus(300)])
    resident(paths)
    assert list((paths.cache_dir / "vectors").rglob(vectors.GRAPH_FILE))
    builds = []
    real_build = ann.HnswIndex.build.__func__
    monkeypatch.setattr(
        ann.HnswIndex, "build", classmethod(lambda cls, *a, **k: builds.append(1) or real_build(cls, *a, **k))
    )
    again = resident(paths)
    assert again.vectors.graph is not None and builds == []
    assert again.recall("the router code in module 3", emit=False).search == "hnsw"


def test_deleting_many_memories_compacts_rows_and_rebuilds_the_graph(paths, small_graph_threshold) -> None:
    files = FileStore(paths)
    records = corpus(400)
    files.apply([Upsert(r) for r in records])
    r = resident(paths)
    epoch = r.vectors.epoch
    files.apply([Delete(x.id) for x in records[:200]])
    r.refresh()
    assert r.vectors.epoch != epoch and len(r.vectors.ids) == r.vectors.live_rows == 200  # dead rows dropped
    if r.vectors._building is not None:
        r.vectors._building.join()
    result = r.recall("the router code in module 3", emit=False)
    assert result.entries and all(e.id >= "mem_00200" for e in result.entries)


def test_few_deletions_leave_dead_rows_and_keep_row_numbers(paths) -> None:
    files = FileStore(paths)
    records = corpus(300)
    files.apply([Upsert(r) for r in records])
    r = Retriever(paths, workspace_fingerprint=FP, language="python", embedder=HashEmbedder(), graph=False)
    r.refresh()
    row = r.vectors.row_of["mem_00299"]
    files.apply([Delete(records[0].id)])
    r.refresh()
    assert r.vectors.row_of["mem_00299"] == row and r.vectors.ids[0] == "" and r.vectors.live_rows == 299
    cached = orjson.loads((r.vectors.folder / "meta.json").read_bytes())
    assert cached["rows"][0][0] == ""  # the dead row is saved as dead, not resurrected by the next process


def test_the_term_cache_spares_tokenizing_and_forgets_deleted_texts(paths, monkeypatch) -> None:
    files = FileStore(paths)
    files.apply([Upsert(r) for r in corpus(50)] + [Upsert(rec("mem_secret", "Zanzibar quokka protocol notes."))])
    Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder()).refresh()
    cache_file = next((paths.cache_dir / "lexical").glob("terms-*.json"))
    assert any("quokka" in terms for terms in orjson.loads(cache_file.read_bytes()).values())

    from picasso_tui.retrieval import lexical

    calls = []
    real = lexical.terms
    monkeypatch.setattr(lexical, "terms", lambda text: calls.append(text) or real(text))
    fresh = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder())
    assert fresh.recall("quokka protocol", emit=False).entries[0].id == "mem_secret"
    assert calls == ["quokka protocol"]  # only the query was split; every memory's terms came from the cache

    files.apply([Delete("mem_secret")])
    fresh.refresh()
    assert not any("quokka" in terms for terms in orjson.loads(cache_file.read_bytes()).values())


def test_a_new_memory_saves_its_row_not_the_whole_matrix(paths) -> None:
    files = FileStore(paths)
    files.apply([Upsert(r) for r in corpus(200)])
    r = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder(), graph=False)
    r.refresh()
    folder = r.vectors.folder
    [base] = list(folder.glob("rows-*.npy"))
    base_bytes = base.read_bytes()
    files.apply([Upsert(rec("mem_new", "Kafka consumers commit offsets after the handler succeeds."))])
    r.refresh()
    parts = orjson.loads((folder / "meta.json").read_bytes())["parts"]
    assert parts[0] == base.name and base.read_bytes() == base_bytes  # the 200 saved rows were not rewritten
    assert len(parts) == 2 and np.load(folder / parts[1]).shape == (1, HashEmbedder().dim)
    fresh = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder(), graph=False)
    fresh.refresh()
    assert fresh.last_sync.from_cache and fresh.last_sync.embedded == 0
    assert np.array_equal(fresh.vectors.matrix, r.vectors.matrix)
    for i in range(vectors.MAX_PARTS + 1):  # many small writes: the parts are folded into one again
        files.apply([Upsert(rec(f"mem_more_{i}", f"Note about queue {i} and its retry policy."))])
        r.refresh()
    meta = orjson.loads((folder / "meta.json").read_bytes())
    assert len(meta["parts"]) < vectors.MAX_PARTS
    assert sorted(p.name for p in folder.glob("rows-*.npy")) == sorted(meta["parts"])  # nothing left behind
    again = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder(), graph=False)
    again.refresh()
    assert (
        again.last_sync.embedded == 0
        and again.recall("retry policy of queue 7", emit=False).entries[0].id == "mem_more_7"
    )


def test_one_new_memory_does_not_rewrite_the_term_cache(paths) -> None:
    files = FileStore(paths)
    files.apply([Upsert(r) for r in corpus(100)])
    r = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder(), graph=False)
    r.refresh()
    cache_file = next((paths.cache_dir / "lexical").glob("terms-*.json"))
    before = cache_file.read_bytes()
    files.apply([Upsert(rec("mem_new", "Zanzibar quokka protocol notes."))])
    assert r.recall("quokka protocol", emit=False).entries[0].id == "mem_new"
    assert cache_file.read_bytes() == before  # split again by the next process, in microseconds
    fresh = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder(), graph=False)
    assert fresh.recall("quokka protocol", emit=False).entries[0].id == "mem_new"


def test_an_older_version_of_the_models_vectors_is_deleted_other_models_stay(paths) -> None:
    FileStore(paths).apply([Upsert(r) for r in corpus(20)])
    root = paths.cache_dir / "vectors"
    older, other, unversioned = root / "hash-v1-384", root / "hash-v1-512", root / "all-minilm-l6-v2"
    provider = root / "nomic-embed-text-v1-768"  # another model that merely has a version in its name
    for folder in (older, other, unversioned, provider):
        folder.mkdir(parents=True)
        (folder / "meta.json").write_text("{}")
    r = Retriever(paths, workspace_fingerprint=FP, embedder=HashEmbedder(), graph=False)
    r.refresh()
    assert r.vectors.folder.name == "hash-v2-384" and (r.vectors.folder / "meta.json").exists()
    assert not older.exists()  # superseded: nothing computes those vectors any more
    assert other.exists() and unversioned.exists() and provider.exists()  # a user may switch back to these

    class ProviderV2(HashEmbedder):
        def __init__(self) -> None:
            super().__init__(dim=768)
            self.model_id = "nomic-embed-text-v2-768"

    r2 = Retriever(paths, workspace_fingerprint=FP, embedder=ProviderV2(), graph=False)
    r2.refresh()
    assert (root / "nomic-embed-text-v2-768" / "meta.json").exists()
    assert provider.exists()  # not ours to call superseded: v1 and v2 are two models
