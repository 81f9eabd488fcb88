"""Messages: what worker threads and the file watcher post to the UI thread, and the intents screens
post to the app (which handles each use case in one place)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message
from textual.message_pump import MessagePump

from picasso_tui.store.schema import MemoryClass, MemoryRecord

if TYPE_CHECKING:
    from picasso_tui.retrieval.pipeline import RecallResult
    from picasso_tui.tui.view_model import Change, MemoryView


class StoreFileChanged(Message):
    """memory.json changed on disk (posted from the watcher thread)."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, StoreFileChanged)


class ViewReady(Message):
    """A view model built on a worker thread from a fresh read, handed over whole.

    ``base`` is the view it was diffed against; ``change`` is what differs from it."""

    def __init__(self, view: MemoryView, base: MemoryView, change: Change, announce: bool, generation: int) -> None:
        super().__init__()
        self.generation = generation
        self.view = view
        self.base = base
        self.change = change
        self.announce = announce


class StoreFailed(Message):
    """The store could not be read (newer schema, corrupt file, …): the app turns read-only."""

    def __init__(self, error: str, kind: str) -> None:
        super().__init__()
        self.error = error
        self.kind = kind


class WriteDone(Message):
    def __init__(self, notice: str, ids: tuple[str, ...], reply_to: MessagePump | None = None) -> None:
        super().__init__()
        self.notice = notice
        self.ids = ids
        self.reply_to = reply_to


class WriteFailed(Message):
    def __init__(
        self,
        error: str,
        reply_to: MessagePump | None = None,
        candidates: list[str] | None = None,
        retry: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        self.error = error
        self.reply_to = reply_to
        self.candidates = candidates or []  # an id prefix matched these: the user picks one ...
        self.retry = retry  # ... and the action runs again with it


# -- intents: a screen asks, the app acts -------------------------------------------------------------
# ``reply_to`` (optional) is told with RequestSettled whether the request was carried out, so that a
# prompt keeps what was typed when it was not.


class Request(Message):
    def __init__(self, reply_to: MessagePump | None = None) -> None:
        super().__init__()
        self.reply_to = reply_to


class AddRequested(Request):
    def __init__(
        self, note: str, memory_class: MemoryClass = MemoryClass.FACT, reply_to: MessagePump | None = None
    ) -> None:
        super().__init__(reply_to)
        self.note = note
        self.memory_class = memory_class


class PinRequested(Request):
    """Pin (or unpin) the memory ``target`` names: an id or a unique id prefix."""

    def __init__(self, target: str, pinned: bool, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.target = target
        self.pinned = pinned


class DeleteRequested(Request):
    """Delete after the user confirms; ``record`` when the screen already holds it, else ``target``
    (an id prefix) is resolved first."""

    def __init__(self, target: str, record: MemoryRecord | None = None, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.target = target
        self.record = record


class DeleteResolved(Message):
    """The record a typed id prefix named, resolved on a worker: ask before deleting it."""

    def __init__(self, record: MemoryRecord, reply_to: MessagePump | None) -> None:
        super().__init__()
        self.record = record
        self.reply_to = reply_to


class EditRequested(Request):
    def __init__(self, record: MemoryRecord, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.record = record


class ApproveRequested(Request):
    def __init__(self, record: MemoryRecord, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.record = record


class AddDialogRequested(Request):
    """Open the add dialog, then add what it returns."""


class ReloadRequested(Request):
    """Read the store again now (``announce``: and say how many memories it holds)."""

    def __init__(self, announce: bool = True, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.announce = announce


class RecallRequested(Request):
    """Retrieve for the prompt draft; the answer (RecallReady) goes to ``reply_to``."""

    def __init__(self, draft: str, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.draft = draft


class WritesShown(Message):
    """A screen already shows these memories as written (a run's reflection): no "memory changed" notice."""

    def __init__(self, ids: list[str]) -> None:
        super().__init__()
        self.ids = ids


class PromptSubmitted(Request):
    """What was typed at First Light's prompt: a slash command or a prompt for the agent."""

    def __init__(self, text: str, reply_to: MessagePump | None = None) -> None:
        super().__init__(reply_to)
        self.text = text


class RequestSettled(Message):
    """Posted to a request's ``reply_to``: ``done`` when it was carried out (the prompt may clear)."""

    def __init__(self, done: bool) -> None:
        super().__init__()
        self.done = done


def settle(reply_to: MessagePump | None, done: bool) -> None:
    """Tell a request's ``reply_to``, if it has one, whether the request was carried out."""
    if reply_to is not None:
        reply_to.post_message(RequestSettled(done))


class RecallReady(Message):
    """What retrieval returns for the prompt draft (posted from a worker thread). ``result`` is the
    whole answer (scores, gate) for the recall preview; ``workspace``: whether recall was scoped to one."""

    def __init__(
        self,
        draft: str,
        records: list[MemoryRecord],
        note: str | None,
        result: RecallResult | None = None,
        workspace: bool = True,
    ) -> None:
        super().__init__()
        self.draft = draft
        self.records = records
        self.note = note
        self.result = result
        self.workspace = workspace


class RunInjected(Message):
    """The run recalled these memories and is starting the agent (posted from the run's worker)."""

    def __init__(self, ids: list[str], block: str) -> None:
        super().__init__()
        self.ids = ids
        self.block = block


class RunOutput(Message):
    """One line the agent printed."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line


class RunWritten(Message):
    """What the run's reflection wrote to memory (a ``writeback.write.WriteReport``)."""

    def __init__(self, report: object) -> None:
        super().__init__()
        self.report = report


class RunFinished(Message):
    """The run ended: ``failed`` when the agent exited non-zero or reported an error while exiting 0."""

    def __init__(
        self, exit_code: int | None, summary: str, error: str | None = None, *, failed: bool | None = None
    ) -> None:
        super().__init__()
        self.exit_code = exit_code
        self.summary = summary
        self.error = error
        self.failed = exit_code != 0 if failed is None else failed


class GcPlanned(Message):
    """What `gc` would do now (a list of ``retention.GcAction``), read on a worker: the user is asked next."""

    def __init__(self, plan: list) -> None:
        super().__init__()
        self.plan = plan


class TaskNotice(Message):
    """A line from a palette task running on a worker (progress, or where an export went)."""

    def __init__(self, text: str, severity: str = "information") -> None:
        super().__init__()
        self.text = text
        self.severity = severity
