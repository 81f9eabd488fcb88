"""Decisions only where the source gives a reason (issue 17 point 1): design docs, README "why" sections,
manifest comments, changelog entries and commit bodies; a bare subject is never a decision."""

from __future__ import annotations

from picasso_tui.profile import decisions, reasons
from picasso_tui.profile.walk import walk

DESIGN = """Design Decisions in Widget
=========================

Why Widget does things the way it does.

One Template Engine
-------------------

Widget renders with Jinja only. We bundle one engine because extensions can then rely on it being present.

The Logo
--------

The logo is blue. It was drawn in 2019.
"""


def _learned(repo, slots: int = 5) -> dict[str, str]:
    """Room for several inferred decisions, so that each source's own reading shows."""
    return {f.key: f.body for f in decisions.investigate(walk(repo.root), slots).findings}


def test_a_design_doc_section_with_a_reason_is_a_decision_and_one_without_is_not(make_project):
    repo = make_project({"docs/design.rst": DESIGN, "main.py": "x = 1\n"})
    learned = _learned(repo)
    body = learned["decision/design/docs/design.rst#one-template-engine"]
    assert body.startswith('Design decision (docs/design.rst, "One Template Engine"): Widget renders with Jinja only.')
    assert "because extensions can then rely on it" in body
    assert not any("logo" in b for b in learned.values()), "a section that gives no reason decides nothing"


def test_an_overview_document_is_not_read_as_decisions(make_project):
    overview = DESIGN.replace("Design Decisions in Widget", "Design overview of Widget ")
    repo = make_project({"docs/design.rst": overview, "main.py": "x = 1\n"})
    assert not any(k.startswith("decision/design/") for k in _learned(repo))


def test_a_readme_why_section_gives_a_decision(make_project):
    readme = "# Widget\n\nWidget is a tool.\n\n## Why no plugins?\n\nWidget has no plugin API. We keep one code path so that every release is tested as shipped.\n\n## Install\n\nRun it because you can.\n"
    repo = make_project({"README.md": readme})
    learned = _learned(repo)
    assert "so that every release is tested as shipped" in learned["decision/readme/why-no-plugins"]
    assert not any("Run it because" in b for b in learned.values()), "only the why / design sections"


def test_a_manifest_comment_states_a_policy_with_its_reason_or_its_discussion(make_project):
    repo = make_project({
        "go.mod": "module example.com/widget\n\n// Widget supports the four most recent major versions of Go.\n"
                  "// See https://github.com/example/widget/issues/963.\ngo 1.23\n",
        "requirements.txt": "# Pinned tooling, because CI must be reproducible.\nruff==0.6.0\n# Documentation\nmkdocs\n",
        "pyproject.toml": "[project]\nname = 'w'\n# See https://github.com/x/y/issues/5\nignore = ['x']\n",
    })  # fmt: skip
    learned = _learned(repo)
    assert learned["decision/manifest/go.mod#widget-supports-the-four-most-recent-major-versions"] == (
        "Policy stated in go.mod, line 3 (above `go 1.23`): Widget supports the four most recent major versions "
        "of Go. See https://github.com/example/widget/issues/963."
    )
    assert (
        "because CI must be reproducible"
        in learned["decision/manifest/requirements.txt#pinned-tooling-because-ci-must-be-reproducible"]
    )
    assert not any("Documentation" in b or "issues/5" in b for b in learned.values()), "a label or a bare link"


def test_a_changelog_entry_that_changes_something_and_says_why_is_a_decision(make_project):
    changelog = (
        "# Changelog\n\n## 2.0.0\n\n- **breaking:** `serve` returns 303 instead of 302 because clients must switch\n"
        "  to GET after a POST.\n- Added `Widget.spin`.\n- Switched the parser to pest.\n"
    )
    repo = make_project({"CHANGELOG.md": changelog})
    bodies = list(_learned(repo).values())
    assert bodies == [
        "Changelog CHANGELOG.md (2.0.0): breaking: `serve` returns 303 instead of 302 because clients must switch "
        "to GET after a POST."
    ], "the wrapped entry is whole; a change without a reason is left out"


TOPICS = (
    "Postgres stores orders because transactions matter",
    "Redis caches sessions because lookups stay fast",
    "Kafka carries events because consumers replay history",
    "Rust builds the parser because memory safety counts",
    "Nginx terminates TLS because certificates rotate centrally",
    "Celery schedules reports because nightly batches grow",
    "Sentry collects crashes because triage needs traces",
)


def test_at_most_a_handful_ranked_and_deduplicated(make_project):
    sections = "".join(f"\n## Choice {n}\n\n{topic}.\n" for n, topic in enumerate(TOPICS))
    repo = make_project({
        "docs/design.md": "# Design decisions\n" + sections,
        "go.mod": "module x\n\n// We pin Go 1.22 because the CI images lag behind.\ngo 1.22\n",
        "docs/adr/0001-use-postgres.md": "# Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Decision\n\nPostgreSQL.\n",
    })  # fmt: skip
    learned = _learned(repo, decisions.MAX_DECISIONS)
    assert len(learned) == 1 + decisions.MAX_DECISIONS, "the ADR, then the most consequential inferred decision"
    assert next(iter(learned)) == "decision/adr/docs/adr/0001-use-postgres.md", "ADRs first"
    assert "decision/design/docs/design.md#choice-0" in learned, "a design doc outranks a manifest comment"
    assert len(_learned(repo, 3)) == 4
    assert not any(k.startswith("decision/manifest/") for k in learned), "design docs outrank manifest comments"


def test_the_same_subject_twice_is_one_decision() -> None:
    design = reasons.Reasoned(
        "k1", "Parser", "Design decision: We parse with pest instead of nom because errors.", None, 1
    )
    commit = reasons.Reasoned(
        "k2", "Use pest", "Decided in commit: parse with pest instead of nom because errors.", None, 5
    )
    other = reasons.Reasoned(
        "k3", "Cache", "Decided in commit: cache in Redis instead of memory because restarts.", None, 5
    )
    assert decisions.most_consequential([commit, other, design], 5) == [design, other]


def test_a_reason_that_points_back_to_sentences_not_quoted_is_left_out(make_project):
    doc = (
        "# Design decisions\n\n## Micro\n\nMicro does not mean small. Widget makes few choices for you. "
        "Everything else is up to you, so that Widget fits any project.\n\n## Threads\n\n"
        "Views run on a thread. This is necessary for compatibility with old extensions.\n"
    )
    repo = make_project({"docs/design.md": doc})
    learned = _learned(repo)
    assert list(learned) == ["decision/design/docs/design.md#threads"]
    assert learned["decision/design/docs/design.md#threads"].endswith(
        "Views run on a thread. This is necessary for compatibility with old extensions."
    )
