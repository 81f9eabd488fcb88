"""A one-line Input whose typing repaints only itself.

Textual's Input sets its (layout-triggering) virtual size on every keystroke, which lays out and
repaints the whole screen: ~40 ms per key in the inspector at 10k memories. Our inputs have a fixed
size in the stylesheet, so the size is set quietly instead; the rest mirrors
``Input._watch_value`` of the pinned Textual release.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Input


class LineInput(Input):
    def _watch_value(self, value: str) -> None:
        size = Size(self.content_width, 1)
        if size != self.virtual_size:
            self.set_reactive(Input.virtual_size, size)
            self._scroll_update(size)
        self._suggestion = ""
        if self.suggester and value:
            self.run_worker(self.suggester._get_suggestion(self, value))
        if self.styles.auto_dimensions:
            self.refresh(layout=True)
        validation_result = self.validate(value) if "changed" in self.validate_on else None
        self.post_message(self.Changed(self, value, validation_result))
        if self._initial_value:
            self.cursor_position = len(self.value)
            self._initial_value = False
        else:
            self.selection = self.selection
