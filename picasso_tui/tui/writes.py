"""Writing memory: the write worker every flow uses, and the add, pin, approve and delete intents.

A write goes through services/ on a thread worker (it may wait for another process's lock) and
reports back with WriteDone or WriteFailed; the request's ``reply_to`` then hears RequestSettled.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump

from picasso_tui.errors import PicassoError
from picasso_tui.services import memory_ops
from picasso_tui.store.errors import AmbiguousId
from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.tui.messages import (
    AddDialogRequested,
    AddRequested,
    ApproveRequested,
    DeleteRequested,
    DeleteResolved,
    PinRequested,
    WriteDone,
    WriteFailed,
    settle,
)
from picasso_tui.tui.screens.add_memory import AddMemoryScreen
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.store_view import StoreView


class MemoryWrites(StoreView):
    """Writes run off the UI thread and are refused, with the reason, while memory is read-only."""

    def refuse_if_read_only(self, reply_to: MessagePump | None = None) -> bool:
        """True (after saying why) when memory cannot be written."""
        if self.read_only_reason is None:
            return False
        self.notify(self.read_only_reason, severity="error")
        settle(reply_to, False)
        return True

    def write(
        self,
        work: Callable[[], tuple[str, tuple[str, ...]]],
        reply_to: MessagePump | None = None,
        retry: Callable[[str], None] | None = None,
    ) -> None:
        """Run a store write off the UI thread; it may wait for another process's lock. ``retry`` redoes
        the action with one full id when an id prefix turns out to match several memories."""
        if self.refuse_if_read_only(reply_to):
            return

        def run() -> None:
            try:
                notice, ids = work()
            except AmbiguousId as exc:
                self.post_message(WriteFailed(str(exc), reply_to, exc.candidates if retry else [], retry))
                return
            except PicassoError as exc:
                self.post_message(WriteFailed(str(exc), reply_to))
                return
            self.post_message(WriteDone(notice, ids, reply_to))

        self.run_worker(run, thread=True, group="write")

    def on_write_done(self, message: WriteDone) -> None:
        self._own_ids.update(message.ids)
        self.notify(message.notice)
        self.reload()
        settle(message.reply_to, True)

    def on_write_failed(self, message: WriteFailed) -> None:
        if message.candidates and message.retry is not None:  # an id prefix matched several: pick one
            from picasso_tui.tui.screens.id_picker import IdPicker

            retry, reply_to = message.retry, message.reply_to
            self.push_screen(
                IdPicker(message.candidates, self.view), lambda rid: retry(rid) if rid else settle(reply_to, False)
            )
            return
        self.notify(message.error, severity="error", timeout=8)
        self.reload()
        settle(message.reply_to, False)

    def on_add_requested(self, message: AddRequested) -> None:
        def work() -> tuple[str, tuple[str, ...]]:
            saved = memory_ops.add_memory(self.store, message.note, memory_class=message.memory_class, source="tui")
            notice = f" {saved.redaction_notice}" if saved.redaction_notice else ""
            return f"Saved {saved.record.id}.{notice}", (saved.record.id,)

        self.write(work, message.reply_to)

    def on_pin_requested(self, message: PinRequested) -> None:
        def work() -> tuple[str, tuple[str, ...]]:
            done = memory_ops.set_pinned(self.store, message.target, message.pinned)
            return f"{'Pinned' if message.pinned else 'Unpinned'} {done.id}.", (done.id,)

        self.write(
            work,
            message.reply_to,
            retry=lambda rid: self.post_message(PinRequested(rid, message.pinned, message.reply_to)),
        )

    def on_approve_requested(self, message: ApproveRequested) -> None:
        """Release a memory held for review (a repository's account-wide note, instruction-like text)."""
        if not message.record.is_quarantined:
            self.notify(f"{message.record.id} is not held for review; nothing to approve.", severity="warning")
            settle(message.reply_to, False)
            return

        def work() -> tuple[str, tuple[str, ...]]:
            done = memory_ops.approve_memory(self.store, message.record.id)
            return f"Approved {done.id}: it may now be injected.", (done.id,)

        self.write(work, message.reply_to)

    def on_delete_requested(self, message: DeleteRequested) -> None:
        if self.refuse_if_read_only(message.reply_to):
            return
        if message.record is not None:
            self._confirm_delete(message.record, message.reply_to)
            return
        reply_to = message.reply_to

        def retry_with(rid: str) -> None:
            self.post_message(DeleteRequested(rid, reply_to=reply_to))

        def resolve() -> None:  # an id prefix typed at the prompt: the same resolution as the CLI's
            try:
                record = memory_ops.resolve_memory(self.store, message.target)
            except AmbiguousId as exc:  # several match: the user picks one, then it is asked about
                self.post_message(WriteFailed(str(exc), reply_to, exc.candidates, retry_with))
                return
            except PicassoError as exc:
                self.post_message(WriteFailed(str(exc), reply_to))
                return
            self.post_message(DeleteResolved(record, reply_to))

        self.run_worker(resolve, thread=True, group="write")

    def on_delete_resolved(self, message: DeleteResolved) -> None:
        self._confirm_delete(message.record, message.reply_to)

    def _confirm_delete(self, record: MemoryRecord, reply_to: MessagePump | None) -> None:
        def answered(yes: bool | None) -> None:
            if not yes:
                settle(reply_to, False)
                return

            def work() -> tuple[str, tuple[str, ...]]:
                done = memory_ops.delete_memory(self.store, record.id)
                return f"Deleted {done.id}.", (done.id,)

            self.write(work, reply_to)

        self.push_screen(ConfirmScreen(f"Delete memory {record.id}?", record.title), answered)

    def on_add_dialog_requested(self, message: AddDialogRequested) -> None:
        if self.refuse_if_read_only(message.reply_to):
            return

        def answered(result: tuple[str, MemoryClass] | None) -> None:
            if result:
                self.post_message(AddRequested(*result, reply_to=message.reply_to))

        self.push_screen(AddMemoryScreen(), answered)
