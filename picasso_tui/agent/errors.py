"""Errors of an agent run."""

from __future__ import annotations

from picasso_tui.errors import PicassoError
from picasso_tui.paths import PicassoPaths


class AgentError(PicassoError):
    """Base of the agent run's errors."""


class AgentNotConfigured(AgentError):
    def __init__(self, paths: PicassoPaths) -> None:
        super().__init__(
            'No agent is configured: set one with `picasso settings set agent.command "claude -p"` '
            f'(or "codex exec"), or put {{"agent": {{"command": "claude -p"}}}} in {paths.settings_file}.'
        )


class AgentNotFound(AgentError):
    pass


class AgentCommandInvalid(AgentError):
    pass
