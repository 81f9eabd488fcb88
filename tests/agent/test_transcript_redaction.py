"""A kept transcript is redacted as a whole: a secret split over several output lines does not survive."""

from __future__ import annotations

import secrets
import string
import sys
import textwrap
from pathlib import Path

import pytest

from picasso_tui import settings
from picasso_tui.agent.run import run_agent
from picasso_tui.store.api import MemoryStore

AGENT = textwrap.dedent(
    """
    import sys
    for line in open(sys.argv[1]).read().splitlines():
        print(line, flush=True)  # one output event per line, as `cat key.pem` gives
    print("Done.", flush=True)
    """
)


def _random(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(n))


def _run_printing(lines: list[str], make_repo, tmp_path: Path, monkeypatch, paths) -> str:
    repo = make_repo("proj", origin="https://github.com/acme/proj.git", files={"README.md": "proj\n"})
    monkeypatch.chdir(repo)
    agent, printed = tmp_path / "cat_agent.py", tmp_path / "printed.txt"
    agent.write_text(AGENT)
    printed.write_text("\n".join(lines) + "\n")
    settings.set_value("agent.command", [sys.executable, str(agent), str(printed)], paths)
    result = run_agent("show me the deploy key", store=MemoryStore(paths, cwd=repo))
    assert result.transcript_path is not None
    return result.transcript_path.read_text()


def test_a_private_key_printed_line_by_line_does_not_survive_in_the_transcript(make_repo, tmp_path, monkeypatch, paths):
    body = [_random(64, string.ascii_letters + string.digits + "+/") for _ in range(12)]
    pem = ["-----BEGIN OPENSSH PRIVATE KEY-----", *body, "-----END OPENSSH PRIVATE KEY-----"]
    kept = _run_printing(["Here is the key:", *pem], make_repo, tmp_path, monkeypatch, paths)
    assert [line for line in body if line in kept] == []
    assert "[REDACTED:private-key]" in kept
    assert "Here is the key:" in kept and "Done." in kept  # the lines around it are kept


@pytest.mark.parametrize("width", [40, 64])
def test_a_token_wrapped_over_two_lines_does_not_survive_in_the_transcript(
    width: int, make_repo, tmp_path, monkeypatch, paths
) -> None:
    token = "ghp_" + _random(36)
    line = f"Using the token printed by gh auth token (copy it whole): {token}"
    wrapped = [line[i : i + width] for i in range(0, len(line), width)]
    assert not any(token in part for part in wrapped)  # no single line shows it whole
    kept = _run_printing(wrapped, make_repo, tmp_path, monkeypatch, paths)
    tail = token[-12:]
    assert tail not in kept and token[:16] not in kept
    assert "Using the token" in kept


def test_ordinary_wrapped_prose_is_kept_as_it_was(make_repo, tmp_path, monkeypatch, paths):
    prose = [
        "Refactored the tokenizer so that skip-lists and task-1234 identifiers are",
        "preserved; the desk_booking module keeps its ask_user helper unchanged now",
        "and the README explains how to rotate the key with `gh auth refresh`.",
    ]
    kept = _run_printing(prose, make_repo, tmp_path, monkeypatch, paths)
    assert all(line in kept for line in prose)
    assert "[REDACTED:" not in kept
