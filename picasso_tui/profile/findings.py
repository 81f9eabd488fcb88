"""What the investigator's modules produce: findings (future records) and commands (future workflows)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from picasso_tui.anchors.staleness import PROFILE_SOURCE
from picasso_tui.store.schema import MemoryClass

SOURCE = PROFILE_SOURCE
"""``attributes.source`` of every record the profile writes."""

ROLES = ("install", "build", "test", "test-one", "lint", "format", "typecheck", "docs", "run", "migrate")
"""Workflow roles, in the order the summary lists them."""
PARTIAL_RUN = "it skips the"
"""How a test command's note opens when the command leaves tests out (Go test files behind build tags): fine as
the one way given, with its note; misleading as an "Also" beside a runner that runs them all."""
WIDER_RUN = "it also runs the"
"""How a test command's note opens when the command runs more than the unit tests (kube-ovn's `go test ./...` starts
the end-to-end suites, which need a cluster): with its note when it is the one way, left out as an "Also"."""


@dataclass(frozen=True)
class Finding:
    """One thing learned; ``key`` names the finding (not its value) so that a re-run finds it again."""

    key: str
    cls: MemoryClass
    title: str
    body: str
    sources: tuple[str, ...] = ()
    language: str | None = None
    tags: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    """(edge type, key of another finding): e.g. ("supersedes", "decision/adr/docs/adr/0001-x.md")."""


@dataclass(frozen=True)
class Command:
    """A way to do something in this workspace, and where it was found."""

    role: str
    command: str
    source: str
    priority: int = 50
    """Lower wins: a task runner's target beats a manifest's default."""
    note: str = ""


@dataclass
class Knowledge:
    findings: list[Finding] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)

    def fact(self, key: str, title: str, body: str, *sources: str, tags: tuple[str, ...] = ()) -> None:
        self.findings.append(Finding(key, MemoryClass.FACT, title, body, tuple(sources), tags=tags))

    def command(self, role: str, command: str, source: str, priority: int = 50, note: str = "") -> None:
        self.commands.append(Command(role, command, source, priority, note))

    def extend(self, other: Knowledge) -> None:
        self.findings.extend(other.findings)
        self.commands.extend(other.commands)


def human_list(items: list[str], limit: int = 8) -> str:
    shown = items[:limit]
    more = len(items) - len(shown)
    text = ", ".join(shown)
    return f"{text} and {more} more" if more > 0 else text


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def name_key(name: str) -> str:
    """A name as compared with another: lower case, letters and digits only (`JSON-java` is `jsonjava`)."""
    return re.sub(r"[^a-z0-9]", "", name.lower())
