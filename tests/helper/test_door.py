"""Every record the helper's API lets in passes the store's one door: a secret is redacted, a record in another
account's namespace and an oversized record are refused with a sentence, and nothing of them reaches memory.json."""

from __future__ import annotations

import secrets
import string

from picasso_tui.paths import PicassoPaths
from tests.helper.conftest import Helper

STAMP = "2026-03-01T00:00:00.000Z"


def token() -> str:
    return "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))


def record(rid: str, body: str, namespace: str = "account:local/global/facts") -> dict:
    md = {"class": "fact", "namespace": namespace, "createdAt": STAMP, "lastObservedAt": STAMP}
    return {"id": rid, "vector": [], "body": body, "metadata": md}


def stored(paths: PicassoPaths) -> bytes:
    return paths.memory_file.read_bytes() if paths.memory_file.exists() else b""


def test_import_redacts_secrets_and_refuses_another_accounts_namespace(helper: Helper) -> None:
    key = "sk_live_" + token()
    status, answer = helper.call("POST", "/api/import", {"schemaVersion": 2, "records": [
        record("mem_01JDX0000000000000000SECRT", f"The Stripe key for staging is {key}")]})  # fmt: skip
    assert status == 200, answer
    assert key.encode() not in stored(helper.paths)

    status, answer = helper.call("POST", "/api/import", {"schemaVersion": 2, "records": [
        record("mem_01JDX0000000000000000FRGN0", "Hello", "account:someone-else/global/facts")]})  # fmt: skip
    assert 400 <= status < 500 and "another account" in answer["message"]
    assert b"someone-else" not in stored(helper.paths)


def test_oversized_records_are_refused_whole(helper: Helper) -> None:
    big = "x" * (1024 * 1024 + 10)
    status, answer = helper.call("POST", "/api/memories", {"body": big})
    assert 400 <= status < 500 and answer["message"].endswith(".")
    status, answer = helper.call("POST", "/api/import", {"schemaVersion": 2, "records": [
        record("mem_01JDX0000000000000000BIGG0", big)]})  # fmt: skip
    assert 400 <= status < 500
    assert b"xxxxxxxxxx" not in stored(helper.paths)


def test_an_edit_through_the_api_is_redacted_too(helper: Helper) -> None:
    status, made = helper.call("POST", "/api/memories", {"body": "Deploys run through make deploy."})
    assert status == 201
    key = "ghp_" + token() + "abcd"
    status, edited = helper.call("PATCH", f"/api/memories/{made['id']}", {"body": f"Deploy token: {key}"})
    assert status == 200 and key not in edited["body"]
    assert key.encode() not in stored(helper.paths)


def test_the_mcp_tools_through_the_helper_pass_the_same_door(helper: Helper) -> None:
    key = "ghp_" + token() + "wxyz"
    status, written = helper.call("POST", "/api/tools/write_memory", {
        "body": f"CI pushes with the token {key}.", "memory_class": "fact", "mode": "user-instruction"})  # fmt: skip
    assert status == 200 and written["status"] == "added"
    assert key.encode() not in stored(helper.paths)
    assert written["namespace"].startswith("account:local/")  # the tool names no namespace: always this account's
    status, refused = helper.call("POST", "/api/tools/write_memory", {
        "body": "x" * (1024 * 1024 + 10), "memory_class": "fact", "mode": "user-instruction"})  # fmt: skip
    assert status == 400 and refused["error"] == "tool/denied"
    assert b"xxxxxxxxxx" not in stored(helper.paths)
