"""The transcripts kept under ``<home>/transcripts``: saved redacted, pruned to the newest few, read back for a
plan awaiting approval, and forgotten when memory is cleared (they hold agent output)."""

from __future__ import annotations

from pathlib import Path

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.redact.redact import RedactionFailed, redact_value
from picasso_tui.store import events
from picasso_tui.writeback.transcript import Transcript, TranscriptError, redact_output_runs


def save_transcript(transcript: Transcript, paths: PicassoPaths) -> Path | None:
    """Keep the transcript, redacted, under ``<home>/transcripts`` (fail closed: unredactable -> not kept)."""
    try:
        clean = Transcript(transcript.session_id, redact_value(transcript.header)[0])
        joined = redact_output_runs(transcript.events)  # runs of output lines as one text: secrets that span lines
        for event in transcript.events:
            text = joined.get(event.index)
            if text is None:
                data, _ = redact_value(event.data)
            else:
                data = {**redact_value({k: v for k, v in event.data.items() if k != "text"})[0], "text": text}
            clean.events.append(type(event)(event.index, event.type, data))
    except RedactionFailed:
        events.emit(paths, "transcript-denied", session=transcript.session_id, reason="redaction-failed")
        return None
    path = paths.home / "transcripts" / f"{transcript.session_id}.jsonl"
    try:
        clean.save(path)
        _prune_transcripts(path.parent, int(settings.get("agent.transcriptsKept", paths) or 0))
    except OSError as exc:
        events.emit(paths, "transcript-failed", session=transcript.session_id, reason=exc.strerror or str(exc))
        return None
    return path


def last_proposed_plan(paths: PicassoPaths, workspace: str | None) -> dict[str, str] | None:
    """The plan the previous run in this workspace proposed and nobody approved yet, if any."""
    folder = paths.home / "transcripts"
    for path in sorted(folder.glob("sess_*.jsonl"), reverse=True)[:20]:
        try:
            previous = Transcript.load(path)
        except TranscriptError:
            continue
        if previous.header.get("workspace") != workspace:
            continue
        plans = [e for e in previous.of("plan") if e.text.strip()]
        if not plans or plans[-1].get("approved") is True:
            return None
        plan = plans[-1]
        return {"text": plan.text, "ref": plan.get("ref") or f"transcript:{previous.session_id}#{plan.index}"}
    return None


def _prune_transcripts(folder: Path, keep: int) -> None:
    """Keep only the newest ``keep`` transcripts: they hold (redacted) agent output, so they do not pile up."""
    if keep <= 0:
        return
    for old in sorted(folder.glob("sess_*.jsonl"))[:-keep]:  # session ids sort by time (ULID)
        old.unlink(missing_ok=True)


def forget_transcripts(paths: PicassoPaths, workspace: str | None = None) -> int:
    """Delete the kept transcripts of one workspace, or all of them: they hold (redacted) agent
    output, so clearing memory must not leave them behind. Returns how many were deleted."""
    folder = paths.home / "transcripts"
    deleted = 0
    for path in folder.glob("sess_*.jsonl"):
        if workspace is not None:
            try:
                if Transcript.load(path).header.get("workspace") != workspace:
                    continue
            except TranscriptError:
                pass  # unreadable: it cannot show which workspace it belongs to, and a clear errs towards forgetting
        path.unlink(missing_ok=True)
        deleted += 1
    return deleted
