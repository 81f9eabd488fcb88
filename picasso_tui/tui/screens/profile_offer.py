"""First session in a workspace: the question whether to generate the project profile (the spec's
words, exactly). The screen only answers: ``ProfileFlow`` (tui/profile_flow.py) decides when to ask
and acts on the answer.
"""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from picasso_tui.profile.offer import NOT_NOW, QUESTION, SKIP, YES

Answer = Literal["yes", "no", "skip"]


class ProfileOfferScreen(ModalScreen[Answer]):
    BINDINGS = [
        Binding("y", "answer('yes')", "Yes"),
        Binding("n,escape", "answer('no')", "Not now"),
        Binding("s", "answer('skip')", "Don't ask again"),
        Binding("up,k", "app.focus_previous", show=False),
        Binding("down,j", "app.focus_next", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="profile-offer-box"):
            yield Static(QUESTION, id="profile-offer-question", markup=False)
            # Text, not markup: "[Y]" and "[Skip]" would otherwise be read as style tags and vanish.
            yield Button(Text(YES), id="yes", variant="primary")
            yield Button(Text(NOT_NOW), id="no")
            yield Button(Text(SKIP), id="skip")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)  # type: ignore[arg-type]

    def action_answer(self, answer: Answer) -> None:
        self.dismiss(answer)
