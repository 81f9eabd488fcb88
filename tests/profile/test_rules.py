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


def _rules(make_project, files: dict[str, str], name: str = "project") -> dict[str, str]:
    repo = make_project(files, name=name)
    return {f.key: f.body for f in rules.investigate(walk(repo.root)).findings}


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
    assert [f.body for f in found] == ["Contributor guide CONTRIBUTING.rst:\nStyle:\n- Code must pass `tox -e style`."]


def test_a_guide_that_only_points_elsewhere_gives_no_rules(make_project):
    repo = make_project({"docs/contributing.rst": "Contributing\n============\n\nSee the detailed guide online.\n"})
    assert rules.investigate(walk(repo.root)).findings == []


def test_placeholders_in_commands_stay_and_html_tags_and_commented_steps_go() -> None:
    text = (
        "- Run `make test-one NAME=<test name>` before you push.<br>\n"
        "- Open ‹path› in the editor\n"
        "<!--\n- Run the old deploy script\n-->\n"
        "- Use <details>tabs</details> for indentation\n"
    )
    said = [rule for _, rule in rules.distil(text)]
    assert "Run `make test-one NAME=<test name>` before you push." in said and "Open ‹path› in the editor" in said
    assert "Use tabs for indentation" in said and not any("deploy" in r for r in said)


def test_agent_files_with_the_same_text_are_written_once_citing_the_others(make_project):
    same = "# Rules\n\n- Run `make check` before every commit.\n"
    learned = _rules(make_project, {"CLAUDE.md": same, "AGENTS.md": same, "GEMINI.md": "- Keep lines short.\n",
                                    "Makefile": "check:\n\ttrue\n"})  # fmt: skip
    assert "rules/AGENTS.md" not in learned and "(the same in AGENTS.md)" in learned["rules/CLAUDE.md"]
    assert "Keep lines short" in learned["rules/GEMINI.md"] and "same in" not in learned["rules/GEMINI.md"]


def test_a_readme_development_section_gives_rules_and_a_readme_without_one_does_not(make_project):
    readme = (
        "# Widget\n\nWidget draws widgets.\n\n## Development\n\n"
        "Please run `make lint` before opening a pull request.\n\n## License\n\nMIT. You must keep the notice.\n"
    )
    learned = _rules(make_project, {"README.md": readme})
    body = learned["rules/README.md"]
    assert "make lint" in body and "Development section" in body and "notice" not in body
    plain = _rules(make_project, {"README.md": "# Widget\n\nYou must read the docs.\n"}, name="plain")
    assert "rules/README.md" not in plain


def test_a_readme_section_that_only_points_to_the_kept_guide_gives_nothing(make_project):
    readme = "# Widget\n\n## Contributing\n\nPlease read the CONTRIBUTING guidelines before submitting pull requests.\n"
    guide = "# Contributing\n\n- Run `make test` before you push; tests must pass.\n"
    learned = _rules(make_project, {"README.md": readme, "CONTRIBUTING.md": guide, "Makefile": "test:\n\ttrue\n"})
    assert "rules/README.md" not in learned and "make test" in learned["rules/CONTRIBUTING.md"]
    alone = _rules(make_project, {"README.md": readme}, name="alone")
    assert "CONTRIBUTING guidelines" in alone["rules/README.md"]
