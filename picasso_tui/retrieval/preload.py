"""Loading the embedder on a thread while a fresh process does everything else.

A one-shot ``picasso memory recall`` spends ~40 ms parsing the tokenizer and setting up the model's
weights, and most of that runs outside the GIL (tokenizers' Rust parser, numpy copies), so it can
overlap the main thread's imports, its workspace lookup (a git subprocess) and its index read.
"""

from __future__ import annotations

import threading

from picasso_tui.paths import PicassoPaths


def preload_embedder(paths: PicassoPaths) -> threading.Thread:
    """Start loading the embedder the settings choose; ``get_embedder`` keeps it for this process, so
    the retriever's own call takes it (waiting for the load to finish if need be). A failure is left
    to that call, which reports it."""

    def load() -> None:
        try:
            from picasso_tui.retrieval.embedders import get_embedder

            get_embedder(paths)
        except Exception:  # the main thread's own load reports it
            pass

    job = threading.Thread(target=load, name="picasso-embedder-preload", daemon=True)
    job.start()
    return job
