"""The header both scenes share: workspace, short fingerprint, account, live indicator."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


class AppHeader(Static):
    live: reactive[str] = reactive("starting")

    def __init__(self, title: str, workspace: str, fingerprint: str | None, account: str) -> None:
        super().__init__(id="app-header")
        self.title_text = title
        self.workspace = workspace
        self.fingerprint = fingerprint
        self.account = account

    def render(self) -> Text:
        text = Text()
        text.append(" PICASSO ", style="bold reverse")
        text.append(f"  {self.title_text}", style="bold")
        text.append("   ")
        text.append(self.workspace)
        if self.fingerprint:
            text.append("  ")
            text.append(self.fingerprint[:7], style="dim")
        text.append("   account ", style="dim")
        text.append(self.account)
        indicator = {"live": ("● live", "bold green"), "polling": ("● live (polling)", "bold yellow")}.get(
            self.live, ("○ not watching", "dim")
        )
        text.append(f"   {indicator[0]}", style=indicator[1])
        return text
