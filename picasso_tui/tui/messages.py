"""Messages worker threads and the file watcher post to the UI thread."""

from __future__ import annotations

from collections.abc import Callable

from textual.message import Message

from picasso_tui.store.schema import MemoryRecord


class StoreFileChanged(Message):
    """memory.json changed on disk (posted from the watcher thread)."""

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, StoreFileChanged)


class StoreReloaded(Message):
    def __init__(self, records: list[MemoryRecord]) -> None:
        super().__init__()
        self.records = records


class StoreFailed(Message):
    """The store could not be read (newer schema, corrupt file, …): the app turns read-only."""

    def __init__(self, error: str, kind: str) -> None:
        super().__init__()
        self.error = error
        self.kind = kind


class WriteDone(Message):
    def __init__(self, notice: str, ids: tuple[str, ...]) -> None:
        super().__init__()
        self.notice = notice
        self.ids = ids


class WriteFailed(Message):
    def __init__(
        self, error: str, candidates: list[str] | None = None, retry: Callable[[str], None] | None = None
    ) -> None:
        super().__init__()
        self.error = error
        self.candidates = candidates or []  # an id prefix matched these: the user picks one ...
        self.retry = retry  # ... and the action runs again with it


class RecallReady(Message):
    """What retrieval returns for the prompt draft (posted from a worker thread)."""

    def __init__(self, draft: str, records: list[MemoryRecord], note: str | None) -> None:
        super().__init__()
        self.draft = draft
        self.records = records
        self.note = note


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
    def __init__(self, exit_code: int | None, summary: str, error: str | None = None) -> None:
        super().__init__()
        self.exit_code = exit_code
        self.summary = summary
        self.error = error
