"""A README's policy sections become facts, and a contributor guide's list of rules is read whole (issue 17,
thirty-first round: the most common misses were README promises and rules cut out of their list)."""

from __future__ import annotations

from picasso_tui.profile import branches, file_headers, readme_notes, reasons, rules, runtime_support
from picasso_tui.profile.walk import walk
from tests.conftest import git

README = """# widget [![Build Status](https://ci.example.org/badge.svg)](https://ci.example.org)

widget parses widgets.

## Installation

Run `pip install widget`. It supports every platform.

## Backwards Compatibility

Compatibility with the most recent two versions of Python is a requirement for any new changes.
Compatibility beyond that is not guaranteed.

## Supported Ruby versions

This library aims to support and is tested against the following versions:

* Ruby 3.3
* Ruby 3.4

## Thread Safety

Parsers are safe to share across threads. To disable the lock, call:

```python
# Notes on the lock
parser.no_lock()
```

## Build Status

The build is green.

## Security

Please see SECURITY.md.
"""


def _notes(make_project, files: dict[str, str], name: str = "project") -> dict[str, str]:
    repo = make_project({"widget.py": "x = 1\n", **files}, name=name)
    return {f.key: f.body for f in readme_notes.investigate(walk(repo.root)).findings}


def test_a_readme_policy_section_is_a_fact_in_its_own_sentences(make_project):
    found = _notes(make_project, {"README.md": README})
    assert found["readme/backwards-compatibility"] == (
        'README.md, "Backwards Compatibility": Compatibility with the most recent two versions of Python is a '
        "requirement for any new changes. Compatibility beyond that is not guaranteed."
    )
    assert found["readme/supported-ruby-versions"] == (
        'README.md, "Supported Ruby versions": This library aims to support and is tested against the following '
        "versions: Ruby 3.3; Ruby 3.4."
    ), "a list is one sentence after the words that lead into it"
    assert found["readme/thread-safety"] == 'README.md, "Thread Safety": Parsers are safe to share across threads.', (
        "the sentence that leads into code goes with the code"
    )


def test_the_title_badges_usage_and_bare_pointers_are_not_policies(make_project):
    found = _notes(make_project, {"README.md": README})
    assert sorted(found) == ["readme/backwards-compatibility", "readme/supported-ruby-versions", "readme/thread-safety"]
    assert not any("pip install" in body or "Notes on the lock" in body for body in found.values())


def test_a_comment_in_a_fenced_code_block_is_not_a_heading():
    headings = [h for h, _ in reasons.headed_sections(README)]
    assert "Notes on the lock" not in headings
    assert "Thread Safety" in headings


def test_a_section_is_quoted_whole_or_not_at_all(make_project):
    sentence = "Every release keeps the wire format stable for readers of older versions of the format. "
    short = _notes(make_project, {"README.md": f"# w\n\nw is a tool.\n\n## Stability\n\n{sentence * 7}\n"})
    assert short["readme/stability"].split(": ", 1)[1] == (sentence * 7).strip()
    long = _notes(make_project, {"README.md": f"# v\n\nv is a tool.\n\n## Stability\n\n{sentence * 12}\n"}, "v")
    assert long == {}, "a quote cut short was read as cut out of its context"


def test_a_subsections_heading_carries_the_section_it_sits_in(make_project):
    readme = "# w\n\nw is a tool.\n\n## Client-side support\n\nIt runs in browsers.\n\n### Caveats\n\n"
    readme += "Since browsers have no file system, `renderFile()` does not work there.\n"
    found = _notes(make_project, {"README.md": readme})
    assert found["readme/caveats"].startswith('README.md, "Client-side support > Caveats": Since browsers')


def test_a_why_section_already_kept_as_a_decision_is_not_repeated(make_project):
    text = "# w\n\nw is a tool.\n\n## Design\n\nw keeps one file because two files drift apart over time.\n"
    assert _notes(make_project, {"README.md": text}) == {}


GUIDE = """# Contributing

## Branches

The `master` branch holds the latest release, so only small fixes go to `master`. In all other cases, please make a
pull request to the `develop` branch.

## Coding Style

* Use 4 spaces for indentation
* No oneliners
* opening curly braces start in the next line

## Unit Tests

To add a test, add a C file under tests/. That new file has to be listed in `tests/CMakeLists.txt`.

## Other Notes

* Internal functions are to be declared static.
* Wrap the return type of external functions in the `LIB_PUBLIC` macro.

## Workflow

1. Fork the repository
2. Create your feature branch
3. Push to the branch
4. Open a pull request; it must pass CI.
"""


def _said() -> list[str]:
    return [f"{heading}: {rule}" for heading, rule in rules.distil(GUIDE, guide=True)]


def test_a_list_most_of_whose_items_instruct_is_read_whole():
    said = _said()
    assert "Coding Style: opening curly braces start in the next line" in said
    assert "Other Notes: Internal functions are to be declared static." in said


def test_a_rule_that_opens_on_the_case_before_it_keeps_that_sentence():
    said = _said()
    assert (
        "Branches: The `master` branch holds the latest release, so only small fixes go to `master`. In all other "
        "cases, please make a pull request to the `develop` branch."
    ) in said
    assert (
        "Unit Tests: To add a test, add a C file under tests/. That new file has to be listed in "
        "`tests/CMakeLists.txt`."
    ) in said


def test_the_steps_to_a_pull_request_are_not_read_as_a_whole_list():
    said = _said()
    assert not any("Fork the repository" in r or "Push to the branch" in r for r in said)
    assert "Workflow: Open a pull request; it must pass CI." in said


APACHE = """/*
 * Copyright 2019-2024 The Widget Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 */
"""


def _headers(make_project, files: dict[str, str]) -> str | None:
    repo = make_project(files)
    found = file_headers.investigate(walk(repo.root)).findings
    return found[0].body if found else None


def test_what_every_file_of_a_language_starts_with_is_a_rule(make_project):
    files = {f"lib/w/part{n}.rb": f"# frozen_string_literal: true\n\nmodule W{n}; end\n" for n in range(12)}
    files |= {f"src/main/java/w/C{n}.java": f"{APACHE}package w;\nclass C{n} {{}}\n" for n in range(12)}
    body = _headers(make_project, files)
    assert body is not None
    assert "Every Ruby file (12 of the 12 read) starts with `# frozen_string_literal: true`" in body
    assert "Every Java file (12 of the 12 read) starts with the Apache 2.0 licence header" in body


def test_a_header_only_some_files_carry_is_no_rule(make_project):
    files = {f"lib/w/part{n}.rb": ("# frozen_string_literal: true\n" if n < 7 else "") + "x = 1\n" for n in range(12)}
    files |= {f"src/w{n}.go": f"// Copyright {2000 + n} Someone\npackage w\n" for n in range(3)}
    assert _headers(make_project, files) is None, "7 of 12 is a habit, and 3 files are too few to tell"


def test_a_copyright_line_is_quoted_with_its_years_left_out(make_project):
    files = {
        f"w{n}.go": f"// Copyright (c) {2016 + n} Acme, Inc.\n//\n// All rights reserved.\n\npackage w\n"
        for n in range(6)
    }
    body = _headers(make_project, files)
    assert body == (
        "Every Go file (6 of the 6 read) starts with a copyright header (`Copyright (c) <year> Acme, Inc.`); "
        "a new file does too."
    )


CI = """on:
  push:
    branches: [develop, "0.[0-9]+", "**"]
  pull_request:
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - run: make test
"""


def test_the_default_branch_is_the_clones_origin_head_and_ci_push_branches_follow(make_project, tmp_path):
    upstream = make_project({"main.py": "x = 1\n", ".github/workflows/ci.yml": CI}, name="upstream")
    upstream.git("branch", "-m", "develop")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(upstream.root), str(clone))
    found = {f.key: f for f in branches.investigate(walk(clone)).findings}
    assert found["git/branches"].body == (
        "The default branch is `develop` (origin/HEAD). CI runs on pushes to `develop`, `0.[0-9]+`."
    ), "a filter that names no branch (`**`) is left out"
    assert found["git/branches"].sources == (".github/workflows/ci.yml",)


def test_without_an_origin_the_one_main_line_ci_names_is_the_default_and_without_either_nothing_is_said(make_project):
    with_ci = make_project({"main.py": "x = 1\n", ".github/workflows/ci.yml": CI}, name="with_ci")
    assert branches.investigate(walk(with_ci.root)).findings == [], "CI names `develop`, which this clone lacks"
    with_ci.git("branch", "-m", "develop")
    assert [f.body for f in branches.investigate(walk(with_ci.root)).findings] == [
        "The default branch is `develop` (the CI push trigger). CI runs on pushes to `develop`, `0.[0-9]+`."
    ]
    bare = make_project({"main.py": "x = 1\n"}, name="bare")
    assert branches.investigate(walk(bare.root)).findings == []


CHANGES = """# Changelog

## [3.0.0](https://example.org/releases/3.0.0) - 2026-01-02

- Drop support for Python 3.8 (#120)
- docs: remove the old badge from the README
- Fix a crash when removing handlers

## 2.9.0

- `Client.fetch` is deprecated in favor of `Client.get` by @someone

## 2.8.0

- Add `Client.get`

## 2.7.0

- Drop support for Python 2.7
"""


def test_the_runtimes_the_newest_releases_dropped_are_a_fact_and_api_changes_and_chores_are_not(make_project):
    repo = make_project({"CHANGELOG.md": CHANGES, "w.py": "x = 1\n"})
    found = {f.key: f for f in runtime_support.investigate(walk(repo.root)).findings}
    assert found["changelog/runtime-support"].body == (
        "Runtime versions dropped or required in the newest releases (CHANGELOG.md): 3.0.0: Drop support for Python "
        "3.8."
    ), "the badge chore, the fix and the API deprecation are left out, and 2.7.0 is older than the three newest"
    assert found["changelog/runtime-support"].sources == ("CHANGELOG.md",)


def test_ci_push_branches_come_from_workflows_that_test_and_any_branch_means_none_named(make_project):
    docs = "on:\n  push:\n    branches: [main, 'documentation-*']\njobs:\n  pages:\n    runs-on: x\n    steps:\n      - run: rdoc\n"
    tests = "on: [push, pull_request]\njobs:\n  test:\n    runs-on: x\n    steps:\n      - run: make test\n"
    repo = make_project({"main.py": "x = 1\n", ".github/workflows/docs.yml": docs, ".github/workflows/t.yml": tests})
    assert [f.body for f in branches.investigate(walk(repo.root)).findings] == [], (
        "only the docs deploy names branches, and the tests run on any push: no branch is CI's, none is said"
    )
