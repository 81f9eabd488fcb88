"""Causes found in the forty-third round by reading the misses of sets 74–112 on the session's starting code: a guide's
rule led by a bold term or label, and a paragraph's "Never …" / "Always …" sentence."""

from __future__ import annotations

from tests.profile.learned import bodies

JIGSAW = """# Contributing

## Requirements

If the project maintainer has any additional requirements, you will find them listed here.

- **[PSR-2 Coding Standard](https://example.org/psr-2)** - The easiest way to apply the conventions is to install
  PHP Code Sniffer.
- **Tlint styles** - Tighten-specific styles, built for apps.
- **One pull request per feature** - If you want to do more than one thing, send multiple pull requests.
"""

LEXIK = """# Contributing

## Coding standards

You MUST follow the PSR-12.

__Note:__ Never fix coding standards in some existing code as it makes code review more difficult.

The code style never changes. Our docs always build.
"""


def test_a_rule_led_by_a_bold_term_is_kept_without_the_terms_that_only_describe(make_project):
    files = {"CONTRIBUTING.md": JIGSAW, "composer.json": '{"name": "tightenco/jigsaw"}', "src/A.php": "<?php\n"}
    rules = bodies(make_project, files, name="jigsaw")["rules/CONTRIBUTING.md"]
    assert "One pull request per feature - If you want to do more than one thing, send multiple pull requests." in rules
    assert "Tighten-specific styles" not in rules, "a term with a description gives no order"


def test_a_never_sentence_in_a_paragraph_is_a_rule_and_its_bold_label_is_read_as_words(make_project):
    files = {"CONTRIBUTING.md": LEXIK, "composer.json": '{"name": "lexik/jwt"}', "src/A.php": "<?php\n"}
    rules = bodies(make_project, files, name="jwt")["rules/CONTRIBUTING.md"]
    assert "Note: Never fix coding standards in some existing code as it makes code review more difficult." in rules
    assert "never changes" not in rules and "always build" not in rules, "only a sentence that opens with it orders"


HACKING = """Contributing to libusb
**********************

If you extend or change the API make sure documentation is updated.

Commit messages should be formatted to 72 chars width and have a free-standing summary line.
"""
DEV_MODE = "# Development mode\n\nYou should set `DEBUG=1` while your app is in development.\n"


def test_a_developer_guide_gives_rules_but_a_framework_pages_development_mode_does_not(make_project):
    files = {"HACKING": HACKING, "docs/guide/development.md": DEV_MODE, "libusb/core.c": "int x;\n"}
    learned = bodies(make_project, files, name="libusb")
    assert learned["rules/HACKING"].startswith("Developer guide HACKING:")
    assert "Commit messages should be formatted to 72 chars width" in learned["rules/HACKING"]
    assert not any("DEBUG=1" in body for key, body in learned.items() if key.startswith("rules/"))
