"""``picasso mcp``: serve query_memory / write_memory to an MCP client on stdio."""

from __future__ import annotations

import click


@click.command("mcp")
def mcp_cmd() -> None:
    """MCP server on stdio exposing query_memory and write_memory for this account and workspace."""
    from picasso_tui.helper.remote_tools import for_mcp
    from picasso_tui.mcp.server import serve  # the SDK loads only for this command

    serve(for_mcp())  # a running helper answers the tools from its warm index; else this process does
