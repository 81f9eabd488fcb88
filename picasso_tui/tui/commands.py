"""Picasso's own commands in the command palette (ctrl+p), next to Textual's.

Each command does what its key does: the write commands call the inspector's actions, which post
the same intents as `p` and `d` (so "nothing selected" reads the same), and the rest call app
actions that run their work on workers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from picasso_tui.tui.host import PicassoHost
from picasso_tui.tui.view_model import COLUMNS


@dataclass(frozen=True)
class Command:
    title: str
    help: str
    run: Callable[[PicassoHost], None]


def _highlighted(app: PicassoHost, action: str) -> None:
    """Run an inspector key's action on the highlighted memory; outside the inspector, nothing is."""
    from picasso_tui.tui.screens.inspector import Inspector

    screen = app.screen
    if isinstance(screen, Inspector):
        getattr(screen, f"action_{action}")()
    else:
        app.notify("Nothing selected: open the memory inspector (F2) and highlight a memory.", severity="warning")


def commands() -> list[Command]:
    out = [
        Command("Memory: open the inspector", "Every memory by class (F2)", lambda app: app.action_open_inspector()),
        Command("Memory: add a memory", "Write a new memory (a in the inspector)", lambda app: app.action_add_memory()),
        Command(
            "Memory: recall preview",
            "The block a prompt would get, and why (F3)",
            lambda app: app.action_recall_preview(),
        ),
        Command("Memory: pin or unpin the highlighted memory", "p in the inspector", lambda a: _highlighted(a, "pin")),
        Command(
            "Memory: delete the highlighted memory",
            "Asks first (d in the inspector)",
            lambda a: _highlighted(a, "delete"),
        ),
        Command(
            "Memory: review quarantined memories",
            "Memories held for review (marked ?): approve with y, or delete",
            lambda app: app.action_inspect("held"),
        ),
        Command(
            "Memory: profile this workspace",
            "Learn its structure, workflows and rules (picasso memory init)",
            lambda app: app.action_profile_workspace(),
        ),
        Command(
            "Memory: clean up (gc)",
            "Archive long-stale memories, delete year-old archives; says what first",
            lambda app: app.action_gc(),
        ),
        Command(
            "Memory: export to a file",
            "Every memory as JSON, to a file in the current directory",
            lambda app: app.action_export(),
        ),
    ]
    for memory_class, heading in COLUMNS:
        out.append(
            Command(
                f"Memory: filter by class {memory_class.value}",
                f"The inspector, showing {heading} only",
                lambda app, c=memory_class.value: app.action_inspect(f"class:{c}"),
            )
        )
    return out


class PicassoCommands(Provider):
    """The palette's Picasso section: listed when the palette opens, matched as the user types."""

    @property
    def picasso(self) -> PicassoHost:
        return cast("PicassoHost", self.app)

    def _runner(self, command: Command) -> Callable[[], None]:
        return lambda: command.run(self.picasso)

    async def discover(self) -> Hits:
        for command in commands():
            yield DiscoveryHit(command.title, self._runner(command), help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), self._runner(command), help=command.help)
