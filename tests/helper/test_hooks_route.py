"""``POST /api/hooks/{agent}/{event}``: the hook's own use case run by the warm helper, its answer as the hook
would print it."""

from __future__ import annotations

import json
from pathlib import Path


def test_a_prompt_hook_answers_with_the_recall_block(helper, make_repo) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git")
    helper.call(
        "POST", "/api/memories", {"body": "Database migrations run with alembic upgrade head", "cwd": str(repo)}
    )
    payload = {"session_id": "s1", "transcript_path": str(Path(repo) / "t.jsonl"), "cwd": str(repo),
               "hook_event_name": "UserPromptSubmit", "prompt": "how do I run the database migrations?"}  # fmt: skip
    status, answer = helper.call("POST", "/api/hooks/claude/prompt", payload)
    assert status == 200
    out = json.loads(answer["stdout"])
    assert out["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    assert "alembic upgrade head" in out["hookSpecificOutput"]["additionalContext"]


def test_an_unknown_hook_is_a_bad_request(helper) -> None:
    status, error = helper.call("POST", "/api/hooks/vim/prompt", {"cwd": "/"})
    assert status == 400 and error["error"] == "bad-request"
