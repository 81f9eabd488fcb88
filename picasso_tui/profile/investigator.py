"""``picasso memory init``: walk the workspace, run every knowledge module, write the profile in one go.

Read-only towards the workspace: it reads files and asks git; it writes only through the store.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from picasso_tui.profile import decisions, history, languages, layout, rules, style, workflows
from picasso_tui.profile.ecosystems import ECOSYSTEMS
from picasso_tui.profile.findings import Finding, Knowledge
from picasso_tui.profile.gitutil import head
from picasso_tui.profile.records import Context
from picasso_tui.profile.walk import Tree, walk
from picasso_tui.profile.writer import WriteSummary, write
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreError
from picasso_tui.store.namespaces import Workspace, find_workspace

Progress = Callable[[str, int, int], None]
"""(step description, steps done, total steps)"""


class NotAWorkspace(StoreError):
    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} is not inside a git repository; run `picasso memory init` in a project's repository.")


@dataclass
class InitReport:
    workspace: Workspace
    head: str | None
    findings: list[Finding]
    summary: WriteSummary
    files_scanned: int
    seconds: float
    warnings: list[str] = field(default_factory=list)


def _steps(tree_ref: list[Tree]) -> list[tuple[str, Callable[[], Knowledge]]]:
    def t() -> Tree:
        return tree_ref[0]

    steps: list[tuple[str, Callable[[], Knowledge]]] = [
        ("Languages", lambda: languages.investigate(t())),
        ("Layout, tests and migrations", lambda: layout.investigate(t())),
    ]
    steps += [(f"{name} manifests", lambda fn=fn: fn(t())) for name, fn in ECOSYSTEMS]
    steps += [
        ("Task runners and CI", lambda: workflows.investigate(t())),
        ("Agent rules and contributor guides", lambda: rules.investigate(t())),
        ("Decisions (ADRs, commits)", lambda: decisions.investigate(t())),
        ("Formatter and linter configs", lambda: style.investigate(t())),
        ("Git history", lambda: history.investigate(t().root)),
    ]
    return steps


def investigate(root: Path, progress: Progress | None = None) -> tuple[Tree, list[Finding], list[str]]:
    """Every finding about the workspace at ``root`` (no store involved: pure reading)."""
    report = progress or (lambda *_: None)
    tree_ref: list[Tree] = []
    steps = _steps(tree_ref)
    total = len(steps) + 2
    report("Walking files", 0, total)
    tree_ref.append(walk(root))
    knowledge = Knowledge()
    warnings: list[str] = []
    for i, (label, step) in enumerate(steps, start=1):
        report(label, i, total)
        try:
            knowledge.extend(step())
        except Exception as exc:  # one odd file must not cost the whole profile; say what was skipped
            warnings.append(f"{label}: skipped ({type(exc).__name__}: {exc})")
    findings = knowledge.findings + workflows.workflow_findings(tree_ref[0], knowledge.commands)
    unique: dict[str, Finding] = {}
    for f in findings:
        unique.setdefault(f.key, f)
    return tree_ref[0], list(unique.values()), warnings


def generate(store: MemoryStore, path: Path | None = None, progress: Progress | None = None) -> InitReport:
    started = time.perf_counter()
    target = (path or store.cwd).resolve()
    ws = find_workspace(target)
    if ws is None:
        raise NotAWorkspace(target)
    tree, findings, warnings = investigate(ws.root, progress)
    ctx = Context(root=ws.root, account_id=store.account_id, fingerprint=ws.fingerprint, head=head(ws.root))
    total = len(_steps([])) + 2
    if progress:
        progress("Writing the profile", total - 1, total)
    summary = write(store.files, findings, ctx)
    if progress:
        progress("Done", total, total)
    return InitReport(ws, ctx.head, findings, summary, len(tree.sizes), time.perf_counter() - started, warnings)
