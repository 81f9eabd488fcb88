"""What every Picasso screen shares: the app, typed (screens read its state; they act by posting
messages, see ``tui/messages.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from picasso_tui.tui.app import PicassoApp


class PicassoScreen(Screen):
    @property
    def picasso(self) -> PicassoApp:
        return cast("PicassoApp", self.app)
