"""A decision agreed in conversation, without a plan event (conversation.py)."""

from __future__ import annotations

import pytest

from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.transcript import Transcript

ADVICE = (
    "Two ways to get the request id into handlers: a middleware that stores it in extensions, or a typed "
    "extractor. I'd recommend a typed extractor (FromRequestParts) because handlers get typed access and it "
    "composes with Router::with_state."
)


def talk(*turns: tuple[str, str]) -> list[tuple[str, str]]:
    t = Transcript("sess_C")
    for kind, text in turns:
        t.add(kind, text=text)
    return [(o.body, o.rule) for o in classify(t) if o.cls.value == "decision"]


@pytest.mark.parametrize("reply", ["yes, go with that", "Sounds good, do it.", "ok", "lgtm"])
def test_a_recommendation_the_user_agrees_to_is_a_decision(reply):
    decided = talk(("prompt", "add a request id to the example"), ("output", ADVICE), ("prompt", reply))
    assert decided == [
        (
            "A typed extractor (FromRequestParts) because handlers get typed access and it composes with "
            "Router::with_state.",
            "agreed-decision",
        )
    ]


def test_the_reason_in_the_next_sentence_is_kept_with_it():
    advice = "I'd suggest we keep the cache in process. It keeps the deploy to one service."
    decided = talk(("prompt", "where should the cache live"), ("output", advice), ("correction", "agreed"))
    assert decided == [("Keep the cache in process: it keeps the deploy to one service.", "agreed-decision")]


@pytest.mark.parametrize(
    ("advice", "reply"),
    [
        (ADVICE, "no, use a middleware"),  # not agreed
        (ADVICE, "why not a middleware?"),
        ("Should I also add a test for the empty header?", "yes"),  # a question proposes nothing
        ("The test can't reach PostgreSQL; the compose file has a db service.", "ok great"),  # nothing recommended
        ("Done. I'd suggest running the full suite next.", "ok"),  # a next step, not a choice between ways
    ],
)
def test_no_decision_without_a_recommendation_and_an_agreement(advice, reply):
    assert talk(("prompt", "add a request id"), ("output", advice), ("prompt", reply)) == []


def test_an_approval_that_answers_a_plan_is_the_plans_decision_not_a_second_one():
    decided = talk(
        ("prompt", "plan the id change"),
        ("output", ADVICE),
        ("plan", "Decision: read the request id with a typed extractor."),
        ("correction", "approved"),
    )
    assert [rule for _, rule in decided] == ["approved-plan"]
