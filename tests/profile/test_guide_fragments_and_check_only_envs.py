"""Causes found on set 40's run (issue 17): contributor-guide rules cut mid-sentence or from their lists, AsciiDoc
read as prose, a pull-request checklist reduced to one item, changelog lines quoted as rendered text, sections
guessed from one entry, and a tox env that only checks the format offered as the format command."""

from __future__ import annotations

from tests.profile.learned import bodies

H11_GUIDE = """# Contributing

## Contributor responsibilities

* Code must be formatted using
  [black](https://github.com/python/black) and
  [isort](https://github.com/timothycrosley/isort) as configured in
  the project. With those projects installed the commands,

      black pkg/ bench/
      isort --profile black pkg bench

  will format your code for you.

* The test suite needs to pass.

## How to submit a contribution

If you're new to Github and pull requests, then are some tutorials on how to get started:

* [Make a pull request](http://makeapullrequest.com/)

* [How to contribute to an Open Source Project on GitHub](https://egghead.io/series/how-to-contribute)
"""


def test_a_rule_that_ends_before_its_commands_gets_them_and_a_list_of_links_is_no_rule(make_project):
    rules = bodies(make_project, {"CONTRIBUTING.md": H11_GUIDE, "pkg/a.py": "x = 1\n"})["rules/CONTRIBUTING.md"]
    assert (
        "With those projects installed the commands `black pkg/ bench/`; `isort --profile black pkg bench` "
        "will format your code for you." in rules
    )
    assert not any(line.rstrip().endswith(",") for line in rules.splitlines()), rules
    assert "Make a pull request" not in rules


ADOC_GUIDE = """= Contributing

== Writing Code

=== Code Organization

==== Annotations

Many extensions will come with their own annotations.
If an annotation is repeatable (e.g. `@ReportEntry`), the containing annotation (`ReportEntries`) must be placed in the same file as the repeatable annotation itself.

==== Formatting

This project uses https://github.com/diffplug/spotless[Spotless] to apply and verify code formatting.
As builds break if the formatting is off, you should run it before committing.

==== `Optional`
https://nipafx.dev/optional/[There shall be no `null` - use `Optional` instead]:

* design code to avoid optionality wherever feasibly possible
* in all remaining cases, prefer `Optional` over `null`

==== Thread-safety

For extensions touching global state, we've chosen the following approach:

* the extension acquires a read/write lock to the global resource (this prevents extended tests from running in parallel with each other)
* we offer a `@Reads...` annotation that acquires read access to the same lock, so users can make sure such tests do not run in parallel with tests that write

==== Compiler Warnings

The build is configured to treat almost all compiler warnings as errors.
If code that triggers a warning can't be refactored to avoid that, `@SuppressWarning` may be added, but we don't want to do that liberally.
Developers and reviewers should minimize its use.

Exceptions:
* `exports` - the public API mentions a lot of Jupiter classes, which leads to warnings that recommend to transitively require the corresponding modules.
"""


def test_an_asciidoc_guide_keeps_whole_sentences_with_what_their_pronouns_name(make_project):
    rules = bodies(make_project, {"CONTRIBUTING.adoc": ADOC_GUIDE, "A.java": "class A {}\n"})["rules/CONTRIBUTING.adoc"]
    lines = [line.removeprefix("- ") for line in rules.splitlines()[1:]]
    assert "If an annotation is repeatable (e.g. `@ReportEntry`), the containing annotation" in rules
    assert not any(line.startswith(("`@ReportEntry`)", "=", "we ")) for line in lines), rules
    assert "This project uses Spotless to apply and verify code formatting. As builds break" in rules
    assert "`@SuppressWarning` may be added, but we don't want to do that liberally. Developers and reviewers" in rules
    assert "There shall be no `null` - use `Optional` instead: design code" in rules
    assert "`exports`" not in rules, "an item of the exceptions is not a rule"


TEMPLATE = """**PR checklist**

The following checklist shall help the PR's author to ensure the quality of this project.
It is based on our contributors guidelines. It shall help to check for completion of the listed points.

Documentation
* [ ] There is documentation (Javadoc and site documentation)
* [ ] Only one sentence per line (especially in `.adoc` files)

Code
* [ ] Code adheres to code style, naming conventions etc.
* [ ] Successful tests cover all changes
"""


def test_a_pull_request_checklist_is_stated_whole_without_its_preamble(make_project):
    learned = bodies(make_project, {".github/PULL_REQUEST_TEMPLATE.md": TEMPLATE, "A.java": "class A {}\n"})
    body = learned["rules/.github/PULL_REQUEST_TEMPLATE.md"]
    for item in ("There is documentation", "Only one sentence per line", "Code adheres", "Successful tests cover"):
        assert item in body
    assert "It is based on" not in body and "It shall help" not in body


HASHIE_GUIDE = """# Contributing

#### Update Changelog

Add your line to the appropriate section, following these conventions:

* **Added** - When you add a new behavior to any class or module (or add a new extension) that does not break backwards compatibility, you should mark it as "added". This is generally a fully new behavior that does not touch any pre-existing public API. Changes here require a MINOR version bump, following the Semantic Versioning specification.
* **Changed** - You should mark any change to the behavior of a public API on any class or module as "changed". Changes here require a MAJOR version bump.
* **Fixed** - Any time you fix a bug you should mark as "fixed". Changes here require a PATCH version bump.
* **Miscellaneous** - Mark any other changes you make (i.e. documentation updates, test harness changes, etc.) as "miscellaneous". Changes here require a PATCH version bump.
"""


def test_a_list_of_terms_keeps_every_item_whole(make_project):
    rules = bodies(make_project, {"CONTRIBUTING.md": HASHIE_GUIDE, "lib/a.rb": "x = 1\n"})["rules/CONTRIBUTING.md"]
    added = next(line for line in rules.splitlines() if line.startswith("- Added"))
    assert added.endswith("Changes here require a MINOR version bump, following the Semantic Versioning specification.")
    assert "- Miscellaneous - Mark any other changes" in rules


CHANGELOG = """# Changelog

## [Unreleased]

### Added

* [#592](https://github.com/o/r/pull/592): Added support for Ruby 4.0 - [@dblock](https://github.com/dblock).
* Your contribution here.

## [5.1.0] - 2025-01-01

### Fixed

* [#580](https://github.com/o/r/pull/580): Fixed a crash - [@someone](https://github.com/someone).
"""

CHANGES = """## Unreleased

### Fixes

* Reject `Encoder::with_info` calls whose `info.interlaced` is `true` with
  a clear `InterlacedEncodingUnsupported` format error. Previously the IHDR
  was written with `interlace_method = 1` but `write_image_data` wrote
  non-interlaced IDAT bytes, producing a PNG that every decoder (including
  this crate's own) rejected with `UnknownFilterMethod(n)`. Interlaced
  encoding is a distinct feature that is not yet implemented.

## 0.18.1

### Additions

* Made `ScaledFloat::SCALING` constant public. ([#650])

### Changes

* Ignore duplicate `acTL` chunks instead of producing errors. ([#651])

### Fixes

* Fixed nightly `portable_simd` build. ([#675])

## 0.18.0

### API Breaking Changes

* Removed the deprecated `Reader::info_mut` method. ([#600])

### Fixes

* Fixed a panic on truncated input. ([#601])
"""


def test_a_changelog_line_is_quoted_as_written_and_its_sections_come_from_the_releases(make_project):
    rule = bodies(make_project, {"CHANGELOG.md": CHANGELOG, "lib/a.rb": ""})["rules/changelog"]
    assert (
        'A line reads (under Added): "[#592](https://github.com/o/r/pull/592): Added support for Ruby 4.0 - '
        '[@dblock](https://github.com/dblock)."' in rule
    )
    rule = bodies(make_project, {"CHANGES.md": CHANGES, "src/lib.rs": ""}, name="png")["rules/changelog"]
    assert "Fixes, Additions, Changes, API Breaking Changes" in rule
    assert "Previously" not in rule and "…" not in rule, "an entry is quoted whole or not at all"
    assert 'A line reads (under Additions): "Made `ScaledFloat::SCALING` constant public. ([#650])"' in rule


TOX = """[tox]
envlist = format, py312

[testenv]
commands = pytest

[testenv:format]
deps = black
commands =
    black --check --diff pkg/
    isort --check --diff --profile black pkg
"""


def test_a_tox_env_that_only_checks_the_format_is_not_the_format_command(make_project):
    learned = bodies(make_project, {"tox.ini": TOX, "pkg/a.py": "x = 1\n", "pyproject.toml": "[project]\nname='p'\n"})
    assert "tox -e format" not in learned.get("workflow/format", "")
    assert "`tox -e format` (checks the format, changes nothing)" in learned["workflow/lint"]
