"""The reader: an optional last look at the top of a recall by a stronger model, off by default.

After ranking and before the block is rendered, the reader reads the prompt and up to
``retrieval.readerTopN`` memories (``pool``: the ranking's, then the best-scored candidates it left
below the floor or the top-k) and orders them:

- ``rerank``: a cross-encoder behind a ``/rerank`` endpoint in the Cohere/Jina/vLLM/Infinity shape
  (request ``{model, query, documents, top_n}``, answer ``{results: [{index, relevance_score}]}``);
- ``judge``: an OpenAI-compatible ``/chat/completions`` model asked which memories apply, answering
  ``{"relevant": [numbers]}``. An empty list means none applies, and then nothing is injected: the
  judge reads the memories, which the relevance gate's scores cannot. It can only shut what the gate
  opened; it never runs, so never injects, when the gate is shut.

The memories the reader names go first, in its order, the others after them in the retrieval's. The
gate and the floor decide how many are injected (as many as the ranking kept), the reader which.
Any failure (unreachable, an HTTP error, no answer within ``retrieval.readerTimeoutMs`` in all, an
answer that is not the expected JSON) keeps the retrieval's order and leaves one sentence in
``RecallResult.note``. What leaves the machine: the prompt, after the secret redactor (a flagged
secret goes as its ``[REDACTED:…]`` marker; a prompt the redactor cannot vouch for is not sent), and
the memories' text as stored (redacted when written).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from picasso_tui import settings
from picasso_tui.display import visible_text
from picasso_tui.paths import PicassoPaths
from picasso_tui.retrieval.reader_http import JudgeReader, ReaderFailed, RerankReader

if TYPE_CHECKING:
    from picasso_tui.retrieval.rank import Candidate
    from picasso_tui.retrieval.result import RecallResult
    from picasso_tui.store.schema import MemoryRecord

MAX_DOCUMENT_CHARS = 2000  # a memory is 1-3 sentences; a longer one is cut rather than sent whole
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Reader(Protocol):
    mode: str
    """``rerank`` or ``judge``: how --explain and the JSON name it."""
    label: str
    """The model and where it runs, without credentials."""
    top_n: int

    def read(self, prompt: str, documents: list[str]) -> list[int]:
        """Indices into ``documents``, best first; a judge's ``[]`` means none applies.
        Raises ``ReaderFailed`` with one sentence when it cannot answer."""
        ...


def document_text(record: MemoryRecord) -> str:
    """What the reader is shown of a memory: the body and its prevent-next-time guidance, on one line."""
    body = " ".join(visible_text(record.body).split())
    guidance = " ".join(f"Prevent next time: {g}" for g in record.metadata.prevent_next_time)
    return (f"{body} {guidance}" if guidance else body)[:MAX_DOCUMENT_CHARS]


# -- the hook ---------------------------------------------------------------------------------------

WIDENED_FROM = ("below floor", "below top-k")
"""Candidates the ranking left out for these reasons may fill the reader's pool: the floor passes ~4.5 memories
a prompt, and the one that answers it is often just below. On tests/eval (MiniLM, gate open) a labelled memory
is among the ranking's memories for 0.80 of the answerable prompts, among a pool of 10 for 0.93; a reader
that knew the labels would reach hit@3 0.76 reading the ranking alone, 0.85 reading the pool (gate as
committed; docs/benchmarks.md)."""


def pool(
    ranked: list[Candidate], omitted: list[tuple[str, str]], candidates: Mapping[str, Candidate], n: int
) -> list[Candidate]:
    """What the reader sees: the ranking's first ``n``, then the best-scored candidates it left out below the
    floor or the top-k, up to ``n`` in all (never a stale, off-branch or duplicate one)."""
    head = ranked[:n]
    have = {c.record.id for c in ranked}
    bodies = {_body_key(c.record) for c in ranked}
    spare = sorted(
        (candidates[rid] for rid, why in omitted if why in WIDENED_FROM and rid in candidates and rid not in have),
        key=lambda c: c.score,
        reverse=True,
    )
    for c in spare:
        if len(head) >= n:
            break
        if _body_key(c.record) not in bodies:
            bodies.add(_body_key(c.record))
            head.append(c)
    return head


def _body_key(record: MemoryRecord) -> str:
    return " ".join(record.body.lower().split())


def read(
    reader: Reader | None,
    prompt: str,
    ranked: list[Candidate],
    omitted: list[tuple[str, str]],
    result: RecallResult,
    timings: dict[str, float],
    candidates: Mapping[str, Candidate],
) -> list[Candidate]:
    """The ranking as the reader orders its top (``pool``): as many memories as the ranking kept among its
    first ``top_n`` (the gate and the floor decide how many, the reader which), then the rest of the ranking;
    ``[]`` when a judge says none applies. ``omitted`` follows (a memory the reader brought in is no longer
    left out; one it put below the cut is). Unchanged, with a note on ``result``, when the reader cannot
    answer. Its time goes into ``timings["read"]`` (and is part of the recall's ``rank_format``)."""
    if reader is None or not ranked:
        return ranked  # a shut gate (or nothing found) asks no reader
    seen = pool(ranked, omitted, candidates, reader.top_n)
    if len(seen) < 2 and reader.mode != "judge":
        return ranked  # one memory has no order to change; a judge may still find it does not apply
    from picasso_tui.redact.redact import RedactionFailed, redact_text  # only with a reader: not on every recall

    t0 = time.perf_counter()
    try:
        order = reader.read(redact_text(prompt).text, [document_text(c.record) for c in seen])
    except RedactionFailed:
        order = None
        why = "the prompt could not be checked for secrets, so the reader was not asked"
    except ReaderFailed as exc:
        order = None
        why = str(exc).rstrip(".")
    ms = (time.perf_counter() - t0) * 1000
    timings["read"] = ms
    said = f"reader {reader.mode} ({reader.label}, {ms:.0f} ms)"
    if order is None:
        sentence = f"{why}; the retrieval's order stands"
        result.note = f"{result.note}; {sentence}" if result.note else sentence
        result.reader = f"{said}: {sentence}"
        return ranked
    if not order and reader.mode == "judge":
        omitted += [(c.record.id, "judged not relevant") for c in ranked]
        result.reader = f"{said}: none of the {len(seen)} it read applies, so nothing is injected"
        return []
    named = list(dict.fromkeys(i for i in order if 0 <= i < len(seen)))
    ordered = [seen[i] for i in named + [i for i in range(len(seen)) if i not in set(named)]]
    cut = min(len(ranked), reader.top_n)
    kept, below = ordered[:cut], ordered[cut:]
    brought = {c.record.id for c in kept} - {c.record.id for c in ranked}
    if brought:
        omitted[:] = [(rid, why) for rid, why in omitted if rid not in brought]
    left_out = {rid for rid, _ in omitted}
    omitted += [(c.record.id, "below the reader's cut") for c in below if c.record.id not in left_out]
    result.reader = f"{said}: read {len(seen)}, kept {cut}" + (
        f" ({len(brought)} from below the floor)" if brought else ""
    )
    return kept + ranked[reader.top_n :]


class Unconfigured:
    """A reader the settings ask for but do not describe well enough: every recall notes why."""

    def __init__(self, mode: str, why: str, top_n: int = 10) -> None:
        self.mode, self.label, self.top_n, self.why = mode, "not configured", top_n, why

    def read(self, prompt: str, documents: list[str]) -> list[int]:
        raise ReaderFailed(self.why)


# -- from the settings ------------------------------------------------------------------------------


def from_settings(
    paths: PicassoPaths | None = None, environ: Callable[[str], str | None] = os.environ.get
) -> Reader | None:
    """The reader ``retrieval.reader`` chooses (None when off). A judge without ``retrieval.readerUrl`` asks the
    write-back's chat model (``writeback.model.*``, each unless the ``retrieval.reader*`` setting names its own).
    Raises ``SettingsError`` on a value out of range, as every recall setting does."""
    mode = settings.get("retrieval.reader", paths)
    if mode == "off":
        return None
    top_n = settings.get("retrieval.readerTopN", paths)
    timeout_ms = settings.get("retrieval.readerTimeoutMs", paths)
    url = settings.get("retrieval.readerUrl", paths)
    model = settings.get("retrieval.readerModel", paths)
    env_name = settings.get("retrieval.readerApiKeyEnv", paths)
    if mode == "judge" and not url:  # the write-back's model, and its key only for its own server
        url = settings.get("writeback.model.baseUrl", paths)
        model = model or settings.get("writeback.model.model", paths)
        env_name = env_name or settings.get("writeback.model.apiKeyEnv", paths)
    if not url:
        return Unconfigured(mode, f"retrieval.reader is {mode} but retrieval.readerUrl is not set", top_n)
    if env_name and not _ENV_NAME.match(str(env_name)):  # perhaps a key pasted in by mistake: never echo it
        return Unconfigured(
            mode, "retrieval.readerApiKeyEnv must name an environment variable, not hold the key", top_n
        )
    api_key = (environ(str(env_name)) or "").strip() if env_name else ""
    kind = RerankReader if mode == "rerank" else JudgeReader
    try:
        return kind(str(url), str(model) if model else None, api_key or None, timeout_ms=timeout_ms, top_n=top_n)
    except ReaderFailed as exc:
        return Unconfigured(mode, str(exc), top_n)
