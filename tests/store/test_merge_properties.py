"""Property tests for the per-id join (DESIGN §4; security-anchors §1.6, matrix row F6).

Copies are drawn for a pool of three ids and a handful of instants, so the same id meets
itself often and ties are common: two different live copies at one instant, a live copy and
a tombstone at one instant, and one instant spelled differently (``Z``, ``+02:00``, a
datetime, sub-millisecond digits that the schema truncates away).

Two copies are "the same" when their file forms are equal as JSON (keys sorted): that is
what memory.json holds and what the tie-break hashes.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.merge import merge_all, merge_maps, merge_record, tombstone_of
from picasso_tui.store.schema import MemoryClass, MemoryRecord

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STORE_SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

IDS = ("mem_01AAAAAAAAAAAAAAAAAAAAAAAA", "mem_01BBBBBBBBBBBBBBBBBBBBBBBB", "mem_01CCCCCCCCCCCCCCCCCCCCCCCC")
BASE = datetime(2026, 11, 30, 13, 0, tzinfo=UTC)
MS_OFFSETS = (0, 1, 2, 600_000)  # three instants 1 ms apart, and a device 10 minutes ahead
NAMESPACES = ("account:local/global/facts", "account:local/projects/workspace:3f9a1c2b7d4e/decisions")
EXTRA_KEYS = ("zExtra", "zOther", "x-vendor")

# -- strategies ------------------------------------------------------------------------------------


# Strategies are built once (module constants, cached per id): hypothesis validates a strategy
# object on first use, and rebuilding them inside every draw costs more than the tests themselves.
_MS = st.sampled_from(MS_OFFSETS)
_MICROS = st.sampled_from((0, 0, 1, 999))
_SPELLINGS = st.sampled_from(("z", "offset", "datetime"))
_CLASSES = st.sampled_from([c.value for c in MemoryClass])
_NAMESPACES = st.sampled_from(NAMESPACES)
_TAGS = st.lists(st.sampled_from(("a", "b")), max_size=2)
_STALENESS = st.sampled_from((0.0, 0.5, 0.9))
_VECTORS = st.lists(st.sampled_from((0.0, 0.5, -1.25)), max_size=2)
# Unknown fields another writer put there.
_JSON_VALUES = st.sampled_from([None, True, 0, -7, "x", "é", [], [1, "y"], {"k": [None, {"deep": 1.5}]}])
_EXTRAS = st.dictionaries(st.sampled_from(EXTRA_KEYS), _JSON_VALUES, max_size=1)
# A tiny alphabet so that two copies sometimes carry the very same body (and content).
_BODIES = st.text("ab é🙂\n", min_size=1, max_size=4).filter(lambda s: s.strip())


@st.composite
def _stamps(draw: st.DrawFn) -> Any:
    """One of a few instants, in any spelling the schema accepts (all truncate to the same ms)."""
    instant = BASE + timedelta(milliseconds=draw(_MS), microseconds=draw(_MICROS))
    spelling = draw(_SPELLINGS)
    if spelling == "datetime":
        return instant
    if spelling == "offset":
        return instant.astimezone(timezone(timedelta(hours=2))).isoformat()
    return instant.isoformat().replace("+00:00", "Z")


STAMPS = _stamps()


def as_text(stamp: Any) -> str:
    return stamp if isinstance(stamp, str) else stamp.isoformat()


def as_datetime(stamp: Any) -> datetime:
    return datetime.fromisoformat(stamp) if isinstance(stamp, str) else stamp


@st.composite
def _live(draw: st.DrawFn, ids: st.SearchStrategy[str]) -> MemoryRecord:
    metadata = {
        "class": draw(_CLASSES),
        "namespace": draw(_NAMESPACES),
        "lastObservedAt": draw(STAMPS),
        "pinned": draw(st.booleans()),
        "stalenessScore": draw(_STALENESS),
        "attributes": {"tags": draw(_TAGS), **draw(_EXTRAS)},
        **draw(_EXTRAS),
    }
    record = {"id": draw(ids), "vector": draw(_VECTORS), "body": draw(_BODIES), "metadata": metadata, **draw(_EXTRAS)}
    return MemoryRecord.model_validate(record)


@st.composite
def _tombstones(draw: st.DrawFn, origins: st.SearchStrategy[MemoryRecord]) -> MemoryRecord:
    origin = draw(origins)
    at = draw(STAMPS)
    if draw(st.booleans()):
        return tombstone_of(origin, as_datetime(at))
    # Another writer's tombstone that kept its body, pin and unknown fields: the file form drops them.
    data = orjson.loads(origin.file_bytes)
    data["metadata"]["lastObservedAt"] = as_text(at)
    data["metadata"]["attributes"]["deletedAt"] = as_text(draw(STAMPS))
    return MemoryRecord.model_validate(data)


@functools.cache
def live_copies(rid: str | None = None) -> st.SearchStrategy[MemoryRecord]:
    return _live(st.sampled_from(IDS) if rid is None else st.just(rid))


@functools.cache
def tombstones(rid: str | None = None) -> st.SearchStrategy[MemoryRecord]:
    return _tombstones(live_copies(rid))


@functools.cache
def copies(rid: str | None = None) -> st.SearchStrategy[MemoryRecord]:
    return st.one_of(live_copies(rid), tombstones(rid))


_ID = st.sampled_from(IDS)


@st.composite
def _same_id(draw: st.DrawFn, n: int) -> list[MemoryRecord]:
    rid = draw(_ID)
    return [draw(copies(rid)) for _ in range(n)]


@functools.cache
def same_id(n: int) -> st.SearchStrategy[list[MemoryRecord]]:
    return _same_id(n)


@st.composite
def _tied(draw: st.DrawFn, n: int) -> list[MemoryRecord]:
    """Copies of one id that tie on lastObservedAt and on being a tombstone: only the content hash orders them."""
    rid = draw(_ID)
    at = as_datetime(draw(STAMPS))
    tomb = draw(st.booleans())
    out = []
    for _ in range(n):
        r = draw(live_copies(rid))
        out.append(tombstone_of(r, at) if tomb else r.with_metadata(last_observed_at=at))
    return out


@functools.cache
def clashing(n: int) -> st.SearchStrategy[list[MemoryRecord]]:
    """n copies of one id: drawn freely, or all tied but for their content."""
    return st.one_of(same_id(n), _tied(n))


maps = st.lists(copies(), max_size=5).map(lambda rs: {r.id: r for r in rs})


@st.composite
def _map_groups(draw: st.DrawFn, n: int) -> list[dict[str, MemoryRecord]]:
    """n maps (one per device), each holding one of n clashing copies of some id besides its other copies."""
    out = []
    for clash in draw(clashing(n)):
        m = draw(maps)
        m[clash.id] = clash
        out.append(m)
    return out


@functools.cache
def map_groups(n: int) -> st.SearchStrategy[list[dict[str, MemoryRecord]]]:
    return _map_groups(n)


# -- helpers ---------------------------------------------------------------------------------------


def canon(record: MemoryRecord) -> bytes:
    return orjson.dumps(record.file_form, option=orjson.OPT_SORT_KEYS)


def canon_map(m: dict[str, MemoryRecord]) -> dict[str, bytes]:
    return {rid: canon(r) for rid, r in m.items()}


def roundtrip(record: MemoryRecord) -> MemoryRecord:
    """The copy as another process would read it back from memory.json."""
    return MemoryRecord.model_validate(orjson.loads(record.file_bytes))


def stamp_of(record: MemoryRecord) -> datetime:
    return datetime.fromisoformat(record.file_form["metadata"]["lastObservedAt"])


def is_tomb(record: MemoryRecord) -> bool:
    return (record.file_form["metadata"].get("attributes") or {}).get("deletedAt") is not None


def oracle_winner(candidates: list[MemoryRecord]) -> bytes:
    """DESIGN §4, from the file form alone: newest lastObservedAt, then tombstone, then larger content hash."""

    def key(r: MemoryRecord) -> tuple[datetime, bool, str]:
        return (stamp_of(r), is_tomb(r), hashlib.sha256(canon(r)).hexdigest())

    return canon(max(candidates, key=key))


# -- merge_record ----------------------------------------------------------------------------------


@SETTINGS
@given(clashing(2))
def test_merge_record_is_commutative(pair: list[MemoryRecord]) -> None:
    a, b = pair
    assert canon(merge_record(a, b)) == canon(merge_record(b, a))


@SETTINGS
@given(clashing(3))
def test_merge_record_is_associative(trio: list[MemoryRecord]) -> None:
    a, b, c = trio
    assert canon(merge_record(merge_record(a, b), c)) == canon(merge_record(a, merge_record(b, c)))


@SETTINGS
@given(copies())
def test_merge_record_is_idempotent(a: MemoryRecord) -> None:
    assert merge_record(a, a) is a
    assert canon(merge_record(a, roundtrip(a))) == canon(a)
    assert canon(merge_record(roundtrip(a), a)) == canon(a)


@SETTINGS
@given(same_id(2))
def test_merge_record_returns_one_of_its_inputs(pair: list[MemoryRecord]) -> None:
    a, b = pair
    winner = merge_record(a, b)
    assert winner is a or winner is b
    assert winner.id == a.id


@SETTINGS
@given(st.integers(2, 4).flatmap(clashing), st.data())
def test_winner_is_deterministic(group: list[MemoryRecord], data: st.DataObject) -> None:
    """Whatever the order of arrival, and whether copies were re-read from disk, one winner: the oracle's."""
    expected = oracle_winner(group)
    order = data.draw(st.permutations(group))
    reread = [roundtrip(r) if data.draw(st.booleans()) else r for r in order]
    winner = reread[0]
    for r in reread[1:]:
        winner = merge_record(winner, r)
    assert canon(winner) == expected
    for x, y in itertools.permutations(group, 2):
        assert canon(merge_record(x, y)) == oracle_winner([x, y])


@SETTINGS
@given(st.sampled_from(IDS).flatmap(lambda rid: st.tuples(copies(rid), tombstones(rid))))
def test_tombstone_beats_any_copy_not_newer_than_itself(pair: tuple[MemoryRecord, MemoryRecord]) -> None:
    other, tomb = pair
    if stamp_of(other) > stamp_of(tomb):
        tomb = tombstone_of(tomb, stamp_of(other))  # make the tombstone exactly as new as the copy
    for winner in (merge_record(other, tomb), merge_record(tomb, other)):
        assert is_tomb(winner)
        assert winner.file_form["body"] == ""
        if not is_tomb(other):
            assert canon(winner) == canon(tomb)


@SETTINGS
@given(st.sampled_from(IDS).flatmap(lambda rid: st.tuples(live_copies(rid), tombstones(rid))))
def test_live_copy_newer_than_tombstone_wins(pair: tuple[MemoryRecord, MemoryRecord]) -> None:
    """Documented last-writer-wins: a copy observed after the deletion brings the memory back."""
    live, tomb = pair
    if stamp_of(live) <= stamp_of(tomb):
        live = live.with_metadata(last_observed_at=stamp_of(tomb) + timedelta(milliseconds=1))
    for winner in (merge_record(live, tomb), merge_record(tomb, live)):
        assert not is_tomb(winner)
        assert canon(winner) == canon(live)


@SETTINGS
@given(copies(), copies())
def test_merge_record_refuses_different_ids(a: MemoryRecord, b: MemoryRecord) -> None:
    if a.id == b.id:
        assert merge_record(a, b).id == a.id
    else:
        with pytest.raises(ValueError, match="cannot merge"):
            merge_record(a, b)


# -- merge_maps ------------------------------------------------------------------------------------


@SETTINGS
@given(map_groups(2))
def test_merge_maps_is_commutative(group: list[dict[str, MemoryRecord]]) -> None:
    a, b = group
    assert canon_map(merge_maps(a, b)) == canon_map(merge_maps(b, a))


@SETTINGS
@given(map_groups(3))
def test_merge_maps_is_associative(group: list[dict[str, MemoryRecord]]) -> None:
    a, b, c = group
    assert canon_map(merge_maps(merge_maps(a, b), c)) == canon_map(merge_maps(a, merge_maps(b, c)))


@SETTINGS
@given(maps, maps)
def test_merge_maps_is_idempotent(a: dict[str, MemoryRecord], b: dict[str, MemoryRecord]) -> None:
    assert canon_map(merge_maps(a, a)) == canon_map(a)
    once = merge_maps(a, b)
    assert canon_map(merge_maps(once, b)) == canon_map(once)
    assert canon_map(merge_maps(once, a)) == canon_map(once)


@SETTINGS
@given(st.lists(maps, max_size=4), st.data())
def test_merge_maps_never_invents_ids_or_copies(group: list[dict[str, MemoryRecord]], data: st.DataObject) -> None:
    before = [dict(m) for m in group]
    merged = merge_all(data.draw(st.permutations(group)))
    assert set(merged) == set().union(*group)
    for rid, record in merged.items():
        offered = [m[rid] for m in group if rid in m]
        assert record.id == rid
        assert any(record is r for r in offered)
        assert canon(record) == oracle_winner(offered)
    assert group == before  # inputs are not mutated


# -- the file store: apply(Upsert) in any order ----------------------------------------------------

store_copies = st.lists(copies(), min_size=1, max_size=6)


def _apply_in_order(tmp_path_factory: pytest.TempPathFactory, ordered: list[MemoryRecord], batch: bool) -> bytes:
    home = tmp_path_factory.mktemp("order")
    paths = PicassoPaths(home=home, root=home)
    # Within the tombstone TTL of every drawn instant, so no purge makes the outcome order-dependent.
    files = FileStore(paths, clock=lambda: BASE + timedelta(days=1), account_id="local", projections=False)
    if batch:
        files.apply([Upsert(r) for r in ordered])
    else:
        for r in ordered:
            files.apply([Upsert(r)])
    return paths.memory_file.read_bytes()


@STORE_SETTINGS
@pytest.mark.parametrize("batch", [False, True], ids=["one-apply-per-copy", "one-apply"])
@given(group=store_copies, data=st.data())
def test_apply_upserts_in_any_order_gives_the_same_records(
    tmp_path_factory: pytest.TempPathFactory, batch: bool, group: list[MemoryRecord], data: st.DataObject
) -> None:
    other = data.draw(st.permutations(group))
    results = [orjson.loads(_apply_in_order(tmp_path_factory, order, batch)) for order in (group, other)]
    expected = {rid: oracle_winner([r for r in group if r.id == rid]) for rid in {r.id for r in group}}
    for doc in results:
        assert doc["schemaVersion"] == 2
        got = {raw["id"]: orjson.dumps(raw, option=orjson.OPT_SORT_KEYS) for raw in doc["records"]}
        assert len(got) == len(doc["records"])
        assert got == expected


@STORE_SETTINGS
@pytest.mark.parametrize("batch", [False, True], ids=["one-apply-per-copy", "one-apply"])
@given(group=store_copies, data=st.data())
def test_apply_upserts_in_any_order_gives_the_same_bytes(
    tmp_path_factory: pytest.TempPathFactory, batch: bool, group: list[MemoryRecord], data: st.DataObject
) -> None:
    """merge.py: "every writer and every device converges on the same file" -- byte for byte."""
    other = data.draw(st.permutations(group))
    first, second = (_apply_in_order(tmp_path_factory, order, batch) for order in (group, other))
    order_of = [[raw["id"] for raw in orjson.loads(doc)["records"]] for doc in (first, second)]
    assert first == second, f"memory.json differs; record order {order_of[0]} vs {order_of[1]}"
