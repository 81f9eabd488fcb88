"""The app as screens and palette commands see it: state they read and actions they call.

A Protocol, so that screens and commands name what they use without importing ``tui/app.py``
(which imports them); everything else they ask for goes through messages (``tui/messages.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from textual.screen import Screen

    from picasso_tui.tui.view_model import MemoryView
    from picasso_tui.tui.widgets.app_header import AppHeader


class PicassoHost(Protocol):
    clock: Callable[[], datetime]
    view: MemoryView
    error: str | None  # the banner while the store cannot be read
    read_only_reason: str | None
    loaded: bool
    live_state: str

    @property
    def screen(self) -> Screen: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: str = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def make_header(self, title: str) -> AppHeader: ...

    def action_open_inspector(self) -> None: ...

    def action_inspect(self, filter_text: str) -> None: ...

    def action_add_memory(self) -> None: ...

    def action_recall_preview(self, prompt: str = "") -> None: ...

    def action_profile_workspace(self) -> None: ...

    def action_gc(self) -> None: ...

    def action_export(self) -> None: ...
