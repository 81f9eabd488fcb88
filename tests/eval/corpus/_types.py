"""The authoring form of the evaluation set: memories and prompts with symbolic keys.

`build_dataset.py` turns these into `records.json` (store v2 records with fixed ids and times) and
`queries.json` (prompts whose labels are record ids).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Mem:
    key: str
    cls: str  # fact, decision, failure, workflow, repo_rule, style
    body: str
    files: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    prevent: tuple[str, ...] = ()
    pinned: bool = False
    related: tuple[str, ...] = ()  # keys of records in the same workspace (or style language)


@dataclass(frozen=True)
class Query:
    prompt: str
    relevant: tuple[str, ...]  # record keys; "style:<language>/<key>" for style records


@dataclass(frozen=True)
class Workspace:
    key: str
    repo: str  # owner/name on GitHub: the fingerprint is derived from its normalised origin URL
    language: str
    sources: tuple[str, ...]  # paths in the repository the records paraphrase
    records: list[Mem] = field(default_factory=list)
    queries: list[Query] = field(default_factory=list)
    nothing: list[str] = field(default_factory=list)  # prompts where no memory applies


def _mem(cls: str):
    def make(
        key: str,
        body: str,
        *,
        files: tuple[str, ...] | list[str] = (),
        tags: tuple[str, ...] | list[str] = (),
        prevent: tuple[str, ...] | list[str] = (),
        pinned: bool = False,
        related: tuple[str, ...] | list[str] = (),
    ) -> Mem:
        return Mem(key, cls, body, tuple(files), tuple(tags), tuple(prevent), pinned, tuple(related))

    return make


fact = _mem("fact")
decision = _mem("decision")
failure = _mem("failure")
workflow = _mem("workflow")
rule = _mem("repo_rule")
style = _mem("style")


def q(prompt: str, *relevant: str) -> Query:
    return Query(prompt, tuple(relevant))
