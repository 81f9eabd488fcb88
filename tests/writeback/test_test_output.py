"""Plain output still teaches (issue 16, point 4): an agent that prints test runners' output, with no tool calls,
leaves one failure memory a failing test (its id, one error line, its file), with guidance once the run shows the
fix; passing runs, expected failures, quotes and mentions leave none. The samples in runner_output/ copy the shapes
each runner prints (see the readers' docstrings in picasso_tui/writeback/runners/ for where each comes from)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from picasso_tui import settings
from picasso_tui.agent.run import run_agent
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.observation import Observation
from picasso_tui.writeback.transcript import Transcript
from picasso_tui.writeback.write import reflect

SAMPLES = Path(__file__).parent / "runner_output"


def sample(name: str) -> str:
    return (SAMPLES / f"{name}.txt").read_text()


def plain_run(*texts: str, prompt: str = "Fix the failing tests.", changed: tuple[str, ...] = ()) -> Transcript:
    """A run as `picasso run` records a plain agent: one output event a printed line."""
    t = Transcript()
    t.add("prompt", text=prompt)
    for text in texts:
        for line in text.splitlines():
            t.add("output", text=line)
    if changed:
        t.add("files_changed", files=[{"path": p, "status": "M"} for p in changed])
    return t


def failures(t: Transcript) -> list[Observation]:
    return [o for o in classify(t) if o.cls is MemoryClass.FAILURE]


# (sample, runner, test id, error signature, test file)
FAILING = [
    ("pytest_fail", "pytest", "tests/test_auth.py::test_login", "AssertionError: expected 200, got 500", "tests/test_auth.py"),
    ("pytest_verbose_fail", "pytest", "tests/test_cart.py::TestCart::test_total[3-7]", "assert 6 == 7", "tests/test_cart.py"),
    ("unittest_fail", "unittest", "tests.test_auth.AuthTest.test_login", "AssertionError: 500 != 200", "tests/test_auth.py"),
    ("unittest_error", "unittest", "tests.test_cart.CartTest.test_total",
     "TypeError: unsupported operand type(s) for +: 'int' and 'str'", "tests/test_cart.py"),
    ("jest_fail", "jest", "src/auth.test.ts › auth › rejects an expired token",
     "expect(received).toBe(expected), expected 401, received 200", "src/auth.test.ts"),
    ("vitest_fail", "vitest", "src/auth.test.ts > auth > rejects an expired token",
     "AssertionError: expected 200 to be 401", "src/auth.test.ts"),
    ("mocha_fail", "mocha", "auth rejects an expired token",
     "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal: 200 !== 401", "test/auth.spec.js"),
    ("go_fail", "go", "TestLogin", "expected status 200, got 500", "auth_test.go"),
    ("go_subtest_fail", "go", "TestLogin/expired_token", "expected 401, got 200", "auth_test.go"),
    ("cargo_fail", "cargo", "auth::tests::rejects_expired_token",
     "assertion `left == right` failed; left: 200, right: 401", "src/auth.rs"),
    ("cargo_fail_before_1_73", "cargo", "tests::it_adds", "assertion failed: `(left == right)`", "src/lib.rs"),
    ("rspec_fail", "rspec", "spec/auth_spec.rb:10", "expected: 200, got: 500", "spec/auth_spec.rb"),
    ("maven_fail", "maven", "AuthTest.testLogin", "AssertionFailedError: expected: <200> but was: <500>", "AuthTest.java"),
    ("maven_surefire2_fail", "maven", "AuthTest.testLogin", "AssertionError: expected:<200> but was:<500>", "AuthTest.java"),
    ("gradle_fail", "gradle", "AuthTest > testLogin()", "AssertionFailedError", "AuthTest.java"),
    ("gradle_full_fail", "gradle", "AuthTest > testLogin()",
     "AssertionFailedError: expected: <200> but was: <500>", "AuthTest.java"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "runner", "test_id", "signature", "file"), FAILING, ids=[c[0] for c in FAILING])
def test_a_runners_failure_becomes_one_failure_naming_the_test_and_its_error(name, runner, test_id, signature, file):
    [failure] = failures(plain_run(sample(name)))
    assert failure.body.startswith(f"Test `{test_id}`")
    assert f"({signature})" in failure.body
    assert failure.body.endswith("; the run did not show it passing again.")
    assert failure.files[0] == file
    assert failure.prevent_next_time == []  # what broke, not guidance: the run never showed the fix
    # tagged unfixed: a later run that shows the fix supersedes this record (test_reinforce.py)
    assert failure.tags == [runner, "unfixed"] and failure.rule == "printed-test-failure"
    # One signature line, never the output around it.
    copied = [line.strip() for line in sample(name).splitlines() if len(line.strip()) > 12]
    assert [line for line in copied if line in failure.body and line not in signature and line not in test_id] == []


# (runner, the command that runs the failing test again)
RERUNS = [
    ("pytest", "pytest tests/test_auth.py::test_login"),
    ("unittest", "python -m unittest tests.test_auth.AuthTest.test_login"),
    ("jest", "npx jest src/auth.test.ts -t 'rejects an expired token'"),
    ("vitest", "npx vitest run src/auth.test.ts -t 'rejects an expired token'"),
    ("mocha", "npx mocha --grep 'auth rejects an expired token'"),
    ("go", "go test -run '^TestLogin$' github.com/acme/shop/auth"),
    ("cargo", "cargo test auth::tests::rejects_expired_token"),
    ("rspec", "rspec ./spec/auth_spec.rb:10"),
    ("maven", "mvn test -Dtest=AuthTest#testLogin"),
    ("gradle", "./gradlew test --tests AuthTest.testLogin"),
]


@pytest.mark.parametrize(("runner", "rerun"), RERUNS, ids=[r for r, _ in RERUNS])
def test_a_failure_the_run_then_fixes_keeps_the_fix_as_guidance(runner, rerun):
    t = plain_run(
        sample(f"{runner}_fail"), "Fixed the status code.", sample(f"{runner}_pass"), changed=("src/auth.py",)
    )
    [failure] = failures(t)
    assert failure.body.endswith(" until src/auth.py was changed.")
    [guidance] = failure.prevent_next_time
    assert guidance.startswith(f"After changing src/auth.py, run `{rerun}`")
    assert "src/auth.py" in failure.files


def test_the_same_test_passing_later_is_the_fix_and_the_echoed_command_is_named():
    later = "$ uv run pytest -v tests/test_cart.py\ntests/test_cart.py::TestCart::test_total[3-7] PASSED   [ 50%]"
    [failure] = failures(plain_run("$ uv run pytest -v tests/test_cart.py", sample("pytest_verbose_fail"), later))
    assert " under `uv run pytest -v tests/test_cart.py`" in failure.body
    assert failure.body.endswith(" and passed later in the run.")
    assert failure.prevent_next_time == [
        "Run `uv run pytest 'tests/test_cart.py::TestCart::test_total[3-7]'` before finishing "
        "(it failed with assert 6 == 7 before the fix)."
    ]


def test_a_failure_repeated_five_times_is_one_observation():
    [failure] = failures(plain_run(*[sample("pytest_fail")] * 5))
    assert "tests/test_auth.py::test_login" in failure.body


def test_a_green_summary_over_fewer_tests_than_the_failing_run_is_not_the_fix():
    [failure] = failures(plain_run(sample("pytest_fail"), "..\n2 passed in 0.02s"))
    assert failure.prevent_next_time == []
    [failure] = failures(plain_run(sample("pytest_fail"), "....\n4 passed in 0.02s"))
    assert failure.prevent_next_time


def test_a_narrower_green_run_is_not_the_fix_but_a_run_of_that_test_is():
    fail = "$ pytest -q\n" + sample("pytest_fail")
    other = "$ pytest -q tests/test_cart.py\n..\n2 passed in 0.02s"
    [failure] = failures(plain_run(fail, other))
    assert failure.prevent_next_time == []  # two other tests passing says nothing of test_login
    again = "$ pytest -q tests/test_auth.py::test_login\n.\n1 passed in 0.02s"
    [failure] = failures(plain_run(fail, other, again))
    assert failure.prevent_next_time and "pytest tests/test_auth.py::test_login" in failure.prevent_next_time[0]


def test_another_go_package_passing_is_not_the_fix():
    [failure] = failures(plain_run(sample("go_fail"), "ok  \tgithub.com/acme/shop/cart\t0.003s"))
    assert failure.prevent_next_time == []


def test_the_verification_passing_after_the_run_shows_the_fix():
    t = plain_run("$ pytest -q", sample("pytest_fail"), changed=("src/auth.py",))
    t.add("verify", command="pytest -q", exitCode=0, output="....\n4 passed in 0.20s", durationMs=900)
    [failure] = failures(t)
    assert failure.body.startswith("Test `tests/test_auth.py::test_login` failed under `pytest -q` (AssertionError")
    assert failure.prevent_next_time


@pytest.mark.parametrize(
    "name",
    ["pytest_pass", "pytest_xfail", "unittest_pass", "unittest_expected_failure", "jest_pass", "vitest_pass",
     "mocha_pass", "go_pass", "cargo_pass", "rspec_pass", "rspec_pending", "maven_pass", "gradle_pass"],
)  # fmt: skip
def test_passing_runs_and_expected_failures_leave_no_failure(name):
    assert failures(plain_run(sample(name))) == []


@pytest.mark.parametrize(
    "text",
    [
        "Tests:       0 failed, 4 passed, 4 total",  # a summary that says nothing failed
        "sync done: 0 failed, 12 passed",
        "0 failed",
        "I'll look at tests/test_auth.py::test_login next; it failed earlier with AssertionError.",  # a mention
        "The test `FAILED tests/test_auth.py::test_login - AssertionError` line is from CI.",
        # A failure line alone, no runner summary and no failing command around it: a mention, not a run.
        "FAILED tests/test_auth.py::test_login - AssertionError: expected 200, got 500",
        "--- FAIL: TestLogin (0.00s)",
        "exit status 1",  # an exit code with no command it belongs to
        "$ grep -rn TODO src\nexit status 1",  # grep's 1 means "no match"
        "$ make test\nexit status 0",
    ],
)
def test_mentions_and_green_summaries_leave_no_failure(text):
    assert failures(plain_run(text)) == []


def test_an_agent_quoting_the_failure_from_the_prompt_leaves_no_failure():
    reported = "FAILED tests/test_auth.py::test_login - AssertionError: expected 200, got 500\n1 failed, 3 passed"
    prompt = f"CI is red:\n{reported}\nPlease fix it."
    quoted = plain_run(f"You reported:\n{reported}\nI'll start with src/auth.py.", prompt=prompt)
    assert failures(quoted) == []
    # Quoted, then the tests pass: the run never saw the failure itself.
    assert failures(plain_run(reported, "Fixed.", sample("pytest_pass"), prompt=prompt)) == []
    # The runner ran again in the run and printed a summary of its own: that failure is the run's.
    rerun = plain_run("$ pytest -q", sample("pytest_fail"), prompt=prompt)
    assert len(failures(rerun)) == 1


def test_a_failure_a_tool_result_reports_is_not_reported_twice():
    output = "FAILED tests/test_auth.py::test_login - AssertionError: expected 200, got 500\n1 failed, 3 passed"
    t = Transcript()
    t.add("prompt", text="fix the login")
    t.add("tool_call", tool="bash", input={"command": "pytest -q"}, callId="c1")
    t.add("tool_result", tool="bash", ok=False, exitCode=1, output=output, callId="c1")
    t.add("output", text="The test failed:")
    for line in output.splitlines():  # the agent repeats the tool's output in its own words' place
        t.add("output", text=line)
    [failure] = failures(t)
    assert failure.rule == "tool-failure"


def test_a_log_file_the_agent_reads_is_not_a_failure_of_this_run():
    t = Transcript()
    t.add("prompt", text="why is CI red?")
    t.add("tool_call", tool="Read", input={"file_path": "ci.log"}, callId="r1")
    t.add("tool_result", ok=True, output=sample("pytest_fail"), callId="r1")
    assert failures(t) == []
    # The same output from a command the agent ran (it exited 0: `pytest || true`) is this run's.
    t.add("tool_call", tool="Bash", input={"command": "pytest -q || true"}, callId="b1")
    t.add("tool_result", ok=True, exitCode=0, output=sample("pytest_fail"), callId="b1")
    [failure] = failures(t)
    assert failure.body.startswith("Test `tests/test_auth.py::test_login` failed under `pytest -q || true`")


def test_a_failed_verification_is_reported_once():
    t = plain_run("Done.")
    t.add("verify", command="pytest -q", exitCode=1, output=sample("pytest_fail"), durationMs=900)
    assert [o.rule for o in failures(t)] == ["verify-failure"]


def test_an_echoed_command_that_exits_non_zero_is_a_failure_with_one_signature_line():
    lint = "$ make lint\nruff check src\nsrc/shop/cart.py:12:5: F841 Local variable `total` is assigned to but never used\nFound 1 error.\nmake: *** [Makefile:8: lint] Error 1"
    [failure] = failures(plain_run(lint))
    assert failure.body.startswith("`make lint` failed (exit 1; ")
    assert failure.body.endswith("; the run did not show it passing again.")
    assert "F841 Local variable" not in failure.body and failure.prevent_next_time == []


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("src/index.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n"
         "Command failed with exit code 2: npm run build", "npm run build"),  # execa
        ("Traceback (most recent call last):\n"
         "subprocess.CalledProcessError: Command '['alembic', 'upgrade', 'head']' returned non-zero exit status 1.",
         "alembic upgrade head"),
        ("$ npm run typecheck\nsrc/app.ts:4:1 - error TS2304: Cannot find name 'foo'.\nProcess exited with code 2",
         "npm run typecheck"),
        ("$ just deploy-check\nerror: Recipe `deploy-check` failed on line 12 with exit code 1", "just deploy-check"),
        ("$ cargo build\nerror[E0425]: cannot find value `x` in this scope\n[Command finished with exit code 101]",
         "cargo build"),
    ],
)  # fmt: skip
def test_each_shape_of_a_failing_command_names_the_command(text, command):
    [failure] = failures(plain_run(text))
    assert failure.body.startswith(f"`{command}` failed (exit ")
    assert failure.rule == "printed-command-failure"


def test_an_echoed_command_that_passes_later_gets_guidance():
    first = "$ npm run typecheck\nsrc/app.ts:4:1 - error TS2304: Cannot find name 'foo'.\nProcess exited with code 2"
    again = "$ npm run typecheck\nProcess exited with code 0"
    [failure] = failures(plain_run(first, "Declared foo.", again, changed=("src/app.ts",)))
    assert failure.body.endswith(" until src/app.ts was changed.")
    assert failure.prevent_next_time == ["Run `npm run typecheck` after changing src/app.ts."]


def test_a_command_whose_tests_failed_is_named_by_the_tests_not_reported_again():
    text = "$ make test\n" + sample("go_fail") + "\nmake: *** [Makefile:3: test] Error 1"
    [failure] = failures(plain_run(text))
    assert failure.body.startswith("Test `TestLogin` in `github.com/acme/shop/auth` failed under `make test`")


def test_a_long_error_is_cut_to_one_bounded_line():
    text = f"FAILED tests/test_big.py::test_blob - AssertionError: {'x' * 5000}\n1 failed in 0.01s"
    [failure] = failures(plain_run(text))
    assert len(failure.body) < 400 and "\n" not in failure.body


def test_a_secret_in_the_error_line_is_redacted_on_its_way_to_memory(make_repo, paths, monkeypatch):
    repo = make_repo("shop", origin="https://github.com/acme/shop.git")
    monkeypatch.chdir(repo)
    store = MemoryStore(paths, cwd=repo)
    token = "ghp_" + "Z4xk9QvR2mT7bN1cW8yL5pJ3hF6dS0aG2eU9"
    text = f"FAILED tests/test_api.py::test_push - AssertionError: push with {token} was rejected\n1 failed in 0.1s"
    report = reflect(plain_run(text), store)
    [failure] = [r for r in report.added if r.memory_class is MemoryClass.FAILURE]
    assert "tests/test_api.py::test_push" in failure.body and token not in failure.body
    assert token not in paths.memory_file.read_text()


# -- end to end: `picasso run` with an agent that prints plain pytest output ------------------------------------

FAKE_AGENT = textwrap.dedent(
    """
    import os, sys
    print("Running the tests.", flush=True)
    print("FAILED tests/test_auth.py::test_login - AssertionError: expected 200, got 500", flush=True)
    print("1 failed, 3 passed", flush=True)
    if os.environ.get("FAKE_AGENT_FIXES"):
        print("The handler returned 500 for a missing session; fixed it.", flush=True)
        print("4 passed", flush=True)
        sys.exit(0)
    sys.exit(1)
    """
)


def test_picasso_run_with_a_plain_agent_remembers_the_failing_test_and_later_its_fix(
    make_repo, paths, monkeypatch, tmp_path
):
    repo = make_repo("shop", origin="https://github.com/acme/shop.git", files={"src/auth.py": "x = 1\n"})
    monkeypatch.chdir(repo)
    agent = tmp_path / "plain_agent.py"
    agent.write_text(FAKE_AGENT)
    settings.set_value("agent.command", [sys.executable, str(agent)], paths)
    store = MemoryStore(paths, cwd=repo)

    first = run_agent("fix the login test", store=store)
    assert first.exit_code == 1
    [failure] = [r for r in store.list(everything=True) if r.memory_class is MemoryClass.FAILURE]
    assert "tests/test_auth.py::test_login" in failure.body and "AssertionError" in failure.body
    assert failure.metadata.prevent_next_time == []
    assert failure.metadata.provenance.source_files == ["tests/test_auth.py"]
    assert failure.metadata.provenance.kind == "tool-output"

    monkeypatch.setenv("FAKE_AGENT_FIXES", "1")
    second = run_agent("fix the login test again", store=store)
    assert second.exit_code == 0
    [fixed] = [r for r in second.report.added if r.memory_class is MemoryClass.FAILURE]
    assert "tests/test_auth.py::test_login" in fixed.body and "AssertionError" in fixed.body
    assert fixed.metadata.prevent_next_time == [
        "Run `pytest tests/test_auth.py::test_login` before finishing (it failed with AssertionError before the fix)."
    ]
    transcript = json.loads((paths.home / "transcripts" / f"{second.session_id}.jsonl").read_text().splitlines()[0])
    assert transcript["agent"] == "plain_agent.py"
