"""Causes found in the sixtieth round: a contributor guide's tables and the items that finish a description read
as rules."""

from __future__ import annotations

from tests.profile.learned import bodies

PY_LIB = {"pyproject.toml": "[project]\nname = 'kiln'\nversion = '1'\n", "kiln/__init__.py": "x = 1\n"}


def test_a_guides_label_table_is_no_rule_and_its_branch_rules_stay(make_project):
    guide = (
        "# Contributing\n\n## Branches\n\n- All pull requests should be sent to the main branch.\n\n"
        "## Labels\n\nThis section lists the labels we use to track pull requests.\n\n"
        "### Pull Request Labels\n\n| Label name | Description |\n|---|---|\n"
        "| `work-in-progress` | Pull requests which are still being worked on, more changes will follow. |\n"
        "| `needs-review` | Pull requests which should be reviewed before they are merged. |\n"
    )
    rules = bodies(make_project, PY_LIB | {"CONTRIBUTING.md": guide}, "kiln")["rules/CONTRIBUTING.md"]
    assert "All pull requests should be sent to the main branch" in rules
    assert "|" not in rules and "work-in-progress" not in rules, rules


def test_the_items_that_finish_a_description_are_no_rules(make_project):
    guide = (
        "# Contributing\n\n## Documentation\n\nPlease add docstrings to your code.\n\n"
        "I write docstrings first. Good docstrings include information like:\n\n"
        "1. If not obvious, what is the intended use-case? When should this function be used?\n"
        "2. What happens during errors and edge cases.\n"
        "3. When dealing with physical values, include units.\n\n"
        "## Style\n\nHere are some guidelines:\n\n* Use f-strings for string formatting.\n* Do not use `os.path`.\n"
    )
    rules = bodies(make_project, PY_LIB | {"CONTRIBUTING.md": guide}, "kiln")["rules/CONTRIBUTING.md"]
    assert "Please add docstrings to your code" in rules
    assert "What happens during errors" not in rules and "include units" not in rules, rules
    assert "Use f-strings" in rules and "Do not use `os.path`" in rules, rules
