"""The key hints under each screen: the screen's shown bindings as `key label` pairs that wrap onto
further lines instead of running off the edge (Textual's Footer scrolls sideways and cuts them).

Disabled actions (nothing selected, memory read-only) are dimmed, as the Footer does."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

GAP = "  "


class KeyHints(Static):
    def __init__(self) -> None:
        super().__init__("", classes="key-hints")
        self._drawn: tuple[int, tuple[tuple[str, str, bool], ...]] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._draw)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._draw()

    def _bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self._draw()

    def pairs(self) -> list[tuple[str, str, bool]]:
        """(key, label, enabled) of every shown binding, one per action."""
        out: list[tuple[str, str, bool]] = []
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                out.append((self.app.get_key_display(binding), binding.description, enabled))
        return out

    def _draw(self) -> None:
        width = max(1, self.content_region.width or self.app.size.width)
        pairs = tuple(self.pairs())
        if (width, pairs) == self._drawn:
            return
        self._drawn = (width, pairs)
        rose = self.app.theme_variables.get("rose", "")  # keys in the memory layer's colour, as the Footer did
        text = Text()
        used = 0
        for key, label, enabled in pairs:
            size = len(key) + 1 + len(label)
            if used and used + len(GAP) + size > width:  # wrap between pairs, never inside one
                text.append("\n")
                used = 0
            elif used:
                text.append(GAP)
                used += len(GAP)
            text.append(key, style=f"bold {rose}" if enabled else "dim")
            text.append(" " + label, style="" if enabled else "dim")
            used += size
        self.update(text)
