"""A one-shot recall answers from the index saved for memory.json's exact bytes and its scope, and
says exactly what a full refresh says: after any write, in any scope, over a damaged cache."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.store.filestore import Change, Delete, FileStore
from tests.cli_helpers import ID_RE
from tests.conftest import install_fixture, seed
from tests.retrieval.test_pipeline import CORPUS, FP, NOW, OTHER_FP, rec

WORDS = ["router", "handler", "vitest", "pytest", "cache", "session", "migration", "schema", "deploy", "queue",
         "retry", "logging", "config", "database", "release", "lint", "argon2id", "bcrypt", "tokens",
         "src/auth/jwt.ts", "src/server/router.ts", "E1234"]  # fmt: skip
PROMPTS = [
    "where do the HTTP handlers live and how are they wired",
    "why argon2id and not bcrypt for password hashing",
    "edit the router: HTTP handlers, apply_patch, explicit return types in TypeScript",
    "fix the flaky vitest cache test in src/auth/jwt.ts",
    "how do we deploy a release after the database migration",
    "error E1234 from the queue retry logic",
    "what is the capital of Mongolia",
]


def many_records(n: int = 240) -> list[Any]:
    """The corpus plus generated memories in both workspaces, with shared words (ties) and edges."""
    rng = random.Random(7)
    out = list(CORPUS)
    classes = ["fact", "decision", "failure", "workflow", "repo_rule"]
    for i in range(n):
        body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12)))
        fp = FP if i % 3 else OTHER_FP
        cls = classes[i % len(classes)]
        leaf = {"fact": "facts", "decision": "decisions", "failure": "failures", "workflow": "workflows",
                "repo_rule": "repo_rules"}[cls]  # fmt: skip
        edges = [{"type": "relates_to", "target": f"mem_gen{i - 1:04d}"}] if i % 4 == 1 else []
        ns = f"account:local/projects/workspace:{fp}/{leaf}"
        out.append(rec(f"mem_gen{i:04d}", f"Note {i % 17}: {body}", cls, ns=ns, days=1 + i % 9, edges=edges))
    return out


def retriever(paths: PicassoPaths, *, saved: bool, fp: str = FP, account: str = "local") -> Retriever:
    return Retriever(paths, account_id=account, workspace_fingerprint=fp, language="typescript",
                     embedder=HashEmbedder(), clock=lambda: NOW, graph=False, saved_index=saved)  # fmt: skip


def answer(r: Retriever, prompt: str) -> dict[str, Any]:
    out = r.recall(prompt, emit=False).as_json()
    del out["timings_ms"]
    return out


def assert_same_as_full_refresh(paths: PicassoPaths, fp: str = FP, account: str = "local") -> None:
    for prompt in PROMPTS:
        saved = answer(retriever(paths, saved=True, fp=fp, account=account), prompt)
        assert saved == answer(retriever(paths, saved=False, fp=fp, account=account), prompt), prompt


def saved_files(paths: PicassoPaths) -> list[Path]:
    return sorted((paths.cache_dir / "recall").glob("*.bin"))


@pytest.fixture
def seeded(paths: PicassoPaths) -> PicassoPaths:
    seed(paths, many_records())
    FileStore(paths).apply([Delete("mem_gen0005"), Change("mem_gen0010", lambda r: r.with_attributes(archived_at=NOW))])
    return paths


def test_a_saved_index_answers_exactly_as_a_full_refresh_without_decoding_the_file(
    seeded: PicassoPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = {p: answer(retriever(seeded, saved=False), p) for p in PROMPTS}
    assert any(e["entries"] for e in expected.values())
    assert answer(retriever(seeded, saved=True), PROMPTS[0]) == expected[PROMPTS[0]]  # builds and saves
    assert len(saved_files(seeded)) == 1

    def no_decoding(self: FileStore) -> None:
        raise AssertionError("a saved index must spare decoding memory.json")

    monkeypatch.setattr(FileStore, "read_document", no_decoding)
    for prompt in PROMPTS:
        assert answer(retriever(seeded, saved=True), prompt) == expected[prompt], prompt


def test_deleted_and_archived_memories_stay_out(seeded: PicassoPaths) -> None:
    retriever(seeded, saved=True).refresh()
    fresh = retriever(seeded, saved=True)
    fresh.refresh()
    assert "mem_gen0005" not in fresh.records and "mem_gen0010" not in fresh.records
    assert "mem_gen0004" in fresh.records  # the same workspace, live


def test_each_scope_sees_only_its_own_memories(seeded: PicassoPaths) -> None:
    for fp, account in ((FP, "local"), (OTHER_FP, "local"), (FP, "bob"), (FP, "local")):
        assert_same_as_full_refresh(seeded, fp, account)
        r = retriever(seeded, saved=True, fp=fp, account=account)
        r.refresh()
        namespaces = {r.records[rid].metadata.namespace for rid in r.records}
        assert namespaces and all(r.scope.allows(ns) for ns in namespaces)
        leaked = {"mem_h"} if fp == FP else {"mem_a", "mem_b"}
        assert not leaked & set(r.records)
    assert len(saved_files(seeded)) == 3  # one per scope, all for this content of memory.json


def test_a_scope_without_memories_is_saved_and_answers_nothing(seeded: PicassoPaths) -> None:
    assert_same_as_full_refresh(seeded, "bbbbbbbbbbbb", "carol")  # an account with no memory here at all
    r = retriever(seeded, saved=True, fp="bbbbbbbbbbbb", account="carol")
    r.refresh()
    assert r.vectors.partial and len(r.records) == 0  # from its saved (empty) index


def test_a_write_since_the_index_was_saved_is_seen(seeded: PicassoPaths) -> None:
    prompt = "where do the HTTP handlers live and how are they wired"
    before = answer(retriever(seeded, saved=True), prompt)
    assert "mem_b" in [e["id"] for e in before["entries"]]
    FileStore(seeded).apply([Delete("mem_b")])
    after = answer(retriever(seeded, saved=True), prompt)
    assert "mem_b" not in [e["id"] for e in after["entries"]]
    assert after == answer(retriever(seeded, saved=False), prompt)
    assert len(saved_files(seeded)) == 1  # the index of the old content is gone: it held mem_b's text


def test_an_edit_that_keeps_size_and_mtime_is_seen(seeded: PicassoPaths) -> None:
    retriever(seeded, saved=True).refresh()
    path = seeded.memory_file
    st = os.stat(path)
    data = path.read_bytes()
    assert b"Test runner is Vitest." in data
    path.write_bytes(data.replace(b"Test runner is Vitest.", b"Test runner is Jasmin."))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_size == st.st_size and os.stat(path).st_mtime_ns == st.st_mtime_ns
    r = retriever(seeded, saved=True)
    r.refresh()
    assert r.records["mem_a"].body == "Test runner is Jasmin. Tests live alongside source in *.test.ts files."
    assert_same_as_full_refresh(seeded)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "flipped"])
def test_a_damaged_index_is_rebuilt_silently(seeded: PicassoPaths, damage: str) -> None:
    retriever(seeded, saved=True).refresh()
    (saved,) = saved_files(seeded)
    data = bytearray(saved.read_bytes())
    if damage == "garbage":
        data[:] = os.urandom(len(data))
    elif damage == "truncated":
        del data[len(data) // 2 :]
    elif damage == "empty":
        data.clear()
    else:  # one bit of one vector: only the checksum can tell
        data[len(data) // 3] ^= 0x10
    saved.write_bytes(bytes(data))
    assert_same_as_full_refresh(seeded)
    assert saved_files(seeded) == [saved] and saved.read_bytes() != bytes(data)  # rewritten


def test_a_migrated_file_is_never_indexed_by_its_bytes(paths: PicassoPaths) -> None:
    install_fixture(paths, "v1-cli.json")  # an old file's namespaces depend on more than its bytes
    assert_same_as_full_refresh(paths)
    assert saved_files(paths) == []


def test_another_writers_layout_is_read_in_full(seeded: PicassoPaths) -> None:
    doc = orjson.loads(seeded.memory_file.read_bytes())
    seeded.memory_file.write_bytes(orjson.dumps(doc, option=orjson.OPT_INDENT_2))  # valid, not one record a line
    assert_same_as_full_refresh(seeded)
    assert saved_files(seeded) == []  # no line offsets to save


def test_cold_recall_sees_another_process_write(make_repo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real processes: each recall a fresh one, the writes made by others in between."""
    repo = make_repo()
    monkeypatch.chdir(repo)
    settings.set_value("retrieval.embedder", "hash")

    def picasso(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "picasso_tui.cli", *args], cwd=repo,
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done.stdout

    staging = picasso("memory", "add", "Deploys go through the staging cluster before production.").strip()
    assert ID_RE.match(staging)
    picasso("memory", "add", "Production deploys need a signed release tag.")
    picasso("memory", "add", "Deploys to production run on Tuesdays only.")
    picasso("memory", "add", "Database migrations run with alembic upgrade head.")
    prompt = "how do deploys to production go through the staging cluster"
    assert "staging cluster" in picasso("memory", "recall", prompt)
    assert "staging cluster" in picasso("memory", "recall", prompt)  # from the saved index
    picasso("memory", "delete", staging)
    assert "staging cluster" not in picasso("memory", "recall", prompt)
    picasso("memory", "add", "Deploys to production are announced in the releases channel.")
    block = picasso("memory", "recall", prompt)
    assert "releases channel" in block and "staging cluster" not in block
