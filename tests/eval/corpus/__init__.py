"""The evaluation corpus: ten workspaces from public projects' agent and contributor guides, plus style."""

from importlib import import_module

from corpus import codex, gh_cli, grafana, home_assistant, langchain, nextjs, pytorch, tokio, uv, vscode
from corpus._types import Mem, Query, Workspace
from corpus.style import STYLE as CORE_STYLE
from corpus.style import STYLE_SOURCES

WORKSPACES: list[Workspace] = [
    m.WORKSPACE for m in (codex, uv, tokio, vscode, nextjs, grafana, gh_cli, langchain, home_assistant, pytorch)
]
STYLE: dict[str, list[Mem]] = {language: list(mems) for language, mems in CORE_STYLE.items()}

# Development-set modules (issue 15), one line each. A module may export WORKSPACE (appended to WORKSPACES) and
# STYLE_EXTRA (style records per language, appended to STYLE).
DEV_MODULES: tuple[str, ...] = (
    "godot",
    "style_godot",
    "nowinandroid",
    "style_nowinandroid",
    "elixir",
    "style_elixir",
    "flutter",
    "style_flutter",
    "vapor",
    "style_vapor",
)

for _name in DEV_MODULES:
    _module = import_module(f"corpus.{_name}")
    if hasattr(_module, "WORKSPACE"):
        WORKSPACES.append(_module.WORKSPACE)
    for _language, _mems in getattr(_module, "STYLE_EXTRA", {}).items():
        STYLE.setdefault(_language, []).extend(_mems)

__all__ = ["CORE_STYLE", "STYLE", "STYLE_SOURCES", "WORKSPACES", "Mem", "Query", "Workspace"]
