"""The helper thread: results and errors come back, and the caller runs a task nobody started."""

from __future__ import annotations

import os
import threading

import pytest

from picasso_tui.retrieval import helper


def test_results_and_errors_come_back() -> None:
    assert helper.submit(lambda: 41 + 1).result() == 42

    def boom() -> int:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        helper.submit(boom).result()


def test_the_caller_runs_a_task_the_helper_has_not_claimed() -> None:
    gate = threading.Event()
    blocker = helper.submit(gate.wait)  # keeps the helper thread busy
    ran_on: list[str] = []
    task = helper.submit(lambda: ran_on.append(threading.current_thread().name))
    task.result()
    gate.set()
    blocker.result()
    assert ran_on == [threading.current_thread().name]


def test_a_forked_child_gets_its_own_helper() -> None:
    helper.submit(lambda: None).result()  # the parent's thread exists
    pid = os.fork()
    if pid == 0:  # the child: a task must still run (on a new helper or here), then exit at once
        code = 0 if helper.submit(lambda: 7).result() == 7 else 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
