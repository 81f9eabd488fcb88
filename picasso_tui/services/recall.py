"""Recall: the memories a prompt should get, from a one-shot command or from a front end that stays resident.

Both build the same `Retriever`; they differ only in what pays off over one query or over many.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore

if TYPE_CHECKING:
    from picasso_tui.retrieval.pipeline import RecallResult, Retriever


def prepare_one_shot() -> None:
    """Before numpy loads: one query needs one BLAS thread, and the embedder loads on a thread while the
    process goes on reading its index."""
    from picasso_tui.retrieval.blas import start_single_threaded
    from picasso_tui.retrieval.preload import preload_embedder

    start_single_threaded()
    preload_embedder(PicassoPaths.resolve())


@dataclass(frozen=True)
class Recalled:
    result: RecallResult
    nothing_applies: str
    """The sentence to show when nothing was injected (it depends on whether there is a workspace)."""


def recall_once(
    open_store: Callable[[], MemoryStore],
    prompt: str,
    *,
    plan: str | None = None,
    files: Sequence[str] = (),
    budget: int | None = None,
) -> Recalled:
    """One query from a fresh process (call ``prepare_one_shot`` first): exact search, since loading a graph costs
    more than it saves, and the saved index, which spares decoding memory.json."""
    from picasso_tui.retrieval import explain
    from picasso_tui.retrieval.pipeline import Retriever

    retriever = Retriever.for_store(open_store(), graph=False, saved_index=True)
    result = retriever.recall(prompt, plan=plan, files=files, budget=budget)
    return Recalled(result, explain.nothing_applies(bool(retriever.scope.workspace)))


def resident(store: MemoryStore, clock: Callable[[], datetime] | None = None) -> Retriever:
    """A retriever kept for many queries (the TUI, the MCP server): it refreshes on a stat change of memory.json
    and builds the graph index once a scope is large enough."""
    from picasso_tui.retrieval.pipeline import Retriever  # numpy and the model load here

    return Retriever.for_store(store, **({"clock": clock} if clock else {}))
