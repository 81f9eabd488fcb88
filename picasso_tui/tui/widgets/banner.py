"""The read-only banner both scenes show when the store cannot be read."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Static


def show_banner(screen: Screen, error: str | None) -> None:
    banner = screen.query_one("#banner", Static)
    if str(banner.content) != (error or ""):  # unchanged: skip the layout pass
        banner.update(error or "")
    banner.display = bool(error)
