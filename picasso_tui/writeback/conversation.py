"""A decision agreed in conversation, without a plan: the agent recommends an approach in its words ("I'd
recommend a typed extractor, because …") and the user's next message agrees ("yes, go with that"). The
recommendation, with its reason, is the decision; the user's agreement is what makes it one. A question the
agent asks ("should I also add a test?") proposes nothing, and an answer that does not agree decides nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.evidence import mentioned_paths, sentences
from picasso_tui.writeback.observation import Observation
from picasso_tui.writeback.phrases import AGREEMENT, APPROVAL, CHOICE, PROPOSAL, REASON
from picasso_tui.writeback.policy import ProvenanceKind
from picasso_tui.writeback.transcript import Event, Transcript

MAX_DECISION_CHARS = 400


def agreed_decisions(transcript: Transcript) -> Iterator[Observation]:
    """A decision for each recommendation of the agent the user agreed to in their next message."""
    said: list[Event] = []
    for event in transcript.events:
        if event.type == "plan":
            said = []  # a plan's approval is the plan rule's
        elif event.type == "output":
            said.append(event)
        elif event.type in ("prompt", "correction"):
            proposal = _recommendation(said) if said and _agrees(event.text) else None
            if proposal:
                yield _decision(proposal, event, transcript.session_id)
            said = []


def _agrees(text: str) -> bool:
    first = (sentences(text) or [""])[0]
    return bool(AGREEMENT.match(first) or APPROVAL.match(first))


def _recommendation(said: list[Event]) -> str | None:
    """The agent's last recommendation before the user spoke, with the reason that follows it."""
    text = "\n".join(e.text for e in said)[-20_000:]
    parts = sentences(text)
    for n in range(len(parts) - 1, -1, -1):
        m = PROPOSAL.search(parts[n])
        if not m or parts[n].rstrip().endswith("?"):
            continue
        body = parts[n][m.end() :].strip()
        reasoned = bool(REASON.search(body))
        if not reasoned and n + 1 < len(parts) and REASON.match(parts[n + 1]):
            reason, reasoned = parts[n + 1], True
            body = f"{body.rstrip('.')}: {reason[:1].lower()}{reason[1:]}"  # "I'd recommend X. It keeps …"
        if len(body) <= 12 or not (reasoned or CHOICE.search(text)):
            return None  # a next step ("I'd suggest running the suite"), not a choice between ways
        return body[:1].upper() + body[1:]
    return None


def _decision(proposal: str, agreement: Event, session: str | None) -> Observation:
    body = proposal[:MAX_DECISION_CHARS].rstrip()
    body = body if body.endswith((".", "!")) else body.rstrip("?") + "."
    files = mentioned_paths(proposal)
    return Observation(
        MemoryClass.DECISION,
        body,
        ProvenanceKind.AGENT_INFERRED,  # the agent's words, which the user agreed to: still checked by policy
        agreement.index,
        files=files,
        tags=["agreed-in-conversation"],
        source_plan=f"transcript:{session}#{agreement.index}",
        edges=[{"type": "decision->file", "target": f"file:{p}"} for p in files],
        title=re.split(r"[,;:(]| because ", body, maxsplit=1)[0][:120],
        confidence=0.8,
        rule="agreed-decision",
    )
