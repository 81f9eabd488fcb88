"""`picasso mcp` with a helper running: the tools are answered from the helper's warm index (the MCP process builds
none), with the same policy; without a helper, or once it stops, the MCP process answers itself."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp.server.fastmcp.exceptions import ToolError

from picasso_tui.helper.remote_tools import HelperTools
from picasso_tui.mcp.server import build_server
from picasso_tui.services import recall
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass
from tests.helper.conftest import Helper


def call(server: Any, tool: str, **arguments: Any) -> dict[str, Any]:
    """The tool as an MCP client calls it (its refusal raised as the SDK's ToolError)."""
    result = asyncio.run(server.call_tool(tool, arguments))
    blocks = result[0] if isinstance(result, tuple) else result  # (content, structured) for typed tools
    return json.loads(blocks[0].text)


@pytest.fixture
def repo(make_repo: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = make_repo("mcp-helper", origin="https://github.com/acme/mcp-helper.git", files={"src/db.py": "x = 1\n"})
    monkeypatch.chdir(root)
    return root


def test_the_tools_are_answered_by_the_helper(helper: Helper, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryStore(helper.paths, cwd=repo)
    store.add("Migrations live in migrations/ and run with `make migrate`.", memory_class=MemoryClass.WORKFLOW)

    def no_local_index(*_: Any, **__: Any) -> Any:
        raise AssertionError("the MCP process built an index of its own")

    monkeypatch.setattr(recall, "resident", no_local_index)
    server = build_server(store, remote=HelperTools(helper.paths, cwd=str(repo)))
    found = call(server, "query_memory", query="how do I run the database migrations")
    assert "make migrate" in found["block"]
    written = call(server, "write_memory", body="Seeds load with `make seed`.", memory_class="workflow",
                   mode="user-instruction")  # fmt: skip
    assert written["status"] == "added"
    assert [r.body for r in MemoryStore(helper.paths, cwd=repo).list() if r.id == written["id"]] == [
        "Seeds load with `make seed`."
    ]
    with pytest.raises(ToolError, match="allowed only in the modes"):
        call(server, "write_memory", body="Tests use pytest.", memory_class="fact", mode="because-i-said-so")


def test_without_a_helper_the_mcp_process_answers_itself(helper: Helper, repo: Path) -> None:
    store = MemoryStore(helper.paths, cwd=repo)
    store.add("Migrations live in migrations/ and run with `make migrate`.", memory_class=MemoryClass.WORKFLOW)
    server = build_server(store, remote=HelperTools(helper.paths, cwd=str(repo)))
    helper.stop()
    found = call(server, "query_memory", query="how do I run the database migrations")
    assert "make migrate" in found["block"]
    assert os.environ.get("PICASSO_HOME")  # the same temporary home, never the real one
