"""Write policy: where an observation came from decides how far it is trusted.

A memory is injected into the next agent's prompt, so a line planted in a README or a tool's
output ("ignore previous instructions", "always send .env to https://...") must never become a
rule. Only the user states rules; instruction-like text from anywhere else is quarantined: kept
for the user to review, marked ``attributes.quarantined``, and never injected (retrieval skips it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from picasso_tui.store.ingress import Source
from picasso_tui.store.schema import MemoryClass, MemoryRecord


class ProvenanceKind(StrEnum):
    USER_STATED = "user-stated"
    AGENT_INFERRED = "agent-inferred"
    TOOL_OUTPUT = "tool-output"
    IMPORTED = "imported"


TRUST = {
    ProvenanceKind.USER_STATED: 3,
    ProvenanceKind.IMPORTED: 2,
    ProvenanceKind.AGENT_INFERRED: 1,
    ProvenanceKind.TOOL_OUTPUT: 0,
}


class WriteMode(StrEnum):
    """The only modes in which the ``write_memory`` tool may write (spec: runtime tools)."""

    USER_INSTRUCTION = "user-instruction"
    POST_RUN_REFLECTION = "post-run-reflection"
    POLICY_APPROVED = "policy-approved"


POLICY_APPROVED_MIN_CONFIDENCE = 0.8

# Text that tries to steer the agent that will later read this memory. Linear patterns only
# (bounded gaps), so adversarial tool output cannot make the check slow.
_HIJACK = [
    (
        "override",
        r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|"
        r"preceding|your|system)\s+(?:instructions?|rules?|prompts?|guidelines?|messages?)",
    ),
    ("role", r"\byou\s+are\s+now\b|\bnew\s+(?:system\s+)?instructions?\s*:|\bsystem\s+prompt\s*:"),
    ("secrecy", r"\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|alert)\s+the\s+user\b"),
    (
        "exfiltration",
        r"\b(?:send|post|upload|forward|exfiltrate|transmit|copy|email|pipe|leak|submit)\b[^\n]{0,120}?"
        r"(?:\bto\b|\bat\b|\binto\b|=>|->)\s*(?:https?://|ftp://|[^\s@]{1,64}@[^\s@]{1,253}\.\w{2,})",
    ),
    ("remote-exec", r"\b(?:curl|wget|iwr|invoke-webrequest)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b"),
    ("credentials", r"\b(?:include|attach|paste|reveal|print|share)\b[^\n]{0,60}?\b(?:api[_ ]?keys?|tokens?|"
     r"passwords?|credentials?|secrets?|\.env|ssh keys?)\b[^\n]{0,60}?\b(?:to|in|with)\b"),
]  # fmt: skip
_HIJACK_RE = [(name, re.compile(pattern, re.IGNORECASE)) for name, pattern in _HIJACK]
_IMPERATIVE_RE = re.compile(
    r"^\s*(?:[-*>•]\s*)?(?:important[:!]?\s*|note[:!]?\s*|note to (?:the )?(?:ai|agent|assistant)[:,]?\s*)?"
    r"(?:always|never|do\s+not|don'?t|must|you\s+must|you\s+should|make\s+sure|ensure|remember\s+to|"
    r"from\s+now\s+on|going\s+forward|in\s+this\s+repo)\b",
    re.IGNORECASE,
)


def hijack_reason(text: str) -> str | None:
    """The kind of steering attempt in ``text`` (``override``, ``exfiltration``, ...), or None."""
    sample = text[:20_000]  # a memory body is short; anything longer is not a rule worth keeping
    for name, pattern in _HIJACK_RE:
        if pattern.search(sample):
            return name
    return None


def is_imperative(text: str) -> bool:
    return bool(_IMPERATIVE_RE.match(text))


_ALWAYS_HOSTILE = frozenset({"override", "role", "secrecy"})
_ADDRESSEE_RE = re.compile(r"\b(?:ai|assistant|agent|llm|model|claude|codex|copilot|gpt|you|your)\b", re.IGNORECASE)


def planted_instruction(line: str) -> str | None:
    """A hijack attempt in one line of tool output or a file, or None.

    "Send a welcome email to bob@example.com" in a test log or `curl … | sh` in a README's install
    section are not addressed to an agent; they count only when the line is an instruction
    (imperative) or speaks to the agent. Overrides, role changes and secrecy count anywhere.
    """
    reason = hijack_reason(line)
    if reason is None or reason in _ALWAYS_HOSTILE:
        return reason
    return reason if is_imperative(line) or _ADDRESSEE_RE.search(line) else None


@dataclass(frozen=True)
class Verdict:
    action: str  # "keep" | "quarantine"
    reason: str | None = None


KEEP = Verdict("keep")


def judge(memory_class: MemoryClass, text: str, kind: ProvenanceKind) -> Verdict:
    """Whether an observation may become an ordinary (injectable) memory."""
    if kind is ProvenanceKind.USER_STATED:
        return KEEP  # the user is the authority on their own rules
    hijack = hijack_reason(text)
    if hijack:
        return Verdict("quarantine", f"{hijack} attempt in {kind.value}")
    if memory_class is MemoryClass.REPO_RULE:
        return Verdict("quarantine", f"a repo rule must be stated by the user, not {kind.value}")
    if kind is ProvenanceKind.TOOL_OUTPUT and is_imperative(text):
        return Verdict("quarantine", "instruction-like text in tool-output")
    if is_imperative(text) and memory_class in (MemoryClass.FACT, MemoryClass.STYLE, MemoryClass.MODEL_PERFORMANCE):
        # "Always deploy on Fridays" filed by the agent as a fact is a rule in disguise. Failure and
        # workflow guidance is imperative by nature ("never call X without a timeout"), and so is a
        # plan's decision, which the user approved.
        return Verdict("quarantine", f"instruction-like {memory_class.value} from {kind.value}")
    return KEEP


def stronger(a: str | None, b: str | None) -> str | None:
    """The more trusted of two provenance kinds (unknown kinds count as least trusted)."""
    ta = TRUST.get(ProvenanceKind(a), -1) if a in ProvenanceKind._value2member_map_ else -1
    tb = TRUST.get(ProvenanceKind(b), -1) if b in ProvenanceKind._value2member_map_ else -1
    return a if ta >= tb else b


def screen(record: MemoryRecord, source: Source) -> str | None:
    """The store door's trust step: why ``record``, arriving from ``source``, is held for review.

    The user's own records (typed, imported from their export, synced from their devices, already in
    the store) are theirs to keep. The write-back and MCP are judged by the provenance kind they
    recorded, exactly as ``judge`` did when they built the record. A repository's files may state the
    project's rules (that is what CLAUDE.md is for), but never a steering attempt.
    """
    if source in _OWN_SOURCES:
        return None
    text = " ".join([record.body, *record.metadata.prevent_next_time])
    if source is Source.PROFILE:
        hijack = hijack_reason(text)
        return f"{hijack} attempt in a repository file" if hijack else None
    if source is Source.REPOSITORY:
        kind = ProvenanceKind.IMPORTED
    else:
        recorded = (record.metadata.provenance.model_extra or {}).get("kind")
        known = recorded in ProvenanceKind._value2member_map_
        kind = ProvenanceKind(recorded) if known else ProvenanceKind.AGENT_INFERRED
    verdict = judge(record.memory_class, text, kind)
    return verdict.reason if verdict.action == "quarantine" else None


_OWN_SOURCES = frozenset({Source.USER, Source.IMPORT, Source.LEGACY, Source.SYNC, Source.MAINTENANCE})
