"""What a failed command teaches, read against what the run did after it (outcomes.py)."""

from __future__ import annotations

from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.observation import UNFIXED
from picasso_tui.writeback.transcript import Transcript


class Session:
    """A Claude Code-like run: shell commands and file edits as tool calls, in order."""

    def __init__(self) -> None:
        self.t = Transcript("sess_OUT")
        self.t.add("prompt", text="fix it")

    def run(self, command: str, output: str = "", code: int = 0) -> Session:
        call = f"c{len(self.t.events)}"
        self.t.add("tool_call", tool="Bash", input={"command": command}, callId=call)
        self.t.add("tool_result", tool="Bash", ok=code == 0, exitCode=code, output=output, callId=call)
        return self

    def edit(self, path: str) -> Session:
        call = f"c{len(self.t.events)}"
        self.t.add("tool_call", tool="Edit", input={"file_path": f"/home/dev/app/{path}"}, callId=call)
        self.t.add("tool_result", tool="Edit", ok=True, output="updated", callId=call)
        self.t.add("files_changed", files=[{"path": path, "status": "M"}])
        return self

    def taught(self, cls: str = "failure") -> list[str]:
        return [o.body for o in classify(self.t) if o.cls.value == cls]

    def guidance(self) -> list[str]:
        return [p for o in classify(self.t) if o.cls.value == "failure" for p in o.prevent_next_time]


PG_DOWN = "FAILED tests/test_pay.py::test_ok - psycopg.OperationalError: connection refused\n1 failed"


def test_a_failure_an_environment_step_fixed_names_the_step_not_an_earlier_edit():
    s = Session().edit("src/pay.py").run("pytest tests/test_pay.py", PG_DOWN, 1)
    s.run("cat .env", "DATABASE_URL=postgres://localhost/db").run("docker compose ps", "NAME  STATUS")
    s.run("docker compose up -d db", "Container db Started").run("pytest tests/test_pay.py", "1 passed")
    [body] = s.taught()
    assert body.endswith("until `docker compose up -d db` ran.")
    assert "src/pay.py" not in body  # edited before the failure: not what fixed it
    assert s.guidance() == ["Run `docker compose up -d db` before `pytest tests/test_pay.py`."]


def test_a_failure_an_edit_fixed_names_only_the_files_edited_after_it():
    s = (
        Session()
        .edit("tests/test_a.py")
        .run("pytest -q", "FAILED tests/test_a.py::test_b - AssertionError\n1 failed", 1)
    )
    s.edit("src/a.py").run("pytest -q", "3 passed")
    [body] = s.taught()
    assert body == "`pytest -q` failed (tests/test_a.py::test_b: AssertionError) until src/a.py was changed."


def test_a_check_fixed_by_its_fixer_says_to_run_the_fixer_first():
    lint = "tests/test_a.py:1:1: I001 [*] Import block is un-sorted or un-formatted\nFound 1 error."
    s = Session().run("ruff check src tests", lint, 1).run("ruff check --fix src tests", "1 fixed")
    s.run("ruff check src tests && ruff format --check src tests", "All checks passed!")
    [body] = s.taught()
    assert body == (
        "`ruff check src tests` failed (I001: Import block is un-sorted or un-formatted) "
        "until `ruff check --fix src tests` ran."
    )
    assert s.guidance() == ["Run `ruff check --fix src tests` before `ruff check src tests`."]


def test_another_way_of_running_the_tool_that_works_is_a_workflow_lesson():
    s = Session().run("npm install", 'npm error code EUNSUPPORTEDPROTOCOL\nUnsupported URL Type "workspace:"', 1)
    s.run("rm -f package-lock.json && pnpm install", "Done in 9.8s")
    assert s.taught() == []  # not "failed and was not fixed"
    [lesson] = [o for o in classify(s.t) if o.rule == "use-variant"]
    assert lesson.cls.value == "workflow"
    assert lesson.body.startswith("`npm install` failed") and "`pnpm install` works instead" in lesson.body
    assert lesson.prevent_next_time == ["Use `pnpm install` here, not `npm install`."]


def test_a_wrapper_that_works_is_the_lesson_even_when_the_tests_then_fail_and_get_fixed():
    s = Session().edit("spec/a_spec.rb").run("rspec spec/a_spec.rb", "Gem::LoadError: already activated", 1)
    s.run("bundle exec rspec spec/a_spec.rb", "1 example, 1 failure", 1).edit("lib/a.rb")
    s.run("bundle exec rspec spec/a_spec.rb", "1 example, 0 failures")
    [lesson] = [o for o in classify(s.t) if o.rule == "use-variant"]
    assert lesson.prevent_next_time == ["Use `bundle exec rspec` here, not `rspec`."]


def test_another_runner_that_passes_only_after_an_edit_is_not_the_lesson_the_edit_is():
    s = Session().run("npm test", "FAIL src/a.test.ts > adds\nTests  1 failed (1)", 1).edit("src/a.ts")
    s.run("pnpm test", "Tests  1 passed (1)")
    assert s.taught() == ["`npm test` failed (src/a.test.ts) until src/a.ts was changed."]
    assert [o for o in classify(s.t) if o.rule == "use-variant"] == []


def test_a_git_step_that_changes_the_tree_can_be_the_fix_one_that_records_it_cannot():
    broken = "FAILED tests/test_a.py::test_b - ImportError"
    s = Session().edit("src/a.py").run("pytest -q", broken, 1).run("git stash", "Saved").run("pytest -q", "3 passed")
    assert s.taught() == ["`pytest -q` failed (tests/test_a.py::test_b: ImportError) until `git stash` ran."]
    s = Session().edit("src/a.py").run("pytest -q", broken, 1).run("git add -A", "").run("pytest -q", "3 passed")
    assert s.taught()[0].endswith("and passed when run again with nothing changed.")


def test_a_different_tool_passing_later_is_not_a_variant():
    s = Session().run("rspec spec/a_spec.rb", "Gem::LoadError", 1).run("pytest -q", "3 passed")
    assert s.taught() == ["`rspec spec/a_spec.rb` failed (LoadError) and was not fixed in the run."]


def test_the_same_tool_with_other_arguments_is_the_lesson_only_when_nothing_was_edited_in_between():
    s = Session().run("tox -e py", "ERROR: InterpreterNotFound: python", 1).run("tox -e py312", "congratulations :)")
    [lesson] = [o for o in classify(s.t) if o.rule == "use-variant"]
    assert lesson.prevent_next_time == ["Use `tox -e py312`, not `tox -e py`."]
    edited = Session().run("tox -e py", "FAILED tests/test_a.py::test_b - AssertionError", 1).edit("src/a.py")
    edited.run("tox -e py312", "congratulations :)")
    assert edited.taught() == [
        "`tox -e py` failed (tests/test_a.py::test_b: AssertionError) until src/a.py was changed."
    ]


def test_a_transient_network_error_is_not_a_lesson():
    timeout = "ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org', port=443): Read timed out.\")"
    s = Session().run("pip install -r requirements.txt", timeout, 1).run("pip install -r requirements.txt", "ok")
    assert s.taught() == []
    gradle = "> Could not download zstd-jni.jar\n   > Read timed out\nBUILD FAILED"
    s = Session().run("./gradlew :clients:unitTest", gradle, 1).run("./gradlew :clients:unitTest", "BUILD SUCCESSFUL")
    assert s.taught() == []
    npm = Session().run("pnpm install", "ERR_PNPM_META_FETCH_FAIL GET https://registry.npmjs.org/x: ECONNRESET", 1)
    assert npm.taught() == []  # an install that never got through: the network's, not the project's


def test_a_network_message_in_a_test_run_that_never_passed_is_still_reported():
    s = Session().run("pytest -q", "FAILED tests/test_http.py::test_get - httpx.ConnectError: ECONNRESET", 1)
    assert len(s.taught()) == 1


def test_the_agents_own_compile_error_in_code_it_was_editing_is_not_a_lesson():
    err = "error[E0425]: cannot find value `ClapError` in this scope\n  --> src/parser.rs:1187:21"
    s = Session().edit("src/parser.rs").run("cargo test -F x --test builder count", err, 101)
    s.edit("src/parser.rs").run("cargo test --test builder count", "test result: ok. 9 passed")
    assert s.taught() == []


def test_a_compile_error_in_a_file_the_agent_had_not_edited_is_kept():
    err = "error[E0425]: cannot find value `Foo` in this scope\n  --> src/lib.rs:12:5"
    s = Session().run("cargo update", "Updating crates.io index").run("cargo test", err, 101)
    s.edit("src/lib.rs").run("cargo test", "test result: ok. 3 passed")
    [body] = s.taught()
    assert body.startswith("`cargo test` failed (E0425") and body.endswith("until src/lib.rs was changed.")


def test_a_failure_a_dependency_add_fixed_is_left_to_the_dependency_fact():
    missing = "binding/toml.go:8:2: no required module provides package github.com/pelletier/go-toml/v2"
    s = Session().edit("binding/toml.go").run("go test ./binding/...", missing, 1)
    s.run("go get github.com/pelletier/go-toml/v2", "go: added").run("go test ./binding/...", "ok")
    assert s.taught() == []
    assert [o.rule for o in classify(s.t) if o.cls.value == "fact"] == ["dependency"]


def test_a_command_that_passed_on_a_retry_with_nothing_changed_is_intermittent():
    s = Session().edit("src/a.py").run("pytest -q", "FAILED tests/test_a.py::test_b - TimeoutError", 1)
    s.run("pytest -q", "3 passed")
    assert s.taught() == ["`pytest -q` failed (tests/test_a.py::test_b: TimeoutError) and passed when run again "
                          "with nothing changed."]  # fmt: skip


def test_an_unfixed_failure_is_tagged_so_a_later_fix_can_supersede_it():
    s = Session().run("make test", "make: *** [test] Error 2", 2)
    [failure] = [o for o in classify(s.t) if o.cls.value == "failure"]
    assert UNFIXED in failure.tags
