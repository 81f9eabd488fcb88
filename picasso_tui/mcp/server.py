"""``picasso mcp``: the memory tools over MCP on stdio, with the official ``mcp`` SDK (FastMCP).

Any MCP-capable agent can then read and write the same memory as ``picasso run``. The server
is scoped like every other front end: the account, and the workspace of the directory it was
started in. stdout is the protocol channel, so nothing here prints.
"""

from __future__ import annotations

from typing import Any, Protocol

from mcp.server.fastmcp import FastMCP

from picasso_tui.services import memory_tools as tools
from picasso_tui.services.session import open_session
from picasso_tui.store.api import MemoryStore

INSTRUCTIONS = (
    "Picasso memory for this account and workspace. Call query_memory before planning to get what is known "
    "about this codebase (rules, facts, style, decisions, failures, workflows). Call write_memory only when the "
    "user asked you to remember something (mode user-instruction), after a run when reflecting "
    "(post-run-reflection), or for a high-confidence outcome (policy-approved, confidence >= 0.8)."
)


class RemoteTools(Protocol):
    """The same two tools answered elsewhere (a running local helper); ``None`` means "answer it yourself"."""

    def query_memory(self, **arguments: Any) -> dict[str, Any] | None: ...

    def write_memory(self, **arguments: Any) -> dict[str, Any] | None: ...


def build_server(store: MemoryStore | None = None, remote: RemoteTools | None = None) -> FastMCP:
    """A FastMCP server exposing ``query_memory`` and ``write_memory`` over ``store``; with ``remote``, each call
    goes there first and is answered here only when it cannot be."""
    store = store or open_session()
    server: FastMCP = FastMCP("picasso-memory", instructions=INSTRUCTIONS, log_level="WARNING")
    retriever: Any = None

    @server.tool(
        name="query_memory",
        description="Memories relevant to a query, from this account's memory for the current workspace and "
        "language only. Returns the block to put in context and the entries with their ids.",
    )
    def query_memory(
        query: str, files: list[str] | None = None, namespaces: list[str] | None = None, budget: int | None = None
    ) -> dict[str, Any]:
        nonlocal retriever
        if remote is not None:
            answer = remote.query_memory(query=query, files=files, namespaces=namespaces, budget=budget)
            if answer is not None:
                return answer
        if retriever is None:  # built on first use: the server answers `initialize` without loading vectors
            from picasso_tui.services import recall

            retriever = recall.resident(store)
        return tools.query_memory(
            query, store=store, files=files or (), namespaces=namespaces or (), budget=budget, retriever=retriever
        )

    @server.tool(
        name="write_memory",
        description="Write one memory (class: fact, style, decision, failure, workflow, repo_rule, "
        "model_performance). Allowed only with mode user-instruction, post-run-reflection, or policy-approved "
        "(needs confidence >= 0.8); anything else is denied. Secrets are redacted; instruction-like text is refused.",
    )
    def write_memory(
        body: str,
        memory_class: str,
        mode: str,
        language: str | None = None,
        confidence: float | None = None,
        files: list[str] | None = None,
        prevent_next_time: list[str] | None = None,
        session_id: str | None = None,
    ) -> dict[str, Any]:
        if remote is not None:
            answer = remote.write_memory(body=body, memory_class=memory_class, mode=mode, language=language,
                                         confidence=confidence, files=files, prevent_next_time=prevent_next_time,
                                         session_id=session_id)  # fmt: skip
            if answer is not None:
                return answer
        return tools.write_memory(
            body,
            memory_class,
            mode=mode,
            store=store,
            language=language,
            confidence=confidence,
            files=files or (),
            prevent_next_time=prevent_next_time or (),
            session_id=session_id,
            source="mcp",
        )

    return server


def serve(remote: RemoteTools | None = None) -> None:
    build_server(remote=remote).run("stdio")
