"""``query_memory`` and ``write_memory`` answered by a running helper, for ``picasso mcp``: the helper's warm store
and index serve every agent session instead of one model and one index per MCP server. When no helper answers,
the caller does the work itself (``None`` here); a refusal is the tool's own error, as in process."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from picasso_tui.helper import client
from picasso_tui.paths import PicassoPaths
from picasso_tui.services.memory_tools import OutOfScope, WriteDenied

TIMEOUT_S = 10.0
"""A query waits at most this for the helper (its first one after a start may wait for the index)."""


@dataclass
class HelperTools:
    paths: PicassoPaths
    cwd: str = field(default_factory=os.getcwd)

    def query_memory(self, **arguments: Any) -> dict[str, Any] | None:
        return self._ask("query_memory", arguments)

    def write_memory(self, **arguments: Any) -> dict[str, Any] | None:
        return self._ask("write_memory", arguments)

    def _ask(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        body = {**{k: v for k, v in arguments.items() if v is not None}, "cwd": self.cwd}
        try:
            status, answer = client.request(self.paths, "POST", f"/api/tools/{tool}", body, timeout=TIMEOUT_S)
        except client.HelperUnavailable:
            return None
        if status == 200 and isinstance(answer, dict):
            return answer
        code = answer.get("error") if isinstance(answer, dict) else None
        message = str(answer.get("message")) if isinstance(answer, dict) else ""
        if code == "tool/out-of-scope":
            raise OutOfScope(message)
        if code == "tool/denied":
            raise WriteDenied(message)
        return None  # busy, stopping or broken: the caller answers itself


def for_mcp() -> HelperTools:
    """The tools through this Picasso home's helper: each call asks whether one runs (a helper started after the
    MCP server is used from then on; one that stops is no longer asked)."""
    return HelperTools(PicassoPaths.resolve())
