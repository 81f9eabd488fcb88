"""The injection block, in the spec's shape, within a token budget."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from picasso_tui.display import long_age, visible_text
from picasso_tui.store.schema import MemoryClass, MemoryRecord

SECTIONS = (
    (MemoryClass.REPO_RULE, "Repo rules"),
    (MemoryClass.FACT, "Codebase facts"),
    (MemoryClass.STYLE, "Style preferences"),
    (MemoryClass.DECISION, "Recent decisions"),
    (MemoryClass.FAILURE, "Failure patterns"),
    (MemoryClass.WORKFLOW, "Workflows"),
    (MemoryClass.MODEL_PERFORMANCE, "Model notes"),
)
HEADER = "Memory context for this session:"
CHARS_PER_TOKEN = 4  # the usual estimate for English and code; the budget is a bound, not an exact count


def tokens(text: str) -> int:
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


def entry_line(record: MemoryRecord, now: datetime) -> str:
    body = " ".join(visible_text(record.body).split())
    guidance = " ".join(f"Prevent next time: {g}" for g in record.metadata.prevent_next_time)
    age = long_age(record.metadata.last_observed_at, now)
    stale = " (stale)" if record.is_stale else ""
    return f"- {body}{' ' + guidance if guidance else ''} (last observed: {age}){stale}"


@dataclass(frozen=True)
class Block:
    text: str
    included: list[str]
    over_budget: list[str]


def render(ranked: list[MemoryRecord], now: datetime, budget: int, language: str | None) -> Block:
    """Take records in rank order while they fit; lay them out in the spec's section order."""
    lines = {r.id: entry_line(r, now) for r in ranked}
    used = tokens(HEADER) + 1
    included: list[MemoryRecord] = []
    over: list[str] = []
    sections_used: set[MemoryClass] = set()
    for r in ranked:
        cost = tokens(lines[r.id]) + 1
        if r.memory_class not in sections_used:
            cost += tokens(_title(r.memory_class, language)) + 1
        if used + cost > budget:
            over.append(r.id)
            continue
        used += cost
        included.append(r)
        sections_used.add(r.memory_class)
    if not included:
        return Block("", [], over)
    out = [HEADER, ""]
    for cls, _ in SECTIONS:
        members = [r for r in included if r.memory_class is cls]
        if members:
            out.append(_title(cls, language) + ":")
            out += [lines[r.id] for r in members]
    return Block("\n".join(out), [r.id for r in included], over)


def _title(cls: MemoryClass, language: str | None) -> str:
    title = dict(SECTIONS)[cls]
    if cls is MemoryClass.STYLE and language:
        return f"{title} ({language.capitalize() if language != 'typescript' else 'TypeScript'})"
    return title
