"""redact_lines / redact_output_runs: secrets across output lines, markers on the lines they cover."""

from __future__ import annotations

from picasso_tui.redact.redact import contains_secret
from picasso_tui.writeback.transcript import Transcript, redact_lines, redact_output_runs
from tests.writeback.redaction_corpus.negatives import negatives
from tests.writeback.redaction_corpus.positives import leaked, positives

TOKEN = "ghp_" + "Q7bX2mR9kT4vW8nY3pL6sD1fH5jK0cZ" + "4e8A"


def test_a_secret_split_over_lines_is_marked_on_every_line_it_covers() -> None:
    lines = ["Token follows, as the terminal wrapped it: " + TOKEN[:18], TOKEN[18:] + " (expires in 7 days)"]
    out = redact_lines(lines)
    assert out == [
        "Token follows, as the terminal wrapped it: [REDACTED:github-token]",
        "[REDACTED:github-token] (expires in 7 days)",
    ]
    assert not any(contains_secret(line) for line in out)


def test_short_lines_are_not_read_as_wrapped() -> None:
    # ids printed one a line: a line shorter than a terminal's width is not a wrap, so nothing is glued
    lines = ["mem_01HZX3", "mem_01HZX4", "ghp_", "Q7bX2mR9kT4vW8nY3pL6sD1fH5jK0cZ4e8A"]
    assert redact_lines(lines) == lines


def test_only_runs_of_output_events_are_joined_and_other_events_break_a_run() -> None:
    t = Transcript()
    t.add("output", text="-----BEGIN EC PRIVATE KEY-----")
    t.add("output", text="MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oqjnnfVm1n3ioAoGCCqGSM49")
    t.add("output", text="AwEHoUQDQgAE7F8FcqlCW9vWbNlL0e1ms5Bn4L2Yx1tN0q8hWlGZ5jPnRxkJbWaQ")
    t.add("output", text="-----END EC PRIVATE KEY-----")
    t.add("tool_call", tool="bash", input={"command": "ls"})
    t.add("output", text="done")
    joined = redact_output_runs(t.events)
    assert sorted(joined) == [0, 1, 2, 3]
    assert all(text == "[REDACTED:private-key]" for text in joined.values())


def test_every_line_of_a_redacted_run_rescans_clean_and_no_corpus_secret_survives() -> None:
    # The run's redaction stands for each line's own (a kept output event is not redacted again).
    cases = positives(seeds=(1,))
    lines = [line for case in cases for line in case.text.split("\n")] + [n for n in negatives() if "\n" not in n]
    out = redact_lines(lines)
    assert [line for line in out if contains_secret(line)] == []
    kept = "\n".join(out)
    assert [c.format for c in cases if any(leaked(kept, s) for s in c.secrets)] == []
