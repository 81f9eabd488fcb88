"""Redacting a whole memory record, and the file it is written to rescanning clean."""

from __future__ import annotations

import random
import string

import orjson
import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.redact.redact import RedactionFailed, contains_secret, redact_record
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord

_rng = random.Random(11)
B62 = string.ascii_letters + string.digits


def fake(n: int) -> str:
    return "".join(_rng.choice(B62) for _ in range(n))


GH = "ghp_" + fake(36)
ANT = "sk-ant-api03-" + fake(93) + "AA"
PW = "Zq" + fake(12) + "!"


def record_with_secrets_everywhere() -> MemoryRecord:
    return MemoryRecord.model_validate(
        {
            "id": "mem_01HZX8K4T9V2Q3R5S6W7Y8Z9AB",
            "vector": [0.25, -0.5],
            "body": f"Deploys need GITHUB_TOKEN={GH} and the key {ANT}.",
            "metadata": {
                "class": "workflow",
                "namespace": "account:local/global/workflows",
                "createdAt": "2026-11-01T10:00:00.000Z",
                "lastObservedAt": "2026-11-02T10:00:00.000Z",
                "pinned": True,
                "edges": [{"type": "relates_to", "target": f"https://ci:{PW}@ci.example.org/job/7"}],
                "preventNextTime": [f"never paste {GH} into a commit"],
                "provenance": {
                    "sessionId": "run-42",
                    "eventIndex": 3,
                    "sourceFiles": [".env", f"logs/{GH}.txt"],
                    "sourcePlan": f"plan: export ANTHROPIC_API_KEY={ANT}",
                },
                "attributes": {
                    "title": f"release with {GH}",
                    "source": "reflection",
                    "tags": ["deploy", f"token:{GH}"],
                    "commands": [f"curl -H 'Authorization: Bearer {fake(40)}' https://api.example.org"],
                    "paths": [f"/tmp/{ANT}/out"],
                    "env": {"DB_PASSWORD": PW, "LOG_LEVEL": "debug"},
                },
            },
        }
    )


def test_every_text_field_is_redacted_and_structure_is_kept() -> None:
    record = record_with_secrets_everywhere()
    clean, findings = redact_record(record)
    dumped = clean.file_bytes.decode()
    for secret in (GH, ANT, PW):
        assert secret not in dumped
    assert not contains_secret(dumped)
    # ids, timestamps, class, namespace, the vector and flags are untouched
    assert clean.id == record.id and clean.vector == record.vector and clean.metadata.pinned
    assert clean.metadata.namespace == record.metadata.namespace
    assert clean.metadata.last_observed_at == record.metadata.last_observed_at
    assert clean.metadata.provenance.session_id == "run-42" and clean.metadata.provenance.event_index == 3
    assert clean.metadata.edges[0].type == "relates_to"
    assert clean.metadata.attributes.tags[0] == "deploy"
    assert clean.metadata.provenance.source_files[0] == ".env"
    assert clean.file_form["metadata"]["attributes"]["env"] == {
        "DB_PASSWORD": "[REDACTED:secret-assignment]",
        "LOG_LEVEL": "debug",
    }
    fields = {f.field for f in findings}
    assert {
        "body",
        "metadata.attributes.title",
        "metadata.attributes.tags[1]",
        "metadata.attributes.commands[0]",
        "metadata.attributes.paths[0]",
        "metadata.attributes.env.DB_PASSWORD",
        "metadata.provenance.sourceFiles[1]",
        "metadata.provenance.sourcePlan",
        "metadata.preventNextTime[0]",
        "metadata.edges[0].target",
    } <= fields


def test_a_clean_record_comes_back_unchanged() -> None:
    record = MemoryRecord.model_validate(
        {
            "id": "mem_01HZX8K4T9V2Q3R5S6W7Y8Z9AC",
            "body": "Run `pytest -q` before pushing; the lock file is memory.json.lock.",
            "metadata": {
                "class": "workflow",
                "namespace": "account:local/global/workflows",
                "lastObservedAt": "2026-11-02T10:00:00.000Z",
            },
        }
    )
    clean, findings = redact_record(record)
    assert clean is record and findings == []


def test_redacting_twice_changes_nothing() -> None:
    once, _ = redact_record(record_with_secrets_everywhere())
    twice, findings = redact_record(once)
    assert twice.file_bytes == once.file_bytes and findings == []


def test_a_secret_in_the_namespace_cannot_be_redacted_so_nothing_is_written() -> None:
    record = record_with_secrets_everywhere().with_metadata(namespace=f"account:local/projects/workspace:{GH}/facts")
    with pytest.raises(RedactionFailed) as caught:
        redact_record(record)
    assert GH not in str(caught.value)


def test_the_persisted_file_rescans_clean(paths: PicassoPaths) -> None:
    files = FileStore(paths)
    clean, _ = redact_record(record_with_secrets_everywhere())
    files.apply([Upsert(clean)], event="add")
    written = paths.memory_file.read_bytes()
    assert clean.id.encode() in written
    assert not contains_secret(written.decode())
    assert not contains_secret(orjson.dumps(orjson.loads(written), option=orjson.OPT_INDENT_2).decode())
