"""The palette's clean-up (gc, asked first) and export. Each runs on a thread worker and reports
with messages (GcPlanned, TaskNotice); the palette's profile command is in profile_flow.py.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path

from picasso_tui.errors import PicassoError
from picasso_tui.services import exchange, memory_ops
from picasso_tui.tui.messages import GcPlanned, TaskNotice
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.writes import MemoryWrites


class PaletteTasks(MemoryWrites):
    def action_gc(self) -> None:
        """Say what gc would do, ask, then do it (the plan is read again under the lock)."""
        if self.refuse_if_read_only():
            return

        def plan() -> None:
            try:
                self.post_message(GcPlanned(self.store.gc_plan()))
            except PicassoError as exc:
                self.post_message(TaskNotice(str(exc), "error"))

        self.run_worker(plan, thread=True, group="gc")

    def on_gc_planned(self, message: GcPlanned) -> None:
        counts = Counter(a.action for a in message.plan)
        if not message.plan:
            self.notify("Nothing to clean up: no memory is long stale and no archive is a year old.")
            return
        what = ", ".join(f"{verb} {counts[key]}" for key, verb in GC_VERBS if counts[key])
        detail = "\n".join(f"{a.action} {a.id}: {a.reason}" for a in message.plan[:8])
        if len(message.plan) > 8:
            detail += f"\n… and {len(message.plan) - 8} more"

        def answered(yes: bool | None) -> None:
            if not yes:
                return

            def work() -> tuple[str, tuple[str, ...]]:
                done = memory_ops.clean_up(self.store)
                c = Counter(a.action for a in done)
                summary = ", ".join(f"{past} {c[key]}" for key, past in GC_DONE if c[key]) or "nothing to do any more"
                return f"Memory cleaned up: {summary}.", tuple(a.id for a in done)

            self.write(work)

        self.push_screen(ConfirmScreen(f"Clean up memory: {what}?", detail, yes=f"Yes, {what}"), answered)

    def action_export(self) -> None:
        """Every memory as JSON to a new file in the current directory, once the user agrees to the path."""
        path = export_path(Path.cwd(), self.clock())
        n = len(self.view.records)

        def answered(yes: bool | None) -> None:
            if not yes:
                return

            def work() -> None:
                try:
                    data, count = exchange.export_json(self.store)
                    path.write_bytes(data)
                except (PicassoError, OSError) as exc:
                    self.post_message(TaskNotice(f"Export failed: {exc}", "error"))
                    return
                self.post_message(TaskNotice(f"Exported {memories(count)} to {path}."))

            self.run_worker(work, thread=True, group="export")

        self.push_screen(
            ConfirmScreen(
                f"Export {n} memories to {path}?", "`picasso memory import` reads it back.", yes="Yes, export"
            ),
            answered,
        )


GC_VERBS = (("archive", "archive"), ("delete", "delete"), ("purge", "purge tombstones of"))
GC_DONE = (("archive", "archived"), ("delete", "deleted"), ("purge", "purged tombstones of"))


def memories(n: int) -> str:
    return f"{n} memory" if n == 1 else f"{n} memories"


def export_path(folder: Path, now: datetime) -> Path:
    """A new file in ``folder`` that names when it was written (never an existing file)."""
    stem = f"picasso-export-{now.strftime('%Y%m%d-%H%M%S')}"
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path
