"""The tab row of the inspector's narrow layout: one class at a time, each tab numbered for its key
(1–7) and showing its count. The row wraps between tabs, never inside one."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class ClassTabs(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._drawn: tuple[object, ...] | None = None
        self._tabs: list[tuple[str, str]] = []
        self._current = 0

    def show(self, tabs: list[tuple[str, str]], current: int) -> None:
        """``tabs``: (heading, count) per class, in column order; ``current``: the index shown."""
        self._tabs, self._current = tabs, current
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = max(1, self.content_region.width or self.app.size.width)
        key = (width, tuple(self._tabs), self._current)
        if key == self._drawn:
            return
        self._drawn = key
        text = Text()
        used = 0
        for i, (heading, count) in enumerate(self._tabs):
            label = f" {i + 1} {heading} {count} "
            if used and used + len(label) > width:
                text.append("\n")
                used = 0
            style = "reverse bold" if i == self._current else ("dim" if count == "0" else "")
            text.append(label, style=style)
            used += len(label)
        self.update(text)
