"""Generate records.json and queries.json from the authored corpus (tests/eval/corpus/), and validate them.

    .venv/bin/python tests/eval/build_dataset.py           # write both files
    .venv/bin/python tests/eval/build_dataset.py --check   # fail if they are out of date or invalid

Everything is deterministic: ids are `mem_` + a ULID whose time part is the record's createdAt and whose random
part comes from SHA-256 of the workspace and record key, so the same corpus always gives the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(HERE.parents[1]))

from corpus import CORE_STYLE, STYLE, WORKSPACES, Mem  # noqa: E402

from picasso_tui.store.codec import MigrationContext, RawDocument, decode, encode, to_record  # noqa: E402
from picasso_tui.store.ingress import check_limits  # noqa: E402
from picasso_tui.store.namespaces import fingerprint_of, normalize_remote  # noqa: E402
from picasso_tui.store.schema import CLASS_DIRS, MemoryClass, format_timestamp  # noqa: E402

RECORDS_FILE = HERE / "records.json"
QUERIES_FILE = HERE / "queries.json"
ACCOUNT = "local"
MIN_RECORDS, MAX_RECORDS = 25, 50
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_EDGE_FOR_CLASS = {"fact": "fact->file", "decision": "decision->file", "failure": "failure->file"}
WORKSPACE_BASE = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
STYLE_BASE = datetime(2025, 12, 1, 10, 0, tzinfo=UTC)


def fingerprint(repo: str) -> str:
    """The fingerprint Picasso gives a clone of https://github.com/<repo>."""
    return fingerprint_of(normalize_remote(f"https://github.com/{repo}.git"))


def make_id(created: datetime, seed: str) -> str:
    ms = int(created.timestamp() * 1000)
    rand = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:10], "big")
    value = (ms << 80) | rand
    chars = []
    for _ in range(26):
        chars.append(_CROCKFORD[value & 31])
        value >>= 5
    return "mem_" + "".join(reversed(chars))


def _digest(seed: str) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:4], "big")


def make_record(
    mem: Mem,
    *,
    namespace: str,
    created: datetime,
    observed: datetime,
    seed: str,
    session: str,
    index: int,
    ids: dict[str, str],
    language: str | None,
) -> dict[str, Any]:
    edges: list[dict[str, str]] = []
    if mem.cls in _EDGE_FOR_CLASS:
        edges += [{"type": _EDGE_FOR_CLASS[mem.cls], "target": f"file:{path}"} for path in mem.files]
    if mem.cls == "style" and language:
        edges.append({"type": "style->language", "target": f"language:{language}"})
    edges += [{"type": "relates_to", "target": ids[key]} for key in mem.related]
    staleness = 0.05 * (_digest(seed + "/stale") % 4) if mem.cls == "fact" else 0.0
    return {
        "id": ids[mem.key],
        "vector": [],
        "body": mem.body,
        "metadata": {
            "class": mem.cls,
            "namespace": namespace,
            "createdAt": format_timestamp(created),
            "lastObservedAt": format_timestamp(observed),
            "stalenessScore": round(staleness, 2),
            "pinned": mem.pinned,
            "edges": edges,
            "preventNextTime": list(mem.prevent),
            "provenance": {
                "sessionId": session,
                "eventIndex": index,
                "sourceFiles": list(mem.files),
                "sourcePlan": None,
            },
            "embedding": None,
            "attributes": {
                "title": None,
                "scope": None,
                "source": "agent",
                "stale": False,
                "tags": list(mem.tags),
                "deletedAt": None,
                "archivedAt": None,
            },
        },
    }


def _times(base: datetime, index: int, seed: str, spacing: timedelta) -> tuple[datetime, datetime]:
    created = base + index * spacing + timedelta(minutes=_digest(seed) % 50)
    observed = created + timedelta(days=_digest(seed + "/seen") % 40, minutes=_digest(seed + "/min") % 600)
    return created, observed


def build() -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    records: list[dict[str, Any]] = []
    key_to_id: dict[tuple[str, str], str] = {}  # (scope, key) -> id; scope is a workspace key or "style:<lang>"

    def add_scope(
        scope: str,
        mems: list[Mem],
        base: datetime,
        spacing: timedelta,
        namespace_of: Callable[[Mem], str],
        language: str | None,
    ) -> None:
        keys = [m.key for m in mems]
        duplicates = {k for k in keys if keys.count(k) > 1}
        if duplicates:
            raise SystemExit(f"{scope}: duplicate record keys {sorted(duplicates)}")
        ids: dict[str, str] = {}
        times: dict[str, tuple[datetime, datetime]] = {}
        for index, mem in enumerate(mems):
            seed = f"picasso-eval/{scope}/{mem.key}"
            times[mem.key] = _times(base, index, seed, spacing)
            ids[mem.key] = make_id(times[mem.key][0], seed)
        for index, mem in enumerate(mems):
            unknown = [k for k in mem.related if k not in ids]
            if unknown:
                raise SystemExit(f"{scope}/{mem.key}: related keys not found: {unknown}")
            created, observed = times[mem.key]
            seed = f"picasso-eval/{scope}/{mem.key}"
            record = make_record(
                mem,
                namespace=namespace_of(mem),
                created=created,
                observed=observed,
                seed=seed,
                session=f"sess_eval_{scope.replace(':', '_')}_{index // 6:02d}",
                index=index,
                ids=ids,
                language=language,
            )
            records.append(record)
            key_to_id[(scope, mem.key)] = ids[mem.key]

    for number, ws in enumerate(WORKSPACES):
        if not MIN_RECORDS <= len(ws.records) <= MAX_RECORDS:
            raise SystemExit(f"{ws.key}: {len(ws.records)} records, expected {MIN_RECORDS}-{MAX_RECORDS}")
        if any(m.cls == "style" for m in ws.records):
            raise SystemExit(f"{ws.key}: style records belong in corpus/style.py")
        fp = fingerprint(ws.repo)
        prefix = f"account:{ACCOUNT}/projects/workspace:{fp}/"
        add_scope(
            ws.key,
            ws.records,
            WORKSPACE_BASE + timedelta(days=9 * number),
            timedelta(hours=5, minutes=17),
            lambda m, prefix=prefix: prefix + CLASS_DIRS[MemoryClass(m.cls)],
            None,
        )
    # The languages of corpus/style.py keep their places (so their records keep ids and times); languages that
    # only development-set modules bring follow, sorted.
    languages = sorted(CORE_STYLE) + sorted(set(STYLE) - set(CORE_STYLE))
    for number, language in enumerate(languages):
        mems = STYLE[language]
        if any(m.cls != "style" for m in mems):
            raise SystemExit(f"style/{language}: only style records belong there")
        add_scope(
            f"style:{language}",
            mems,
            STYLE_BASE + timedelta(days=11 * number),
            timedelta(hours=11),
            lambda m, language=language: f"account:{ACCOUNT}/style/{language}",
            language,
        )

    queries: list[dict[str, Any]] = []
    prompts: set[str] = set()
    for ws in WORKSPACES:
        fp = fingerprint(ws.repo)
        allowed = {ws.key, f"style:{ws.language}"}
        entries = [(f"{ws.key}-{n:02d}", qr.prompt, qr.relevant) for n, qr in enumerate(ws.queries, 1)]
        entries += [(f"{ws.key}-none-{n:02d}", prompt, ()) for n, prompt in enumerate(ws.nothing, 1)]
        for qid, prompt, keys in entries:
            if prompt in prompts:
                raise SystemExit(f"{qid}: duplicate prompt {prompt!r}")
            prompts.add(prompt)
            ids = []
            for key in keys:
                scope, _, name = key.rpartition("/") if key.startswith("style:") else (ws.key, "", key)
                rid = key_to_id.get((scope, name))
                if rid is None:
                    raise SystemExit(f"{qid}: unknown record key {key!r}")
                if scope not in allowed:
                    raise SystemExit(f"{qid}: {key!r} is outside the namespaces retrieval may use here")
                ids.append(rid)
            if len(set(ids)) != len(ids):
                raise SystemExit(f"{qid}: a relevant record is listed twice")
            queries.append(
                {
                    "id": qid,
                    "workspace": fp,
                    "repo": ws.repo,
                    "language": ws.language,
                    "prompt": prompt,
                    "relevant": ids,
                    "relevant_keys": list(keys),
                }
            )
    summary = {
        "records": len(records),
        "workspaces": len(WORKSPACES),
        "style_records": sum(len(m) for m in STYLE.values()),
        "answerable": sum(1 for qr in queries if qr["relevant"]),
        "nothing_applies": sum(1 for qr in queries if not qr["relevant"]),
    }
    return records, queries, summary


def render(records: list[dict[str, Any]], queries: list[dict[str, Any]]) -> tuple[bytes, bytes]:
    raw = {r["id"]: r for r in records}
    if len(raw) != len(records):
        raise SystemExit("two records got the same id")
    records_bytes = encode(RawDocument(records=raw))  # the store's own layout: one record per line, id order
    queries_bytes = (json.dumps(queries, indent=2, ensure_ascii=False) + "\n").encode()
    return records_bytes, queries_bytes


def validate(records_bytes: bytes) -> None:
    """Read the file the way Picasso does, and fully validate every record."""
    doc = decode(records_bytes, RECORDS_FILE, MigrationContext())
    for raw in doc.records.values():
        record = to_record(raw, RECORDS_FILE)
        check_limits(record)
        if record.file_form != raw:
            raise SystemExit(f"{record.id}: the record does not round-trip through the schema unchanged")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="verify the files are current instead of writing them")
    args = parser.parse_args(argv)
    records, queries, summary = build()
    records_bytes, queries_bytes = render(records, queries)
    validate(records_bytes)
    if args.check:
        stale = [
            p.name
            for p, data in ((RECORDS_FILE, records_bytes), (QUERIES_FILE, queries_bytes))
            if not p.exists() or p.read_bytes() != data
        ]
        if stale:
            print(f"out of date: {', '.join(stale)} (run tests/eval/build_dataset.py)", file=sys.stderr)
            return 1
    else:
        RECORDS_FILE.write_bytes(records_bytes)
        QUERIES_FILE.write_bytes(queries_bytes)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
