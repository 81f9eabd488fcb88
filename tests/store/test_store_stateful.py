"""The real store against a model (security-anchors §4.2, row S1).

A hypothesis state machine drives MemoryStore over a temporary folder -- start from
another device's old memories, add, delete, pin, edit, re-import its own export, merge
copies from another writer (ties included), crash and reload, advance a controlled clock
and collect garbage, clear -- and after every step compares memory.json with a plain
dict of what each memory should be.

The model follows DESIGN §4: a user's change stamps lastObservedAt with
max(now, previous + 1 ms); a remote copy lands only if it wins the per-id order (newer
lastObservedAt, then tombstone, then larger content hash); every write purges
tombstones deleted more than 30 days ago; gc archives stale memories idle for 90 days
and deletes those archived for a year (retention.py).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import orjson
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, initialize, invariant, multiple, precondition, rule

from picasso_tui.paths import PicassoPaths
from picasso_tui.store import api
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.edit_text import EditCancelled, fields_of, render
from picasso_tui.store.errors import InvalidRecord, MemoryNotFound
from picasso_tui.store.filestore import Upsert
from picasso_tui.store.namespaces import namespace_for
from picasso_tui.store.schema import MemoryClass, MemoryRecord, format_timestamp

START = datetime(2026, 11, 30, 13, 0, tzinfo=UTC)
ONE_MS = timedelta(milliseconds=1)
TTL = timedelta(days=30)
FUTURE_TOLERANCE = timedelta(days=1)  # api.FUTURE_TOLERANCE
ACTIVE = timedelta(days=30)
ARCHIVE_AFTER = timedelta(days=90)
DELETE_ARCHIVED_AFTER = timedelta(days=365)
CLASSES = [
    MemoryClass.FACT,
    MemoryClass.DECISION,
    MemoryClass.FAILURE,
    MemoryClass.WORKFLOW,
    MemoryClass.REPO_RULE,
]
REMOTE_FIELD = "zRemoteWriter"  # an unknown field another writer adds; it must survive our own changes

# Printable text only: the door (store/ingress.py) refuses C0 controls (bar newline, tab, CR), DEL and the C1 range.
_chars = st.characters(min_codepoint=0x20, max_codepoint=0x7E) | st.characters(min_codepoint=0xA0, max_codepoint=0x24F)
_fragments = _chars | st.sampled_from(["\n", "\t", "é", "🙂", "# not a comment", "\n---\n", "class: fact", " "])
bodies = st.lists(_fragments, max_size=12).map("".join).filter(lambda s: s.strip())
invalid_bodies = st.one_of(
    st.text(" \n\t", max_size=4),
    st.tuples(bodies, st.sampled_from(["\x00", "\x1b[2J", "\x7f", "\x08"])).map("".join),
)
# One edit in five saves an empty or refused body (one_of would weigh the branches of invalid_bodies equally).
edited_bodies = st.integers(0, 4).flatmap(lambda n: invalid_bodies if n == 0 else bodies)
offsets = st.sampled_from(
    [
        -timedelta(days=100),
        -timedelta(days=40),
        -timedelta(days=1),
        -ONE_MS,
        timedelta(0),
        timedelta(0),
        ONE_MS,
        timedelta(hours=1),
        timedelta(days=40),
    ]
)
seed_ages = st.sampled_from([timedelta(days=1), timedelta(days=100), timedelta(days=400)])
advances = st.sampled_from(
    [
        ONE_MS,
        timedelta(hours=1),
        timedelta(days=1),
        timedelta(days=29),
        timedelta(days=30),  # exactly the tombstone TTL: not yet purged
        timedelta(days=31),
        timedelta(days=91),
        timedelta(days=91),
        timedelta(days=366),
        timedelta(days=366),
    ]
)


class Clock:
    """A clock the test moves by hand; MemoryStore forwards it to FileStore."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@dataclass(frozen=True)
class Entry:
    body: str
    pinned: bool
    memory_class: MemoryClass
    last: datetime
    deleted_at: datetime | None = None
    archived_at: datetime | None = None
    staleness: float = 0.0
    remote: int | None = None

    @property
    def live(self) -> bool:
        return self.deleted_at is None


@dataclass(frozen=True)
class Remote:
    """What another writer's copy of a memory says (its id and time are chosen by the rule)."""

    body: str
    pinned: bool
    cls: MemoryClass
    stale: float
    archived: bool
    marker: int
    tomb: bool = False


def remote_copies(tombs: bool = False) -> st.SearchStrategy[Remote]:
    return st.builds(
        Remote,
        body=bodies,
        pinned=st.sampled_from([False, False, False, True]),  # mostly unpinned, so that gc has work to do
        cls=st.sampled_from(CLASSES),
        stale=st.sampled_from([0.0, 0.9, 0.9]),
        archived=st.sampled_from([False, False, True]),
        marker=st.integers(0, 3),
        tomb=st.booleans() if tombs else st.just(False),
    )


class SequentialIds:
    """ULID-shaped ids from a counter: with random ids, hash tie-breaks (and so the draws that
    follow them) would differ from run to run, which hypothesis reports as a flaky strategy."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self, now_ms: int | None = None) -> str:
        self.n += 1
        return f"mem_01TEST{self.n:020d}"


def sorted_hash(raw: dict[str, Any]) -> str:
    return hashlib.sha256(orjson.dumps(raw, option=orjson.OPT_SORT_KEYS)).hexdigest()


def at_most_every(steps: int, name: str) -> Any:
    """Hypothesis favours the first rules (those without arguments) when it generates; space the
    cheap or sweeping ones out so that a run spends its steps on changes that land."""
    return precondition(lambda self: self.steps - self.last_run.get(name, -steps) >= steps)


class StoreMachine(RuleBasedStateMachine):
    ids = Bundle("ids")

    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="picasso-stateful-"))
        self.cwd = self.dir / "cwd"  # outside any git repository: memories land in account-wide namespaces
        self.cwd.mkdir()
        self.paths = PicassoPaths(home=self.dir / "home", root=self.dir / "home")
        self.clock = Clock(START)
        self.new_id = SequentialIds()
        self.patches = [mock.patch.object(api, "new_id", self.new_id)]
        for patch in self.patches:
            patch.start()
        self.store = self.open()
        self.model: dict[str, Entry] = {}
        self.planted: Path | None = None
        self.steps = 0
        self.last_run: dict[str, int] = {}

    def open(self) -> MemoryStore:
        return MemoryStore(self.paths, cwd=self.cwd, clock=self.clock)

    def teardown(self) -> None:
        for patch in self.patches:
            patch.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    # -- model helpers -------------------------------------------------------------------------

    @property
    def now(self) -> datetime:
        return self.clock.now

    def stamp(self, entry: Entry) -> datetime:
        return max(self.now, entry.last + ONE_MS)

    def tombstone(self, entry: Entry, at: datetime) -> Entry:
        return Entry(body="", pinned=False, memory_class=entry.memory_class, last=at, deleted_at=at)

    def file_bytes(self) -> bytes | None:
        try:
            return self.paths.memory_file.read_bytes()
        except FileNotFoundError:
            return None

    def written(self, before: bytes | None) -> None:
        """Model one FileStore.apply: tombstones past the TTL are purged, and a real write sweeps dead temps."""
        for rid, entry in list(self.model.items()):
            if entry.deleted_at is not None and self.now - entry.deleted_at > TTL:
                del self.model[rid]
        if self.planted is not None and self.file_bytes() != before:
            assert not self.planted.exists(), "a write left a dead writer's temp file behind"
            self.planted = None

    def purge_due(self) -> bool:
        return any(e.deleted_at is not None and self.now - e.deleted_at > TTL for e in self.model.values())

    def choose(self, data: st.DataObject, drawn: str) -> str:
        """Mostly a live memory (so changes land; archived ones often), sometimes the bundle's id, which may
        be deleted or purged."""
        # In model order: what is drawn must not depend on the values of the ids.
        live = [rid for rid, e in self.model.items() if e.live]
        archived = [rid for rid in live if self.model[rid].archived_at is not None]
        if archived and data.draw(st.booleans(), label="prefer an archived id"):
            return data.draw(st.sampled_from(archived), label="archived id")
        if live and data.draw(st.integers(0, 3), label="prefer a live id"):
            return data.draw(st.sampled_from(live), label="live id")
        return drawn

    def expect_missing(self, rid: str) -> bool:
        entry = self.model.get(rid)
        return entry is None or not entry.live

    # -- rules ---------------------------------------------------------------------------------

    @rule(target=ids, body=bodies, memory_class=st.sampled_from(CLASSES), pinned=st.booleans())
    def add(self, body: str, memory_class: MemoryClass, pinned: bool) -> str:
        before = self.file_bytes()
        record = self.store.add(body, memory_class=memory_class, pinned=pinned)
        assert record.id not in self.model
        assert record.metadata.last_observed_at == self.now
        self.model[record.id] = Entry(body.strip(), pinned, memory_class, self.now)
        self.written(before)
        return record.id

    @at_most_every(5, "add_refused")
    @rule(body=invalid_bodies)
    def add_refused(self, body: str) -> None:
        self.last_run["add_refused"] = self.steps
        before = self.file_bytes()
        with pytest.raises(InvalidRecord):
            self.store.add(body)
        assert self.file_bytes() == before

    @rule(rid=ids, data=st.data())
    def delete(self, rid: str, data: st.DataObject) -> None:
        rid = self.choose(data, rid)
        before = self.file_bytes()
        if self.expect_missing(rid):
            with pytest.raises(MemoryNotFound):
                self.store.delete(rid)
            assert self.file_bytes() == before
            return
        self.store.delete(rid)
        entry = self.model[rid]
        self.model[rid] = self.tombstone(entry, self.stamp(entry))
        self.written(before)

    @rule(rid=ids, pinned=st.booleans(), data=st.data())
    def pin(self, rid: str, pinned: bool, data: st.DataObject) -> None:
        rid = self.choose(data, rid)
        before = self.file_bytes()
        if self.expect_missing(rid):
            with pytest.raises(MemoryNotFound):
                self.store.pin(rid, pinned)
            return
        updated = self.store.pin(rid, pinned)
        entry = self.model[rid]
        if entry.pinned != pinned or (pinned and entry.archived_at is not None):
            entry = replace(
                entry,
                pinned=pinned,
                archived_at=None if pinned else entry.archived_at,
                last=self.stamp(entry),
            )
            self.model[rid] = entry
        assert updated.metadata.pinned == pinned
        self.written(before)

    @rule(rid=ids, body=edited_bodies, pinned=st.booleans(), cls=st.sampled_from(CLASSES), data=st.data())
    def edit(self, rid: str, body: str, pinned: bool, cls: MemoryClass, data: st.DataObject) -> None:
        rid = self.choose(data, rid)
        before = self.file_bytes()
        if self.expect_missing(rid):
            with pytest.raises(MemoryNotFound):
                self.store.resolve(rid)
            return
        record = self.store.resolve(rid)
        base = fields_of(record)
        head, sep, _ = render(record).partition("\n---\n")
        lines = []
        for line in head.splitlines():
            if line.startswith("class:"):
                line = f"class: {cls.value}"
            elif line.startswith("pinned:"):
                line = f"pinned: {'yes' if pinned else 'no'}"
            lines.append(line)
        text = "\n".join(lines) + sep + body + "\n"
        entry = self.model[rid]
        if not body.strip():
            with pytest.raises(EditCancelled):
                self.store.edit(record, base, text)
            assert self.file_bytes() == before
            return
        if body.strip() != entry.body.strip() and any(
            (ord(c) < 32 and c not in "\n\t\r") or 0x7F <= ord(c) <= 0x9F for c in body.strip()
        ):
            with pytest.raises(InvalidRecord):
                self.store.edit(record, base, text)
            assert self.file_bytes() == before
            return
        updated = self.store.edit(record, base, text)
        new_body = entry.body if body.strip() == entry.body.strip() else body.strip()
        if (new_body, pinned, cls) != (entry.body, entry.pinned, entry.memory_class):
            self.model[rid] = replace(entry, body=new_body, pinned=pinned, memory_class=cls, last=self.stamp(entry))
        if pinned and not entry.pinned and entry.archived_at is not None:
            # Pinning is pinning, from `memory pin` or from the edit text: a pinned memory is never
            # evicted, and api.pin brings an archived one back (gc never looks at it again).
            assert not updated.is_archived, "pinning a memory through edit left it archived"
            self.model[rid] = replace(self.model[rid], archived_at=None)
        self.written(before)

    @at_most_every(4, "import_own_export")
    @rule()
    def import_own_export(self) -> None:
        self.last_run["import_own_export"] = self.steps
        before = self.file_bytes()
        purge = self.purge_due()
        exported = self.store.export()
        assert sorted(r["id"] for r in exported["records"]) == sorted(k for k, e in self.model.items() if e.live)
        if any(e.live and e.last > self.now + FUTURE_TOLERANCE for e in self.model.values()):
            # Import refuses a copy dated more than a day ahead, even one this store already holds
            # (a remote copy from a fast clock, or a user change stamped just after one).
            with pytest.raises(InvalidRecord, match="in the future"):
                self.store.import_bytes(orjson.dumps(exported), self.dir / "export.json")
            assert self.file_bytes() == before
            return
        report = self.store.import_bytes(orjson.dumps(exported), self.dir / "export.json")
        assert report.added == [] and report.updated == []
        assert sorted(report.skipped) == sorted(r["id"] for r in exported["records"])
        self.written(before)
        after = self.file_bytes()
        if before is None:  # importing nothing into no file may leave an empty document behind
            assert after is None or orjson.loads(after)["records"] == []
        elif not purge:
            assert after == before, "re-importing the store's own export changed memory.json"

    def merge_copy(self, rid: str, at: datetime, copy: Remote) -> None:
        """Another writer's copy of ``rid``, observed at ``at``, arrives through the file store's merge."""
        stamp = format_timestamp(at)
        attributes = {"source": "other-device", "deletedAt": stamp if copy.tomb else None}
        if copy.archived and not copy.tomb:
            attributes["archivedAt"] = stamp
        record = MemoryRecord.model_validate(
            {
                "id": rid,
                "vector": [],
                "body": copy.body,
                "metadata": {
                    "class": copy.cls.value,
                    "namespace": namespace_for(copy.cls, "local"),
                    "createdAt": stamp,
                    "lastObservedAt": stamp,
                    "stalenessScore": copy.stale,
                    "pinned": copy.pinned,
                    "attributes": attributes,
                },
                REMOTE_FIELD: copy.marker,
            }
        )
        at = record.metadata.last_observed_at
        raw = self.store.files.load().raw().get(rid)
        if raw is None:
            lands = True
        else:  # DESIGN §4: newest lastObservedAt, then tombstone, then larger content hash
            current = datetime.fromisoformat(raw["metadata"]["lastObservedAt"])
            current_tomb = bool((raw["metadata"].get("attributes") or {}).get("deletedAt"))
            lands = (at, copy.tomb, sorted_hash(record.file_form)) > (current, current_tomb, sorted_hash(raw))
        before = self.file_bytes()
        self.store.files.apply([Upsert(record)], event="merge")
        if lands:
            self.model[rid] = (
                Entry("", False, copy.cls, at, deleted_at=at)
                if copy.tomb
                else Entry(
                    copy.body,
                    copy.pinned,
                    copy.cls,
                    at,
                    archived_at=at if copy.archived else None,
                    staleness=copy.stale,
                    remote=copy.marker,
                )
            )
        self.written(before)

    @initialize(target=ids, seeds=st.lists(st.tuples(seed_ages, remote_copies()), max_size=3))
    def seed_from_another_device(self, seeds: list[tuple[timedelta, Remote]]) -> Any:
        """Start from memories another device wrote long ago (some stale or archived), so gc has work."""
        rids = []
        for age, copy in seeds:
            rids.append(self.new_id())
            self.merge_copy(rids[-1], self.now - age, copy)
        return multiple(*rids)

    @rule(rid=ids, data=st.data(), offset=st.one_of(st.just(timedelta(0)), offsets), copy=remote_copies(tombs=True))
    def merge_remote_copy(self, rid: str, data: st.DataObject, offset: timedelta, copy: Remote) -> None:
        rid = self.choose(data, rid)
        entry = self.model.get(rid)
        self.merge_copy(rid, (entry.last if entry else self.now) + offset, copy)

    @rule(target=ids, offset=offsets, copy=remote_copies())
    def merge_remote_new(self, offset: timedelta, copy: Remote) -> str:
        rid = self.new_id()
        self.merge_copy(rid, self.now + offset, copy)
        return rid

    @at_most_every(3, "crash_and_reload")
    @rule(junk=st.binary(max_size=64))
    def crash_and_reload(self, junk: bytes) -> None:
        """A writer died after writing part of its temp file; a new process opens the store."""
        self.last_run["crash_and_reload"] = self.steps
        if self.paths.root.exists():
            tmp = self.paths.root / f".memory.json.{os.getpid()}.deadbeef.tmp"
            tmp.write_bytes(junk)
            old = time.time() - 3600
            os.utime(tmp, (old, old))
            self.planted = tmp
        del self.store
        self.store = self.open()

    @rule(delta=advances, collect=st.integers(0, 3).map(bool))
    def advance_clock_and_gc(self, delta: timedelta, collect: bool) -> None:
        self.clock.now += delta
        if not collect:
            return
        expected: set[tuple[str, str]] = set()
        after = dict(self.model)
        for rid, e in self.model.items():
            if e.deleted_at is not None:
                if self.now - e.deleted_at > TTL:
                    expected.add((rid, "purge"))
                continue
            if e.pinned:
                continue
            if e.archived_at is not None:
                if self.now - e.archived_at > DELETE_ARCHIVED_AFTER:
                    expected.add((rid, "delete"))
                    after[rid] = self.tombstone(e, self.stamp(e))
                continue
            idle = self.now - e.last
            if idle > ACTIVE and e.staleness > 0.7 and idle > ARCHIVE_AFTER:
                expected.add((rid, "archive"))
                after[rid] = replace(e, archived_at=self.now)  # gc's archiving is not a user change: no stamp
        before = self.file_bytes()
        plan, result = self.store.gc()
        assert {(a.id, a.action) for a in plan} == expected
        assert (result is None) == (not expected)
        self.model = after
        if expected:
            self.written(before)

    @at_most_every(12, "clear")
    @rule()
    def clear(self) -> None:
        self.last_run["clear"] = self.steps
        before = self.file_bytes()
        live = [rid for rid, e in self.model.items() if e.live]
        report = self.store.clear()
        assert report.deleted == len(live)
        for rid in live:
            self.model[rid] = self.tombstone(self.model[rid], self.stamp(self.model[rid]))
        if live:
            self.written(before)

    # -- invariants ----------------------------------------------------------------------------

    @invariant()
    def count_steps(self) -> None:
        self.steps += 1

    @invariant()
    def file_parses_and_tombstones_are_bare(self) -> None:
        data = self.file_bytes()
        if data is None:
            assert not self.model
            return
        doc = orjson.loads(data)
        assert doc["schemaVersion"] == 2
        records = doc["records"]
        ids = [raw["id"] for raw in records]
        assert len(ids) == len(set(ids)), "an id appears twice in memory.json"
        tombs = set()
        for raw in records:
            md = raw["metadata"]
            if not (md.get("attributes") or {}).get("deletedAt"):
                continue
            tombs.add(raw["id"])
            assert raw["body"] == "" and raw["vector"] == [], f"tombstone {raw['id']} carries content"
            assert set(raw) == {"id", "vector", "body", "metadata"}
            assert set(md) == {"class", "namespace", "lastObservedAt", "attributes"}
            assert set(md["attributes"]) == {"deletedAt"}
            assert md["lastObservedAt"] == format_timestamp(self.model[raw["id"]].last)
        assert tombs == {rid for rid, e in self.model.items() if not e.live}
        assert set(ids) == set(self.model)

    @invariant()
    def live_memories_match_the_model(self) -> None:
        listed = self.store.list(everything=True)
        got = {
            r.id: (
                r.body,
                r.metadata.pinned,
                r.memory_class,
                r.metadata.last_observed_at,
                r.metadata.attributes.archived_at,
                (r.model_extra or {}).get(REMOTE_FIELD),
            )
            for r in listed
        }
        want = {
            rid: (e.body, e.pinned, e.memory_class, e.last, e.archived_at, e.remote)
            for rid, e in self.model.items()
            if e.live
        }
        assert got == want
        assert [r.id for r in listed] == sorted(want, key=lambda rid: (want[rid][3], rid), reverse=True)


StoreMachine.TestCase.settings = settings(
    max_examples=50,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestStoreAgainstModel = StoreMachine.TestCase
