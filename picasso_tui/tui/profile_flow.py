"""Generating the project profile (`picasso memory init`) from the TUI: offered once in a new
workspace, and on demand from the command palette.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from picasso_tui.tui.messages import TaskNotice
from picasso_tui.tui.writes import MemoryWrites

if TYPE_CHECKING:
    from picasso_tui.tui.screens.profile_offer import Answer


class ProfileFlow(MemoryWrites):
    def offer_project_profile(self) -> None:
        """First session in a workspace: ask whether to generate the project profile (the spec's words).
        It decides off the UI thread (reading the store can take a moment at 10k memories), asks on the
        UI thread, and generates through ``write`` like every other write."""
        from picasso_tui.profile.offer import remember_skip, should_offer
        from picasso_tui.tui.screens.profile_offer import ProfileOfferScreen

        store = self.store
        workspace = store.workspace

        def answered(answer: Answer | None) -> None:
            if answer == "yes" and workspace is not None:
                self.notify(f"Learning {workspace.name} (read-only); the memories appear when it is done.")
                self.write(generate)
            elif answer == "skip" and workspace is not None:
                remember_skip(store.paths, workspace)
                self.notify("Picasso won't ask again here; `picasso memory init` generates a profile any time.")

        def generate() -> tuple[str, tuple[str, ...]]:
            from picasso_tui.profile.investigator import generate as run_init

            report = run_init(store, workspace.root if workspace else None)
            ids = (*report.summary.added, *report.summary.reinforced)
            return f"Project profile: learned {len(report.findings)} things about {report.workspace.name}.", ids

        def decide() -> None:
            if should_offer(store.paths, workspace, store.files):
                with contextlib.suppress(RuntimeError):  # the app closed before the question could be asked
                    self.call_from_thread(self.push_screen, ProfileOfferScreen(), answered)

        self.run_worker(decide, thread=True, group="profile-offer")

    PROGRESS_EVERY_S = 1.0  # at most one progress notice a second

    def action_profile_workspace(self) -> None:
        """`picasso memory init` for this workspace, with progress notices while it walks the files."""
        ws = self.store.workspace
        if ws is None:
            self.notify("Not in a git workspace: there is nothing to profile here.", severity="warning")
            return
        if self.refuse_if_read_only():
            return
        self.notify(f"Learning {ws.name} (read-only); the memories appear when it is done.")
        last = [0.0]

        def progress(label: str, done: int, total: int) -> None:
            now = time.monotonic()
            if now - last[0] >= self.PROGRESS_EVERY_S:
                last[0] = now
                self.post_message(TaskNotice(f"Profiling {ws.name}: {label} {done}/{total}"))

        def work() -> tuple[str, tuple[str, ...]]:
            from picasso_tui.profile.investigator import generate

            report = generate(self.store, ws.root, progress)
            s = report.summary
            ids = (*s.added, *s.reinforced)
            return (
                f"Project profile of {ws.name}: {len(s.added)} new, {len(s.reinforced)} reinforced, "
                f"{len(s.retired)} marked stale ({report.files_scanned} files in {report.seconds:.1f} s).",
                ids,
            )

        self.write(work)
