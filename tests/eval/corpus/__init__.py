"""The evaluation corpus: workspaces from public projects' agent and contributor guides, plus style."""

from importlib import import_module

from corpus import codex, gh_cli, grafana, home_assistant, langchain, nextjs, pytorch, tokio, uv, vscode
from corpus._types import Mem, Query, Workspace
from corpus.style import STYLE as CORE_STYLE
from corpus.style import STYLE_SOURCES as CORE_STYLE_SOURCES

WORKSPACES: list[Workspace] = [
    m.WORKSPACE for m in (codex, uv, tokio, vscode, nextjs, grafana, gh_cli, langchain, home_assistant, pytorch)
]
STYLE: dict[str, list[Mem]] = {language: list(mems) for language, mems in CORE_STYLE.items()}
STYLE_SOURCES: dict[str, tuple[tuple[str, str], ...]] = dict(CORE_STYLE_SOURCES)

# The development set (issue 15), one module a line. A workspace module exports WORKSPACE; a style module exports
# STYLE_EXTRA (style records added to STYLE, per language) and may export STYLE_SOURCES_EXTRA.
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
    "rails",
    "style_rails",
    "laravel",
    "style_laravel",
    "jellyfin",
    "style_jellyfin",
    "spring_boot",
    "style_spring_boot",
    "curl",
    "style_curl",
)

for _name in DEV_MODULES:
    _module = import_module(f"corpus.{_name}")
    if hasattr(_module, "WORKSPACE"):
        WORKSPACES.append(_module.WORKSPACE)
    for _language, _mems in getattr(_module, "STYLE_EXTRA", {}).items():
        STYLE.setdefault(_language, []).extend(_mems)
    for _language, _sources in getattr(_module, "STYLE_SOURCES_EXTRA", {}).items():
        STYLE_SOURCES[_language] = STYLE_SOURCES.get(_language, ()) + tuple(_sources)

__all__ = ["CORE_STYLE", "STYLE", "STYLE_SOURCES", "WORKSPACES", "Mem", "Query", "Workspace"]
