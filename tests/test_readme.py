"""The README is the contract for a fresh machine: two set-up commands, and CI runs the test one."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", setup, re.S)]


def test_readme_has_exactly_two_setup_commands() -> None:
    commands = _commands()
    assert len(commands) == 2
    assert commands[0].endswith("picasso")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    assert _commands()[1] in (ROOT / ".ci" / "run").read_text().splitlines()
