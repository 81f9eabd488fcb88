"""Staleness that follows the code: cheap (git + file hashes; no network, no model) and branch-aware.

A record learned from files keeps, in ``metadata.provenance``, the commit it was learned at
(``sourceCommit``) and a hash per source file (``sourceHashes``). From those:

- ``score`` rises with drift: each source file contributes 0 if unchanged, 1 if deleted, and
  0.3 + 0.7 x (lines changed / lines now) if changed (git diff --numstat against the commit); the
  record's score is the mean over its files. A record the last ``init`` no longer found scores 1.
- ``off_branch``: learned at a commit that is not an ancestor of HEAD (an unmerged branch), so it
  must not be injected here; unless every source file is byte-identical here, in which case the
  evidence holds on this branch too (a squash-merged or rebased branch, a cherry-pick).
"""

from __future__ import annotations

import os
import re
import threading
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from picasso_tui.anchors.gitutil import git, head_fast, short
from picasso_tui.anchors.hashes import file_hash
from picasso_tui.store.codec import deleted_at
from picasso_tui.store.filestore import Change
from picasso_tui.store.ingress import MAINTENANCE
from picasso_tui.store.namespaces import find_workspace
from picasso_tui.store.schema import STALE_THRESHOLD, MemoryRecord

PROFILE_SOURCE = "profile"
"""``attributes.source`` of the records the project profile writes (re-anchored when observed again)."""

CHANGED_FLOOR = 0.3
"""Any change to a source file makes a record at least this stale: it may no longer be true."""
UNKNOWN_CHANGE = 0.5
"""How much a changed file counts when git cannot say how much it changed (commit not in this clone)."""
SCORE_DIGITS = 2


@dataclass(frozen=True)
class Staleness:
    score: float
    reason: str | None
    off_branch: bool
    changed: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()

    @property
    def fresh(self) -> bool:
        return self.score == 0 and not self.off_branch


FRESH = Staleness(0.0, None, False)


_COMMIT = re.compile(r"^[0-9a-f]{7,64}$")


def _commit_of(prov: dict[str, Any]) -> str | None:
    """The learning commit, only if it looks like one: the value goes on a git command line, and a
    record from an import or another device must not smuggle an option (``--output=…``) onto it."""
    value = prov.get("sourceCommit")
    return value if isinstance(value, str) and _COMMIT.match(value) else None


def _source_hashes(prov: dict[str, Any]) -> dict[str, str]:
    """``sourceHashes`` limited to plain relative paths inside the workspace."""
    value = prov.get("sourceHashes")
    if not isinstance(value, dict):
        return {}
    return {
        rel: digest
        for rel, digest in value.items()
        if isinstance(rel, str) and rel and not rel.startswith(("/", "-")) and ".." not in rel.split("/")
    }


def _provenance(record: MemoryRecord | dict[str, Any]) -> dict[str, Any]:
    # isinstance(x, dict), not isinstance(x, MemoryRecord): pydantic's metaclass check costs ~5 µs a call.
    if isinstance(record, dict):
        return (record.get("metadata") or {}).get("provenance") or {}
    return record.metadata.provenance.model_extra or {}


def anchored(record: MemoryRecord | dict[str, Any]) -> bool:
    """Does this record carry what staleness needs (a commit or file hashes)?"""
    prov = _provenance(record)
    return bool(prov.get("sourceCommit") or prov.get("sourceHashes"))


class Assessor:
    """Staleness of records against one workspace checkout; git answers are cached per HEAD.

    Keep one per session: call ``sync()`` before a batch of ``assess()`` calls (it re-reads HEAD
    from .git in microseconds and forgets what a checkout or an edit may have changed), then assess
    only the records at hand, e.g. retrieval's candidates.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._root = os.fspath(root)
        self.head = head_fast(root)
        self._hashes: dict[str, str | None] = {}
        self._ancestor: dict[str, bool | None] = {}
        self._numstat: dict[tuple[str, str, str | None], int | None] = {}
        self._lines: dict[tuple[str, str | None], int] = {}
        self._lock = threading.Lock()

    def sync(self) -> None:
        """Notice a new HEAD (branch switch, commit) and edited files since the last batch."""
        current = head_fast(self.root)
        if current != self.head:
            self.head = current
            self._ancestor.clear()
        self._hashes = {}  # re-stat each file once more (hashes themselves stay cached by stat)

    def current_hash(self, rel: str) -> str | None:
        """The file's hash now: one stat per file per Assessor (the hash itself is cached across them)."""
        try:
            return self._hashes[rel]
        except KeyError:
            digest = self._hashes[rel] = file_hash(os.path.join(self._root, rel))
            return digest

    # -- git, batched -------------------------------------------------------------------------

    def prime(self, records: Iterable[MemoryRecord | dict[str, Any]]) -> None:
        """Answer every ancestry and diff question these records raise in a few git calls."""
        commits: set[str] = set()
        diffs: dict[str, set[str]] = defaultdict(set)
        for r in records:
            prov = _provenance(r)
            commit = _commit_of(prov)
            if commit is None:
                continue
            commits.add(commit)
            for rel, digest in _source_hashes(prov).items():
                if self.current_hash(rel) not in (digest, None):
                    diffs[commit].add(rel)
        self._prime_ancestry(commits - set(self._ancestor))
        for commit, paths in diffs.items():
            self._prime_numstat(commit, sorted(p for p in paths if self._diff_key(commit, p) not in self._numstat))

    def _diff_key(self, commit: str, rel: str) -> tuple[str, str, str | None]:
        return commit, rel, self.current_hash(rel)

    def _prime_ancestry(self, commits: set[str]) -> None:
        if not commits:
            return
        if self.head is None:
            self._ancestor.update(dict.fromkeys(commits))
            return
        # One call says which commits this clone has; one more lists those not reachable from HEAD.
        listing = "\n".join(sorted(commits)) + "\n"
        out = git(self.root, "cat-file", "--batch-check=%(objectname) %(objecttype)", input_text=listing) or ""
        known = {line.split()[0] for line in out.splitlines() if line.endswith(" commit")}
        for c in commits:
            if not any(k.startswith(c) for k in known):
                self._ancestor[c] = None  # not in this clone: another machine's commit, or garbage-collected
        present = sorted(c for c in commits if c not in self._ancestor)
        if not present:
            return
        unreachable = git(self.root, "rev-list", *present, "--not", self.head)
        if unreachable is None:  # fall back to one question per commit
            for c in present:
                self._ancestor[c] = git(self.root, "merge-base", "--is-ancestor", c, self.head) is not None
            return
        off = set(unreachable.split())
        for c in present:
            self._ancestor[c] = not any(o.startswith(c) for o in off)

    def _prime_numstat(self, commit: str, paths: list[str]) -> None:
        if not paths:
            return
        out = git(self.root, "diff", "--numstat", "-z", "--no-renames", commit, "--", *paths)
        with self._lock:
            for p in paths:
                self._numstat[self._diff_key(commit, p)] = None if out is None else 0
            for line in (out or "").split("\0"):
                if line.count("\t") < 2:
                    continue
                added, deleted, rel = line.split("\t", 2)
                churn = int(added) + int(deleted) if added.isdigit() and deleted.isdigit() else None
                self._numstat[self._diff_key(commit, rel)] = churn

    def _line_count(self, rel: str) -> int:
        key = (rel, self.current_hash(rel))
        if key not in self._lines:
            try:
                with open(os.path.join(self._root, rel), "rb") as handle:
                    self._lines[key] = sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 16), b""))
            except OSError:
                self._lines[key] = 0
        return self._lines[key]

    # -- one record ---------------------------------------------------------------------------

    def drift(self, commit: str | None, rel: str) -> float:
        if commit is None:
            return UNKNOWN_CHANGE
        key = self._diff_key(commit, rel)
        if key not in self._numstat:
            self._prime_numstat(commit, [rel])
        churn = self._numstat.get(key)
        if churn is None:
            return UNKNOWN_CHANGE
        return CHANGED_FLOOR + (1 - CHANGED_FLOOR) * min(1.0, churn / max(1, self._line_count(rel)))

    def assess(self, record: MemoryRecord | dict[str, Any]) -> Staleness:
        prov = _provenance(record)
        commit = _commit_of(prov)
        hashes = _source_hashes(prov)
        changed, deleted, drift = [], [], []
        for rel, digest in hashes.items():
            now = self.current_hash(rel)
            if now is None:
                deleted.append(rel)
                drift.append(1.0)
            elif now != digest:
                changed.append(rel)
                drift.append(self.drift(commit, rel))
            else:
                drift.append(0.0)
        score = round(sum(drift) / len(drift), SCORE_DIGITS) if drift else 0.0
        reason = _reason(changed, deleted, commit) if score else None
        if prov.get("notFoundAt"):
            score = 1.0
            reason = f"stale: no longer found by `picasso memory init` at {short(str(prov['notFoundAt']))}"
        off_branch = False
        if commit is not None and not (hashes and not changed and not deleted):
            if commit not in self._ancestor:
                self._prime_ancestry({commit})
            off_branch = self._ancestor.get(commit) is not True
            if off_branch and reason is None:
                where = "not in this clone" if self._ancestor.get(commit) is None else "not an ancestor of HEAD"
                reason = f"learned on another branch: {short(commit)} is {where}"
        return Staleness(score, reason, off_branch, tuple(changed), tuple(deleted))


def _reason(changed: list[str], deleted: list[str], commit: str | None) -> str:
    since = f" since {short(commit)}" if commit else ""
    parts = []
    for files, verb in ((changed, "changed"), (deleted, "deleted")):
        if len(files) == 1:
            parts.append(f"{files[0]} {verb}")
        elif files:
            parts.append(f"{files[0]} and {len(files) - 1} more {verb}")
    return f"stale: {', '.join(parts)}{since}"


def _workspace_fingerprint(root: Path) -> str | None:
    ws = find_workspace(root.resolve())
    return ws.fingerprint if ws else None


def _belongs(record: MemoryRecord | dict[str, Any], fingerprint: str | None) -> bool:
    prov = _provenance(record)
    return bool(prov.get("sourceCommit") or prov.get("sourceHashes")) and (
        fingerprint is None or prov.get("workspace") in (None, fingerprint)
    )


def assess(store_or_records: Any, workspace_root: Path) -> dict[str, Staleness]:
    """{record id: Staleness} for the anchored records of this workspace (others are left out).

    Accepts a MemoryStore, a FileStore or an iterable of records (MemoryRecord or file-form dicts).
    Records of another workspace (``provenance.workspace``) are not judged against this checkout.
    From a store, records are judged in their raw form: no validation of 10k models to read 3 fields.
    """
    root = Path(workspace_root).resolve()
    records = _records(store_or_records, _workspace_fingerprint(root))
    assessor = Assessor(root)
    assessor.prime(records)
    return {_rid(r): assessor.assess(r) for r in records}


Item = MemoryRecord | dict[str, Any]


def _rid(record: Item) -> str:
    return record["id"] if isinstance(record, dict) else record.id


def _records(source: Any, fingerprint: str | None) -> list[Item]:
    files = getattr(source, "files", source)
    if hasattr(files, "load"):
        return [raw for raw in files.load().raw().values() if deleted_at(raw) is None and _belongs(raw, fingerprint)]
    out: list[Item] = []
    for r in source:
        tombstone = deleted_at(r) is not None if isinstance(r, dict) else r.is_tombstone
        if not tombstone and _belongs(r, fingerprint):
            out.append(r)
    return out


@dataclass(frozen=True)
class RefreshReport:
    assessed: int
    updated: list[str]
    staleness: dict[str, Staleness]


def refresh(store: Any, workspace_root: Path) -> RefreshReport:
    """Recompute and persist ``stalenessScore`` (+ ``attributes.staleReason``) in ONE write, only where it
    changed. Not an observation: ``lastObservedAt`` stays, so a refresh never makes a record look newer."""
    root = Path(workspace_root).resolve()
    files = getattr(store, "files", store)
    records = _records(files, _workspace_fingerprint(root))
    assessor = Assessor(root)
    assessor.prime(records)
    found = {_rid(r): assessor.assess(r) for r in records}
    # The Change re-assesses the copy read under the lock, so a concurrent re-observation is not undone.
    ops = [
        Change(_rid(r), lambda cur: _with_verdict(cur, assessor.assess(cur)), stamp=False)
        for r in records
        if _differs(r, found[_rid(r)])
    ]
    if ops:
        files.apply(ops, event="staleness", origin=MAINTENANCE)
    return RefreshReport(len(found), [op.id for op in ops], found)


def _differs(record: Item, verdict: Staleness) -> bool:
    md = record["metadata"] if isinstance(record, dict) else record.file_form["metadata"]
    reason = (md.get("attributes") or {}).get("staleReason")
    return md.get("stalenessScore", 0.0) != verdict.score or reason != _persisted(verdict)


def _persisted(verdict: Staleness) -> str | None:
    """Only drift is stored: being on another branch depends on the checkout, not on the record."""
    return verdict.reason if verdict.score else None


def _with_verdict(record: MemoryRecord, verdict: Staleness) -> MemoryRecord:
    attrs = dict(record.file_form["metadata"].get("attributes") or {})
    reason = _persisted(verdict)
    if reason:
        attrs["staleReason"] = reason
    else:
        attrs.pop("staleReason", None)
    if (record.file_form["metadata"].get("attributes") or {}).get("source") == PROFILE_SOURCE:
        attrs["stale"] = verdict.score > STALE_THRESHOLD
    return record.with_metadata(staleness_score=verdict.score, attributes=attrs)


def refresh_workspace(store: Any) -> RefreshReport | None:
    """``refresh`` for the store's current workspace (None outside a git repository): what a session
    start or the TUI opening calls, in a worker thread."""
    ws = store.workspace
    return refresh(store, ws.root) if ws is not None else None
