"""Entry point: the ``picasso`` group and the one place errors become exit codes.

Exit codes: 0 ok, 1 failure, 2 usage, 3 needs sign-in (DESIGN §7). A traceback is a
bug: anything unexpected is reported in one sentence and saved to the log folder.
"""

from __future__ import annotations

import sys

import click

from picasso_tui import __version__
from picasso_tui.cli.agents import agents_group
from picasso_tui.cli.helper import helper_group
from picasso_tui.cli.mcp import mcp_cmd
from picasso_tui.cli.memory import memory, print_list
from picasso_tui.cli.run import run_cmd
from picasso_tui.cli.session import current_store
from picasso_tui.cli.sync import auth_group, settings_group, sync_server_cmd
from picasso_tui.errors import PicassoError, UsageError
from picasso_tui.paths import PicassoPaths
from picasso_tui.sync.errors import NeedsSignIn
from picasso_tui.writeback.user_store import install_guards


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="picasso")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Picasso memory: what your coding agent remembers, and you can see and edit."""
    install_guards()  # every store this command opens lets records in only through the door
    if ctx.invoked_subcommand is None:
        store = current_store()
        if sys.stdin.isatty() and sys.stdout.isatty():
            from picasso_tui.tui.app import PicassoApp  # imported here: the CLI stays fast without it

            app = PicassoApp(store, offer_profile=True)
            app.run()
            if app.error:  # the store was refused: the TUI said so, and so does the exit code
                raise UsageError(app.error.removeprefix("⚠ "))
        else:  # piped or scripted: the same memory, as a table
            print_list(store, store.list())


cli.add_command(memory)
cli.add_command(run_cmd)
cli.add_command(mcp_cmd)
cli.add_command(agents_group)
cli.add_command(settings_group)
cli.add_command(auth_group)
cli.add_command(sync_server_cmd)
cli.add_command(helper_group)


def main(argv: list[str] | None = None) -> None:
    try:
        cli.main(args=argv, prog_name="picasso", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except NeedsSignIn as exc:  # exit 3: the caller can offer `picasso auth login`
        click.echo(str(exc), err=True)
        sys.exit(3)
    except PicassoError as exc:
        click.echo(f"picasso: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): not an error worth a word
        sys.exit(0)
    except Exception as exc:  # the last line of defence against a traceback
        log = _save_traceback()
        click.echo(f"picasso: unexpected error ({type(exc).__name__}: {exc}); details saved in {log}.", err=True)
        sys.exit(1)


def _save_traceback() -> str:
    try:
        folder = PicassoPaths.resolve().logs_dir
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / "last-error.txt"
        import traceback  # only on the way out of a bug: every command starts ~20 ms faster without it

        path.write_text(traceback.format_exc(), encoding="utf-8")
        return str(path)
    except OSError:
        return "nowhere (the log folder is not writable)"


if __name__ == "__main__":
    main()
