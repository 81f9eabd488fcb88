"""The retrieval pipeline: scope first, the floor, the block and its budget, the cache."""

from __future__ import annotations

import json
import random
import re
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import orjson
import pytest

from picasso_tui.retrieval.block import HEADER
from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.retrieval.scope import Scope
from picasso_tui.store.filestore import Change, Delete, FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord
from tests.conftest import seed

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
FP = "3f9a1c2b7d4e"
OTHER_FP = "aaaaaaaaaaaa"


def rec(rid: str, body: str, cls: str = "fact", ns: str | None = None, days: float = 1, **md) -> MemoryRecord:
    leaf = {"fact": "facts", "decision": "decisions", "failure": "failures", "workflow": "workflows",
            "repo_rule": "repo_rules"}.get(cls)  # fmt: skip
    namespace = ns or f"account:local/projects/workspace:{FP}/{leaf}"
    when = (NOW - timedelta(days=days)).isoformat()
    return MemoryRecord.model_validate(
        {
            "id": rid,
            "body": body,
            "metadata": {"class": cls, "namespace": namespace, "createdAt": when, "lastObservedAt": when, **md},
        }
    )


CORPUS = [
    rec("mem_a", "Test runner is Vitest. Tests live alongside source in *.test.ts files."),
    rec("mem_b", "All HTTP handlers live in src/handlers/ and are wired through src/server/router.ts."),
    rec("mem_c", "Chose argon2id over bcrypt for password hashing because of memory-hardness.", "decision",
        edges=[{"type": "relates_to", "target": "mem_d"}]),
    rec("mem_d", "Password hashes are stored in the users table, column password_hash.", "fact"),
    rec("mem_e", "Use apply_patch for manual source edits.", "repo_rule"),
    rec("mem_f", "Prefers explicit return types on exported TypeScript functions.", "style",
        ns="account:local/style/typescript"),
    rec("mem_g", "Prefers explicit return types on exported Python functions.", "style", ns="account:local/style/python"),
    rec("mem_h", "HTTP handlers for the billing service live in billing/handlers.", ns=f"account:local/projects/workspace:{OTHER_FP}/facts"),
    rec("mem_i", "HTTP handlers are registered in the router of another account.", ns=f"account:bob/projects/workspace:{FP}/facts"),
    rec("mem_j", "HTTP handlers used to live in lib/http; moved in 2024.", stalenessScore=0.95, days=200),
]  # fmt: skip


@pytest.fixture
def retriever(paths) -> Retriever:
    seed(paths, CORPUS)
    return Retriever(paths, workspace_fingerprint=FP, language="typescript", embedder=HashEmbedder(), clock=lambda: NOW)


def test_scope_is_applied_before_ranking(retriever) -> None:
    result = retriever.recall("where do the HTTP handlers live and how are they wired")
    ids = [e.id for e in result.entries]
    assert "mem_b" in ids
    assert not {"mem_h", "mem_i", "mem_g"} & set(ids)  # other workspace, other account, other language
    assert all(rid not in ("mem_h", "mem_i", "mem_g") for rid, _ in result.omitted)  # never even candidates


def test_block_has_the_spec_shape_and_section_order(retriever) -> None:
    result = retriever.recall("edit the router: HTTP handlers, apply_patch, explicit return types in TypeScript")
    lines = result.block.splitlines()
    assert lines[0] == HEADER
    titles = [line for line in lines[1:] if line.endswith(":") and not line.startswith("-")]
    order = ["Repo rules:", "Codebase facts:", "Style preferences (TypeScript):"]
    assert [t for t in titles if t in order] == [t for t in order if t in titles]
    assert titles[0] == "Repo rules:"  # repo rules surface first
    assert "(last observed: 1 day ago)" in result.block


def test_nothing_applies_injects_nothing(retriever) -> None:
    result = retriever.recall("what is the capital of Mongolia")
    assert result.entries == [] and result.block == ""
    assert result.gate is not None and not result.gate.open and result.gate.cue == "explanation"
    assert result.omitted == [] and "embed" not in result.timings_ms  # shut before the model ran
    general = retriever.recall("capital city of Mongolia")  # no cue: none of its words in memory
    assert general.entries == [] and general.gate is not None and general.gate.cue is None
    assert general.gate.coverage == 0.0 and not general.gate.open
    assert general.omitted and all(why == "gate shut" for _, why in general.omitted)


def test_an_explanation_prompt_in_the_workspace_s_own_words_injects_nothing(retriever) -> None:
    """The words are the workspace's (a memory says where handlers are wired), but the prompt asks why the
    design is what it is: no stored memory would change the answer."""
    words = "the router wires the HTTP handlers through src/server/router.ts"
    assert retriever.recall(f"check that {words}").entries  # the same words, no cue: memory applies
    result = retriever.recall(f"why does {words}?")
    assert result.entries == [] and result.block == ""
    assert result.gate is not None and result.gate.cue == "explanation" and result.gate.matched == "why does"


def test_a_task_prompt_that_shares_no_word_with_memory_still_gets_it(paths) -> None:
    """ "ship 0.9.6 today" names nothing the release memory says (coverage 0, which alone would shut the
    gate), but it asks for work on the repository: the gate opens and the top of the ranking is injected."""
    seed(paths, [
        rec("mem_rel", "Releases: run scripts/release.sh, which bumps pyproject.toml and tags the commit.", "workflow"),
        rec("mem_h1", "HTTP handlers live in src/handlers/ and are wired through src/server/router.py."),
        rec("mem_f1", "Alembic migrations failed because env.py did not import the models package.", "failure"),
    ])  # fmt: skip
    few = Retriever(paths, workspace_fingerprint=FP, language="python", embedder=HashEmbedder(), clock=lambda: NOW)
    result = few.recall("ship 0.9.6 today")
    assert result.gate is not None and result.gate.open and result.gate.cue == "task"
    assert result.gate.coverage is not None and result.gate.coverage < result.gate.needed
    assert "mem_rel" in [e.id for e in result.entries]


def test_a_new_users_few_memories_are_found(paths) -> None:
    """Three memories on three topics: a prompt about one of them gets it first, a memory about something else
    entirely (no shared word, a low cosine) does not ride along to fill the top 3, and chat gets nothing."""
    FileStore(paths).apply([Upsert(r) for r in (
        rec("mem_h1", "HTTP handlers live in src/handlers/ and are wired through src/server/router.py."),
        rec("mem_r1", "Run pytest -q before every commit; CI rejects red builds.", "repo_rule"),
        rec("mem_f1", "Alembic migrations failed because env.py did not import the models package.", "failure"),
    )])  # fmt: skip
    few = Retriever(paths, workspace_fingerprint=FP, language="python", embedder=HashEmbedder(), clock=lambda: NOW)
    assert [e.id for e in few.recall("the migration broke again").entries] == ["mem_f1"]
    tests = [e.id for e in few.recall("how do I run the tests before committing").entries]
    assert tests[0] == "mem_r1" and "mem_h1" not in tests
    for chat in ("hello there", "what is the capital of France", "thanks, that worked"):
        assert few.recall(chat).entries == [], chat


def test_a_global_memory_is_recalled_and_ranks_below_the_workspace_s_own(paths) -> None:
    """Account-wide memory (global/, DESIGN §5) is read in every workspace; when it and the workspace's own
    say the same, the workspace's comes first, though here the global note matches the prompt's words better."""
    seed(paths, [*CORPUS,
        rec("mem_ws", "Commit messages here use the imperative mood and stay under 72 characters.", "repo_rule"),
        rec("mem_gl", "Commit messages use the imperative mood and stay under 72 characters.", "style",
            ns="account:local/global/style"),
    ])  # fmt: skip
    r = Retriever(paths, workspace_fingerprint=FP, language="typescript", embedder=HashEmbedder(), clock=lambda: NOW)
    entries = r.recall("commit this with a proper message").entries
    ids = [e.id for e in entries]
    assert ids[:2] == ["mem_ws", "mem_gl"]
    own, glob = entries[0].components, entries[1].components
    assert own["workspace"] == 1.0 and glob["workspace"] == 0.0
    w_lex = r.tuning.lexical
    assert (
        glob["similarity"] + w_lex * glob["lexical"] >= own["similarity"] + w_lex * own["lexical"]
    )  # the bonus decided
    alone = Retriever(paths, workspace_fingerprint=OTHER_FP, language="go", embedder=HashEmbedder(), clock=lambda: NOW)
    assert [e.id for e in alone.recall("commit this with a proper message").entries][:1] == ["mem_gl"]  # any workspace


def test_budget_leaves_entries_out_with_a_reason(retriever) -> None:
    prompt = "edit the router: HTTP handlers, apply_patch, explicit return types in TypeScript"
    full = retriever.recall(prompt)
    assert len(full.entries) >= 2
    top = full.entries[0].record.body
    first_line = next(line for line in full.block.splitlines() if top in line)
    budget = (len(HEADER) + len(first_line) + 2 * 40) // 4  # room for the top entry and its section title only
    tight = retriever.recall(prompt, budget=budget)
    assert len(tight.entries) == 1 and tight.entries[0].id == full.entries[0].id
    assert {rid for rid, why in tight.omitted if why == "budget"} == {e.id for e in full.entries[1:]}
    assert len(tight.block) / 4 <= budget


def test_stale_records_rank_lower_and_are_marked(retriever) -> None:
    ids = [e.id for e in retriever.recall("where do the HTTP handlers live").entries]
    assert ids.index("mem_b") < ids.index("mem_j")  # the fresh fact outranks the stale one
    block = retriever.recall("where do the HTTP handlers live").block
    assert "lib/http; moved in 2024. (last observed: 6 months ago) (stale)" in block


def test_graph_expansion_follows_edges(retriever) -> None:
    result = retriever.recall("why argon2id and not bcrypt for password hashing")
    by_id = {e.id: e for e in result.entries}
    assert "mem_c" in by_id
    if "mem_d" in by_id:  # reached either directly or through the decision's edge
        assert by_id["mem_d"].via in (None, "mem_c")


def test_archived_deleted_never_returned_and_changes_are_seen(retriever, paths) -> None:
    assert "mem_b" in [e.id for e in retriever.recall("HTTP handlers router").entries]
    FileStore(paths).apply([Delete("mem_b"), Change("mem_a", lambda r: r.with_attributes(archived_at=NOW))])
    result = retriever.recall("HTTP handlers router Vitest tests")
    assert not {"mem_a", "mem_b"} & {e.id for e in result.entries}


def test_vector_cache_is_reused_and_rebuilt(paths, retriever) -> None:
    retriever.recall("anything about handlers")
    assert retriever.last_sync.embedded == len(CORPUS)  # every live record on this machine, whatever its scope
    again = Retriever(paths, workspace_fingerprint=FP, language="typescript", embedder=HashEmbedder())
    again.refresh()
    assert again.last_sync.from_cache and again.last_sync.embedded == 0
    FileStore(paths).apply([Change("mem_a", lambda r: r.with_body("Test runner is Jest now."))])
    again.refresh()
    assert again.last_sync.embedded == 1  # only the changed body
    for f in (paths.cache_dir / "vectors").rglob("*"):
        if f.is_file():
            f.write_bytes(b"garbage")
    third = Retriever(paths, workspace_fingerprint=FP, language="typescript", embedder=HashEmbedder())
    third.refresh()
    assert not third.last_sync.from_cache and third.last_sync.embedded == third.last_sync.rows
    assert [e.id for e in third.recall("Jest test runner").entries][:1] == ["mem_a"]


def test_isolation_under_1000_concurrent_queries(paths) -> None:
    """10 accounts x 10 workspaces with near-identical memories: no query sees outside its scope."""
    accounts = [f"acct{i}" for i in range(10)]
    workspaces = [f"{i:012x}" for i in range(10)]
    records = []
    for a in accounts:
        for w in workspaces:
            for k, text in enumerate(["HTTP handlers live in src/handlers", "Tests run with pytest -q",
                                      "Deploys go through the release branch"]):  # fmt: skip
                records.append(
                    rec(f"mem_{a}_{w}_{k}", f"{text} ({a}/{w})", ns=f"account:{a}/projects/workspace:{w}/facts")
                )
            records.append(
                rec(f"mem_{a}_{w}_style", "Prefers small functions", "style", ns=f"account:{a}/style/python")
            )
    seed(paths, records)
    embedder = HashEmbedder()
    retrievers = {(a, w): Retriever(paths, account_id=a, workspace_fingerprint=w, language="python", embedder=embedder)
                  for a in accounts for w in workspaces}  # fmt: skip
    for r in retrievers.values():
        r.refresh()
    rng = random.Random(7)
    jobs = [(rng.choice(accounts), rng.choice(workspaces), rng.choice(["HTTP handlers", "pytest", "release deploys",
            "small functions style", "acct3 000000000004 handlers"])) for _ in range(1000)]  # fmt: skip

    def run(job: tuple[str, str, str]) -> list[str]:
        a, w, prompt = job
        scope = Scope(a, w, "python")
        result = retrievers[(a, w)].recall(prompt, emit=False)
        return [e.id for e in result.entries if not scope.allows(e.record.metadata.namespace)]

    with ThreadPoolExecutor(max_workers=8) as pool:
        leaks = [leak for leaks in pool.map(run, jobs) for leak in leaks]
    assert leaks == []
    answered = sum(1 for a, w, p in jobs[:50] if retrievers[(a, w)].recall(p, emit=False).entries)
    assert answered > 25  # the scoped queries do find their own memories


def test_recall_cli_json_shape(picasso, paths, make_repo, monkeypatch) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git")
    monkeypatch.chdir(repo)
    assert picasso("memory", "add", "All HTTP handlers live in src/handlers/").code == 0
    res = picasso("memory", "recall", "add an HTTP handler", "--json")
    assert res.code == 0, res.err
    data = json.loads(res.out)
    assert set(data) == {"entries", "omitted", "block", "embedder", "search", "timings_ms", "gate"}
    assert data["gate"]["open"] and data["gate"]["cue"] == "task" and data["gate"]["matched"] == "add"
    assert data["search"] == "exact"  # one query from a fresh process: no graph is loaded
    assert data["entries"] and set(data["entries"][0]) >= {"id", "class", "namespace", "rank", "score", "components"}
    assert data["entries"][0]["rank"] == 1 and "total" in data["timings_ms"]
    explained = picasso("memory", "recall", "add an HTTP handler", "--explain")
    assert explained.code == 0 and "Memory context for this session:" in explained.out and "Why these" in explained.out
    assert 'relevance gate open: a task cue ("add") opens it' in explained.out
    nothing = picasso("memory", "recall", "what is the capital of Mongolia")
    assert nothing.code == 0 and nothing.out == "" and "Nothing in this workspace's memory applies" in nothing.err
    why_not = json.loads(picasso("memory", "recall", "what is the capital of Mongolia", "--json").out)
    assert why_not["entries"] == [] and why_not["gate"]["open"] is False
    assert why_not["gate"]["cue"] == "explanation" and why_not["gate"]["coverage"] is None
    general = json.loads(picasso("memory", "recall", "capital city of Mongolia", "--json").out)
    assert general["gate"]["open"] is False and general["gate"]["coverage"] < general["gate"]["needed"]
    monkeypatch.chdir(repo.parent)  # outside any repository: only account-wide memory is searched
    outside = picasso("memory", "recall", "add an HTTP handler")
    assert outside.code == 0 and "Nothing in account-wide memory (not in a git workspace) applies" in outside.err


def test_recall_explain_says_which_cue_shut_the_gate(picasso, paths, make_repo, monkeypatch) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git")
    monkeypatch.chdir(repo)
    assert picasso("memory", "add", "All HTTP handlers live in src/handlers/ and are wired in src/router.ts").code == 0
    prompt = "why are the HTTP handlers wired in src/router.ts instead of each handler's file?"
    res = picasso("memory", "recall", prompt, "--explain")
    assert res.code == 0 and "Memory context" not in res.out
    assert "Nothing in this workspace's memory applies" in res.err
    assert 'relevance gate shut by an explanation cue ("why are"): nothing is injected' in res.out
    words = picasso("memory", "recall", "nightly ledger reconciliation", "--explain")  # no cue, no word of memory's
    line = r"relevance gate shut: coverage 0\.00 of the prompt's words in nearby memories \(needs 0\.\d\d\): nothing"
    assert re.search(line, words.out)  # the threshold is the embedder family's


def test_recall_with_an_unreachable_embedder_is_one_sentence(picasso, paths, make_repo, monkeypatch) -> None:
    from picasso_tui import settings

    repo = make_repo("api2", origin="git@github.com:acme/api2.git")
    monkeypatch.chdir(repo)
    assert picasso("memory", "add", "All HTTP handlers live in src/handlers/").code == 0
    settings.set_value("retrieval.embedder", "ollama", paths)
    settings.set_value("retrieval.ollama.baseUrl", "http://127.0.0.1:9", paths)  # nothing listens there
    res = picasso("memory", "recall", "add an HTTP handler")
    assert res.code == 1
    assert "unexpected error" not in res.err and "Traceback" not in res.err
    assert len(res.err.strip().splitlines()) == 1


def test_a_damaged_record_in_scope_is_skipped_and_recall_still_answers(paths, retriever) -> None:
    # Validation is lazy (only what a query returns): a record another writer damaged must not break it.
    raw = orjson.loads(paths.memory_file.read_bytes())
    raw["records"].append({"id": "mem_zz_bad", "vector": [], "body": "HTTP handlers are registered in the router.",
                           "metadata": {"class": "fact", "namespace": f"account:local/projects/workspace:{FP}/facts",
                                        "lastObservedAt": "2026-11-29T00:00:00.000Z", "stalenessScore": 5}})  # fmt: skip
    paths.memory_file.write_bytes(orjson.dumps(raw))
    result = retriever.recall("where are HTTP handlers registered in the router", emit=False)
    assert "mem_zz_bad" in retriever.records  # indexed (scope and text are fine), only unreadable as a model
    assert result.entries and "mem_zz_bad" not in [e.id for e in result.entries]
