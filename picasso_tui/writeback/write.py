"""The write pipeline: reflect -> classify -> policy -> redact -> reinforce/dedupe -> ONE store write.

Fail closed: if the redactor fails on any candidate, nothing of the run is written and a
``writeback-denied`` event says why. Every write is a single ``FileStore.apply`` with all the
deltas of the run, so a run's memories land together or not at all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from picasso_tui import settings
from picasso_tui.redact.redact import RedactionFailed, redact_record
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.codec import deleted_at
from picasso_tui.store.filestore import Change, Snapshot, Upsert
from picasso_tui.store.ids import new_id
from picasso_tui.store.ingress import AGENT
from picasso_tui.store.namespaces import main_language, namespace_for
from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.text import without_controls
from picasso_tui.writeback import policy
from picasso_tui.writeback.classify import Observation, classify
from picasso_tui.writeback.reinforce import WritePlan, plan_writes
from picasso_tui.writeback.transcript import Transcript

MAX_BODY_CHARS = 4000


@dataclass
class WriteReport:
    session_id: str | None
    observations: int = 0
    added: list[MemoryRecord] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    superseded: list[tuple[str, str]] = field(default_factory=list)
    quarantined: list[str] = field(default_factory=list)
    redactions: dict[str, int] = field(default_factory=dict)

    @property
    def written_ids(self) -> list[str]:
        return [r.id for r in self.added] + self.reinforced

    def summary(self) -> str:
        parts = [f"{len(self.added)} new", f"{len(self.reinforced)} reinforced"]
        if self.superseded:
            parts.append(f"{len(self.superseded)} superseded")
        if self.quarantined:
            parts.append(f"{len(self.quarantined)} quarantined")
        if self.redactions:
            parts.append(f"{sum(self.redactions.values())} secrets redacted")
        return ", ".join(parts)


def reflect(
    transcript: Transcript,
    store: MemoryStore,
    *,
    agent: str | None = None,
    extra: Iterable[Observation] = (),
    keep: Callable[[Observation], bool] | None = None,
) -> WriteReport:
    """Classify a finished run's transcript and write what it taught, in one store write. ``keep`` chooses among
    the observations (the agent hooks learn a session turn by turn and hold some back until it ends)."""
    ws = store.workspace
    language = main_language(ws.root, store.paths.cache_dir) if ws else None
    observations = classify(transcript, agent=agent, language=language) + list(extra)
    if settings.get("writeback.classifier", store.paths) == "model":
        observations += _model_observations(transcript, store)
    if keep is not None:
        observations = [o for o in observations if keep(o)]
    return write_observations(observations, store, session_id=transcript.session_id, source="reflection")


def _model_observations(transcript: Transcript, store: MemoryStore) -> list[Observation]:
    from picasso_tui.writeback.model_classifier import ModelClassifierError, classify_with_model

    try:
        return classify_with_model(transcript, store.paths)
    except (ModelClassifierError, RedactionFailed) as exc:
        # The rules already ran: a model that is down or redaction that fails only costs its extras.
        events.emit(store.paths, "classifier-fallback", session=transcript.session_id, reason=type(exc).__name__)
        return []


def write_observations(
    observations: list[Observation], store: MemoryStore, *, session_id: str | None, source: str
) -> WriteReport:
    report = WriteReport(session_id, observations=len(observations))
    if not observations:
        events.emit(store.paths, "reflection", session=session_id, counts={"observations": 0})
        return report
    candidates, findings, reasons = _redacted_candidates(observations, store, session_id=session_id, source=source)
    plan = _write_planned(candidates, store)
    report.added = plan.added
    report.reinforced = plan.reinforced
    report.superseded = plan.superseded
    report.quarantined = [r.id for r in plan.added if getattr(r.metadata.attributes, "quarantined", False)]
    report.redactions = dict(findings)
    if report.quarantined:
        events.emit(store.paths, "quarantine", session=session_id, ids=report.quarantined, reasons=dict(reasons))
    _emit_reflection(store, report, source)
    return report


def _redacted_candidates(
    observations: list[Observation], store: MemoryStore, *, session_id: str | None, source: str
) -> tuple[list[MemoryRecord], Counter[str], Counter[str]]:
    """(records, secrets redacted by rule, quarantines by reason); one failed redaction fails them all."""
    candidates: list[MemoryRecord] = []
    reasons: Counter[str] = Counter()
    findings: Counter[str] = Counter()
    for obs in observations:
        record, verdict = build_record(obs, store, session_id=session_id, source=source)
        try:
            record, found = redact_record(record)
        except RedactionFailed as exc:
            events.emit(store.paths, "writeback-denied", session=session_id, reason="redaction-failed",
                        detail=exc.reason, observations=len(observations))  # fmt: skip
            raise
        for f in found:
            findings[f.rule] += 1
        if verdict.action == "quarantine":
            reasons[verdict.reason or "untrusted"] += 1
        candidates.append(record)
    return candidates, findings, reasons


def _write_planned(candidates: list[MemoryRecord], store: MemoryStore) -> WritePlan:
    """Write ``candidates`` as new records or reinforcements of the live ones like them, in one store write."""
    namespaces = {r.metadata.namespace for r in candidates}
    classes = {r.memory_class.value for r in candidates}
    planned: list[WritePlan] = []

    def plan_now(snapshot: Snapshot) -> list[Upsert | Change]:
        existing = [
            raw
            for raw in snapshot.raw().values()
            if raw["metadata"]["namespace"] in namespaces
            and raw["metadata"]["class"] in classes
            and deleted_at(raw) is None
            and isinstance(raw.get("body"), str)
        ]
        ws = store.workspace
        planned.append(plan_writes(candidates, existing, ws.root if ws else None))
        return planned[-1].ops

    # Planned under the store lock: two runs observing the same thing at once reinforce one record.
    store.files.apply_planned(plan_now, event="writeback", origin=AGENT)
    return planned[-1]


def _emit_reflection(store: MemoryStore, report: WriteReport, source: str) -> None:
    events.emit(
        store.paths,
        "reflection",
        session=report.session_id,
        source=source,
        counts={
            "observations": report.observations,
            "added": len(report.added),
            "reinforced": len(report.reinforced),
            "superseded": len(report.superseded),
            "quarantined": len(report.quarantined),
        },
        redactions=dict(report.redactions),
        ids=report.written_ids,
    )


def build_record(
    obs: Observation, store: MemoryStore, *, session_id: str | None, source: str
) -> tuple[MemoryRecord, policy.Verdict]:
    """An observation as a record in its namespace, with provenance and the policy's verdict."""
    body = clean_text(obs.body, MAX_BODY_CHARS)
    verdict = policy.judge(obs.cls, " ".join([body, *obs.prevent_next_time]), obs.kind)
    ws = store.workspace
    language = (obs.language or "").lower() or None
    edges = list(obs.edges)
    if obs.cls is MemoryClass.STYLE and language:
        edges.append({"type": "style->language", "target": f"language:{language}"})
    attributes: dict[str, Any] = {
        "title": clean_text(obs.title, 200) if obs.title else None,
        "source": source,
        "tags": list(obs.tags),
        "observations": 1,
    }
    if verdict.action == "quarantine":
        attributes |= {"quarantined": True, "quarantineReason": verdict.reason}
    record = MemoryRecord.new(
        new_id(),
        body,
        obs.cls,
        namespace_for(obs.cls, store.account_id, fingerprint=ws.fingerprint if ws else None, language=language),
        store.files.clock(),
        edges=edges,
        prevent_next_time=[clean_text(p, 500) for p in obs.prevent_next_time],
        provenance={
            "sessionId": session_id,
            "eventIndex": obs.event_index,
            "sourceFiles": obs.files[:20],
            "sourcePlan": obs.source_plan,
            "kind": obs.kind.value,
        },
        attributes=attributes,
    )
    return record, verdict


def clean_text(text: str, limit: int) -> str:
    """No terminal escapes or control characters (they could rewrite a terminal), bounded length."""
    text = without_controls(text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"
