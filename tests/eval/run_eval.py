"""Retrieval quality on the evaluation set: hit@3, precision@3 and the false injection rate.

    .venv/bin/python tests/eval/run_eval.py                                  # the pipeline, hash embedder
    .venv/bin/python tests/eval/run_eval.py --embedder hash --embedder minilm --json /tmp/eval.json
    .venv/bin/python tests/eval/run_eval.py --baseline                       # the word-overlap stand-in only
    .venv/bin/python tests/eval/run_eval.py --baseline --embedder hash --show-misses 10
    .venv/bin/python tests/eval/run_eval.py --embedder minilm --cross-validate --home /tmp/eval-home   # LOWO

records.json is loaded into a temporary PICASSO_HOME through the store (FileStore.apply), then every prompt of
queries.json is recalled in its own workspace and language. Metrics, over the entries in injection (rank) order:

- hit@3: answerable prompts with at least one labelled record among the first 3 injected entries;
- precision@3: labelled records among the first 3 injected entries / the number of those entries (0 when nothing
  was injected), averaged over answerable prompts;
- false injection rate: nothing-applies prompts (no label) for which anything at all was injected.

Also reported: hit@1, MRR (first labelled entry anywhere in the injection), mean entries injected, latency.
``--cross-validate`` adds leave-one-workspace-out figures for the constants the pipeline was tuned with (w_lex, w_ws,
the gate's coverage threshold: ``cross_validate``).
Not a pytest module on purpose (slow with the real model); the issue's targets can be enforced with
--check-targets.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from picasso_tui.paths import PicassoPaths  # noqa: E402
from picasso_tui.store.codec import MigrationContext, decode, to_record  # noqa: E402
from picasso_tui.store.filestore import FileStore, Upsert  # noqa: E402
from picasso_tui.store.schema import MemoryRecord  # noqa: E402

RECORDS_FILE = HERE / "records.json"
QUERIES_FILE = HERE / "queries.json"
K = 3
ACCOUNT = "local"
# Targets from issue 4 ("Quality"): hit@3 per embedder, false injection for all.
HIT_TARGETS = {"minilm": 0.95, "hash": 0.85}
FALSE_INJECTION_TARGET = 0.10


# -- data ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EvalQuery:
    id: str
    workspace: str
    language: str
    prompt: str
    relevant: frozenset[str]
    repo: str = ""

    @property
    def answerable(self) -> bool:
        return bool(self.relevant)


def load_queries(path: Path = QUERIES_FILE) -> list[EvalQuery]:
    items = json.loads(path.read_text(encoding="utf-8"))
    return [
        EvalQuery(
            id=item.get("id", f"q{n:03d}"),
            workspace=item["workspace"],
            language=item["language"],
            prompt=item["prompt"],
            relevant=frozenset(item["relevant"]),
            repo=item.get("repo", item["workspace"]),
        )
        for n, item in enumerate(items, 1)
    ]


def load_records(path: Path = RECORDS_FILE) -> list[MemoryRecord]:
    """Read records.json the way Picasso reads memory.json, validating every record."""
    doc = decode(path.read_bytes(), path, MigrationContext(ACCOUNT))
    return [to_record(raw, path) for raw in doc.records.values()]


def seed_home(home: Path, records: list[MemoryRecord]) -> PicassoPaths:
    """A Picasso home holding exactly the evaluation records, written through the store."""
    os.environ["PICASSO_HOME"] = str(home)
    os.environ["PICASSO_MEMORY_ROOT"] = str(home)
    paths = PicassoPaths(home=home, root=home)
    from picasso_tui.writeback.user_store import install_guards

    install_guards()  # every writer hands the store its redactor, as a front end does
    result = FileStore(paths, projections=False, account_id=ACCOUNT).apply([Upsert(r) for r in records])
    added = result.ids("added")
    if len(added) != len(records):
        raise SystemExit(f"the store took {len(added)} of {len(records)} records")
    return paths


def reuse_home(home: Path, records: list[MemoryRecord]) -> PicassoPaths:
    """A home seeded once per content of records.json and kept (``--home``): its vector cache survives runs."""
    import hashlib

    stamp = hashlib.sha256(RECORDS_FILE.read_bytes()).hexdigest()[:16]
    seeded = home / f"home-{stamp}"
    if (seeded / ".seeded").exists():
        os.environ["PICASSO_HOME"] = str(seeded)
        os.environ["PICASSO_MEMORY_ROOT"] = str(seeded)
        return PicassoPaths(home=seeded, root=seeded)
    paths = seed_home(seeded, records)
    (seeded / ".seeded").write_text("ok\n")
    return paths


# -- systems under test --------------------------------------------------------------------------


class System(Protocol):
    name: str

    def recall(self, query: EvalQuery) -> list[str]:
        """Ids of the injected entries, in rank order; [] when nothing is injected."""
        ...


def make_embedder(name: str) -> Any:
    """The embedder behind ``--embedder NAME``; adapt here when the embedder constructors change."""
    if name == "hash":
        from picasso_tui.retrieval.embedders.hashing import HashEmbedder

        return HashEmbedder()
    if name == "minilm":
        from picasso_tui.retrieval.embedders.minilm import MiniLMEmbedder

        return MiniLMEmbedder()
    raise SystemExit(f"unknown embedder {name!r} (known: hash, minilm)")


class OracleReader:
    """NOT a result: a reader (``picasso_tui.retrieval.reader.Reader``) that knows the prompt's labels, for
    ``--reader oracle-rerank`` / ``oracle-judge``. It puts the labelled memories among the top ``top_n`` first;
    as a judge it also says "none applies" when none of them is labelled. It goes through the pipeline's
    own reader hook, so its figures are the ceiling a reader of that many candidates could reach."""

    label = "oracle: knows the labels"

    def __init__(self, mode: str, top_n: int) -> None:
        self.mode = mode
        self.top_n = top_n
        self.labelled: set[str] = set()

    def read(self, prompt: str, documents: list[str]) -> list[int]:
        return [i for i, text in enumerate(documents) if text in self.labelled]


def make_reader(name: str, args: argparse.Namespace) -> Any:
    """The reader behind ``--reader NAME``: an oracle (an upper bound) or a real endpoint (``--reader-url``)."""
    from picasso_tui.retrieval.reader_http import JudgeReader, RerankReader

    if name.startswith("oracle-"):
        return OracleReader(name.removeprefix("oracle-"), args.reader_top_n)
    if not args.reader_url:
        raise SystemExit(f"--reader {name} needs --reader-url (and usually --reader-model)")
    kind = RerankReader if name == "rerank" else JudgeReader
    key = os.environ.get(args.reader_api_key_env) if args.reader_api_key_env else None
    return kind(args.reader_url, args.reader_model, key, timeout_ms=args.reader_timeout_ms, top_n=args.reader_top_n)


class PipelineSystem:
    """picasso_tui.retrieval.pipeline.Retriever, one per (workspace, language), reused across prompts.

    Everything that depends on the pipeline's interface is in this class: adapt here if it changes.
    """

    def __init__(self, paths: PicassoPaths, embedder_name: str, reader: Any = None, reader_name: str = "") -> None:
        from picasso_tui.retrieval.pipeline import Retriever

        self.name = f"{embedder_name}+{reader_name}" if reader is not None else embedder_name
        self.paths = paths
        self.embedder = make_embedder(embedder_name)
        self.reader = reader
        self.reader_notes = 0
        self._texts: dict[str, str] = {}
        self._retriever_class = Retriever
        self._retrievers: dict[tuple[str, str], Any] = {}

    def _retriever(self, workspace: str, language: str) -> Any:
        key = (workspace, language)
        if key not in self._retrievers:
            self._retrievers[key] = self._retriever_class(
                self.paths,
                account_id=ACCOUNT,
                workspace_fingerprint=workspace,
                language=language,
                embedder=self.embedder,
                reader=self.reader,
            )
        return self._retrievers[key]

    def _tell_oracle(self, query: EvalQuery) -> None:
        if isinstance(self.reader, OracleReader):
            from picasso_tui.retrieval.reader import document_text

            if not self._texts:
                self._texts = {r.id: document_text(r) for r in load_records()}
            self.reader.labelled = {self._texts[rid] for rid in query.relevant}

    def warm_up(self, queries: Iterable[EvalQuery]) -> None:
        """Build every retriever (and the vector cache) before timing individual prompts."""
        for query in queries:
            self._retriever(query.workspace, query.language).recall("warm up")

    def recall(self, query: EvalQuery) -> list[str]:
        self._tell_oracle(query)
        result = self._retriever(query.workspace, query.language).recall(query.prompt)
        self.reader_notes += bool(self.reader is not None and result.note)
        return [entry.id for entry in result.entries]

    def recall_open(self, query: EvalQuery, tuning: Any) -> tuple[list[str], Any]:
        """What would be injected with these ranking constants were the relevance gate open (no intent cue
        applied, any coverage let through), and the gate as the shipped constants decide it, with the
        prompt's coverage. The gate is all-or-nothing, so the result of any threshold follows from these
        (``cross_validate``)."""
        from dataclasses import replace
        from unittest import mock

        self._tell_oracle(query)
        from picasso_tui.retrieval import gate

        retriever = self._retriever(query.workspace, query.language)
        shipped = retriever.tuning
        retriever.tuning = replace(tuning, coverage=0.0)  # coverage is never below 0: open
        try:
            with mock.patch.object(gate, "by_cue", lambda prompt, needed: None):
                result = retriever.recall(query.prompt, emit=False)
        finally:
            retriever.tuning = shipped
        assert result.gate is not None and result.gate.coverage is not None
        decided = gate.by_coverage(result.gate.coverage, shipped.coverage, gate.by_cue(query.prompt, shipped.coverage))
        return [entry.id for entry in result.entries], decided


_STOP_WORDS = """a an and are as at be been but by can could did do does doing for from had has have how i if in into is
it its just me my of on or our should so some than that the their them then there these they this to up us was we what
when where which while who why will with would you your ok okay now also need want get got make made use using add new
one only any all more explain write tell show give difference between please thing way like sure go done"""
_STOP = frozenset(_STOP_WORDS.split())
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def words(text: str) -> list[str]:
    """Lower-case word stems: identifiers split on case, snake_case, paths and punctuation."""
    out = []
    for raw in _WORD.findall(text):
        word = raw.lower()
        if word in _STOP or len(word) < 2:
            continue
        for suffix in ("ing", "ed", "es", "s"):
            if len(word) > len(suffix) + 3 and word.endswith(suffix):
                word = word[: -len(suffix)]
                break
        out.append(word)
    return out


class BaselineSystem:
    """A stand-in, NOT the product's retrieval: word overlap (IDF-weighted cosine over word sets) within the
    namespaces retrieval may read, with a fixed floor. It exists to check the data and this runner while the
    pipeline is being written, and as a floor any real retrieval should beat."""

    name = "baseline"
    FLOOR = 0.16
    TOP_K = 8

    def __init__(self, paths: PicassoPaths) -> None:
        snapshot = FileStore(paths, projections=False, account_id=ACCOUNT).load()
        self.records = [r for r in snapshot.records() if not r.is_archived]
        docs = {r.id: set(words(_searchable(r))) for r in self.records}
        df: dict[str, int] = defaultdict(int)
        for terms in docs.values():
            for term in terms:
                df[term] += 1
        n = len(docs)
        self.idf = {term: math.log(1 + n / count) for term, count in df.items()}
        self.docs = docs
        self.norms = {rid: math.sqrt(sum(self.idf[t] ** 2 for t in terms)) or 1.0 for rid, terms in docs.items()}

    def recall(self, query: EvalQuery) -> list[str]:
        allowed = allowed_namespaces(query)
        q_terms = {t for t in words(query.prompt) if t in self.idf}
        if not q_terms:
            return []
        q_norm = math.sqrt(sum(self.idf[t] ** 2 for t in q_terms))
        scored = []
        for record in self.records:
            if not in_scope(record.metadata.namespace, allowed):
                continue
            shared = q_terms & self.docs[record.id]
            if shared:
                score = sum(self.idf[t] ** 2 for t in shared) / (q_norm * self.norms[record.id])
                if score >= self.FLOOR:
                    scored.append((score, record.id))
        scored.sort(reverse=True)
        return [rid for _, rid in scored[: self.TOP_K]]


def _searchable(record: MemoryRecord) -> str:
    md = record.metadata
    return " ".join([record.body, *md.attributes.tags, *md.provenance.source_files])


def allowed_namespaces(query: EvalQuery) -> tuple[str, str]:
    """DESIGN §5: style/<language> and the current workspace (no model notes or org namespaces in this set)."""
    return (
        f"account:{ACCOUNT}/style/{query.language}",
        f"account:{ACCOUNT}/projects/workspace:{query.workspace}/",
    )


def in_scope(namespace: str, allowed: tuple[str, str]) -> bool:
    style, workspace = allowed
    return namespace == style or namespace.startswith(workspace)


# -- evaluation ----------------------------------------------------------------------------------


@dataclass
class QueryResult:
    query: EvalQuery
    injected: list[str]
    ms: float

    @property
    def top(self) -> list[str]:
        return self.injected[:K]

    @property
    def hits(self) -> int:
        return sum(1 for rid in self.top if rid in self.query.relevant)

    @property
    def hit(self) -> bool:
        return self.hits > 0

    @property
    def precision(self) -> float:
        return self.hits / len(self.top) if self.top else 0.0

    @property
    def reciprocal_rank(self) -> float:
        return next((1 / n for n, rid in enumerate(self.injected, 1) if rid in self.query.relevant), 0.0)


@dataclass
class Report:
    system: str
    results: list[QueryResult] = field(default_factory=list)
    out_of_scope: list[tuple[str, str]] = field(default_factory=list)

    def metrics(self, results: list[QueryResult] | None = None) -> dict[str, Any]:
        results = self.results if results is None else results
        answerable = [r for r in results if r.query.answerable]
        nothing = [r for r in results if not r.query.answerable]
        latencies = sorted(r.ms for r in results)
        return {
            "answerable": len(answerable),
            "nothing_applies": len(nothing),
            "hit_at_3": _mean(r.hit for r in answerable),
            "precision_at_3": _mean(r.precision for r in answerable),
            "false_injection_rate": _mean(bool(r.injected) for r in nothing),
            "hit_at_1": _mean(bool(r.injected) and r.injected[0] in r.query.relevant for r in answerable),
            "mrr": _mean(r.reciprocal_rank for r in answerable),
            "label_recall": _mean(len(r.query.relevant & set(r.injected)) / len(r.query.relevant) for r in answerable),
            "answerable_nothing_injected": _mean(not r.injected for r in answerable),
            "mean_injected_answerable": _mean(len(r.injected) for r in answerable),
            "mean_injected_nothing": _mean(len(r.injected) for r in nothing),
            "latency_ms_p50": _percentile(latencies, 0.50),
            "latency_ms_p95": _percentile(latencies, 0.95),
            "out_of_scope_entries": len(self.out_of_scope),
        }

    def per_workspace(self) -> dict[str, dict[str, Any]]:
        groups: dict[str, list[QueryResult]] = defaultdict(list)
        for r in self.results:
            groups[r.query.repo].append(r)
        return {repo: self.metrics(rs) for repo, rs in sorted(groups.items())}

    def as_json(self) -> dict[str, Any]:
        return {
            "metrics": self.metrics(),
            "per_workspace": self.per_workspace(),
            "queries": [
                {
                    "id": r.query.id,
                    "answerable": r.query.answerable,
                    "injected": r.injected,
                    "hit_at_3": r.hit if r.query.answerable else None,
                    "precision_at_3": round(r.precision, 4) if r.query.answerable else None,
                    "ms": round(r.ms, 3),
                }
                for r in self.results
            ],
            "out_of_scope": [{"query": qid, "id": rid} for qid, rid in self.out_of_scope],
        }


def _mean(values: Iterable[float | bool | int]) -> float:
    items = [float(v) for v in values]
    return sum(items) / len(items) if items else 0.0


def _percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, math.ceil(fraction * len(sorted_values)) - 1)]


def evaluate(system: System, queries: list[EvalQuery], namespace_of: dict[str, str]) -> Report:
    report = Report(system.name)
    for query in queries:
        start = time.perf_counter()
        injected = system.recall(query)
        ms = (time.perf_counter() - start) * 1000
        allowed = allowed_namespaces(query)
        report.out_of_scope += [(query.id, rid) for rid in injected if not in_scope(namespace_of.get(rid, ""), allowed)]
        report.results.append(QueryResult(query, injected, ms))
    return report


# The grid the ranking constants are chosen from: the research's (tests/eval/research/FINDINGS.md §2), with w_lex
# 0.45 and 0.6 added because the hash embedder's folds chose its edge (0.3) every time.
LEXICAL_WEIGHTS = (0.1, 0.15, 0.2, 0.3, 0.45, 0.6)
WORKSPACE_WEIGHTS = (0.0, 0.025, 0.05, 0.075, 0.1, 0.15)


@dataclass
class Prompted:
    """One prompt under every grid point: what the gate-open pipeline injects, and the gate's inputs."""

    query: EvalQuery
    injected: dict[tuple[float, float], list[str]]
    cue: str | None
    coverage: float

    def opens(self, threshold: float) -> bool:
        if self.cue is not None:
            return self.cue == "task"
        return self.coverage >= threshold


def fit_ranking(rows: list[Prompted]) -> tuple[float, float]:
    """The grid point with the best hit@3 on these prompts' answerable ones with the gate open (ties:
    precision@3, then the first in grid order)."""
    answerable = [r for r in rows if r.query.answerable]

    def quality(point: tuple[float, float]) -> tuple[float, float]:
        results = [QueryResult(r.query, r.injected[point], 0.0) for r in answerable]
        return _mean(x.hit for x in results), _mean(x.precision for x in results)

    return max(rows[0].injected, key=quality)


def fit_threshold(rows: list[Prompted], point: tuple[float, float], target: float = FALSE_INJECTION_TARGET) -> float:
    """The coverage threshold with the most hits on these prompts whose false-injection rate stays at or under
    ``target`` (ties: the highest); halfway between the lowest coverage it lets through and the next one down.
    Prompts an intent cue decides count as the cue says, whatever the threshold."""
    negatives = [r for r in rows if not r.query.answerable]
    n_neg = max(1, len(negatives))

    def hit(r: Prompted) -> bool:
        return bool(r.query.relevant & set(r.injected[point][:K]))

    fixed_neg = sum(r.cue == "task" for r in negatives)
    fixed_hits = sum(r.cue == "task" and r.query.answerable and hit(r) for r in rows)
    free = [r for r in rows if r.cue is None]
    values = sorted({r.coverage for r in free}, reverse=True)
    best_hits, best = (fixed_hits if fixed_neg / n_neg <= target else -1), math.inf
    for i, value in enumerate(values):
        opened = [r for r in free if r.coverage >= value]
        if (fixed_neg + sum(not r.query.answerable for r in opened)) / n_neg > target + 1e-12:
            break  # lower thresholds only let more through
        hits = fixed_hits + sum(r.query.answerable and hit(r) for r in opened)
        if hits > best_hits:
            best_hits, best = hits, (value + values[i + 1]) / 2 if i + 1 < len(values) else value
    return best


def low_overlap(query: EvalQuery, words_of: dict[str, frozenset[str]]) -> bool:
    """An answerable prompt sharing at most one content word with the union of its labelled records."""
    labels = frozenset().union(*(words_of[rid] for rid in query.relevant))
    return len(content_words(query.prompt) & labels) <= 1


def content_words(text: str) -> frozenset[str]:
    """The pipeline's content terms (stemmed, alphabetic, 3+ letters) without function words."""
    from picasso_tui.retrieval.lexical import content_terms
    from picasso_tui.retrieval.words import FUNCTION_WORDS

    return frozenset(w for w in content_terms(text) if w not in FUNCTION_WORDS)


def cross_validate(
    system: PipelineSystem, queries: list[EvalQuery], records: dict[str, MemoryRecord]
) -> dict[str, Any]:
    """Leave one workspace out: for each of the 20 workspaces, the ranking constants (w_lex, w_ws) and the gate's
    coverage threshold are chosen on the other 19 as the shipped ones were chosen on all 20 (``fit_ranking``,
    then ``fit_threshold``), and the held-out workspace is scored with them; the held-out results are pooled.
    Also the constants that procedure picks on all 20 workspaces, to compare with ``rank.TUNINGS``."""
    from picasso_tui.retrieval.rank import Tuning

    grid = [(w, c) for w in LEXICAL_WEIGHTS for c in WORKSPACE_WEIGHTS]
    rows: list[Prompted] = []
    for query in queries:
        injected: dict[tuple[float, float], list[str]] = {}
        decided = None
        for w, c in grid:
            injected[(w, c)], decided = system.recall_open(query, Tuning(lexical=w, workspace=c, coverage=0.0))
        assert decided is not None and decided.coverage is not None
        rows.append(Prompted(query, injected, decided.cue, decided.coverage))
    repos = sorted({q.repo for q in queries})
    held_out: list[QueryResult] = []
    held_out_open: list[QueryResult] = []  # the same folds' rankings with the gate forced open: what the gate costs
    folds: dict[str, dict[str, Any]] = {}
    for repo in repos:
        train = [r for r in rows if r.query.repo != repo]
        point = fit_ranking(train)
        threshold = fit_threshold(train, point)
        test = [QueryResult(r.query, r.injected[point] if r.opens(threshold) else [], 0.0)
                for r in rows if r.query.repo == repo]  # fmt: skip
        held_out += test
        held_out_open += [QueryResult(r.query, r.injected[point], 0.0) for r in rows if r.query.repo == repo]
        folds[repo] = {"lexical": point[0], "workspace": point[1], "coverage": threshold}
    point = fit_ranking(rows)
    threshold = fit_threshold(rows, point)
    free = sorted({r.coverage for r in rows if r.cue is None})
    shipped = {
        "lexical": point[0],
        "workspace": point[1],
        "coverage": threshold,
        "same_decisions_in": (
            max((v for v in free if v < threshold), default=0.0),
            min((v for v in free if v >= threshold), default=math.inf),
        ),
    }
    report = Report(system.name, held_out)
    words_of = {rid: content_words(" ".join([r.body, *r.metadata.attributes.tags])) for rid, r in records.items()}
    by_id = {r.query.id: r for r in rows}
    top3 = [QueryResult(r.query, r.injected[:K], 0.0) for r in held_out]
    return {
        "metrics": report.metrics(),
        "per_workspace": report.per_workspace(),
        "folds": folds,
        "chosen": _counts(
            f"w_lex {f['lexical']}, w_ws {f['workspace']}, coverage >= {f['coverage']:.4f}" for f in folds.values()
        ),
        "fitted_on_all": shipped,
        "by_overlap": {
            "low overlap": report.metrics(
                [r for r in held_out if r.query.answerable and low_overlap(r.query, words_of)]
            ),
            "others": report.metrics(
                [r for r in held_out if r.query.answerable and not low_overlap(r.query, words_of)]
            ),
        },
        "by_label_class": _by_label_class(held_out, records),
        "nothing_applies_by_cue": {
            cue: report.metrics(
                [r for r in held_out if not r.query.answerable and (by_id[r.query.id].cue or "none") == cue]
            )
            for cue in sorted({by_id[r.query.id].cue or "none" for r in held_out if not r.query.answerable})
        },
        "top_3_only": report.metrics(top3),
        "gate_open": {
            "all": report.metrics(held_out_open),
            "low overlap": report.metrics(
                [r for r in held_out_open if r.query.answerable and low_overlap(r.query, words_of)]
            ),
            "others": report.metrics(
                [r for r in held_out_open if r.query.answerable and not low_overlap(r.query, words_of)]
            ),
        },
    }


def _counts(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for item in items:
        out[item] += 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def _by_label_class(results: list[QueryResult], records: dict[str, MemoryRecord]) -> dict[str, dict[str, Any]]:
    """Answerable prompts by the class of their labelled records (a prompt counts under each class it has a label
    of): how many, their hit@3, and how often a label of that class is among the first 3 injected entries."""
    out: dict[str, dict[str, Any]] = {}
    classes = sorted({records[rid].memory_class.value for r in results for rid in r.query.relevant})
    for cls in classes:
        group = [r for r in results if any(records[rid].memory_class.value == cls for rid in r.query.relevant)]
        found = [
            any(rid in r.query.relevant and records[rid].memory_class.value == cls for rid in r.top) for r in group
        ]
        out[cls] = {
            "prompts": len(group),
            "hit_at_3": _mean(r.hit for r in group),
            "class_label_in_top_3": _mean(found),
        }
    return out


# -- output --------------------------------------------------------------------------------------


def print_report(report: Report, *, per_workspace: bool, targets: bool) -> None:
    m = report.metrics()
    title = f"{report.system}" + (
        " (word-overlap stand-in, not the product's retrieval)" if report.system == "baseline" else ""
    )
    if "+oracle-" in report.system:
        title += " (UPPER BOUND: a reader that knows the labels, not a result)"
    print(f"\n== {title}")
    hit_target = HIT_TARGETS.get(report.system)
    rows = [
        ("hit@3", m["hit_at_3"], hit_target and (m["hit_at_3"] >= hit_target, f">= {hit_target:.2f}")),
        ("precision@3", m["precision_at_3"], None),
        (
            "false injection rate",
            m["false_injection_rate"],
            (m["false_injection_rate"] <= FALSE_INJECTION_TARGET, f"<= {FALSE_INJECTION_TARGET:.2f}"),
        ),
        ("hit@1", m["hit_at_1"], None),
        ("MRR", m["mrr"], None),
        ("answerable, nothing injected", m["answerable_nothing_injected"], None),
    ]
    print(f"  {'metric':<32}{'value':>8}   target")
    for label, value, target in rows:
        mark = ""
        if targets and target:
            ok, text = target
            mark = f"{text} {'ok' if ok else 'MISSED'}"
        print(f"  {label:<32}{value:>8.3f}   {mark}")
    print(
        f"  prompts: {m['answerable']} answerable, {m['nothing_applies']} nothing-applies; "
        f"entries injected: {m['mean_injected_answerable']:.2f} (answerable) / {m['mean_injected_nothing']:.2f} "
        f"(nothing-applies) on average; recall latency p50 {m['latency_ms_p50']:.2f} ms, p95 "
        f"{m['latency_ms_p95']:.2f} ms"
    )
    if report.out_of_scope:
        print(f"  !! {len(report.out_of_scope)} injected entries were outside the allowed namespaces")
    if per_workspace:
        print(f"  {'workspace':<26}{'hit@3':>7}{'prec@3':>8}{'false inj':>11}{'n':>5}")
        for repo, wm in report.per_workspace().items():
            print(
                f"  {repo:<26}{wm['hit_at_3']:>7.3f}{wm['precision_at_3']:>8.3f}"
                f"{wm['false_injection_rate']:>11.3f}{wm['answerable'] + wm['nothing_applies']:>5}"
            )


def print_cross_validated(cv: dict[str, Any], seconds: float) -> None:
    m = cv["metrics"]
    print(
        f"\n  leave one workspace out ({len(cv['folds'])} folds; w_lex, w_ws and the coverage threshold fitted on the "
        f"other workspaces, {seconds:.0f} s):"
    )
    print(
        f"    hit@3 {m['hit_at_3']:.3f}, precision@3 {m['precision_at_3']:.3f}, false injection "
        f"{m['false_injection_rate']:.3f}, answerable with nothing injected {m['answerable_nothing_injected']:.3f}; "
        f"hit@1 {m['hit_at_1']:.3f}, MRR {m['mrr']:.3f}; entries injected {m['mean_injected_answerable']:.2f} / "
        f"{m['mean_injected_nothing']:.2f} (top 3 only: {cv['top_3_only']['mean_injected_answerable']:.2f} / "
        f"{cv['top_3_only']['mean_injected_nothing']:.2f}); labelled records injected {m['label_recall']:.3f} "
        f"(top 3 only: {cv['top_3_only']['label_recall']:.3f})"
    )
    folds_over = sum(w["false_injection_rate"] > FALSE_INJECTION_TARGET for w in cv["per_workspace"].values())
    print(f"    chosen in folds: {'; '.join(f'{k} x{n}' for k, n in cv['chosen'].items())}")
    print(
        f"    fitted on all 20 workspaces: {cv['fitted_on_all']}; folds over the false-injection target: {folds_over}"
    )
    print(f"    {'held-out workspace':<28}{'hit@3':>7}{'prec@3':>8}{'false inj':>11}{'empty':>7}{'ans':>5}{'neg':>5}")
    for repo, w in cv["per_workspace"].items():
        print(
            f"    {repo:<28}{w['hit_at_3']:>7.3f}{w['precision_at_3']:>8.3f}{w['false_injection_rate']:>11.3f}"
            f"{w['answerable_nothing_injected']:>7.3f}{w['answerable']:>5}{w['nothing_applies']:>5}"
        )
    for tier, t in cv["by_overlap"].items():
        print(
            f"    {tier} (n={t['answerable']}): hit@3 {t['hit_at_3']:.3f}, precision@3 {t['precision_at_3']:.3f}, "
            f"nothing injected {t['answerable_nothing_injected']:.3f}; gate open: hit@3 "
            f"{cv['gate_open'][tier]['hit_at_3']:.3f}"
        )
    o = cv["gate_open"]["all"]
    print(f"    the same rankings with the gate open: hit@3 {o['hit_at_3']:.3f}, precision@3 {o['precision_at_3']:.3f}")
    for cls, c in cv["by_label_class"].items():
        print(
            f"    labelled {cls} (n={c['prompts']}): hit@3 {c['hit_at_3']:.3f}, a {cls} label in the top 3 "
            f"{c['class_label_in_top_3']:.3f}"
        )
    cues = ", ".join(f"{cue} {c['nothing_applies']} ({c['false_injection_rate']:.2f} injected)"
                     for cue, c in cv["nothing_applies_by_cue"].items())  # fmt: skip
    print(f"    nothing-applies prompts by deciding cue: {cues}")


def print_misses(report: Report, records: dict[str, MemoryRecord], limit: int) -> None:
    def short(rid: str) -> str:
        record = records.get(rid)
        body = record.body if record else "?"
        return f"{rid[-6:]} {body[:90]}"

    missed = [r for r in report.results if r.query.answerable and not r.hit]
    wrong = [r for r in report.results if not r.query.answerable and r.injected]
    print(f"\n-- {report.system}: {len(missed)} answerable prompts missed, {len(wrong)} false injections")
    for r in missed[:limit]:
        print(f"  MISS {r.query.id}: {r.query.prompt}")
        for rid in r.top:
            print(f"      got  {short(rid)}")
        for rid in sorted(r.query.relevant)[:3]:
            print(f"      want {short(rid)}")
    for r in wrong[:limit]:
        print(f"  FALSE {r.query.id}: {r.query.prompt}")
        for rid in r.top:
            print(f"      got  {short(rid)}")


# -- main ----------------------------------------------------------------------------------------


def build_systems(args: argparse.Namespace, paths: PicassoPaths) -> list[tuple[str, Callable[[], System]]]:
    systems: list[tuple[str, Callable[[], System]]] = []
    if args.baseline:
        systems.append(("baseline", lambda: BaselineSystem(paths)))
    embedders = args.embedder or ([] if args.baseline else ["hash"])
    for name in dict.fromkeys(embedders):
        systems.append((name, lambda name=name: PipelineSystem(paths, name)))
        if args.reader:
            systems.append(
                (
                    f"{name}+{args.reader}",
                    lambda name=name: PipelineSystem(paths, name, make_reader(args.reader, args), args.reader),
                )
            )
    return systems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--embedder",
        action="append",
        choices=["hash", "minilm"],
        help="run the pipeline with this embedder (repeatable; default: hash unless --baseline alone)",
    )
    parser.add_argument("--baseline", action="store_true", help="run the word-overlap stand-in retrieval")
    parser.add_argument("--json", type=Path, metavar="PATH", help="write a JSON summary (with per-query results)")
    parser.add_argument("--show-misses", type=int, default=0, metavar="N", help="list up to N misses per kind")
    parser.add_argument("--no-per-workspace", action="store_true", help="skip the per-workspace breakdown")
    parser.add_argument("--check-targets", action="store_true", help="exit 1 if a target of issue 4 is missed")
    parser.add_argument(
        "--cross-validate",
        action="store_true",
        help="also leave one workspace out: the ranking constants and the gate's threshold fitted on the other 19 "
        "workspaces, the held-out one scored, pooled over all 20",
    )
    parser.add_argument(
        "--home",
        type=Path,
        metavar="DIR",
        help="seed the evaluation home here once and reuse it (and its vector cache) on later runs",
    )
    parser.add_argument(
        "--reader",
        choices=["oracle-rerank", "oracle-judge", "rerank", "judge"],
        help="also run each embedder with this reader (retrieval.reader): an oracle that knows the labels (an "
        "upper bound, printed as such) or a real /rerank or chat endpoint given by --reader-url",
    )
    parser.add_argument("--reader-url", help="the reader's endpoint or base URL (as retrieval.readerUrl)")
    parser.add_argument("--reader-model", help="the reader's model (as retrieval.readerModel)")
    parser.add_argument("--reader-api-key-env", help="the environment variable holding the reader's key")
    parser.add_argument("--reader-timeout-ms", type=int, default=2000, help="as retrieval.readerTimeoutMs")
    parser.add_argument("--reader-top-n", type=int, default=10, help="as retrieval.readerTopN (default 10)")
    args = parser.parse_args(argv)

    records = load_records()
    queries = load_queries()
    by_id = {r.id: r for r in records}
    namespace_of = {r.id: r.metadata.namespace for r in records}
    unknown = sorted({rid for q in queries for rid in q.relevant} - by_id.keys())
    if unknown:
        raise SystemExit(f"queries.json labels unknown record ids: {unknown[:5]}")
    print(
        f"evaluation set: {len(records)} records, {len({q.workspace for q in queries})} workspaces, "
        f"{sum(q.answerable for q in queries)} answerable prompts, "
        f"{sum(not q.answerable for q in queries)} nothing-applies prompts"
    )

    summary: dict[str, Any] = {
        "dataset": {
            "records": len(records),
            "workspaces": len({q.workspace for q in queries}),
            "answerable": sum(q.answerable for q in queries),
            "nothing_applies": sum(not q.answerable for q in queries),
            "k": K,
        },
        "systems": {},
    }
    failed_targets = []
    with tempfile.TemporaryDirectory(prefix="picasso-eval-") as tmp:
        paths = reuse_home(args.home, records) if args.home else seed_home(Path(tmp) / "home", records)
        for name, factory in build_systems(args, paths):
            try:
                start = time.perf_counter()
                system = factory()
                if isinstance(system, PipelineSystem):
                    system.warm_up(queries)
                setup_s = time.perf_counter() - start
            except ImportError as exc:
                print(f"\n== {name}: skipped, the retrieval pipeline is not importable ({exc}); try --baseline")
                summary["systems"][name] = {"skipped": str(exc)}
                continue
            except Exception as exc:  # an embedder that cannot run here (model not installed, ...)
                print(f"\n== {name}: skipped, {type(exc).__name__}: {exc}")
                summary["systems"][name] = {"skipped": f"{type(exc).__name__}: {exc}"}
                continue
            report = evaluate(system, queries, namespace_of)
            print_report(report, per_workspace=not args.no_per_workspace, targets=name != "baseline")
            if isinstance(system, PipelineSystem) and system.reader is not None and system.reader_notes:
                print(f"  !! the reader failed (fell back to the retrieval's order) on {system.reader_notes} prompts")
            print(f"  setup (index build, embedding {len(records)} records): {setup_s:.2f} s")
            if args.show_misses:
                print_misses(report, by_id, args.show_misses)
            summary["systems"][name] = {"setup_s": round(setup_s, 3), **report.as_json()}
            if args.cross_validate and isinstance(system, PipelineSystem):
                start = time.perf_counter()
                cv = cross_validate(system, queries, by_id)
                summary["systems"][name]["cross_validated"] = cv
                print_cross_validated(cv, time.perf_counter() - start)
            m = report.metrics()
            target = HIT_TARGETS.get(name)
            if target is not None and m["hit_at_3"] < target:
                failed_targets.append(f"{name} hit@3 {m['hit_at_3']:.3f} < {target}")
            if name != "baseline" and m["false_injection_rate"] > FALSE_INJECTION_TARGET:
                failed_targets.append(f"{name} false injection {m['false_injection_rate']:.3f}")
            if report.out_of_scope:
                failed_targets.append(f"{name} injected {len(report.out_of_scope)} out-of-scope entries")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    if args.check_targets and failed_targets:
        print("targets missed: " + "; ".join(failed_targets), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
