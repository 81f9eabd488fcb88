"""What every agent's installer shares: Picasso's hook command lines, how ours are recognised, the
reports, the errors, and where the agents keep their user-level settings.

Ours are recognised by the command line alone (``picasso hook <agent> <event>``, the program being
``picasso`` or an absolute path to it), so nothing else is ever written into the agent's files and
a copy of the entries made by hand is recognised too.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from picasso_tui.agent.errors import AgentError
from picasso_tui.store import git

Scope = Literal["user", "project"]
SCOPES: tuple[Scope, ...] = ("user", "project")
PROGRAM_NAMES = frozenset({"picasso", "picasso.exe"})


class InstallError(AgentError):
    """An agent's settings could not be changed as asked; the files are as they were."""


@dataclass(frozen=True)
class HookSpec:
    """One of Picasso's hooks as one agent names it."""

    event: str  # the agent's own event name, e.g. "UserPromptSubmit"
    hook: str  # Picasso's: session-start | prompt | stop | session-end
    timeout_s: int  # the agent kills the hook after this; the hook gives up quietly well before
    purpose: str  # one line for the command's output and the docs


# Caps above the hook's own budgets (hooks.timeoutMs.*: 3 s, 2 s, 45 s, 45 s) and exits 0 with nothing when over it.
TIMEOUTS_S = {"session-start": 10, "prompt": 5, "stop": 60, "session-end": 60}
PURPOSES = {
    "session-start": "a short workspace brief at session start",
    "prompt": "the recall block for each prompt, as added context",
    "stop": "write-back of what the turn taught, from the agent's transcript",
    "session-end": "a last write-back when the session ends",
}


def hook_spec(event: str, hook: str) -> HookSpec:
    return HookSpec(event, hook, TIMEOUTS_S[hook], PURPOSES[hook])


@dataclass(frozen=True)
class Launcher:
    """How the agent starts Picasso: ``picasso`` when it is on PATH, else its absolute path."""

    program: str
    on_path: bool

    def argv(self, *args: str) -> list[str]:
        return [self.program, *args]

    def command(self, *args: str) -> str:
        return shlex.join(self.argv(*args))

    def hook_command(self, agent: str, hook: str) -> str:
        return self.command("hook", agent, hook)


def find_launcher(*, absolute: bool = False) -> Launcher:
    """``picasso`` if the PATH finds it (and ``absolute`` is not asked), else the running one's path."""
    found = shutil.which("picasso")
    if found and not absolute:
        return Launcher("picasso", on_path=True)
    if found:
        return Launcher(str(Path(found).absolute()), on_path=True)  # pipx's link survives upgrades
    running = Path(sys.argv[0])  # the console script, when this is `picasso` itself
    beside = Path(sys.executable).parent / ("picasso.exe" if sys.platform == "win32" else "picasso")
    for candidate in (running, beside):  # beside: `python -m picasso_tui.cli` from a virtualenv
        if candidate.name in PROGRAM_NAMES and candidate.is_file():
            return Launcher(str(candidate.absolute()), on_path=False)
    raise InstallError(
        "The picasso command is neither on PATH nor beside this Python, so the agent could not start it; "
        "install Picasso with pipx or pip and run this again."
    )


def is_picasso(program: str) -> bool:
    return Path(program).name in PROGRAM_NAMES


def split_command(command: object) -> list[str] | None:
    if not isinstance(command, str):
        return None
    try:
        return shlex.split(command)
    except ValueError:
        return None


def our_hook(command: object, agent: str) -> str | None:
    """The Picasso event a command line runs for ``agent`` (``picasso hook <agent> <event>``), else None."""
    argv = split_command(command)
    if argv and len(argv) == 4 and is_picasso(argv[0]) and argv[1:3] == ["hook", agent]:
        return argv[3]
    return None


def program_resolves(program: str) -> bool:
    """Would a shell find ``program``: an executable file at an absolute path, or a name on PATH."""
    if os.path.isabs(program):
        return os.path.isfile(program) and os.access(program, os.X_OK)
    return shutil.which(program) is not None


# -- where the agents keep their user-level settings ------------------------------------------------
#
# Each agent is asked where it reads, the way it decides itself, so Picasso writes where the agent
# looks. Unlike Picasso's own home (DESIGN §2: never $HOME), the agents follow $HOME: Node's
# os.homedir() and Rust's home_dir() both read it, so a sandbox that moves $HOME moves their
# settings too, and these functions move with them. Tests point the three variables elsewhere.


def user_home() -> Path:
    return Path.home()


def claude_user_dir() -> Path:
    """``$CLAUDE_CONFIG_DIR``, else ``~/.claude`` (Claude Code's own rule)."""
    env = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(env).expanduser() if env else user_home() / ".claude"


def gemini_user_dir() -> Path:
    """``$GEMINI_CLI_HOME/.gemini``, else ``~/.gemini`` (gemini-cli packages/core/src/utils/paths.ts)."""
    env = os.environ.get("GEMINI_CLI_HOME")
    return (Path(env).expanduser() if env else user_home()) / ".gemini"


def codex_user_dir() -> Path:
    """``$CODEX_HOME``, else ``~/.codex`` (Codex docs/config.md)."""
    env = os.environ.get("CODEX_HOME")
    return Path(env).expanduser() if env else user_home() / ".codex"


def project_root(cwd: Path | None = None) -> Path:
    """The repository the current folder is in (where the agents look for project settings), else the folder."""
    here = (cwd or Path.cwd()).resolve()
    top = git.run(here, "rev-parse", "--show-toplevel")
    return Path(top) if top else here


# -- reports -----------------------------------------------------------------------------------------


@dataclass
class FileChange:
    path: Path
    action: Literal["created", "updated", "unchanged", "deleted"]
    backup: Path | None = None  # set when this call made the one backup of the file


@dataclass
class Report:
    """What install or uninstall did to one agent's settings in one scope."""

    agent: str
    title: str
    scope: Scope
    files: list[FileChange] = field(default_factory=list)
    hooks: list[tuple[HookSpec, str]] = field(default_factory=list)  # (hook, command line) installed
    notes: list[str] = field(default_factory=list)


@dataclass
class HookState:
    spec: HookSpec
    command: str | None  # the installed command line; None when Picasso's hook is not there
    resolves: bool | None = None  # does its program exist (an absolute path) or is it on PATH
    trust: str | None = None  # Codex only: "trusted", "needs review" (open /hooks in Codex), "disabled"


@dataclass
class ScopeState:
    """What one agent's settings in one scope hold of Picasso's."""

    scope: Scope
    file: Path  # where the hooks are
    exists: bool = False
    problem: str | None = None  # the file cannot be read: the sentence why
    hooks: list[HookState] = field(default_factory=list)
    mcp_file: Path | None = None
    mcp_command: str | None = None  # Picasso's MCP server's program, when registered
    notify: list[str] | None = None  # Codex: the notify program when it is Picasso's
    disabled: str | None = None  # the agent's own switch turns hooks off: which one
    backup: Path | None = None

    @property
    def installed(self) -> bool:
        return any(h.command for h in self.hooks) or bool(self.mcp_command) or bool(self.notify)


def hook_state(spec: HookSpec, command: str | None) -> HookState:
    argv = split_command(command) if command else None
    return HookState(spec, command, program_resolves(argv[0]) if argv else None)
