"""The workflow a run's passing checks show, and where its new tests go (tool_rules.py)."""

from __future__ import annotations

import pytest

from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.transcript import Transcript


def session(*commands: str | tuple[str, int], prompt: str = "fix it") -> Transcript:
    t = Transcript("sess_WF")
    t.add("prompt", text=prompt)
    for n, item in enumerate(commands):
        command, code = item if isinstance(item, tuple) else (item, 0)
        t.add("tool_call", tool="Bash", input={"command": command}, callId=f"c{n}")
        t.add("tool_result", tool="Bash", ok=code == 0, exitCode=code, output="", callId=f"c{n}")
    return t


def workflow(t: Transcript) -> list[str]:
    return [o.body for o in classify(t) if o.cls.value == "workflow" and o.rule == "checks-passed"]


def test_one_off_filtered_runs_do_not_crowd_out_the_final_full_checks():
    one_offs = [f"go test ./binding/ -run 'Test.*{n}' -count=1" for n in ("Json", "Xml", "Form", "Query", "Uri")]
    t = session(*one_offs, "go test ./binding/...", "go test ./...", "go test -race ./...", "go vet ./...")
    assert workflow(t) == ["Verify changes in this order: `go test -race ./...`, then `go vet ./...`."]


def test_a_filtered_run_stays_when_its_tool_never_ran_in_full():
    t = session("pnpm test packages/core/__tests__/useModel.spec.ts --run", "pnpm check")
    assert workflow(t) == [
        "Verify changes in this order: `pnpm test packages/core/__tests__/useModel.spec.ts --run`, then `pnpm check`."
    ]


def test_a_fixer_is_not_a_check_and_a_compound_covers_its_parts():
    t = session("pytest tests/test_a.py -k timeout", "pytest -q", ("ruff check src", 1), "ruff check --fix src",
                "ruff check src && ruff format --check src")  # fmt: skip
    assert workflow(t) == [
        "Verify changes in this order: `pytest -q`, then `ruff check src && ruff format --check src`."
    ]


@pytest.mark.parametrize(
    "check", ["make typecheck", "bundle exec rake", "./gradlew :core:checkstyleMain", "mvn verify"]
)
def test_common_checks_become_the_workflow(check):
    assert workflow(session(check)) == [f"Verify changes with `{check}`."]


def test_a_check_the_user_told_the_agent_to_run_is_part_of_the_workflow():
    prompt = "Also run `bundle exec rake internal_investigation` before you're done. Then create a changelog entry."
    t = session("bundle exec rspec spec/a_spec.rb", "bundle exec rake internal_investigation",
                "bundle exec rake changelog:new", prompt=prompt)  # fmt: skip
    assert workflow(t) == [
        "Verify changes in this order: `bundle exec rspec spec/a_spec.rb`, then `bundle exec rake internal_investigation`."
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Every change here needs a changelog entry — create one with `bundle exec rake changelog:new`.",
        "Never run `bundle exec rake changelog:new` by hand.",
    ],
)
def test_a_command_the_user_names_for_another_purpose_or_forbids_is_not_a_check(prompt):
    assert workflow(session("bundle exec rake changelog:new", prompt=prompt)) == []


@pytest.mark.parametrize(
    ("path", "fact"),
    [
        ("apps/web/test/lib/dates.test.ts", "Tests live in apps/web/test/ as *.test.ts files."),
        ("packages/core/__tests__/model.spec.ts", "Tests live in packages/core/__tests__/ as *.spec.ts files."),
        ("src/auth/jwt.test.ts", "Tests live alongside source as *.test.ts files."),
    ],
)
def test_a_test_file_in_a_test_folder_is_not_alongside_source(path, fact):
    t = Transcript("sess_L")
    t.add("files_changed", files=[{"path": path, "status": "A"}])
    assert [o.body for o in classify(t) if o.rule == "test-layout"] == [fact]
