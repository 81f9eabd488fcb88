"""The header every scene shares: workspace, short fingerprint, account, live indicator.

It fits its width: on a narrow terminal the least useful parts go first (the word "account", the
fingerprint, the scene's title), then the workspace name is shortened; the live indicator stays."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from picasso_tui.display import visible_text


class AppHeader(Static):
    live: reactive[str] = reactive("starting")

    def __init__(self, title: str, workspace: str, fingerprint: str | None, account: str) -> None:
        super().__init__(id="app-header")
        self.title_text = title
        self.workspace = visible_text(workspace)
        self.fingerprint = fingerprint
        self.account = account

    def _indicator(self, short: bool) -> tuple[str, str]:
        if self.live == "live":
            return "● live", "bold green"
        if self.live == "polling":
            return ("● polling" if short else "● live (polling)"), "bold yellow"
        return ("○ off" if short else "○ not watching"), "dim"

    def render(self) -> Text:
        width = self.content_region.width or self.app.size.width
        # From the fullest form to the tightest; the first that fits is drawn.
        for title, fingerprint, account_label, short in (
            (True, True, True, False),
            (True, True, False, False),
            (True, False, False, False),
            (False, False, False, False),
            (False, False, False, True),
        ):
            text = self._line(title, fingerprint, account_label, short, None)
            if text.cell_len <= width:
                return text
        fixed = self._line(False, False, False, True, "").cell_len
        return self._line(False, False, False, True, max(4, width - fixed))

    def _line(self, title: bool, fingerprint: bool, account_label: bool, short: bool, room: int | str | None) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" PICASSO ", style="bold reverse")
        if title:
            text.append(f"  {self.title_text}", style="bold")
        text.append("  ")
        name = self.workspace
        if isinstance(room, int) and len(name) > room:
            name = name[: room - 1] + "…"
        elif room == "":
            name = ""
        text.append(name)
        if fingerprint and self.fingerprint:
            text.append("  ")
            text.append(self.fingerprint[:7], style="dim")
        text.append("   account " if account_label else "  ", style="dim")
        text.append(self.account)
        label, style = self._indicator(short)
        text.append(f"  {label}", style=style)
        return text
