"""What the screens show, computed without any widget: grouping, filtering, diffs, graphs.

Kept pure so that it is fast (a filter keystroke over 10k records) and testable alone.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from picasso_tui.store.schema import MemoryClass, MemoryRecord

COLUMNS: tuple[tuple[MemoryClass, str], ...] = (
    (MemoryClass.FACT, "FACTS"),
    (MemoryClass.STYLE, "STYLE"),
    (MemoryClass.DECISION, "DECISIONS"),
    (MemoryClass.FAILURE, "FAILURES"),
    (MemoryClass.WORKFLOW, "WORKFLOWS"),
    (MemoryClass.REPO_RULE, "REPO RULES"),
    (MemoryClass.MODEL_PERFORMANCE, "MODEL PERF"),
)
CLASS_MARKS = {
    MemoryClass.FACT: "◆",
    MemoryClass.STYLE: "✎",
    MemoryClass.DECISION: "⚖",
    MemoryClass.FAILURE: "✗",
    MemoryClass.WORKFLOW: "↻",
    MemoryClass.REPO_RULE: "§",
    MemoryClass.MODEL_PERFORMANCE: "◎",
}
_SUMMARY_NOUNS = (
    (MemoryClass.FACT, "fact", "facts"),
    (MemoryClass.STYLE, "style note", "style notes"),
    (MemoryClass.DECISION, "decision", "decisions"),
    (MemoryClass.FAILURE, "failure", "failures"),
    (MemoryClass.WORKFLOW, "workflow", "workflows"),
    (MemoryClass.REPO_RULE, "rule", "rules"),
    (MemoryClass.MODEL_PERFORMANCE, "model note", "model notes"),
)


@dataclass(frozen=True)
class Filter:
    words: tuple[str, ...] = ()
    classes: frozenset[str] = frozenset()
    files: tuple[str, ...] = ()
    pinned: bool = False
    stale: bool = False

    @property
    def active(self) -> bool:
        return bool(self.words or self.classes or self.files or self.pinned or self.stale)


def parse_filter(text: str) -> Filter:
    """``class:decision pinned stale file:src/auth jwt`` -> a Filter; everything is case-insensitive."""
    words, classes, files = [], set(), []
    pinned = stale = False
    for token in text.lower().split():
        if token.startswith("class:") and len(token) > 6:
            value = token[6:].replace("-", "_")
            classes.add({"rule": "repo_rule", "rules": "repo_rule", "perf": "model_performance"}.get(value, value))
        elif token.startswith("file:") and len(token) > 5:
            files.append(token[5:])
        elif token == "pinned":
            pinned = True
        elif token == "stale":
            stale = True
        else:
            words.append(token)
    return Filter(tuple(words), frozenset(classes), tuple(files), pinned, stale)


def search_text(record: MemoryRecord) -> str:
    md = record.metadata
    parts = [record.body, md.attributes.title or "", *md.attributes.tags, *md.provenance.source_files, md.namespace]
    parts += [e.target for e in md.edges if e.target.startswith(("file:", "module:"))]
    return "\n".join(parts).lower()


def files_of(record: MemoryRecord) -> set[str]:
    md = record.metadata
    out = set(md.provenance.source_files)
    out.update(e.target.split(":", 1)[1] for e in md.edges if e.target.startswith("file:"))
    return out


@dataclass
class MemoryView:
    """The records a screen shows, indexed once per reload (reusing the previous view's work for
    records that did not change, so a reload after one external write stays cheap)."""

    records: list[MemoryRecord] = field(default_factory=list)
    previous: MemoryView | None = None

    def __post_init__(self) -> None:
        self.by_id = {r.id: r for r in self.records}
        self._all_columns: dict[MemoryClass, list[MemoryRecord]] | None = None
        old = self.previous
        self.previous = None  # do not chain views
        self._search: dict[str, str] = {}
        self._files: dict[str, set[str]] = {}
        self.superseded_by: dict[str, list[str]] = defaultdict(list)
        self.by_file: dict[str, list[str]] = defaultdict(list)
        for r in self.records:
            if old is not None and old.by_id.get(r.id) is r:
                self._search[r.id], self._files[r.id] = old._search[r.id], old._files[r.id]
            else:
                self._search[r.id] = search_text(r)
                self._files[r.id] = files_of(r)
            for e in r.metadata.edges:
                if e.type == "supersedes":
                    self.superseded_by[e.target].append(r.id)
            for f in self._files[r.id]:
                self.by_file[f].append(r.id)
        self._rows = [(r, r.metadata.class_, self._search[r.id]) for r in self.records]

    def matches(self, record: MemoryRecord, f: Filter) -> bool:
        if f.classes and record.memory_class.value not in f.classes:
            return False
        if f.pinned and not record.metadata.pinned:
            return False
        if f.stale and not record.is_stale:
            return False
        if f.files and not all(any(want in have.lower() for have in self._files[record.id]) for want in f.files):
            return False
        text = self._search[record.id]
        return all(w in text for w in f.words)

    def columns(self, f: Filter = Filter()) -> dict[MemoryClass, list[MemoryRecord]]:
        if not f.active:
            if self._all_columns is None:
                self._all_columns = self._group([(r, c) for r, c, _ in self._rows])
            return self._all_columns  # type: ignore[return-value]
        if not (f.classes or f.files or f.pinned or f.stale):  # the common case: words only, one tight loop
            words = f.words
            return self._group([(r, c) for r, c, text in self._rows if all(w in text for w in words)])
        return self._group([(r, c) for r, c, _ in self._rows if self.matches(r, f)])

    @staticmethod
    def _group(rows: list[tuple[MemoryRecord, MemoryClass]]) -> dict[MemoryClass, list[MemoryRecord]]:
        grouped: dict[MemoryClass, list[MemoryRecord]] = {cls: [] for cls, _ in COLUMNS}
        for r, cls in rows:
            grouped[cls].append(r)
        return grouped

    def summary(self) -> str:
        counts: dict[MemoryClass, int] = defaultdict(int)
        for r in self.records:
            counts[r.memory_class] += 1
        parts = [f"{counts[c]} {one if counts[c] == 1 else many}" for c, one, many in _SUMMARY_NOUNS if counts[c]]
        return " · ".join(parts) if parts else "no memories yet"

    def recall_preview(self, limit: int = 6) -> list[MemoryRecord]:
        """Until retrieval lands: pinned memories first, then the most recently observed."""
        ordered = sorted(self.records, key=lambda r: (r.metadata.pinned, r.metadata.last_observed_at), reverse=True)
        return ordered[:limit]


@dataclass(frozen=True)
class Change:
    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        return bool(self.added or self.changed or self.removed)

    def describe(self) -> str:
        parts = []
        written = len(self.added) + len(self.changed)
        if written:
            parts.append(f"{written} {'memory' if written == 1 else 'memories'} written")
        if self.removed:
            n = len(self.removed)
            parts.append(f"{n} {'memory' if n == 1 else 'memories'} removed")
        return ", ".join(parts)


def diff(old: dict[str, MemoryRecord], new: dict[str, MemoryRecord]) -> Change:
    added = tuple(rid for rid in new if rid not in old)
    # The store hands back the same object for an unchanged record, so identity settles most.
    changed = tuple(
        rid for rid, r in new.items() if rid in old and old[rid] is not r and old[rid].content_hash != r.content_hash
    )
    removed = tuple(rid for rid in old if rid not in new)
    return Change(added, changed, removed)


@dataclass(frozen=True)
class GraphEdge:
    label: str
    target: str


def relation_graph(record: MemoryRecord, view: MemoryView) -> list[GraphEdge]:
    """The selected record's neighbourhood: its edges, what it supersedes (and what supersedes it),
    and other memories that touch the same files."""
    edges: list[GraphEdge] = []
    for e in record.metadata.edges:
        target = view.by_id.get(e.target)
        edges.append(GraphEdge(e.type, _node_label(e.target, target)))
    for other_id in view.superseded_by.get(record.id, ()):
        edges.append(GraphEdge("superseded by", _node_label(other_id, view.by_id[other_id])))
    seen = {record.id}
    for path in sorted(files_of(record)):
        for other_id in view.by_file.get(path, ()):
            if other_id not in seen:
                seen.add(other_id)
                edges.append(GraphEdge(f"shares {path}", _node_label(other_id, view.by_id[other_id])))
    return edges


def _node_label(target: str, record: MemoryRecord | None) -> str:
    if record is not None:
        return f"{record.memory_class.value}: {record.title}"
    return target
