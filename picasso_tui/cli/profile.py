"""``picasso memory init``: generate the project profile, with a progress bar and a summary."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from picasso_tui.cli import render
from picasso_tui.store.schema import MemoryClass

CLASS_TITLES = {
    MemoryClass.FACT: "Codebase facts",
    MemoryClass.WORKFLOW: "Workflows",
    MemoryClass.REPO_RULE: "Repo rules",
    MemoryClass.DECISION: "Decisions",
    MemoryClass.STYLE: "Style hints",
}


@click.command("init")
@click.argument("path", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--yes", "-y", is_flag=True, help="Do not ask before writing the profile.")
@click.option("--json", "as_json", is_flag=True, help="Print what was learned as JSON instead of a summary.")
def init_cmd(path: Path | None, yes: bool, as_json: bool) -> None:
    """Learn this workspace's structure, conventions, workflows and rules (read-only) and remember them."""
    from rich.console import Console  # imported here: every other command starts without them
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from picasso_tui.cli.session import current_store
    from picasso_tui.profile.investigator import NotAWorkspace, generate
    from picasso_tui.store.namespaces import find_workspace

    store = current_store()
    target = (path or store.cwd).resolve()
    ws = find_workspace(target)
    if ws is None:
        raise NotAWorkspace(target)
    if not yes and sys.stdin.isatty() and not as_json:
        question = f"Generate a project profile for {ws.name} ({ws.root})? It only reads files and git"
        if not click.confirm(question, default=True):
            click.echo("Nothing was written; run `picasso memory init` when you want a profile.")
            return
    err = Console(stderr=True)
    columns = (TextColumn("{task.description:<36}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
               TimeElapsedColumn())  # fmt: skip
    with Progress(*columns, console=err, transient=True, disable=as_json or not err.is_terminal) as bar:
        task = bar.add_task("Walking files", total=None)

        def progress(label: str, done: int, total: int) -> None:
            bar.update(task, description=label, completed=done, total=total)

        report = generate(store, ws.root, progress)
    for warning in report.warnings:
        click.echo(f"picasso: warning: {warning}", err=True)
    if as_json:
        click.echo(render.dump_json(_as_json(report)))
        return
    _print_summary(report)


def _as_json(report) -> dict:  # noqa: ANN001 - InitReport, imported lazily
    s = report.summary
    return {
        "workspace": {"root": str(report.workspace.root), "fingerprint": report.workspace.fingerprint},
        "commit": report.head,
        "filesScanned": report.files_scanned,
        "seconds": round(report.seconds, 3),
        "added": s.added,
        "reinforced": s.reinforced,
        "markedStale": s.retired,
        "leftDeleted": s.left_deleted,
        "findings": [
            {"key": f.key, "class": f.cls.value, "title": f.title, "body": f.body, "sourceFiles": list(f.sources)}
            for f in report.findings
        ],
        "warnings": report.warnings,
    }


def _print_summary(report) -> None:  # noqa: ANN001 - InitReport, imported lazily
    from rich.text import Text  # here: other commands start without rich

    out = render.console()
    ws, s = report.workspace, report.summary
    at = f" at {report.head[:7]}" if report.head else ""
    left_out = [f"{report.ignored} ignored by .gitignore"] if report.ignored else []
    left_out += [f"{report.skipped_dirs} vendored, cache or build folders skipped"] if report.skipped_dirs else []
    files = f"{report.files_scanned} files" + (f" ({', '.join(left_out)})" if left_out else "")
    out.print(Text(f"Learned {len(report.findings)} things about {ws.name}{at} from {files} "
                   f"in {report.seconds:.1f} s:", style="bold"))  # fmt: skip
    for cls, title in CLASS_TITLES.items():
        found = [f for f in report.findings if f.cls is cls]
        if not found:
            continue
        out.print(Text(f"  {title} ({len(found)})", style="magenta"))
        for f in found:
            out.print(Text(f"    {f.title}"), overflow="ellipsis", no_wrap=True)
    counts = [f"{len(s.added)} new", f"{len(s.reinforced)} reinforced"]
    if s.retired:
        counts.append(f"{len(s.retired)} no longer found (marked stale)")
    if s.left_deleted:
        counts.append(f"{len(s.left_deleted)} you deleted, left deleted")
    out.print(Text("Memory: " + ", ".join(counts) + "; `picasso memory list` shows them."))


@click.command("staleness")
@click.option("--json", "as_json", is_flag=True, help="Every assessed record as JSON.")
def staleness_cmd(as_json: bool) -> None:
    """Recompute how far this workspace's memories have drifted from the code (git and file hashes,
    no network), save the scores, and list the stale or off-branch ones with why."""
    from picasso_tui.anchors.staleness import refresh
    from picasso_tui.cli.session import current_store
    from picasso_tui.profile.findings import plural
    from picasso_tui.profile.investigator import NotAWorkspace

    store = current_store()
    ws = store.workspace
    if ws is None:
        raise NotAWorkspace(store.cwd)
    report = refresh(store, ws.root)
    if as_json:
        rows = [
            {"id": rid, "score": v.score, "reason": v.reason, "offBranch": v.off_branch,
             "changed": list(v.changed), "deleted": list(v.deleted)}
            for rid, v in sorted(report.staleness.items())
        ]  # fmt: skip
        click.echo(render.dump_json({"assessed": report.assessed, "updated": report.updated, "records": rows}))
        return
    flagged = sorted(((rid, v) for rid, v in report.staleness.items() if not v.fresh), key=lambda item: -item[1].score)
    from rich.text import Text  # here: other commands start without rich

    out = render.console()
    noun = "memory" if report.assessed == 1 else "memories"
    updated = plural(len(report.updated), "score")
    out.print(Text(f"Checked {report.assessed} {noun} learned from files in {ws.name}; "
                   f"{len(flagged)} stale or from another branch, {updated} updated."))  # fmt: skip
    for rid, verdict in flagged:
        out.print(Text(f"  {rid}  {verdict.score:.2f}  {verdict.reason}"), overflow="ellipsis", no_wrap=True)


def offer_in_terminal(store, ask: Callable[[], str] | None = None) -> str | None:  # noqa: ANN001 - MemoryStore
    """`picasso run` in a new workspace: the spec's question on a terminal (never in scripts).

    Returns the answer ("y", "n", "skip") or None when nothing was asked."""
    from picasso_tui.profile.offer import NOT_NOW, QUESTION, SKIP, YES, remember_skip, should_offer

    ws = store.workspace
    if ask is None:
        if not (sys.stdin.isatty() and sys.stderr.isatty()):
            return None
        choice = click.Choice(["y", "n", "skip"], case_sensitive=False)

        def ask() -> str:
            return click.prompt("Choose", type=choice, default="n", err=True).lower()

    if ws is None or not should_offer(store.paths, ws, store.files):
        return None
    click.echo(QUESTION, err=True)
    for label in (YES, NOT_NOW, SKIP):
        click.echo(f"  {label}", err=True)
    answer = ask()
    if answer == "y":
        from picasso_tui.profile.investigator import generate

        report = generate(store, ws.root)
        click.echo(f"picasso: learned {len(report.findings)} things about {ws.name}; "
                   f"`picasso memory list` shows them.", err=True)  # fmt: skip
    elif answer == "skip":
        remember_skip(store.paths, ws)
        click.echo("picasso: won't ask again here; `picasso memory init` generates a profile any time.", err=True)
    return answer
