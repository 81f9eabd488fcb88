"""Causes found in the forty-eighth round by reading the judgements of sets 161–196: a major release's trivial
entries quoted beside its own "Breaking changes" section (icalendar), an older release's entries read as the newest
major's (react-window), the tail after release candidates quoted as the release (SonataAdminBundle), one entry
quoted twice (eslint-plugin-n), and guide lines about a CI service or a file the repository no longer has
(redcarpet's .travis.yml, rector's docker-compose.yml)."""

from __future__ import annotations

from tests.profile.learned import bodies

SOURCE = {"src/a.py": "x = 1\n"}


def _major(make_project: object, changelog: str, name: str = "project") -> str | None:
    return bodies(make_project, {"CHANGELOG.md": changelog, **SOURCE}, name).get("history/major-release")


def test_a_release_s_own_breaking_section_is_quoted_not_its_minor_changes(make_project):
    changelog = (
        "# Changes\n\n## 7.1.0 (2026-03-01)\n\n- Faster parsing\n\n## 7.0.0 (2026-02-11)\n\n### Minor changes\n\n"
        "- Remove bootstrap.py and buildout.cfg files as they are old build configurations\n"
        "- Regroup dependencies in, and remove obsolete ones, from pyproject.toml\n\n### Breaking changes\n\n"
        "- `DURATION_REGEX` moved from icalendar.prop to icalendar.prop.dt.duration\n"
        "- Drop support for Python 3.8 and 3.9\n\n### New features\n\n- Added a `recursive` parameter to copy\n"
    )
    body = _major(make_project, changelog)
    assert body is not None
    assert "`DURATION_REGEX` moved from icalendar.prop" in body
    assert "bootstrap.py" not in body and "Regroup" not in body
    assert "Python 3.8" not in body  # the runtime fact's, not this one's


def test_an_older_release_heading_ends_the_major_release_whatever_its_level(make_project):
    # react-window's `# 2.0.0` sits above `## 1.8.1`: 1.8.1's fixes are not 2.0.0's
    changelog = (
        "# Changelog\n\n## 2.1.0\n\n- Add a prop\n\n# 2.0.0\n\nVersion 2 is a rewrite.\n\n## 1.8.1\n\n"
        "- Replaced an incorrect empty-string value for `pointer-events` with `undefined`\n\n## 1.4.0\n\n"
        "- Renamed `innerTagName` to `innerElementType`\n"
    )
    body = _major(make_project, changelog)
    assert body is None or ("pointer-events" not in body and "innerTagName" not in body)


def test_a_final_release_after_its_release_candidates_quotes_none_of_its_last_fixes(make_project):
    changelog = (
        "# Changelog\n\n## 4.1.0 - 2026-01-05\n\n- Add a filter\n\n## 4.0.0 - 2025-11-05\n\n### Fixed\n\n"
        "- `ShowMapper::remove` method now correctly removes the field from the groups\n\n"
        "## 4.0.0-rc.2 - 2025-10-01\n\n### Removed\n\n- Removed the deprecated `AdminInterface::getClass` method\n"
    )
    assert _major(make_project, changelog) is None
    with_breaking = changelog.replace(
        "### Fixed\n",
        "### Breaking changes\n\n- The admin class is now configured by the `admin` tag only\n\n### Fixed\n",
    )
    body = _major(make_project, with_breaking, "with-breaking")
    assert body is not None and "configured by the `admin` tag only" in body


def test_an_entry_listed_twice_is_quoted_once_and_an_rst_link_keeps_its_text(make_project):
    changelog = (
        "# Changelog\n\n## 18.1.0 (2026-06-01)\n\n- Faster\n\n## 18.0.0 (2026-05-04)\n\n### Features\n\n"
        "- remove no-unpublished-bin from recommended (#485)\n- remove no-unpublished-bin from recommended (#485) "
        "(f95aae7)\n- Removed hidden dependency on `py.path <https://py.readthedocs.io/>`_ (replaced with pathlib)\n"
    )
    body = _major(make_project, changelog) or ""
    assert body.count("no-unpublished-bin") == 1
    assert "`py.path` (replaced with pathlib)" in body


def test_dependency_bumps_in_a_breaking_section_are_not_what_broke(make_project):
    changelog = (
        "# Changelog\n\n## 6.1.0 (2026-05-01)\n\n- Faster\n\n## 6.0.0 (2026-04-02)\n\n### ⚠ BREAKING CHANGES\n\n"
        "- deps: bump html-dom-parser from 5.1.8 to 7.0.0\n- tsconfig: change build target from `es5` to `es2015` "
        "for modern browsers\n"
    )
    body = _major(make_project, changelog) or ""
    assert "html-dom-parser" not in body
    assert "change build target from `es5` to `es2015`" in body


GUIDE = """# Contributing

## Pull requests

- Add a test for every bug fix you submit.
- Make sure your change works on all the Ruby versions listed in .travis.yml.
- Run the database tests with the docker-compose.yml file provided in the repository.
- Run `bundle exec rake` before you push: every spec must pass.
"""


def test_guide_lines_about_a_ci_service_or_a_file_the_repository_no_longer_has_are_left_out(make_project):
    files = {"CONTRIBUTING.md": GUIDE, "lib/a.rb": "x = 1\n", ".github/workflows/test.yml": "name: t\n"}
    rules = bodies(make_project, files)["rules/CONTRIBUTING.md"]
    assert "Add a test for every bug fix" in rules and "every spec must pass" in rules
    assert ".travis.yml" not in rules and "docker-compose" not in rules
    kept = {**files, ".travis.yml": "language: ruby\n", "docker-compose.yml": "services: {}\n"}
    rules = bodies(make_project, kept, "still-there")["rules/CONTRIBUTING.md"]
    assert ".travis.yml" in rules and "docker-compose.yml" in rules


def test_a_line_that_asks_the_reader_to_create_the_file_is_kept(make_project):
    guide = "# Contributing\n\n- Create a docker-compose.yml file of your own to run the database tests locally.\n"
    rules = bodies(make_project, {"CONTRIBUTING.md": guide, "lib/a.rb": "x = 1\n"})["rules/CONTRIBUTING.md"]
    assert "docker-compose.yml" in rules


def test_a_sentence_that_leans_on_a_step_left_out_is_not_a_rule_alone():
    from picasso_tui.profile.rule_words import REFERS_BACK

    assert REFERS_BACK.search("If not, more steps are required.")
    assert REFERS_BACK.search("Before doing so, please open an issue.")
    assert REFERS_BACK.search("In both contexts, please follow the conduct guidelines.")
    assert not REFERS_BACK.search("If a test fails, run it again with `-v` to see the output.")


COVERITY = (
    "name: Coverity Scan\non: [push]\njobs:\n  coverity:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - run: ./configure\n      - run: cov-build --dir cov-int make\n"
)


def test_a_coverity_scan_workflow_gives_no_build_command(make_project):
    # libsrtp's coverity_scan.yml wraps make in cov-build, which only the scan's CI has
    files = {"configure.ac": "AC_INIT([srtp], [2.6])\n", "Makefile.in": "all:\n", "srtp/srtp.c": "int x;\n",
             ".github/workflows/coverity_scan.yml": COVERITY}  # fmt: skip
    assert "cov-build" not in bodies(make_project, files, name="libsrtp").get("workflow/build", "")


def test_rustdoc_is_not_guessed_for_a_crate_whose_maintainers_never_mention_docs_rs(make_project):
    # fend's core crate is documented by its pandoc manual, cargo-c's by its README: rustdoc is not their docs
    manifest = '[package]\nname = "fend-core"\nversion = "1.5.0"\nedition = "2021"\n'
    files = {"Cargo.toml": manifest, "src/lib.rs": "pub mod parser;\n",
             "README.md": "# fend\n\nArbitrary-precision unit-aware calculator. See the manual in documentation/.\n"}  # fmt: skip
    assert "workflow/docs" not in bodies(make_project, files, name="fend")
    badged = {
        **files,
        "README.md": "# fend\n\n[![docs](https://docs.rs/fend-core/badge.svg)](https://docs.rs/fend-core)\n",
    }
    assert "`cargo doc --no-deps`" in bodies(make_project, badged, name="fend-docs")["workflow/docs"]


def test_the_main_source_memory_names_the_test_folder_and_leaves_the_count_to_the_tests_memory(make_project):
    # gulp's source memory said "test/ (1 file)" where mocha runs all four files: the count is said once, or not
    files = {"package.json": '{"name": "g", "scripts": {"test": "mocha"}}', "lib/index.js": "module.exports = 1\n",
             "lib/run.js": "module.exports = 2\n", "test/a.test.js": "it('a', () => {})\n",
             "test/b.test.js": "it('b', () => {})\n", "test/c.test.js": "it('c', () => {})\n"}  # fmt: skip
    learned = bodies(make_project, files, name="gulp")
    assert learned["layout/source"].endswith("Its tests are in test/.")
    assert "3 test files" in learned["layout/tests"]


def test_go_files_the_go_tool_never_reads_are_not_formatted(make_project):
    # moq keeps deliberately unformatted golden files in testdata/: `gofmt -w .` rewrites them and breaks a test
    files = {"go.mod": "module example.com/moq\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             "pkg/moq/testdata/golden.go": "package golden\nfunc  F( ) {}\n"}  # fmt: skip
    assert bodies(make_project, files, name="moq")["workflow/format"].startswith("To format: `go fmt ./...`")
    plain = {k: v for k, v in files.items() if "testdata" not in k}
    assert bodies(make_project, plain, name="plain")["workflow/format"].startswith("To format: `gofmt -w .`")


def test_a_rule_about_an_uncommitted_lock_file_is_kept(make_project):
    guide = "# Contributing\n\n- Never commit Gemfile.lock: the gem is tested against the newest dependencies.\n"
    rules = bodies(make_project, {"CONTRIBUTING.md": guide, "lib/a.rb": "x = 1\n"})["rules/CONTRIBUTING.md"]
    assert "Gemfile.lock" in rules
