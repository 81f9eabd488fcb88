"""What a command is, read from its words: the runner, the parts of a compound, the kind of step."""

from __future__ import annotations

import pytest

from picasso_tui.writeback import shell


def one(command: str) -> shell.Runner:
    [part] = shell.parts(command)
    return part


def test_a_compound_is_read_part_by_part_and_a_pipeline_by_its_first_command():
    assert [p.tool for p in shell.parts("rm -f package-lock.json && pnpm install")] == ["rm", "pnpm install"]
    assert [p.tool for p in shell.parts("cargo fmt --all -- --check; cargo test -p x")] == ["cargo fmt", "cargo test"]
    assert [p.tool for p in shell.parts("rg -n 'Token::' src/fmt/mod.rs | head -20")] == ["rg"]
    assert shell.contains("ruff check x && ruff format --check x", "ruff check x")
    assert not shell.contains("ruff check --fix x", "ruff check x")


@pytest.mark.parametrize(
    ("command", "invocation", "tool"),
    [
        ("bundle exec rspec spec/a_spec.rb", "bundle exec rspec", "rspec"),
        ("CI=1 uv run pytest -q", "uv run pytest", "pytest"),
        ("npm run test -- --watch=false", "npm test", "npm test"),
        ("./gradlew :clients:unitTest --tests X", "gradlew :clients:unitTest", "gradlew :clients:unitTest"),
        ("docker compose up -d db", "docker compose up", "docker compose up"),
        (".venv/bin/python -m mypy src", "python -m mypy", "mypy"),
    ],
)
def test_the_runner_is_what_runs_however_it_is_started(command, invocation, tool):
    part = one(command)
    assert (part.invocation, part.tool) == (invocation, tool)


@pytest.mark.parametrize(
    ("failed", "other", "kind"),
    [
        ("npm install", "pnpm install", "runner"),  # a sibling package manager
        ("rspec spec/a_spec.rb", "bundle exec rspec spec/a_spec.rb", "runner"),  # another wrapper
        ("tox -e py", "tox -e py312", "args"),
        ("cargo fmt --all -- --check", "cargo fmt --all", "args"),
        ("npm install", "npm test", None),  # another subcommand
        ("rspec spec/a_spec.rb", "pytest tests", None),  # another tool
        ("pytest -q", "pytest -q", None),  # the same command is not a variant of itself
    ],
)
def test_a_variant_is_the_same_tool_run_another_way(failed, other, kind):
    assert shell.variant(one(failed), one(other)) == kind


@pytest.mark.parametrize(
    ("command", "reads", "checks", "fixes"),
    [
        ("cat .env", True, False, False),
        ("docker compose ps", True, False, False),
        ("git status", True, False, False),
        ("python -c 'import x; print(x.__file__)'", True, False, False),
        ("sed -i 's/a/b/' x.py", False, False, False),
        ("pytest -q", False, True, False),
        ("ruff check --fix src", False, False, True),
        ("cargo fmt --all", False, False, True),
        ("cargo fmt --all -- --check", False, True, False),
        ("./gradlew format", False, False, True),
        ("./gradlew checkFormat", False, True, False),
        ("make typecheck", False, True, False),
        ("bundle exec rake", False, True, False),
        ("bundle exec rake changelog:new", False, False, False),
        ("docker compose up -d db", False, False, False),
    ],
)
def test_the_kind_of_step(command, reads, checks, fixes):
    part = one(command)
    assert (shell.reads_only(part), shell.checks(part), shell.fixes(part)) == (reads, checks, fixes)


@pytest.mark.parametrize(
    ("command", "narrowed"),
    [
        ("go test ./binding/ -run 'Test.*Json' -count=1", True),
        ("pytest tests/test_cli.py -q", True),
        ("pytest -k timeout", True),
        ("cargo test format_basename_no_ext", True),
        ("bundle exec rspec spec/models/account_spec.rb -e suspended", True),
        ("./gradlew :clients:unitTest --tests '*FooTest*'", True),
        ("pnpm test packages/a/__tests__/x.spec.ts --run", True),
        ("go test -race ./...", False),
        ("cargo test -p grep-printer", False),
        ("pytest -q", False),
        ("tox -e py312", False),  # an environment, not a test
        ("vitest --run", False),
    ],
)
def test_a_filtered_test_run_is_a_one_off(command, narrowed):
    assert shell.filtered(one(command)) is narrowed


def test_a_transient_network_error_is_told_from_a_failure_of_the_code():
    assert shell.network_failure("WARNING: Retrying ... ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org')")
    assert shell.network_failure("npm error code ECONNRESET\nnpm error network aborted")
    assert shell.network_failure("> Could not download zstd-jni.jar\n      > Read timed out")
    assert shell.network_failure(
        "fatal: unable to access 'https://github.com/x/y/': Could not resolve host: github.com"
    )
    assert not shell.network_failure("E   AssertionError: expected 200, got 500")
    assert not shell.network_failure("psycopg.OperationalError: connection refused on 127.0.0.1:5432")
    assert shell.installs(one("pip install -r requirements_dev.txt"))
    assert not shell.installs(one("pytest -q"))


def test_a_compile_error_is_told_from_a_failing_check():
    assert shell.compile_error("error[E0425]: cannot find value `ClapError` in this scope\n --> src/parser.rs:12:5")
    assert shell.compile_error("src/a.ts(3,1): error TS2304: Cannot find name 'x'.")
    assert shell.compile_error("./main.go:8:2: undefined: fooBar")
    assert not shell.compile_error("error: this expression creates a reference (clippy::needless_borrow)")
    assert not shell.compile_error("E   AssertionError: assert 1 == 2")
