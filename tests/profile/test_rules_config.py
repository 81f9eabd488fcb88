"""Rules the configuration enforces (warnings as errors, coverage thresholds, unsafe Rust, the race detector)."""

from __future__ import annotations

from picasso_tui.profile.rules_config import config_rules
from picasso_tui.profile.walk import walk


def _body(make_project, files: dict[str, str]) -> str | None:
    found = config_rules(walk(make_project(files).root))
    return found.body if found else None


def test_pytest_warnings_as_errors_is_a_rule_and_an_ignore_list_is_not(make_project, tmp_path):
    body = _body(make_project, {"pyproject.toml": '[tool.pytest.ini_options]\nfilterwarnings = [\n  "error",\n]\n'})
    assert body == (
        "Rules the configuration enforces:\n- pytest turns warnings into errors (`filterwarnings = error` in "
        "pyproject.toml): a new warning fails the test suite."
    )
    other = make_project({"pytest.ini": "[pytest]\nfilterwarnings =\n    ignore::DeprecationWarning\n"}, name="b")
    assert config_rules(walk(other.root)) is None


def test_a_coverage_threshold_names_its_setting_and_file(make_project):
    body = _body(make_project, {"scripts/coverage": "#!/bin/sh\ncoverage report --fail-under=100\n", "a.py": ""})
    assert "- Test coverage must stay at 100% (`--fail-under=100` in scripts/coverage)." in (body or "")
    lines = make_project({"package.json": '{"scripts": {"cov": "c8 --check-coverage --lines 95 node t.js"}}'}, name="j")
    assert "Line coverage must stay at 95%" in config_rules(walk(lines.root)).body  # type: ignore[union-attr]
    none = make_project({"package.json": '{"scripts": {"test": "node --test --test-reporter=spec"}}'}, name="n")
    assert config_rules(walk(none.root)) is None


def test_unsafe_rust_forbidden_and_go_race_detector(make_project):
    rust = _body(make_project, {"Cargo.toml": '[workspace.lints.rust]\nunsafe_code = "forbid"\n'})
    assert '- unsafe code is forbidden (`unsafe_code = "forbid"` in Cargo.toml).' in (rust or "")
    ci = "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n"
    go = make_project({"go.mod": "module x\n", "Makefile": "test:\n\tgo test -race -v ./...\n",
                       ".github/workflows/ci.yml": ci}, name="go")  # fmt: skip
    said = config_rules(walk(go.root)).body  # type: ignore[union-attr]
    assert "Go tests run with the race detector (`make test`, which CI runs, passes `-race` in Makefile)" in said
    # distribution's `make test-race`, which no workflow runs: no rule a change meets
    aside = make_project({"go.mod": "module x\n", "Makefile": "test-race:\n\tgo test -race ./...\n"}, name="aside")
    assert config_rules(walk(aside.root)) is None
    plain = make_project(
        {"go.mod": "module x\n", "Makefile": "test:\n\tgo test ./...\n", "Cargo.toml": "[package]\n"}, name="p"
    )
    assert config_rules(walk(plain.root)) is None
