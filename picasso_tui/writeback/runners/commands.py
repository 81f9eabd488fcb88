"""Commands an agent echoes in its plain output, and the exit codes it prints for them.

The command: a shell-style echo (``$ make test``, ``user@host:~/app$ npm test``). Its end: a line that says how it
exited (``exit status 2`` as Go's ``os/exec`` and many agents print it, ``Process exited with code 1``, ``Exit code:
1``, ``[Command finished with exit code 1]``), or one that names the command too: execa's ``Command failed with exit
code 1: npm test``, Python's ``Command '['pytest']' returned non-zero exit status 1.``, GNU make's ``make: ***
[Makefile:12: test] Error 1``, just's ``error: Recipe `test` failed on line 5 with exit code 1``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

_ECHO = re.compile(r"^\s{0,4}(?:[\w.@-]+(?::[~\w./-]*)?\s?)?\$ (?P<cmd>\S.{0,300})$")
_SUBJECT = r"(?:(?:the\s+)?(?:process|command|script|shell)\s+)?"
_VERB = r"(?:exited|finished|completed|failed|returned|terminated)"
_EXIT = re.compile(
    rf"^\W{{0,4}}{_SUBJECT}(?:{_VERB}\s+)?(?:with\s+)?(?:an?\s+)?exit\s+(?:code|status)\s*[:=]?\s*(?P<code>-?\d{{1,3}})\W{{0,4}}$|"
    rf"^\W{{0,4}}{_SUBJECT}{_VERB}\s+with\s+(?:code|status)\s*[:=]?\s*(?P<code2>-?\d{{1,3}})\W{{0,4}}$",
    re.IGNORECASE,
)
_NAMED_EXITS = [
    re.compile(r"^Command failed with exit code (?P<code>\d{1,3}): (?P<cmd>\S.{0,300})$"),
    re.compile(r"Command '(?P<cmd>[^\n]{1,300})' returned non-zero exit status (?P<code>\d{1,3})\.?\s*$"),
    re.compile(
        r"^(?P<tool>g?make)(?:\[\d+\])?: \*\*\* \[(?:[^\]\n]+?:\d+: )?(?P<target>[^\]\s]+)\] Error (?P<code>\d+)$"
    ),
    re.compile(r"^error: Recipe `(?P<target>[\w-]+)` failed (?:on line \d+ )?with exit code (?P<code>\d+)$"),
]


@dataclass(frozen=True)
class CommandRun:
    command: str
    start: int
    """The echo's line (or the exit line's, when the command was not echoed)."""
    end: int
    """The line that ended it: its exit line, else the line before the next echo (or the last line)."""
    code: int | None
    """The exit code it printed; None when the output does not say."""


def scan_commands(lines: list[str]) -> list[CommandRun]:
    out: list[CommandRun] = []
    open_cmd: tuple[str, int] | None = None
    for i, line in enumerate(lines):
        if m := _ECHO.match(line):
            if open_cmd:
                out.append(CommandRun(open_cmd[0], open_cmd[1], i - 1, None))
            open_cmd = (m.group("cmd").strip(), i)
            continue
        ended = _exit_of(line, open_cmd[0] if open_cmd else None)
        if ended is None:
            continue
        cmd, code = ended
        if cmd:
            out.append(CommandRun(cmd, open_cmd[1] if open_cmd else i, i, code))
        open_cmd = None
    if open_cmd:
        out.append(CommandRun(open_cmd[0], open_cmd[1], len(lines) - 1, None))
    return out


def _exit_of(line: str, echoed: str | None) -> tuple[str | None, int] | None:
    """(the command, its exit code) when ``line`` says how a command exited; the command is the echoed one
    unless the line names its own (make and just name a target: the echoed command is more exact)."""
    if len(line) > 400:
        return None
    if m := _EXIT.match(line):
        return echoed, int(m.group("code") or m.group("code2"))
    for pattern in _NAMED_EXITS:
        if m := pattern.search(line):
            groups = m.groupdict()
            if groups.get("target"):
                tool = groups.get("tool") or "just"
                named = f"{'make' if tool.endswith('make') else tool} {groups['target']}"
                same_tool = bool(echoed) and str(echoed).split()[0].endswith(tool.lstrip("g"))
                return (echoed if same_tool else named), int(m.group("code"))
            return _listed(groups["cmd"]), int(m.group("code"))
    return None


def _listed(cmd: str) -> str:
    """Python prints a command given as a list as its repr: ``['pytest', '-q']`` -> ``pytest -q``."""
    if cmd.startswith("["):
        try:
            parts = ast.literal_eval(cmd)
        except (ValueError, SyntaxError):
            return cmd
        if isinstance(parts, list | tuple):
            return " ".join(str(p) for p in parts)
    return cmd
