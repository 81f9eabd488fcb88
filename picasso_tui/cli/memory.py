"""``picasso memory …``: parse, call a service (``services/``), print."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from picasso_tui.cli import render
from picasso_tui.cli.session import current_store
from picasso_tui.errors import UsageError
from picasso_tui.services import exchange, memory_edit, memory_ops, shapes
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass

CLEAR_PHRASE = "clear-memories"
CLASS_CHOICE = click.Choice([c.value for c in MemoryClass])


def _echo_json(value: object) -> None:
    click.echo(render.dump_json(value))


@click.group("memory")
def memory() -> None:
    """Inspect and edit what Picasso remembers."""


@memory.command("list")
@click.option("--namespace", metavar="P", help="Only this namespace (prefix), e.g. style or style/python.")
@click.option("--class", "class_", type=CLASS_CHOICE, help="Only this class of memory.")
@click.option("--all", "everything", is_flag=True, help="Every workspace, archived memories included.")
@click.option("--quarantined", is_flag=True, help="Only memories held for your review (never injected).")
@click.option("--json", "as_json", is_flag=True, help="Print the records as a JSON array.")
def list_cmd(namespace: str | None, class_: str | None, everything: bool, quarantined: bool, as_json: bool) -> None:
    """List memories for this workspace (and account-wide ones)."""
    store = current_store()
    records = store.list(
        namespace=namespace,
        memory_class=MemoryClass(class_) if class_ else None,
        everything=everything,
        quarantined=quarantined or None,
    )
    warn_unreadable(store)
    if as_json:
        _echo_json(shapes.records_json(records))
        return
    print_list(store, records, scoped=not (namespace or everything), held=quarantined)


def warn_unreadable(store: MemoryStore) -> None:
    """One sentence per record the last read skipped (another writer damaged it)."""
    for problem in store.unreadable:
        rid = getattr(problem, "rid", None)
        fix = f"`picasso memory delete {rid}`" if rid else "`picasso memory delete`"
        click.echo(f"picasso: warning: skipped an unreadable memory ({problem.reason} at {problem.where}); "
                   f"it is kept in the file as it is, and {fix} removes it.", err=True)  # fmt: skip


def print_list(store: MemoryStore, records: list, *, scoped: bool = True, held: bool = False) -> None:
    out = render.console()
    ws = store.workspace
    if not scoped:
        where = "selected"
    elif ws:
        where = f"workspace {ws.name} ({ws.fingerprint}) and account-wide"
    else:
        where = "account-wide; not inside a git repository"
    if not records:
        hint = 'Add one with `picasso memory add "…"`' + (
            " or generate a profile with `picasso memory init`." if ws else "."
        )
        from rich.text import Text

        out.print(Text(f"No memories held for review ({where})." if held else f"No memories ({where}). {hint}"))
        return
    noun = "memory" if len(records) == 1 else "memories"
    title = f"{len(records)} {noun} held for review · {where}" if held else f"{len(records)} {noun} · {where}"
    out.print(render.records_table(records, store.short_ids(records), title=title, width=out.width))
    if held:
        out.print("`picasso memory approve <id>` lets one be injected; `picasso memory delete <id>` removes it.")


@memory.command("add")
@click.argument("note", nargs=-1, required=True)
@click.option("--class", "class_", type=CLASS_CHOICE, default=MemoryClass.FACT.value, show_default=True)
@click.option("--pin", is_flag=True, help="Never evict this memory.")
@click.option(
    "--language",
    metavar="LANG",
    help="For style memories (default: the workspace's main language; none: account-wide general style).",
)
@click.option("--tag", "tags", multiple=True, metavar="TAG", help="A tag (repeatable).")
def add_cmd(note: tuple[str, ...], class_: str, pin: bool, language: str | None, tags: tuple[str, ...]) -> None:
    """Save a memory; prints its id. Use '-' to read the note from standard input."""
    body = sys.stdin.read() if note == ("-",) else " ".join(note)
    store = current_store()
    saved = memory_ops.add_memory(
        store, body, memory_class=MemoryClass(class_), pinned=pin, language=language, tags=tags
    )
    if saved.redaction_notice:
        click.echo(f"picasso: {saved.redaction_notice}", err=True)
    click.echo(saved.record.id)


@memory.command("inspect")
@click.argument("id_prefix", metavar="ID")
@click.option("--json", "as_json", is_flag=True)
def inspect_cmd(id_prefix: str, as_json: bool) -> None:
    """Show one memory in full."""
    record = memory_ops.resolve_memory(current_store(), id_prefix)
    if as_json:
        _echo_json(shapes.record_json(record))
    else:
        render.console().print(render.detail(record))


@memory.command("edit")
@click.argument("id_prefix", metavar="ID")
def edit_cmd(id_prefix: str) -> None:
    """Edit a memory in $EDITOR (changes made meanwhile elsewhere are merged, never overwritten)."""
    store = current_store()
    session = memory_edit.start_edit(memory_ops.resolve_memory(store, id_prefix))
    text = click.edit(session.text, extension=".md", require_save=True)
    result = memory_edit.finish_edit(store, session, text)
    if result.redaction_notice:
        click.echo(f"picasso: {result.redaction_notice}", err=True)
    click.echo(result.sentence)


@memory.command("delete")
@click.argument("id_prefix", metavar="ID")
def delete_cmd(id_prefix: str) -> None:
    """Delete a memory now (its text is removed at once)."""
    record = memory_ops.delete_memory(current_store(), id_prefix)
    click.echo(f"Deleted {record.id}: {render.safe(record.title)[:60]}")


@memory.command("pin")
@click.argument("id_prefix", metavar="ID")
def pin_cmd(id_prefix: str) -> None:
    """Keep a memory from ever being evicted."""
    record = memory_ops.set_pinned(current_store(), id_prefix, True)
    click.echo(f"Pinned {record.id}.")


@memory.command("approve")
@click.argument("id_prefix", metavar="ID")
def approve_cmd(id_prefix: str) -> None:
    """Approve a memory held for review, so the agent may be given it."""
    record = memory_ops.approve_memory(current_store(), id_prefix)
    click.echo(f"Approved {record.id}: it may now be injected.")


@memory.command("unpin")
@click.argument("id_prefix", metavar="ID")
def unpin_cmd(id_prefix: str) -> None:
    """Return a pinned memory to normal retention."""
    record = memory_ops.set_pinned(current_store(), id_prefix, False)
    click.echo(f"Unpinned {record.id}.")


@memory.command("export")
def export_cmd() -> None:
    """Print every memory as {"schemaVersion": 2, "records": [...]}."""
    store = current_store()
    data, _count = exchange.export_json(store)
    warn_unreadable(store)
    sys.stdout.buffer.write(data)
    sys.stdout.flush()


@memory.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path, allow_dash=True))
@click.option("--json", "as_json", is_flag=True)
def import_cmd(file: Path, as_json: bool) -> None:
    """Merge an export (or an old memory file) by record id; newer copies win."""
    if str(file) == "-":
        data, source = sys.stdin.buffer.read(), Path("<stdin>")
    else:
        try:
            data, source = file.read_bytes(), file
        except OSError as exc:
            raise UsageError(f"Cannot read {file}: {exc.strerror or exc}.") from None
    imported = exchange.import_data(current_store(), data, source)
    report = imported.report
    if as_json:
        _echo_json(shapes.import_json(report))
        return
    click.echo(
        f"Imported {source}: {len(report.added)} added, {len(report.updated)} updated, "
        f"{len(report.skipped)} skipped (the store already had the same or a newer copy, or deleted it)."
    )
    if imported.redaction_notice:
        click.echo(f"picasso: {imported.redaction_notice}", err=True)


@memory.command("gc")
@click.option("--dry-run", is_flag=True, help="Only show what would happen and why.")
@click.option("--json", "as_json", is_flag=True)
def gc_cmd(dry_run: bool, as_json: bool) -> None:
    """Archive long-stale memories, delete year-old archives, purge old tombstones."""
    store = current_store()
    plan = store.gc_plan() if dry_run else memory_ops.clean_up(store)
    if as_json:
        _echo_json(shapes.gc_json(plan, dry_run))
        return
    if not plan:
        click.echo("Nothing to clean up.")
        return
    verb = {"archive": "would archive", "delete": "would delete", "purge": "would purge"} if dry_run else {
        "archive": "archived", "delete": "deleted", "purge": "purged"}  # fmt: skip
    for action in plan:
        click.echo(f"{verb[action.action]} {action.id}: {action.reason}")


@memory.command("clear")
@click.option("--workspace", "fingerprint", metavar="FINGERPRINT", help="Only this workspace's memories.")
@click.option("--confirm", "phrase", metavar="PHRASE", help=f"Must be '{CLEAR_PHRASE}'.")
def clear_cmd(fingerprint: str | None, phrase: str | None) -> None:
    """Delete every memory (or one workspace's); asks for the phrase first."""
    store = current_store()
    if fingerprint == "current":
        if store.workspace is None:
            raise click.UsageError("--workspace current needs to run inside a git repository.")
        fingerprint = store.workspace.fingerprint
    scope = f"workspace {fingerprint}" if fingerprint else "every workspace and account-wide memory"
    if phrase is None:
        if not sys.stdin.isatty():
            raise UsageError(f"Refusing to clear {scope} without confirmation: pass --confirm {CLEAR_PHRASE}.")
        phrase = click.prompt(f"This deletes the memories of {scope}. Type {CLEAR_PHRASE} to confirm", default="")
    if phrase != CLEAR_PHRASE:
        raise UsageError(f"The confirmation phrase was not '{CLEAR_PHRASE}', so nothing was deleted.")
    if fingerprint and not store.list(namespace=f"projects/workspace:{fingerprint}/", everything=True):
        raise UsageError(f"No memories belong to workspace {fingerprint}; `picasso memory list --all` shows them.")
    report = memory_ops.clear_memories(store, fingerprint)
    extra = f"; removed {', '.join(report.removed)}" if report.removed else ""
    noun = "memory" if report.deleted == 1 else "memories"
    click.echo(f"Cleared {report.deleted} {noun} from {scope}{extra}.")


@memory.command("recover")
@click.option("--start-empty", is_flag=True, help="Start with an empty store instead of the newest backup.")
def recover_cmd(start_empty: bool) -> None:
    """Copy a corrupt memory.json aside, restore the newest backup (or start empty) and keep every whole
    record still readable in the damaged file; or set aside the records that block every write."""
    report = memory_ops.recover_store(start_empty=start_empty)
    again = report.deleted_again
    deleted = f"; {again} deleted {'memory stays' if again == 1 else 'memories stay'} deleted" if again else ""
    noun = "record" if len(report.damaged) == 1 else "records"
    shown = render.safe(", ".join(report.damaged[:5]) + (" …" if len(report.damaged) > 5 else ""))
    if report.damaged and report.restored_from is None and not report.salvaged:
        click.echo(f"Set {len(report.damaged)} {noun} Picasso cannot write back aside ({shown}); the file as it "
                   f"was is kept as {report.set_aside.name}, and every other memory stays{deleted}.")  # fmt: skip
        return
    restored = f"restored {report.restored_from.name}" if report.restored_from else "started an empty store"
    count = "record" if report.salvaged == 1 else "records"
    kept = f", keeping {report.salvaged} whole {count} still readable in it" if report.salvaged else ""
    click.echo(f"Kept a copy of the unreadable file as {report.set_aside.name} and {restored}{kept}{deleted}.")
    if report.damaged:
        click.echo(f"Left {len(report.damaged)} {noun} out that the store refuses ({shown}); they stay only in "
                   f"{report.set_aside.name}.")  # fmt: skip


def _register_late_commands() -> None:
    # Imported here so that `picasso memory list` never pays for numpy and the embedders.
    from picasso_tui.cli.model import model
    from picasso_tui.cli.profile import init_cmd, staleness_cmd
    from picasso_tui.cli.recall import recall_cmd
    from picasso_tui.cli.sync import key_group, recover_sync_lock_cmd, sync_cmd

    memory.add_command(recall_cmd)
    memory.add_command(model)
    memory.add_command(init_cmd)
    memory.add_command(staleness_cmd)
    memory.add_command(sync_cmd)
    memory.add_command(key_group)
    memory.add_command(recover_sync_lock_cmd)


_register_late_commands()
