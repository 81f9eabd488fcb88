"""``python -m picasso_tui.cli``: the ``picasso`` command."""

from picasso_tui.cli.launch import main

main()
