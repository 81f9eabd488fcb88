"""The prompt's slash commands: parsing and completion."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.suggester import Suggester

COMMANDS = ("/memory", "/memory add ", "/memory delete ", "/memory pin ", "/memory unpin ", "/help", "/quit")
_ID_COMMANDS = ("/memory delete ", "/memory pin ", "/memory unpin ")


@dataclass(frozen=True)
class Slash:
    name: str  # memory, memory add, memory delete, memory pin, memory unpin, help, quit
    arg: str = ""


class SlashError(ValueError):
    pass


def parse(text: str) -> Slash | None:
    """None for an ordinary prompt; a Slash for a command; SlashError for a bad command."""
    text = text.strip()
    if not text.startswith("/"):
        return None
    head, _, rest = text.partition(" ")
    if head in ("/help", "/quit") and not rest.strip():
        return Slash(head[1:])
    if head != "/memory":
        raise SlashError(f"Unknown command {head}; try /help.")
    sub, _, arg = rest.strip().partition(" ")
    arg = arg.strip()
    if not sub:
        return Slash("memory")
    if sub not in ("add", "delete", "pin", "unpin"):
        raise SlashError(f"Unknown /memory command '{sub}'; it takes add, delete, pin or unpin.")
    if not arg:
        raise SlashError(f"/memory {sub} needs {'a note' if sub == 'add' else 'a memory id'}.")
    return Slash(f"memory {sub}", arg)


class SlashSuggester(Suggester):
    """Completes command names, and memory ids after the commands that take one."""

    def __init__(self, ids: Callable[[], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.ids = ids

    async def get_suggestion(self, value: str) -> str | None:
        if not value.startswith("/"):
            return None
        for command in _ID_COMMANDS:
            if value.startswith(command):
                prefix = value[len(command) :]
                if prefix:
                    match = next((i for i in sorted(self.ids()) if i.startswith(prefix)), None)
                    return command + match if match else None
                return None
        return next((c for c in COMMANDS if c.startswith(value) and c != value), None)
