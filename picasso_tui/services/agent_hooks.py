"""The use cases behind the agent hooks (``picasso hook <agent> <event>``): what memory an agent gets when a
session starts and at each prompt, and what it leaves behind at the end of a turn or a session.

Each is what ``picasso run`` does around a headless agent, split at the points where an interactive agent calls
out: the recall block is the same pipeline and budget, the write-back the same save, reflection and store write.
The front end (``hooks/``) only parses the agent's payload and renders the answer in the agent's shape.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from picasso_tui import settings
from picasso_tui.atomic import write_atomic
from picasso_tui.services.hook_ledger import HookLedger, transcript_key
from picasso_tui.services.session import open_session
from picasso_tui.store.api import RECENCY, MemoryStore
from picasso_tui.store.schema import MemoryClass, MemoryRecord, utc_now
from picasso_tui.writeback.observation import UNFIXED

if TYPE_CHECKING:
    from picasso_tui.writeback.observation import Observation
    from picasso_tui.writeback.transcript import Transcript
    from picasso_tui.writeback.write import WriteReport

AGENT_LABELS = {"claude": "claude", "codex": "codex", "gemini": "gemini"}
"""The name model notes and kept transcripts use: the executable, as ``picasso run`` names the agents it starts."""

REMEMBER_HINT = (
    "(Picasso memory: to have a durable fact about this codebase remembered, write a line "
    "`remember(fact): <one sentence>` in your reply; also decision, workflow, failure.)"
)
PROFILE_OFFER = (
    "Picasso memory: this workspace has no project profile yet. Run `picasso memory init` to have every agent "
    "session start with its structure, conventions and dependencies."
)
OFFERED_FILE = "profile-offered.json"


def open_workspace(cwd: Path) -> MemoryStore:
    """The user's store as seen from the folder the agent works in (never the hook process's own)."""
    return open_session(cwd=cwd)


# -- session start --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Brief:
    context: str
    """For the model: the brief (a block in the recall block's shape) and how to ask for a memory; may be empty."""
    ids: list[str] = field(default_factory=list)
    offer: str | None = None
    """For the user: the first-session profile offer, once per workspace; None when it does not apply."""


def session_brief(store: MemoryStore, budget_tokens: int | None = None) -> Brief:
    """A short workspace brief for a session's start: repo rules, pinned memories and the profile's essentials
    (what the project is, its stack, how to build and test it), newest first within each, cut to the budget
    (``hooks.briefBudgetTokens``). Staleness follows the code first, as it does when ``picasso run`` starts."""
    from picasso_tui.anchors.staleness import refresh_workspace
    from picasso_tui.retrieval import block
    from picasso_tui.store.errors import StoreError
    from picasso_tui.store.namespaces import main_language

    paths = store.paths
    budget = budget_tokens or int(settings.get("hooks.briefBudgetTokens", paths))
    with contextlib.suppress(StoreError):  # read-only memory still briefs; the block marks what it knows is stale
        refresh_workspace(store)
    ws = store.workspace
    language = main_language(ws.root, paths.cache_dir) if ws else None
    ranked = _brief_records(store, language)
    brief = block.render(ranked, utc_now(), budget, language)
    hint = REMEMBER_HINT if settings.get("agent.rememberHint", paths) else ""
    return Brief("\n\n".join(p for p in (brief.text, hint) if p), brief.included, _profile_offer(store))


def _brief_records(store: MemoryStore, language: str | None) -> list[MemoryRecord]:
    """The brief's candidates in priority order: repo rules (pinned first), other pinned memories, then the
    profile's essentials; each group newest first."""
    from picasso_tui.retrieval.scope import Scope

    ws = store.workspace
    scope = Scope(store.account_id, ws.fingerprint if ws else None, language)
    ranks: dict[str, tuple[int, int]] = {}

    def keep(raw: dict[str, Any]) -> bool:
        md = raw["metadata"]
        attrs = md.get("attributes") or {}
        if attrs.get("archivedAt") or attrs.get("quarantined") or not scope.allows(md["namespace"]):
            return False
        rank = _brief_rank(raw["id"], md)
        if rank is not None:
            ranks[raw["id"]] = rank
        return rank is not None

    records = store.files.load().records(keep)
    records.sort(key=RECENCY, reverse=True)
    records.sort(key=lambda r: ranks[r.id])  # stable: newest first within a rank
    return records


def _brief_rank(rid: str, md: dict[str, Any]) -> tuple[int, int] | None:
    from picasso_tui.profile.findings import ROLES
    from picasso_tui.profile.records import ID_PREFIX

    pinned = bool(md.get("pinned"))
    if md.get("class") == "repo_rule":
        return (0 if pinned else 1, 0)
    if pinned:
        return (2, 0)
    if not rid.startswith(ID_PREFIX):
        return None
    key = str((md.get("provenance") or {}).get("findingKey") or "")
    if key == "project/summary":
        return (3, 0)
    if key == "languages":
        return (3, 1)
    if key.endswith(("/packaging", "/stack")) or key == "cpp/build":
        return (3, 2)
    role = key.removeprefix("workflow/")
    if key.startswith("workflow/") and role in ROLES:
        return (3, 10 + ROLES.index(role))
    return (3, 30) if key == "layout/tests" else None


def _profile_offer(store: MemoryStore) -> str | None:
    """The first-session offer, shown by the hooks once per workspace (the TUI asks on its own terms)."""
    from picasso_tui.profile.offer import should_offer

    ws = store.workspace
    if ws is None or not should_offer(store.paths, ws, store.files):
        return None
    path = store.paths.hooks_dir / OFFERED_FILE
    try:
        offered = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        offered = []
    offered = [str(f) for f in offered] if isinstance(offered, list) else []
    if ws.fingerprint in offered:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(path, orjson.dumps([*offered[-999:], ws.fingerprint]) + b"\n", durable=False)
    except OSError:
        return None  # it could not be remembered: better unsaid than said at every session
    return PROFILE_OFFER


# -- each prompt ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PromptContext:
    block: str
    """The recall block for the prompt, exactly as ``picasso run`` would inject it; empty when nothing applies."""
    ids: list[str] = field(default_factory=list)


def prepare_prompt() -> None:
    """Before the store opens, in a fresh process: the embedder starts loading on a thread meanwhile."""
    from picasso_tui.services import recall

    recall.prepare_one_shot()


def prompt_context(store: MemoryStore, prompt: str) -> PromptContext:
    """The recall block for ``prompt``: the same pipeline, scope and budget (``retrieval.budgetTokens``) as
    ``picasso run``, answered from the saved index as a one-shot ``picasso memory recall`` is."""
    from picasso_tui.services import recall

    if not prompt.strip():
        return PromptContext("")
    result = recall.recall_once(lambda: store, prompt).result
    return PromptContext(result.block, [e.id for e in result.entries] if result.block else [])


# -- end of a turn or a session -------------------------------------------------------------------------


@dataclass(frozen=True)
class Absorbed:
    events: int
    """Events read from the transcript's new part (0: nothing new since the last hook)."""
    consumed: int
    report: WriteReport | None = None
    kept: Path | None = None
    failures: WriteReport | None = None
    """At the session's end: the failure lessons of the whole session not written turn by turn."""


def absorb_transcript(
    store: MemoryStore, agent: str, transcript_path: Path, session_id: str, *, final: bool = False
) -> Absorbed:
    """Learn from the part of an agent's transcript no hook has read yet: keep it (redacted) and reflect on it
    exactly as ``picasso run`` does after a run, then note how far it was read, so a Stop followed by a
    SessionEnd, or a resumed session, never reflects the same part twice.

    A failure the turn leaves unfixed is held back: the next turn often fixes it, and "X was not fixed" would then
    mislead. When the session ends (``final``) its whole transcript is read once more for failure lessons only, so
    a failure fixed a turn later is kept with its fix and one never fixed is kept as such; each lesson once (the
    ledger keeps fingerprints of those written). Raises ``TranscriptError`` when the file cannot be read."""
    from picasso_tui.writeback.foreign import read_agent_transcript
    from picasso_tui.writeback.kept_transcripts import save_transcript
    from picasso_tui.writeback.write import reflect

    ledger = HookLedger(store.paths)
    key = transcript_key(agent, session_id, transcript_path)
    ws = store.workspace  # where the agent's edited files are named from, if its transcript does not say
    cwd = ws.root if ws else store.cwd
    written: list[str] = []
    with ledger.locked():
        start = ledger.consumed(key)
        if start and _shrunk(transcript_path, start):
            start = 0  # the file was replaced by a shorter one: read it afresh (reinforcement meets what repeats)
        foreign = read_agent_transcript(agent, transcript_path, start=start, cwd=cwd)
        transcript = foreign.transcript
        report = kept = failures = None
        if transcript.events:
            label = _headed(transcript, agent, store)
            kept = save_transcript(transcript, store.paths)
            report = reflect(transcript, store, agent=label, keep=_turn_lessons(final, written))
        if final:
            whole = read_agent_transcript(agent, transcript_path, cwd=cwd).transcript
            label = _headed(whole, agent, store)
            failures = reflect(whole, store, agent=label, keep=_new_failures(ledger.failures(key), written))
        if foreign.consumed != start or written:
            ledger.record(key, foreign.consumed, written)
    return Absorbed(len(transcript.events), foreign.consumed, report, kept, failures)


def _turn_lessons(final: bool, written: list[str]) -> Callable[[Observation], bool]:
    """What a turn writes: everything but the failures left unfixed (and, at the session's end, every failure:
    the whole session decides those)."""

    def keep(obs: Observation) -> bool:
        if obs.cls is not MemoryClass.FAILURE:
            return True
        if final or UNFIXED in obs.tags:
            return False
        written.append(_fingerprint(obs))
        return True

    return keep


def _new_failures(seen: set[str], written: list[str]) -> Callable[[Observation], bool]:
    def keep(obs: Observation) -> bool:
        if obs.cls is not MemoryClass.FAILURE or (fp := _fingerprint(obs)) in seen:
            return False
        written.append(fp)
        return True

    return keep


def _fingerprint(obs: Observation) -> str:
    return hashlib.sha256(obs.body.encode()).hexdigest()[:16]


def _headed(transcript: Transcript, agent: str, store: MemoryStore) -> str:
    """Head the transcript as ``picasso run`` heads its own (agent, model, workspace); the label model notes use."""
    header = transcript.header
    header["agent"] = AGENT_LABELS.get(agent, agent)
    ws = store.workspace
    if ws is not None:
        header["workspace"] = ws.fingerprint
    model = header.get("model")
    label = str(header["agent"])
    return f"{label} ({model})" if isinstance(model, str) and model else label


def _shrunk(path: Path, consumed: int) -> bool:
    """A JSON-lines transcript shorter than what was read of it has been rewritten (offsets are bytes there; a
    JSON file's are message counts, which the reader bounds itself)."""
    if path.suffix != ".jsonl":
        return False
    try:
        return os.path.getsize(path) < consumed
    except OSError:
        return False
