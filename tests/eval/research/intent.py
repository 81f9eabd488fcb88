"""The intent cues, now shipped as ``picasso_tui.retrieval.intent`` (moved there unchanged from this file as
committed in 8758f85); re-exported here so the research scripts keep reading the one list."""

from __future__ import annotations

from picasso_tui.retrieval.intent import CUES, NO_MEMORY, cues, deciding, no_memory_intent

__all__ = ["CUES", "NO_MEMORY", "cues", "deciding", "no_memory_intent"]
