"""The agents ``picasso run`` knows: Claude Code, Codex CLI and Gemini CLI, recognised from ``agent.command``
(directly or through a launcher such as ``npx``), and asked for their structured event stream so the
transcript learns their tool calls and a live view can render them as text.

The flags added, only when the command has not chosen an output format itself:

- Claude Code in print mode (``-p``/``--print``): ``--output-format stream-json --verbose``. In print mode
  stream-json refuses to start without ``--verbose`` ("When using --print, --output-format=stream-json
  requires --verbose"); ``--include-partial-messages`` (token-by-token events) is not wanted.
- Codex ``exec`` (alias ``e``): ``--json`` (``codex-rs/exec/src/cli.rs``; ``--experimental-json`` is its
  older name, still an alias).
- Gemini CLI run headless (``-p``/``--prompt``, or a prompt argument: under ``picasso run`` its output is not
  a terminal, so it runs headless): ``--output-format stream-json`` (``packages/cli/src/config/config.ts``).

The flags go straight after the agent's program (or its subcommand), before the user's own arguments, so
an option that takes the prompt as its value (Gemini's ``-p``) still gets it. ``agent.structuredOutput``
set to false leaves every command as written.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

CLAUDE, CODEX, GEMINI = "claude", "codex", "gemini"
_PROGRAMS = {"claude": CLAUDE, "claude-code": CLAUDE, "codex": CODEX, "gemini": GEMINI, "gemini-cli": GEMINI}
_LAUNCHERS = re.compile(r"^(?:python[\d.]*|node|bun|bunx|deno|ruby|sh|bash|zsh|npx|uvx|pipx|env)$")
# Codex's own options that take a value, so the value is not taken for its subcommand.
_CODEX_VALUED = frozenset(
    {"-m", "--model", "-c", "--config", "-p", "--profile", "-C", "--cd", "-s", "--sandbox", "-a",
     "--ask-for-approval", "-i", "--image", "--enable", "--disable", "--add-dir", "--local-provider"}
)  # fmt: skip
_GEMINI_COMMANDS = frozenset({"mcp", "extensions", "extension", "skills", "skill", "hooks", "hook", "gemma"})


@dataclass(frozen=True)
class Launch:
    """The command to run: ``argv`` (with any flags added), the agent it is (or None), and whether its
    output is a JSON event stream (then a JSON line the stream readers do not know is protocol, not text)."""

    argv: list[str]
    agent: str | None
    structured: bool


def program_index(argv: list[str]) -> int:
    """Where the agent's own program is in ``argv``: 0, or the script or package a launcher runs."""
    if _LAUNCHERS.match(os.path.basename(argv[0])):
        script = next((i for i, a in enumerate(argv[1:], 1) if not a.startswith("-") and "=" not in a), None)
        if script is not None and not any(c.isspace() for c in argv[script]):  # a path, not an `sh -c` script
            return script
    return 0


def recognise(argv: list[str]) -> tuple[str | None, int]:
    """Which known agent ``argv`` runs (None for any other) and where its program is."""
    at = program_index(argv)
    name = os.path.basename(argv[at].rstrip("/")).lower()
    if "@" in name[1:]:
        name = name[: name.index("@", 1)]  # a package with its version: claude-code@1.0.0
    name = re.sub(r"\.(?:exe|cmd|bat|ps1)$", "", name)
    return _PROGRAMS.get(name), at


def launch(argv: list[str], *, structured_output: bool = True) -> Launch:
    """``argv`` as ``picasso run`` starts it: a known agent asked for its structured stream (unless it chose a
    format, or ``structured_output`` is off); any other command unchanged."""
    agent, at = recognise(argv)
    if agent == CLAUDE:
        return _claude(argv, at, structured_output)
    if agent == CODEX:
        return _codex(argv, at, structured_output)
    if agent == GEMINI:
        return _gemini(argv, at, structured_output)
    return Launch(list(argv), None, False)


def _option(args: list[str], *names: str) -> str | None:
    """The value ``args`` give an option (``--name value`` or ``--name=value``), "" when it has none, None when
    it is absent."""
    for i, arg in enumerate(args):
        if arg in names:
            return args[i + 1] if i + 1 < len(args) else ""
        name, eq, value = arg.partition("=")
        if eq and name in names:
            return value
    return None


def _insert(argv: list[str], at: int, flags: list[str]) -> list[str]:
    return [*argv[: at + 1], *flags, *argv[at + 1 :]]


def _claude(argv: list[str], at: int, on: bool) -> Launch:
    args = argv[at + 1 :]
    if not any(a in ("-p", "--print") for a in args):
        return Launch(list(argv), CLAUDE, False)  # interactive: nothing to stream
    chosen = _option(args, "--output-format")
    verbose = [] if "--verbose" in args else ["--verbose"]
    if chosen is not None:
        stream = chosen == "stream-json"
        return Launch(_insert(argv, at, verbose) if stream and on else list(argv), CLAUDE, stream)
    if not on:
        return Launch(list(argv), CLAUDE, False)
    return Launch(_insert(argv, at, ["--output-format", "stream-json", *verbose]), CLAUDE, True)


def _codex(argv: list[str], at: int, on: bool) -> Launch:
    args = argv[at + 1 :]
    sub = _first_positional(args, _CODEX_VALUED)
    if sub is None or args[sub] not in ("exec", "e"):
        return Launch(list(argv), CODEX, False)  # the interactive TUI, or another subcommand
    if "--json" in args or "--experimental-json" in args:
        return Launch(list(argv), CODEX, True)
    if not on:
        return Launch(list(argv), CODEX, False)
    return Launch(_insert(argv, at + 1 + sub, ["--json"]), CODEX, True)


def _gemini(argv: list[str], at: int, on: bool) -> Launch:
    args = argv[at + 1 :]
    interactive = _option(args, "-i", "--prompt-interactive") is not None
    sub = _first_positional(args, frozenset())
    if interactive or (sub is not None and args[sub] in _GEMINI_COMMANDS):
        return Launch(list(argv), GEMINI, False)
    chosen = _option(args, "-o", "--output-format")
    if chosen is not None:
        return Launch(list(argv), GEMINI, chosen == "stream-json")
    if not on:
        return Launch(list(argv), GEMINI, False)
    return Launch(_insert(argv, at, ["--output-format", "stream-json"]), GEMINI, True)


def _first_positional(args: list[str], valued: frozenset[str]) -> int | None:
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in valued
        else:
            return i
    return None
