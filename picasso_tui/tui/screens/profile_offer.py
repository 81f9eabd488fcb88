"""First session in a workspace: offer to generate the project profile (the spec's words, exactly).

``offer_profile(app)`` is the whole hook: it decides off the UI thread (reading the store can take a
moment at 10k memories), asks on the UI thread, and generates through ``app.write`` — a thread
worker that reports back with WriteDone / WriteFailed messages like every other write.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from picasso_tui.profile.offer import NOT_NOW, QUESTION, SKIP, YES, remember_skip, should_offer

if TYPE_CHECKING:
    from picasso_tui.tui.app import PicassoApp

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


def offer_profile(app: PicassoApp) -> None:
    store = app.store
    workspace = store.workspace

    def answered(answer: Answer | None) -> None:
        if answer == "yes" and workspace is not None:
            app.notify(f"Learning {workspace.name} (read-only); the memories appear when it is done.")
            app.write(generate)
        elif answer == "skip" and workspace is not None:
            remember_skip(store.paths, workspace)
            app.notify("Picasso won't ask again here; `picasso memory init` generates a profile any time.")

    def generate() -> tuple[str, tuple[str, ...]]:
        from picasso_tui.profile.investigator import generate as run_init

        report = run_init(store, workspace.root if workspace else None)
        ids = (*report.summary.added, *report.summary.reinforced)
        return f"Project profile: learned {len(report.findings)} things about {report.workspace.name}.", ids

    def decide() -> None:
        if should_offer(store.paths, workspace, store.files):
            with contextlib.suppress(RuntimeError):  # the app closed before the question could be asked
                app.call_from_thread(app.push_screen, ProfileOfferScreen(), answered)

    app.run_worker(decide, thread=True, group="profile-offer")
