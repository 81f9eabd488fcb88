"""The rules a user states wherever the marker sits in the sentence, and whose choice a "use X, not Y" is."""

from __future__ import annotations

import pytest

from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.transcript import Transcript


def taught(kind: str, text: str) -> list[tuple[str, str]]:
    t = Transcript("sess_R")
    if kind == "correction":
        t.add("prompt", text="fix the bug")
    t.add(kind, text=text)
    return [(o.cls.value, o.body) for o in classify(t)]


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("prompt", "thanks. keep CHANGELOG.md updated for every fix, that's a rule in this repo. add the entry now",
         [("repo_rule", "Keep CHANGELOG.md updated for every fix, that's a rule in this repo.")]),
        ("correction", "Yeah — always use `import type` for type-only imports.",
         [("repo_rule", "Always use `import type` for type-only imports.")]),
        ("prompt", "Looks fine. Prefix commit messages with the area, that's the convention here.",
         [("repo_rule", "Prefix commit messages with the area, that's the convention here.")]),
        ("prompt", "Fix the parser. Also run `make lint` before you're done — CI runs it.",
         [("repo_rule", "Run `make lint` before you're done — CI runs it.")]),
        ("correction", "Actually, don't add `type: ignore` comments.",
         [("repo_rule", "Don't add `type: ignore` comments.")]),
        ("correction", "we don't use unwrap() in library code here.",
         [("repo_rule", "We don't use unwrap() in library code here.")]),
        ("prompt", "Add the endpoint. Every migration here needs a down step.",
         [("repo_rule", "Every migration here needs a down step.")]),
        ("prompt", "It's a monorepo — never run npm install at the root.",
         [("repo_rule", "It's a monorepo — never run npm install at the root.")]),
    ],
)  # fmt: skip
def test_a_rule_is_a_rule_wherever_its_marker_sits(kind, text, expected):
    assert taught(kind, text) == expected


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("prompt", "The test always fails on CI, can you look?"),  # a report, not an order
        ("prompt", "It never worked with Python 3.8. Fix the import."),
        ("prompt", "Should we always retry on timeouts"),  # a question
        ("prompt", "Should we always retry on timeouts?"),
        ("prompt", "We don't know why the cache is cold. Investigate."),
        ("prompt", "Fix the flaky test in this repo."),
        ("prompt", "Run the migration and then check the logs."),
        ("prompt", "Make every request need a token."),  # a task, not a rule about this repository
        ("correction", "No, never mind, fix the other test first."),
        ("prompt", "I always get a timeout when I run the suite. Look into it."),  # another subject: a report
        ("prompt", "It's a rule engine bug, fix the parser."),
        ("prompt", "Currently we use requests here, can you switch to httpx"),  # the task, not a rule
        ("prompt", "Run the migration before you're done."),  # the task's last step, no check named
    ],
)
def test_words_that_only_look_like_a_rule_teach_nothing(kind, text):
    assert taught(kind, text) == []


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("No, we use Fabrication here, not FactoryBot — `Fabricate(:account, ...)`.",
         "We use Fabrication here, not FactoryBot — `Fabricate(:account, ...)`."),
        ("no, we use pnpm not npm.", "We use pnpm not npm."),
        ("Use pnpm instead of npm.", "Use pnpm instead of npm."),  # a package manager is the repository's choice
    ],
)  # fmt: skip
def test_a_choice_the_repository_makes_is_a_repo_rule_not_an_account_wide_style(text, body):
    assert taught("correction", text) == [("repo_rule", body)]


def test_a_choice_with_no_sign_of_the_repository_stays_the_developers_style():
    assert taught("correction", "No, use pathlib.Path, not os.path.") == [
        ("style", "Prefer pathlib.Path over os.path.")
    ]
