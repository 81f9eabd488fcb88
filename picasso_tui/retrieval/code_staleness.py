"""Staleness that follows the code, judged at query time for the few candidates (git and file hashes,
no network): a memory learned on a branch that is not an ancestor of HEAD is left out, and one whose
source files drifted since it was learned ranks with its drift, marked stale."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from picasso_tui.retrieval.rank import Candidate

if TYPE_CHECKING:
    from picasso_tui.anchors.staleness import Assessor


class CodeStaleness:
    """Judges candidates against the workspace at ``root``; without a workspace nothing is judged."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._assessor: Assessor | None = None

    def judge(self, candidates: dict[str, Candidate], omitted: list[tuple[str, str]]) -> None:
        """Drop the candidates learned on another branch (noting why in ``omitted``) and give the others
        their current staleness score."""
        if self.root is None:
            return
        from picasso_tui.anchors.staleness import anchored  # light: git and hashes only, loaded once

        # Only memories learned from files carry what staleness needs; most candidates (notes, a run's
        # reflections) do not, and then git is not asked at all.
        judged = [rid for rid, c in candidates.items() if anchored(c.record)]
        if not judged:
            return
        assessor = self._assessor_for(self.root)
        assessor.sync()
        for rid in judged:
            c = candidates[rid]
            verdict = assessor.assess(c.record)
            if verdict.off_branch:
                del candidates[rid]
                omitted.append((rid, "other branch"))
            elif verdict.score != c.record.metadata.staleness_score:
                c.record = c.record.with_metadata(staleness_score=verdict.score)

    def _assessor_for(self, root: Path) -> Assessor:
        if self._assessor is None:
            from picasso_tui.anchors.staleness import Assessor  # git + hashes; loaded only with a workspace

            self._assessor = Assessor(root)
        return self._assessor
