"""Where a style note learned from a run is filed does not change from one process to the next."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = (
    "from picasso_tui.writeback.classify import _main_language_of;"
    "print(_main_language_of(['api/handler.go', 'tools/gen.py', 'src/lib.rs', 'web/app.ts']))"
)


def test_a_tie_between_languages_is_broken_the_same_way_in_every_process() -> None:
    answers = set()
    for seed in range(8):  # str hashes, and so a set's order, differ with the seed
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        answers.add(out.stdout.strip())
    assert answers == {"go"}  # the first changed file's language
