"""``picasso memory init``: walk the workspace, run every knowledge module, write the profile in one go.

Read-only towards the workspace: it reads files and asks git; it writes only through the store.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from picasso_tui.anchors.gitutil import head
from picasso_tui.profile import (
    benchmark_scripts,
    branches,
    decisions,
    file_headers,
    history,
    languages,
    layout,
    major_release,
    packages,
    readme_notes,
    rules,
    runtime_support,
    style,
    workflows,
)
from picasso_tui.profile.ecosystems import ECOSYSTEMS
from picasso_tui.profile.ecosystems.in_folder import or_in_folder
from picasso_tui.profile.errors import ProfileError
from picasso_tui.profile.findings import Finding, Knowledge
from picasso_tui.profile.records import Context
from picasso_tui.profile.walk import Tree, walk
from picasso_tui.profile.writer import WriteSummary, write
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.namespaces import Workspace, find_workspace

Progress = Callable[[str, int, int], None]
"""(step description, steps done, total steps)"""


class NotAWorkspace(ProfileError):
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
    ignored: int = 0
    """Files and folders .gitignore left out."""
    skipped_dirs: int = 0
    """Vendored, build and nested-repository folders not walked."""


STEPS: tuple[tuple[str, Callable[[Tree], Knowledge]], ...] = (
    ("Languages", languages.investigate),
    ("Layout, tests and migrations", layout.investigate),
    ("Main source folder", packages.investigate),
    *((f"{name} manifests", fn) for name, fn in ECOSYSTEMS),
    ("Benchmark scripts", or_in_folder(benchmark_scripts.investigate)),
    ("Task runners, CI and docs", workflows.investigate),
    ("Agent rules and contributor guides", rules.investigate),
    ("Decisions (ADRs, commits)", decisions.investigate),
    ("README policies and limits", readme_notes.investigate),
    ("Source file headers", file_headers.investigate),
    ("Formatter and linter configs", style.investigate),
    ("Git history", lambda tree: history.investigate(tree.root)),
    ("Default branch", branches.investigate),
    ("Runtime support in the changelog", runtime_support.investigate),
    ("The latest major release", major_release.investigate),
)
TOTAL_STEPS = len(STEPS) + 2
"""The walk, every module, then the write."""


def investigate(root: Path, progress: Progress | None = None) -> tuple[Tree, list[Finding], list[str]]:
    """Every finding about the workspace at ``root`` (no store involved: pure reading)."""
    report = progress or (lambda *_: None)
    report("Walking files", 0, TOTAL_STEPS)
    tree = walk(root)
    knowledge = Knowledge()
    warnings: list[str] = []
    for i, (label, step) in enumerate(STEPS, start=1):
        report(label, i, TOTAL_STEPS)
        try:
            knowledge.extend(step(tree))
        except Exception as exc:  # one odd file must not cost the whole profile; say what was skipped
            warnings.append(f"{label}: skipped ({type(exc).__name__}: {exc})")
    findings = knowledge.findings + workflows.workflow_findings(tree, knowledge.commands)
    if benchmark_scripts.superseded({f.key for f in findings}):  # an ecosystem's rule said it better
        findings = [f for f in findings if f.key != benchmark_scripts.KEY]
    unique: dict[str, Finding] = {}
    for f in findings:
        unique.setdefault(f.key, f)
    return tree, list(unique.values()), warnings


def generate(store: MemoryStore, path: Path | None = None, progress: Progress | None = None) -> InitReport:
    started = time.perf_counter()
    target = (path or store.cwd).resolve()
    ws = find_workspace(target)
    if ws is None:
        raise NotAWorkspace(target)
    tree, findings, warnings = investigate(ws.root, progress)
    ctx = Context(root=ws.root, account_id=store.account_id, fingerprint=ws.fingerprint, head=head(ws.root))
    if progress:
        progress("Writing the profile", TOTAL_STEPS - 1, TOTAL_STEPS)
    summary = write(store.files, findings, ctx)
    if progress:
        progress("Done", TOTAL_STEPS, TOTAL_STEPS)
    seconds = time.perf_counter() - started
    return InitReport(
        ws, ctx.head, findings, summary, len(tree.sizes), seconds, warnings, tree.ignored, tree.skipped_dirs
    )
