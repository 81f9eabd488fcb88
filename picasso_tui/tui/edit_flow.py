"""Editing a memory in $EDITOR (or $VISUAL): the same flow as `picasso memory edit`.

The TUI suspends while the editor runs on a temporary file; the edited text is written on a thread
worker like any other write. ``editor_runner`` is the seam tests replace.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from picasso_tui.services import memory_edit
from picasso_tui.tui.messages import EditRequested
from picasso_tui.tui.writes import MemoryWrites

EditorRunner = Callable[[Path], None]


class EditFlow(MemoryWrites):
    editor_runner: EditorRunner  # set by PicassoApp: _run_editor, or what a test passes

    def _run_editor(self, path: Path) -> None:
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        if not editor:
            raise EditorMissing
        with self.suspend():
            subprocess.call([*shlex.split(editor), str(path)])

    def on_edit_requested(self, message: EditRequested) -> None:
        if self.refuse_if_read_only(message.reply_to):
            return
        session = memory_edit.start_edit(message.record)
        fd, name = tempfile.mkstemp(prefix=f"picasso-{session.record.id}-", suffix=".md")
        path = Path(name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(session.text)
            try:
                self.editor_runner(path)
            except EditorMissing:
                self.notify("Set $EDITOR (or $VISUAL) to edit memories, e.g. export EDITOR=vim.", severity="warning")
                return
            except OSError as exc:
                self.notify(f"Could not start the editor: {exc}", severity="error")
                return
            text = path.read_text(encoding="utf-8")
        finally:
            path.unlink(missing_ok=True)
        if text == session.text:
            self.notify("No changes.")
            return

        def work() -> tuple[str, tuple[str, ...]]:
            # The same flow as `picasso memory edit`: an edit that cannot land is kept in unsaved-edits/.
            result = memory_edit.finish_edit(self.store, session, text)
            notice = f" {result.redaction_notice}" if result.redaction_notice else ""
            return result.sentence + notice, (result.record.id,) if result.record else ()

        self.write(work, message.reply_to)


class EditorMissing(Exception):
    pass
