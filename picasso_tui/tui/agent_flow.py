"""The agent's side of First Light's prompt: recall for the draft being typed (the Memory Recall
band), and a run of the configured agent on a submitted prompt, as ``picasso run`` does (RunScreen).

Both run on thread workers and answer with messages to the screen that asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from picasso_tui.errors import PicassoError
from picasso_tui.tui.messages import RecallReady, RecallRequested, RunFinished, RunInjected, RunOutput, RunWritten
from picasso_tui.tui.screens.run import RunScreen
from picasso_tui.tui.writes import MemoryWrites

if TYPE_CHECKING:
    from picasso_tui.retrieval.pipeline import Retriever


class AgentFlow(MemoryWrites):
    _retriever: Retriever | None = None  # built by the first recall

    def on_recall_requested(self, message: RecallRequested) -> None:
        """Retrieve for what the user is typing, off the UI thread (the last keystroke wins)."""
        draft, reply_to = message.draft, message.reply_to
        if reply_to is None or not draft.strip() or draft.lstrip().startswith("/") or self.error:
            return

        def run() -> None:
            try:
                if self._retriever is None:
                    from picasso_tui.services import recall  # numpy and the model load here

                    self._retriever = recall.resident(self.store, self.clock)
                result = self._retriever.recall(draft, emit=False)
            except Exception as exc:  # retrieval must never take the prompt down with it
                reply_to.post_message(RecallReady(draft, [], f"recall failed: {exc}"))
                return
            workspace = bool(self._retriever.scope.workspace)
            reply_to.post_message(
                RecallReady(draft, [e.record for e in result.entries], result.note, result, workspace)
            )

        self.run_worker(run, thread=True, exclusive=True, group="recall")

    def start_run(self, prompt: str) -> bool:
        """Run the configured agent on ``prompt`` the way ``picasso run`` does, on a worker thread,
        with a live view of the memory injected and written. False (with one sentence) when no agent
        is configured or memory is read-only."""
        from picasso_tui.agent.run import agent_command  # the run path loads only when used

        if self.refuse_if_read_only():
            return False
        try:
            agent_command(self.store.paths)
        except PicassoError as exc:
            self.notify(str(exc), title="No agent", severity="warning", timeout=10)
            return False
        screen = RunScreen(prompt)
        self.push_screen(screen)

        def work() -> None:
            from picasso_tui.agent.run import run_agent

            try:
                result = run_agent(
                    prompt,
                    store=self.store,
                    on_injected=lambda ids, block: screen.post_message(RunInjected(ids, block)),
                    on_output=lambda line: screen.post_message(RunOutput(line.rstrip("\n"))),
                    on_written=lambda report: screen.post_message(RunWritten(report)),
                )
            except PicassoError as exc:
                screen.post_message(RunFinished(None, "", str(exc)))
                return
            except Exception as exc:  # the run must never take the TUI down with it
                screen.post_message(RunFinished(None, "", f"The run failed: {type(exc).__name__}: {exc}"))
                return
            summary = f"agent exited {result.exit_code}"
            if result.agent_error:
                summary += f" but reported an error: {result.agent_error}"
            if result.report is not None:
                summary += f"; memory: {result.report.summary()}"
            if result.verify_failed:
                summary += f"; {len(result.verify_failed)} verification command(s) failed"
            if result.sync_message:
                summary += f"; {result.sync_message}"
            screen.post_message(RunFinished(result.exit_code, summary, failed=not result.succeeded))

        self.run_worker(work, thread=True, group="run", exit_on_error=False)
        return True
