"""The retrieval pipeline every front end shares (CLI, TUI, `picasso run`, MCP):

scope -> intent cues (a no-memory cue stops here) -> query parts -> embed -> exact/ANN search + BM25 within
scope -> the relevance gate -> fuse -> rank -> the top 3, companions above the floor, 1-hop graph expansion
-> stale and duplicate checks -> block within the token budget.

A ``Retriever`` is meant to live in a resident process: it keeps the vectors, the lexical index
and the scoped matrix between queries and refreshes them only when memory.json changes.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.retrieval import block as block_mod
from picasso_tui.retrieval import gate as gate_mod
from picasso_tui.retrieval import reader as reader_mod
from picasso_tui.retrieval import saved_index as saved_index_mod
from picasso_tui.retrieval.blas import one_thread
from picasso_tui.retrieval.code_staleness import CodeStaleness
from picasso_tui.retrieval.embedders.base import Embedder
from picasso_tui.retrieval.lexical import BM25, TermCache, content_terms, term_key
from picasso_tui.retrieval.query import Query, QueryVectors, build_query
from picasso_tui.retrieval.rank import LEAD, Candidate, floor_for, fuse, relevant, score, tuning_for
from picasso_tui.retrieval.result import Entry, RecallResult
from picasso_tui.retrieval.scope import Scope
from picasso_tui.retrieval.searchable import LazyRecords, searchable_records
from picasso_tui.retrieval.vectors import SyncStats, VectorStore, text_hash, top_k
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.codec import record_spans
from picasso_tui.store.document import RawDocument
from picasso_tui.store.filestore import FileStore
from picasso_tui.store.namespaces import main_language
from picasso_tui.store.schema import SCHEMA_VERSION, MemoryRecord, utc_now
from picasso_tui.store.stamp import content_stamp

DEFAULT_TOP_K = 8
DEFAULT_BUDGET = 1200
MAX_EXPANSIONS = 4
STALE_MARGIN = 0.1

Hits = list[tuple[str, float]]


class Retriever:
    def __init__(
        self,
        paths: PicassoPaths | None = None,
        *,
        account_id: str = "local",
        workspace_fingerprint: str | None = None,
        language: str | None = None,
        org: str | None = None,
        embedder: Embedder | None = None,
        top_k: int = DEFAULT_TOP_K,
        budget: int = DEFAULT_BUDGET,
        file_store: FileStore | None = None,
        clock: Callable[[], datetime] = utc_now,
        graph: bool = True,
        workspace_root: Path | None = None,
        saved_index: bool = False,
        reader: reader_mod.Reader | None = None,
    ) -> None:
        """``graph``: use (load or build in the background) the hnswlib graph once the store is large
        enough for it to win; a one-shot process answering a single query searches exactly instead.
        ``saved_index``: refresh from, and save, the index of this scope kept per content of
        memory.json (``retrieval.saved_index``), for a one-shot process: it skips decoding the file.
        ``reader``: chooses and orders the top of each ranking (``retrieval.reader``; ``reader.py``); None: none."""
        self.file_store = file_store or FileStore(paths, projections=False)
        self.paths = self.file_store.paths
        self.scope = Scope(account_id, workspace_fingerprint, language, org)
        self.note: str | None = None
        if embedder is None:
            embedder, self.note = _default_embedder(self.paths)
        self.embedder = embedder
        self.tuning = tuning_for(embedder.model_id)
        self.vectors = VectorStore(self.paths.cache_dir, embedder)
        self.top_k = top_k
        self.budget = budget
        self.clock = clock
        self._stamp: tuple[int, int, int] | None = None
        self.records: Mapping[str, MemoryRecord] = {}
        self.terms = TermCache(self.paths.cache_dir)
        self.bm25 = BM25([])
        self._scoped: tuple[Any, list[str]] | None = None
        self._allowed: set[str] = set()
        self._lexical_mask: Any = None
        self.last_sync = None
        self.use_graph = graph
        self.staleness = CodeStaleness(workspace_root)
        self._allowed_rows: frozenset[int] = frozenset()
        self.query_vectors = QueryVectors()
        self.saved_index = saved_index
        self.reader = reader
        self._index_key = saved_index_mod.index_key(self.scope, embedder.model_id, embedder.dim)
        self._index_path = saved_index_mod.index_path(self.paths.cache_dir, self._index_key)

    @classmethod
    def for_store(cls, store: MemoryStore, **options: Any) -> Retriever:
        """A retriever scoped to the store's account, workspace and the workspace's main language, with
        the user's ``retrieval.topK`` and ``retrieval.budgetTokens`` unless ``options`` name others."""
        ws = store.workspace
        language = options.pop("language", None) or (main_language(ws.root, store.paths.cache_dir) if ws else None)
        options.setdefault("top_k", settings.get("retrieval.topK", store.paths))
        options.setdefault("budget", settings.get("retrieval.budgetTokens", store.paths))
        options.setdefault("reader", reader_mod.from_settings(store.paths))
        return cls(
            account_id=store.account_id,
            workspace_fingerprint=ws.fingerprint if ws else None,
            workspace_root=ws.root if ws else None,
            language=language,
            file_store=FileStore(store.paths, projections=False),
            **options,
        )

    # -- keeping up with memory.json ---------------------------------------------------------------

    def refresh(self, force: bool = False) -> bool:
        """Re-index when the file changed (a stat: cheap enough to run before every query)."""
        try:
            st = os.stat(self.paths.memory_file)
            stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            stamp = (0, 0, 0)
        if stamp == self._stamp and not force:
            return False
        if self.saved_index and self._refresh_from_saved_index():
            self._stamp = stamp
            return True
        if self.vectors.partial:  # held only a saved scope's rows: the full refresh needs the whole store
            self.vectors = VectorStore(self.paths.cache_dir, self.embedder)
        doc = self.file_store.read_document()
        live, scoped = searchable_records(doc, self.scope)
        self._index(doc, live, scoped)
        self._stamp = stamp
        spans = record_spans(doc) if self.saved_index and doc.version == SCHEMA_VERSION else None
        if spans is not None:  # never after a migration: an old file's namespaces depend on more than its bytes
            matrix, matrix_ids = self._scoped
            saved_index_mod.save(self._index_path, self._index_key, content_stamp(doc.original), spans,
                                 list(scoped), matrix, matrix_ids, self.bm25,
                                 source=(self.paths.memory_file, doc.original))  # fmt: skip
        return True

    def _index(self, doc: RawDocument, live: list[tuple[str, str]], scoped: dict[str, dict[str, Any]]) -> None:
        """Vectors for every live record, the lexical index and the search matrix for those in scope."""
        self.records = LazyRecords(scoped, self.file_store.validated)
        # Vectors are kept for every live record (the cache is shared by all workspaces; one that
        # held only this scope would re-embed the others' on every switch); searches use the subset.
        hashes = {rid: text_hash(text) for rid, text in live}
        self.last_sync = self.vectors.sync(live, hashes)
        self.terms.keep(term_key(rid, h) for rid, h in hashes.items())
        self.terms.source = (self.paths.memory_file, doc.original)
        self.bm25 = BM25([(rid, text) for rid, text in live if rid in scoped], self.terms, hashes)
        self._allowed = set(scoped)
        self._scoped = self.vectors.subset(self._allowed)
        if self.use_graph:
            self.vectors.ensure_graph()
            row_of = self.vectors.row_of
            self._allowed_rows = frozenset(row_of[rid] for rid in self._allowed if rid in row_of)
        self._lexical_mask = None  # the lexical index holds only this scope

    def _refresh_from_saved_index(self) -> bool:
        """Take the scope from the index saved for memory.json's current bytes; False when there is none."""
        try:
            data = self.paths.memory_file.read_bytes()
        except OSError:
            return False  # the full refresh reports what is wrong
        saved = saved_index_mod.load(self._index_path, self._index_key, content_stamp(data), data)
        if saved is None:
            return False
        self.records = LazyRecords(saved.raws, self.file_store.validated)
        self.vectors = VectorStore.scoped_rows(self.paths.cache_dir, self.embedder, saved.matrix_ids, saved.matrix)
        self.last_sync = SyncStats(rows=len(saved.matrix_ids), from_cache=True)
        self.bm25 = saved.bm25
        self._allowed = set(saved.ids)
        self._scoped = (saved.matrix, saved.matrix_ids)
        self._allowed_rows = frozenset()  # no graph over a partial store: searches are exact
        self._lexical_mask = None
        return True

    # -- the query ----------------------------------------------------------------------------------

    def recall(
        self,
        prompt: str,
        *,
        plan: str | None = None,
        files: tuple[str, ...] = (),
        budget: int | None = None,
        emit: bool = True,
        asked: bool = False,
    ) -> RecallResult:
        """What to inject for ``prompt`` (and the plan and file paths that go with it) within the budget.
        ``asked``: an agent queried memory itself (MCP ``query_memory``), so the intent cues, which judge whether
        a prompt to an agent needs memory, do not apply; coverage still decides."""
        t0 = time.perf_counter()
        timings: dict[str, float] = {}
        self.refresh()
        timings["refresh"] = (time.perf_counter() - t0) * 1000
        result = RecallResult(embedder=self.embedder.model_id, note=self.note)
        query = build_query(prompt, plan, files)
        if not query.prompt or not self._allowed:
            result.timings_ms = {**timings, "total": (time.perf_counter() - t0) * 1000}
            return result
        qv, vector_hits, lexical_hits, result.gate = self._search(query, result, timings, cues=not asked)
        t_rank = time.perf_counter()
        gate_open = result.gate.open
        candidates = fuse(vector_hits, lexical_hits, self.records)
        ranked, omitted = self._rank(candidates, qv, gate_open)
        ranked = reader_mod.read(self.reader, query.prompt, ranked, omitted, result, timings, candidates)
        self._render(result, ranked, omitted, budget or self.budget)
        timings["rank_format"] = (time.perf_counter() - t_rank) * 1000
        timings["total"] = (time.perf_counter() - t0) * 1000
        result.timings_ms = timings
        if emit:
            events.emit(
                self.paths,
                "retrieval",
                ids=[e.id for e in result.entries],
                omitted=len(result.omitted),
                embedder=self.embedder.model_id,
                ms=round(timings["total"], 2),
            )
        return result

    def _search(
        self, query: Query, result: RecallResult, timings: dict[str, float], *, cues: bool = True
    ) -> tuple[Any, Hits, Hits, gate_mod.Gate]:
        """The query's vectors, its nearest records in scope by vector and by BM25, and the relevance gate;
        notes on ``result`` how the vectors were searched. A prompt a no-memory cue shuts is not searched."""
        cued = gate_mod.by_cue(query.prompt, self.tuning.coverage) if cues else None
        if cued is not None and not cued.open:
            return None, [], [], cued  # nothing will be injected: skip the model pass and both searches
        t0 = time.perf_counter()
        with one_thread():  # query-sized matrices: extra BLAS threads only fight other work for the cores
            qv = self.query_vectors.for_query(self.embedder, query)
            t1 = time.perf_counter()
            timings["embed"] = (t1 - t0) * 1000
            assert self._scoped is not None
            matrix, ids = self._scoped
            pool = self.top_k * 4
            vector_hits = self.vectors.graph_search(qv, pool, self._allowed_rows) if self.use_graph else None
            result.search = "exact" if vector_hits is None else "hnsw"
            if vector_hits is None:
                vector_hits = top_k(matrix, ids, qv, pool)
        lexical_hits = self.bm25.search(query.text, pool, self._lexical_mask)
        coverage = self.bm25.coverage(content_terms(query.keywords or query.prompt), (rid for rid, _ in vector_hits))
        timings["search"] = (time.perf_counter() - t1) * 1000
        return qv, vector_hits, lexical_hits, gate_mod.by_coverage(coverage, self.tuning.coverage, cued)

    def _render(
        self, result: RecallResult, ranked: list[Candidate], omitted: list[tuple[str, str]], budget: int
    ) -> None:
        """The block of the ranked records that fit ``budget``, their entries, and every omission."""
        rendered = block_mod.render([c.record for c in ranked], self.clock(), budget, self.scope.language)
        omitted += [(rid, "budget") for rid in rendered.over_budget]
        by_id = {c.record.id: c for c in ranked}
        result.entries = [
            Entry(rid, by_id[rid].record, i + 1, by_id[rid].score, by_id[rid].components, by_id[rid].via)
            for i, rid in enumerate(rendered.included)
        ]
        result.block = rendered.text
        result.omitted = omitted

    def _rank(
        self, candidates: dict[str, Candidate], qv: Any, gate: bool
    ) -> tuple[list[Candidate], list[tuple[str, str]]]:
        """With the gate open: the fused top ``LEAD`` (stale and duplicate records out), then companions above
        the floor up to ``top_k``, then what those point to (1-hop)."""
        floor = floor_for(self.embedder.model_id)
        omitted: list[tuple[str, str]] = []
        if not gate:
            return [], [(rid, "gate shut") for rid in candidates]
        self.staleness.judge(candidates, omitted)
        kept: list[Candidate] = []
        best = max((c.similarity for c in candidates.values()), default=0.0)
        for c in candidates.values():
            score(c, self.tuning, self.scope.own(c.record.metadata.namespace))
            if c.record.is_stale and c.similarity < floor + STALE_MARGIN:
                omitted.append((c.record.id, "stale"))
            else:
                kept.append(c)
        kept.sort(key=lambda c: c.score, reverse=True)
        seen_bodies: set[str] = set()
        distinct = _distinct(kept, seen_bodies, omitted)
        head = distinct[: min(LEAD, self.top_k)]
        # After the first, a lead entry needs some tie to the prompt, a shared word or a companion's cosine: in a
        # small store the third best is often about something else entirely.
        lead = head[:1] + [c for c in head[1:] if c.lexical > 0 or relevant(c, floor, best)]
        companions: list[Candidate] = []
        in_lead = {id(c) for c in lead}
        for c in (c for c in distinct if id(c) not in in_lead):
            if not relevant(c, floor, best):
                omitted.append((c.record.id, "below floor"))
            elif len(lead) + len(companions) >= self.top_k:
                omitted.append((c.record.id, "below top-k"))
            else:
                companions.append(c)
        expanded = _distinct(self._expand(lead + companions, qv, floor), seen_bodies, omitted)
        return lead + sorted(companions + expanded, key=lambda c: c.score, reverse=True), omitted

    def _expand(self, primary: list[Candidate], qv: Any, floor: float) -> list[Candidate]:
        """1-hop: what each hit points to (decisions, facts) and memories that share its files."""
        have = {c.record.id for c in primary}
        out: list[Candidate] = []
        for parent in primary:
            targets = [e.target for e in parent.record.metadata.edges if e.target in self._allowed]
            for rid in targets:
                record = self.records.get(rid) if rid not in have and len(out) < MAX_EXPANSIONS else None
                if record is None:
                    continue
                c = Candidate(record, via=parent.record.id)
                judged: list[tuple[str, str]] = []
                self.staleness.judge({rid: c}, judged)
                if judged:  # learned on another branch: not here either
                    continue
                row = self.vectors.row_of.get(rid)
                c.similarity = float((self.vectors.matrix[row] @ qv.T).max()) if row is not None else 0.0
                if c.similarity < floor * 0.6:
                    continue
                score(c, self.tuning, self.scope.own(record.metadata.namespace))
                have.add(rid)
                out.append(c)
        return out


def _default_embedder(paths: PicassoPaths) -> tuple[Embedder, str | None]:
    from picasso_tui.retrieval.embedders import get_embedder  # numpy and the model only when recalling

    return get_embedder(paths)


def _distinct(candidates: list[Candidate], seen_bodies: set[str], omitted: list[tuple[str, str]]) -> list[Candidate]:
    """``candidates`` without those whose text (case and spacing aside) is already in ``seen_bodies``, which
    learns each kept one; the others are noted as duplicates."""
    out = []
    for c in candidates:
        key = " ".join(c.record.body.lower().split())
        if key in seen_bodies:
            omitted.append((c.record.id, "duplicate"))
            continue
        seen_bodies.add(key)
        out.append(c)
    return out
