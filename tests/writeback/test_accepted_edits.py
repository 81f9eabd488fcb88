"""Style is learned from accepted edits too, not only from corrections: a follow-up that accepts the
agent's change and names what to keep doing is a positive style signal (issue 5, "style")."""

from __future__ import annotations

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.write import reflect
from tests.writeback.test_reflect_fixtures import by_class, live, load, repo_store  # noqa: F401 (fixture)


def test_an_accepted_edit_that_names_its_pattern_is_a_style_preference(repo_store) -> None:  # noqa: F811
    reflect(load("accepted_edit"), repo_store, agent="fake-agent")
    styles = by_class(live(repo_store), MemoryClass.STYLE)
    assert [s.body for s in styles] == ["Prefer early returns."]
    style = styles[0]
    assert style.metadata.namespace == "account:local/style/python"
    assert "accepted" in style.metadata.attributes.tags
    assert style.metadata.provenance.kind == "user-stated"  # type: ignore[attr-defined]
    # "continue with the migration" is the next task, not a preference: nothing else was learned as style.


def test_acceptance_without_a_named_pattern_teaches_nothing(repo_store) -> None:  # noqa: F811
    transcript = load("accepted_edit")
    for event in transcript.events:
        if event.type == "correction":
            event.data["text"] = "Looks good, keep going."
    reflect(transcript, repo_store, agent="fake-agent")
    assert by_class(live(repo_store), MemoryClass.STYLE) == []
