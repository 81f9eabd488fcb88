"""Every memory route of the helper, over its Unix socket, answering what `picasso memory … --json` prints."""

from __future__ import annotations

import json
import time
from pathlib import Path

from picasso_tui.helper.app import PAGE_DIR
from picasso_tui.store.api import MemoryStore


def cli_json(picasso, *args: str):
    result = picasso(*args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_add_list_inspect_answer_the_clis_json(helper, picasso) -> None:
    cwd = str(Path.cwd())
    status, made = helper.call("POST", "/api/memories", {"body": "Deploys go through make release", "cwd": cwd})
    assert status == 201
    assert made["body"] == "Deploys go through make release" and made["metadata"]["class"] == "fact"
    helper.call("POST", "/api/memories", {"body": "Prefer pathlib to os.path", "class": "style", "pin": True})

    status, listed = helper.call("GET", f"/api/memories?cwd={cwd}")
    assert status == 200
    assert listed == cli_json(picasso, "memory", "list", "--json")
    status, one = helper.call("GET", f"/api/memories/{made['id']}?cwd={cwd}")
    assert status == 200 and one == cli_json(picasso, "memory", "inspect", made["id"], "--json")


def test_list_filters_by_text_and_class(helper) -> None:
    helper.call("POST", "/api/memories", {"body": "The CI runs on GitHub Actions"})
    helper.call("POST", "/api/memories", {"body": "We chose SQLite over Postgres", "class": "decision"})
    _, by_text = helper.call("GET", "/api/memories?q=github")
    assert [r["body"] for r in by_text] == ["The CI runs on GitHub Actions"]
    _, by_class = helper.call("GET", "/api/memories?class=decision")
    assert [r["body"] for r in by_class] == ["We chose SQLite over Postgres"]
    status, error = helper.call("GET", "/api/memories?class=opinion")
    assert status == 400 and error["error"] == "bad-request"


def test_cwd_selects_the_workspace_as_the_clis_directory_does(helper, make_repo) -> None:
    api = make_repo("api", origin="git@github.com:acme/api.git")
    web = make_repo("web", origin="git@github.com:acme/web.git")
    _, made = helper.call("POST", "/api/memories", {"body": "The API serves on port 8080", "cwd": str(api)})
    assert "/projects/workspace:" in made["metadata"]["namespace"]
    _, in_api = helper.call("GET", f"/api/memories?cwd={api}")
    _, in_web = helper.call("GET", f"/api/memories?cwd={web}")
    _, everywhere = helper.call("GET", f"/api/memories?cwd={web}&all=1")
    assert [r["id"] for r in in_api] == [made["id"]]
    assert in_web == []
    assert [r["id"] for r in everywhere] == [made["id"]]
    status, error = helper.call("GET", "/api/memories?cwd=relative/folder")
    assert status == 400 and "cwd" in error["message"]


def test_edit_delete_pin_and_unpin_go_through_the_store(helper, paths) -> None:
    _, made = helper.call("POST", "/api/memories", {"body": "Tests run with pytest -q"})
    rid = made["id"]
    status, edited = helper.call(
        "PATCH", f"/api/memories/{rid}", {"body": "Tests run with pytest -x", "class": "workflow"}
    )
    assert status == 200 and edited["body"] == "Tests run with pytest -x" and edited["metadata"]["class"] == "workflow"
    assert helper.call("POST", f"/api/memories/{rid}/pin")[1]["metadata"]["pinned"] is True
    assert MemoryStore().resolve(rid).metadata.pinned is True  # in memory.json, not only in the helper
    assert helper.call("DELETE", f"/api/memories/{rid}/pin")[1]["metadata"]["pinned"] is False
    assert helper.call("DELETE", f"/api/memories/{rid}") == (204, None)
    status, error = helper.call("GET", f"/api/memories/{rid}")
    assert status == 404 and error["error"] == "memory/not-found" and error["message"].endswith(".")
    assert MemoryStore().list(everything=True) == []


def test_a_secret_is_redacted_on_the_way_in(helper) -> None:
    status, made = helper.call(
        "POST", "/api/memories", {"body": "The key is Zq7Xw2Lm9Pk4Rt8Vb3Nc6Hy1Jd5Fg0Ks, keep it safe."}
    )
    assert status == 201
    assert "Zq7Xw2Lm9Pk4Rt8Vb3Nc6Hy1Jd5Fg0Ks" not in made["body"] and "redacted" in made["redactionNotice"]


def test_bad_requests_are_one_sentence_errors(helper) -> None:
    from picasso_tui.helper import client

    status, raw = client.request_raw(helper.paths, "POST", "/api/memories", b"{not json")
    assert status == 400 and json.loads(raw)["error"] == "bad-json"
    assert helper.call("POST", "/api/memories", {"class": "fact"})[0] == 400
    assert helper.call("PATCH", "/api/memories/mem_0", {})[0] == 400
    status, error = helper.call("GET", "/api/nothing-here")
    assert status == 404 and set(error) == {"error", "message"}


def test_recall_is_exactly_the_clis_json(helper, picasso) -> None:
    helper.call("POST", "/api/memories", {"body": "Run the database migrations with alembic upgrade head"})
    status, recalled = helper.call("POST", "/api/recall", {"prompt": "how do I run the database migrations?"})
    assert status == 200
    cli = cli_json(picasso, "memory", "recall", "how do I run the database migrations?", "--json")
    assert set(recalled) == set(cli)
    for key in ("block", "embedder", "omitted"):
        assert recalled[key] == cli[key]
    assert [e["id"] for e in recalled["entries"]] == [e["id"] for e in cli["entries"]]
    assert "alembic upgrade head" in recalled["block"]
    status, explained = helper.call("POST", "/api/recall", {"prompt": "database migrations", "explain": True})
    assert status == 200 and explained["explain"]["text"]


def test_export_import_and_gc(helper, picasso) -> None:
    helper.call("POST", "/api/memories", {"body": "Releases are tagged vX.Y.Z"})
    status, exported = helper.call("GET", "/api/export")
    assert status == 200 and exported["schemaVersion"] == 2 and len(exported["records"]) == 1
    exported["records"][0]["id"] = "mem_01JZZZZZZZZZZZZZZZZZZZZZZZ"
    status, imported = helper.call("POST", "/api/import", exported)
    assert status == 200 and imported["added"] == ["mem_01JZZZZZZZZZZZZZZZZZZZZZZZ"]
    assert len(cli_json(picasso, "memory", "list", "--json")) == 2
    assert helper.call("POST", "/api/import", [1, 2])[0] == 400
    status, plan = helper.call("POST", "/api/gc", {"dryRun": True})
    assert status == 200 and plan == {"dryRun": True, "actions": []}
    assert helper.call("POST", "/api/gc")[1] == cli_json(picasso, "memory", "gc", "--json")


def test_settings_get_and_put(helper, picasso) -> None:
    assert helper.call("GET", "/api/settings/retrieval.topK") == (200, {"key": "retrieval.topK", "value": 8})
    assert helper.call("PUT", "/api/settings/retrieval.topK", {"value": 12})[1]["value"] == 12
    assert picasso("settings", "get", "retrieval.topK").out.strip() == "12"
    status, error = helper.call("PUT", "/api/settings/retrieval.topK", {"value": 1000})
    assert status == 400 and error["error"] == "settings/invalid"
    assert helper.call("GET", "/api/settings/retrieval.nope")[0] == 404
    assert helper.call("PUT", "/api/settings/sync.cloudMemory", {"value": "yes"})[0] == 400


def test_health_and_the_memory_page(helper) -> None:
    status, health = helper.call("GET", "/api/health")
    assert status == 200 and health["ok"] is True and health["pid"] == helper.info.pid
    deadline = time.monotonic() + 120
    while not health["recallReady"] and time.monotonic() < deadline:  # the start-up warm-up finishes
        time.sleep(0.1)
        health = helper.call("GET", "/api/health")[1]
    assert health["recallReady"] is True
    status, headers, body = helper.tcp("GET", "/", {"Authorization": f"Bearer {helper.token}"})
    assert status == 200 and headers["content-type"].startswith("text/html") and b"<html" in body.lower()


def test_the_page_files_load_without_the_token_and_the_memories_do_not(helper) -> None:
    """A browser without the cookie gets the page (which asks to sign in), never a memory."""
    status, headers, body = helper.tcp("GET", "/")
    assert status == 200 and b"<html" in body.lower()
    assert "frame-ancestors 'none'" in {k.lower(): v for k, v in headers.items()}["content-security-policy"]
    # The page's scripts are ES modules: a browser refuses to run one not sent as JavaScript.
    for module in sorted(PAGE_DIR.glob("*.js")):
        status, headers, _ = helper.tcp("GET", f"/static/{module.name}")
        assert status == 200 and headers["content-type"].startswith("text/javascript"), module.name
    assert helper.tcp("GET", "/api/memories?all=1")[0] == 401
    assert helper.tcp("POST", "/", {"Content-Type": "application/json"}, b"{}")[0] in (401, 405)
    assert helper.tcp("GET", "/", {"Host": "evil.example:80"})[0] == 421  # the page too: no DNS rebinding
