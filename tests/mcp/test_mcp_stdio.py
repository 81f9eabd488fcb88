"""MCP round trip: spawn `picasso mcp` and talk to it with the SDK's own stdio client."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.cli_helpers import checked


def server_params(cwd: Path) -> StdioServerParameters:
    picasso = Path(sys.executable).with_name("picasso")
    command, args = (
        (str(picasso), ["mcp"]) if picasso.exists() else (sys.executable, ["-m", "picasso_tui.cli.main", "mcp"])
    )
    env = {k: v for k, v in os.environ.items() if k.startswith(("PICASSO_", "GIT_", "PATH", "HOME", "LANG"))}
    return StdioServerParameters(command=command, args=args, env=env, cwd=str(cwd))


def payload(result) -> dict:
    if result.structuredContent is not None:
        return result.structuredContent
    return json.loads(result.content[0].text)


async def test_write_then_query_over_stdio_and_see_it_in_memory_list(make_repo, picasso, paths, monkeypatch):
    repo = make_repo("mcp-repo", origin="https://github.com/acme/mcp-repo.git", files={"src/db.py": "x = 1\n"})
    monkeypatch.chdir(repo)
    async with stdio_client(server_params(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        names = {t.name for t in (await session.list_tools()).tools}
        assert names == {"query_memory", "write_memory"}

        written = await session.call_tool(
            "write_memory",
            {"body": "Migrations live in migrations/ and run with `make migrate`.", "memory_class": "workflow",
             "mode": "user-instruction"},
        )  # fmt: skip
        assert not written.isError, written.content
        out = payload(written)
        assert out["status"] == "added" and out["id"].startswith("mem_")

        denied = await session.call_tool(
            "write_memory", {"body": "Tests use pytest.", "memory_class": "fact", "mode": "because-i-said-so"}
        )
        assert denied.isError
        assert "allowed only in the modes" in denied.content[0].text

        found = await session.call_tool("query_memory", {"query": "how do I run the database migrations"})
        assert not found.isError
        result = payload(found)
        assert [e["id"] for e in result["entries"]] == [out["id"]]
        assert "make migrate" in result["block"]

    listed = json.loads(checked(picasso)("memory", "list", "--json").out)
    assert [r["id"] for r in listed] == [out["id"]]
    assert listed[0]["metadata"]["attributes"]["source"] == "mcp"
    events = [json.loads(line)["event"] for line in paths.events_log.read_text().splitlines()]
    assert "tool-denied" in events and events.count("tool") == 2


async def test_the_server_reads_only_the_workspace_it_was_started_in(make_repo, picasso, monkeypatch):
    theirs = make_repo("theirs", origin="https://github.com/acme/theirs.git")
    mine = make_repo("mine", origin="https://github.com/acme/mine.git")
    monkeypatch.chdir(theirs)
    checked(picasso)("memory", "add", "The release checklist lives in docs/RELEASE.md.")
    async with stdio_client(server_params(mine)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        found = payload(await session.call_tool("query_memory", {"query": "where is the release checklist"}))
        assert found["entries"] == [] and found["block"] == ""


async def test_oversized_and_out_of_namespace_arguments_are_refused_over_stdio(make_repo, paths, monkeypatch):
    repo = make_repo("mcp-limits", origin="https://github.com/acme/mcp-limits.git")
    monkeypatch.chdir(repo)
    async with stdio_client(server_params(repo)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        big = await session.call_tool(
            "write_memory", {"body": "x" * 10_000_000, "memory_class": "fact", "mode": "user-instruction"}
        )
        assert big.isError
        assert "the body has 10,000,000 characters, the limit is 4,000" in big.content[0].text
        walk = await session.call_tool(
            "write_memory",
            {"body": "Prefer pathlib", "memory_class": "style", "mode": "user-instruction",
             "language": "python/../../projects/workspace:0123456789ab/facts"},
        )  # fmt: skip
        assert walk.isError and "language must be a short lowercase name" in walk.content[0].text
        session_id = "s\x1b[2J/../etc"
        ok = await session.call_tool(
            "write_memory",
            {"body": "Tests run with pytest -q", "memory_class": "fact", "mode": "user-instruction",
             "session_id": session_id},
        )  # fmt: skip
        assert not ok.isError
    assert not paths.memory_file.read_text().count("x" * 5000)
    assert session_id not in paths.memory_file.read_text() and "\\u001b" not in paths.memory_file.read_text()
    assert "\\u001b" not in paths.events_log.read_text()
