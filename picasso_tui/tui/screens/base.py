"""What every Picasso screen shares: the app, typed as ``PicassoHost`` (screens read its state; they
act by posting messages, see ``tui/messages.py``)."""

from __future__ import annotations

from typing import cast

from textual.screen import Screen

from picasso_tui.tui.host import PicassoHost


class PicassoScreen(Screen):
    @property
    def picasso(self) -> PicassoHost:
        return cast("PicassoHost", self.app)
