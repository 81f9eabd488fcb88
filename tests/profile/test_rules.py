"""Contributor-guide rules are whole instructions for changing code (issue 17 point 1, rules)."""

from __future__ import annotations

from picasso_tui.profile import rules
from picasso_tui.profile.walk import walk

GUIDE = """## Contributing to *widget*

**Thank you very much for considering contributing to this project!**

We welcome any form of contribution:

  * New issues (feature requests, bug reports, questions, ideas, ...)
  * Pull requests (documentation improvements, code improvements, new features, ...)

## Pull Request Expectations

1. Your contribution should be high quality. In particular, please don't make a Pull Request
   that was created using generative AI unless you have reviewed it yourself.
2. Enable 2FA on your account before you open a pull request.

## Style Guide

All pull requests must adhere to the [PSR-12 standard](https://example.org/psr-12).
The project started in 2015.

## Tests

The test suite starts servers on ports 8000 and 8001. Make sure these are free.

If you add a test file, it needs to be registered in two places:
- `CMakeLists.txt`: add the file to `test_sources`.
- `Makefile.am`: add the file to `TESTS`.

## Reviewing Pull Requests

- Do not block a pull request without an explanation.

## Important links

  * [Open issues](https://example.org/issues)
"""


def _said(text: str, guide: bool = True) -> list[str]:
    return [f"{heading}: {rule}" for heading, rule in rules.distil(text, guide)]


def test_a_wrapped_bullet_is_one_whole_rule_with_its_heading():
    said = _said(GUIDE)
    assert (
        "Pull Request Expectations: Your contribution should be high quality. In particular, please don't make a "
        "Pull Request that was created using generative AI unless you have reviewed it yourself."
    ) in said


def test_a_paragraph_sentence_with_a_normative_marker_is_a_rule_and_plain_prose_is_not():
    said = _said(GUIDE)
    assert "Style Guide: All pull requests must adhere to the PSR-12 standard." in said
    assert not any("2015" in r for r in said)
    assert "Tests: The test suite starts servers on ports 8000 and 8001. Make sure these are free." in said, (
        "a rule that points back ('these') keeps the sentence it points to"
    )
    assert (
        "Tests: If you add a test file, it needs to be registered in two places: `CMakeLists.txt`: add the file "
        "to `test_sources`; `Makefile.am`: add the file to `TESTS`."
    ) in said


def test_onboarding_thanks_link_lists_and_reviewing_are_not_rules():
    text = "\n".join(_said(GUIDE))
    for noise in ("Thank you", "New issues", "2FA", "Open issues", "without an explanation"):
        assert noise not in text


def test_an_agent_file_keeps_every_bullet_joined():
    said = _said("# Rules\n\n- Run `make test` before\n  every commit.\n- Thank the reviewer.\n", guide=False)
    assert said == ["Rules: Run `make test` before every commit.", "Rules: Thank the reviewer."]


def test_an_example_or_the_explanation_of_a_rule_is_not_a_rule_of_its_own():
    text = "## Style\n\nRefactors must improve speed. For example, a rename must not ship alone. The reason is that we must keep history.\n"
    assert _said(text) == ["Style: Refactors must improve speed."]


def test_the_body_names_each_section_once_and_cuts_at_a_whole_rule():
    body = rules.render(
        "Contributor guide", "CONTRIBUTING.md", [("Tests", "Add a test."), ("Tests", "Run it."), ("", "Be brief.")]
    )
    assert body == "Contributor guide CONTRIBUTING.md:\nTests:\n- Add a test.\n- Run it.\n(no section):\n- Be brief."
    many = [("Style", f"Rule number {n} must be followed exactly as written here.") for n in range(200)]
    cut = rules.render("Contributor guide", "CONTRIBUTING.md", many)
    assert len(cut) <= rules.MAX_BODY_CHARS and cut.endswith("\n- … (more in CONTRIBUTING.md)")
    assert all(line.endswith("written here.") for line in cut.splitlines()[2:-1])


def test_the_guide_is_read_where_the_repository_keeps_it_and_a_copy_is_not_read_twice(make_project):
    body = "# Contributing\n\n- Run `scripts/test` before you push; coverage must stay at 100%.\n"
    repo = make_project({
        "docs/contributing.md": body,
        ".github/CONTRIBUTING.md": body.replace("you push", "you push a branch"),
        "main.py": "x = 1\n",
    })  # fmt: skip
    found = {f.key: f for f in rules.investigate(walk(repo.root)).findings}
    assert list(found) == ["rules/docs/contributing.md"]
    assert found["rules/docs/contributing.md"].sources == ("docs/contributing.md",)
    assert "coverage must stay at 100%" in found["rules/docs/contributing.md"].body


def test_a_restructuredtext_guide_is_read(make_project):
    rst = "Contributing\n============\n\nStyle\n-----\n\nCode must pass ``tox -e style``.\n"
    repo = make_project({"CONTRIBUTING.rst": rst})
    found = rules.investigate(walk(repo.root)).findings
    assert [f.body for f in found] == [
        "Contributor guide CONTRIBUTING.rst:\nStyle:\n- Code must pass ``tox -e style``."
    ]


def test_a_guide_that_only_points_elsewhere_gives_no_rules(make_project):
    repo = make_project({"docs/contributing.rst": "Contributing\n============\n\nSee the detailed guide online.\n"})
    assert rules.investigate(walk(repo.root)).findings == []
