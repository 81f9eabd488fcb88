"""The inspector's filter and relations, computed without widgets: typing narrows from the previous
answer, so every sequence of keystrokes must give what a fresh filter over all memories gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.view_model import MemoryView, parse_filter

WORDS = ["router", "route", "auth", "token", "cache", "src/auth", "jwt", "vitest"]


def make(
    i: int, body: str, cls: str = "fact", files: tuple[str, ...] = (), supersedes: str | None = None
) -> MemoryRecord:
    edges = [{"type": "fact->file", "target": f"file:{f}"} for f in files]
    if supersedes:
        edges.append({"type": "supersedes", "target": supersedes})
    return MemoryRecord.model_validate({"id": f"mem_{i:04d}", "body": body, "metadata": {
        "class": cls, "namespace": "account:local/global/facts", "createdAt": "2026-11-01T00:00:00.000Z",
        "lastObservedAt": "2026-11-01T00:00:00.000Z", "edges": edges}})  # fmt: skip


def fresh(records: list[MemoryRecord], text: str) -> dict:
    return {cls: [r.id for r in rows] for cls, rows in MemoryView(records).columns(parse_filter(text)).items()}


@settings(max_examples=60, deadline=None)
@given(
    bodies=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join), min_size=1, max_size=30),
    typed=st.lists(st.text(alphabet="routeahjwcs/ ", max_size=12), min_size=1, max_size=8),
)
def test_any_sequence_of_filters_equals_a_fresh_filter(bodies: list[str], typed: list[str]) -> None:
    records = [make(i, b, "decision" if i % 3 == 0 else "fact") for i, b in enumerate(bodies)]
    view = MemoryView(records)
    for text in typed:  # typing, deleting, replacing: each answer must not depend on the one before
        got = {cls: [r.id for r in rows] for cls, rows in view.columns(parse_filter(text)).items()}
        assert got == fresh(records, text), text


def test_typing_one_more_letter_narrows_and_deleting_it_widens_again() -> None:
    records = [make(1, "router table"), make(2, "route handler"), make(3, "auth token")]
    view = MemoryView(records)
    ids = lambda text: [r.id for r in view.columns(parse_filter(text))[records[0].memory_class]]  # noqa: E731
    assert ids("rout") == ["mem_0001", "mem_0002"]
    assert ids("router") == ["mem_0001"]
    assert ids("rout") == ["mem_0001", "mem_0002"]
    assert ids("rout tok") == []
    assert ids("") == ["mem_0001", "mem_0002", "mem_0003"]


def test_relations_survive_a_reload_that_reuses_unchanged_records() -> None:
    a = make(1, "uses jwt", files=("src/auth.ts",))
    b = make(2, "token rotation", files=("src/auth.ts", "src/b.ts"), supersedes="mem_0001")
    c = make(3, "unrelated", files=("src/c.ts",))
    first = MemoryView([a, b, c])
    assert first.superseded_by("mem_0001") == ["mem_0002"]
    assert first.sharing(a) == [("src/auth.ts", "mem_0002")]
    changed_c = make(3, "now touches auth", files=("src/auth.ts",))
    second = MemoryView([a, b, changed_c], previous=first)
    assert second.sharing(a) == [("src/auth.ts", "mem_0002"), ("src/auth.ts", "mem_0003")]
    assert second.superseded_by("mem_0002") == []
