"""The evaluation corpus: ten workspaces from public projects' agent and contributor guides, plus style."""

from corpus import codex, gh_cli, grafana, home_assistant, langchain, nextjs, pytorch, tokio, uv, vscode
from corpus._types import Mem, Query, Workspace
from corpus.style import STYLE, STYLE_SOURCES

WORKSPACES: list[Workspace] = [
    m.WORKSPACE for m in (codex, uv, tokio, vscode, nextjs, grafana, gh_cli, langchain, home_assistant, pytorch)
]

__all__ = ["STYLE", "STYLE_SOURCES", "WORKSPACES", "Mem", "Query", "Workspace"]
