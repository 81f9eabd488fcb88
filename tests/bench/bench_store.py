"""Store benchmarks for DESIGN §8: cold load, listing, and one write at 1k / 10k / 100k records.

Run as a plain script (it is outside the default pytest run):

    .venv/bin/python tests/bench/bench_store.py [--sizes 1000,10000,100000] [--json out.json]

Everything it writes goes under --workdir (default /tmp/picasso-bench) with PICASSO_HOME pointing
there: the real home is never touched. Figures are printed as markdown tables; docs/benchmarks.md
records a run of this script and how to read it.

What is measured (see docs/benchmarks.md for the method in full):

1. load    a fresh `python` process: imports, FileStore().load(), MemoryStore.list() (which validates
           the visible records), a second list() in the same process; and `picasso memory list --json`
           (and `--all --json`) as a fresh process, timed from the parent.
2. write   one MemoryStore.add, p50/p95, in four variants: {cache warm: this process wrote last,
           other writer: the file was replaced by another writer before every write} x {protocol
           only (projections=False), full (projections regenerated)}.
3. split   the same full writes with the store's steps timed in place (wrappers around the module
           attributes FileStore.apply looks up at call time: codec.decode, codec.encode,
           atomic.write_atomic, atomic._fsync, projections.regenerate, ...). Nothing in picasso_tui/
           is edited; the wrappers are removed after each run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
PICASSO = VENV_BIN / "picasso"
REMOTE = "https://github.com/acme/bench-api.git"
SEED = 20261130

# --------------------------------------------------------------------------------------------
# realistic records
# --------------------------------------------------------------------------------------------

_TEXT = (
    "the test runner uses vitest and tests live next to the source in test files so keep new tests beside the "
    "module they cover auth tokens are signed with rs256 and rotated weekly never log the token body the api "
    "layer validates input with zod schemas before any database call migrations run through prisma and must "
    "be reversible prefer small pull requests with one concern each the build fails when the lockfile drifts "
    "so run install before committing retries use exponential backoff with jitter capped at thirty seconds "
    "the cache is keyed by tenant and request hash invalidation happens on write errors bubble up as typed "
    "results instead of exceptions in the service layer feature flags are read once per request from the "
    "config service the ci pipeline caches node modules by lockfile hash and runs lint before unit tests"
)
WORDS = _TEXT.split(" ")
DIRS = ("src/auth", "src/api", "src/db", "src/ui", "src/jobs", "lib/util", "tests/unit", "scripts", "infra/k8s")
FILES = ("jwt.ts", "routes.ts", "schema.prisma", "client.ts", "worker.py", "retry.go", "index.tsx", "deploy.yaml")
LANGS = ("python", "typescript", "go", "rust")
TAGS = ("auth", "db", "ci", "perf", "security", "ui", "infra", "testing", "style", "api")
PLANS = (None, None, None, "plan: tighten auth middleware", "plan: migrate jobs to queue")
SOURCES = ("cli", "agent", "tui", "profile", "reflection")
# class -> weight; workspace classes go to a workspace (or now and then global/), the rest are account-wide
CLASS_WEIGHTS = {
    "fact": 35,
    "decision": 15,
    "failure": 12,
    "workflow": 8,
    "repo_rule": 8,
    "style": 15,
    "model_performance": 7,
}
CLASS_DIRS = {"fact": "facts", "decision": "decisions", "failure": "failures", "workflow": "workflows"}
CLASS_DIRS["repo_rule"] = "repo_rules"
EDGE_TYPES = {
    "fact": ("fact->file", "relates_to"),
    "decision": ("decision->file", "decision->module", "supersedes", "relates_to"),
    "failure": ("failure->file", "relates_to"),
    "workflow": ("relates_to",),
    "repo_rule": ("relates_to",),
    "style": ("relates_to",),
    "model_performance": ("relates_to",),
}
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _ts(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def _ulid(rng: random.Random, ms: int) -> str:
    value = (ms << 80) | rng.getrandbits(80)
    return "mem_" + "".join(_CROCKFORD[(value >> (5 * i)) & 31] for i in reversed(range(26)))


def _path(rng: random.Random) -> str:
    return f"{rng.choice(DIRS)}/{rng.choice(FILES)}"


def body_text(rng: random.Random, target: int = 200) -> str:
    words: list[str] = []
    size = 0
    want = rng.randint(target - 40, target + 40)
    while size < want:
        word = _path(rng) if rng.random() < 0.06 else rng.choice(WORDS)
        words.append(word)
        size += len(word) + 1
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


def edges_for(rng: random.Random, cls: str, ids: list[str]) -> list[dict[str, str]]:
    out = []
    for _ in range(rng.randint(0, 3)):
        kind = rng.choice(EDGE_TYPES[cls])
        if kind.endswith("->file"):
            target = f"file:{_path(rng)}"
        elif kind.endswith("->module"):
            target = f"module:{rng.choice(DIRS)}"
        else:
            target = rng.choice(ids) if ids else f"file:{_path(rng)}"
        out.append({"type": kind, "target": target})
    return out


def generate_records(n: int, workspaces: list[str], now: datetime, seed: int = SEED) -> list[dict[str, Any]]:
    """n raw records, sorted by id (creation time) like a store that grew by appends."""
    rng = random.Random(seed + n)
    classes = list(CLASS_WEIGHTS)
    weights = list(CLASS_WEIGHTS.values())
    out: list[dict[str, Any]] = []
    ids: list[str] = []
    start = now - timedelta(days=365)
    created_all = sorted(start + timedelta(seconds=rng.uniform(0, 365 * 86400 - 86400)) for _ in range(n))
    for created in created_all:
        created = created.replace(microsecond=created.microsecond - created.microsecond % 1000)
        rid = _ulid(rng, int(created.timestamp() * 1000))
        cls = rng.choices(classes, weights)[0]
        edges = edges_for(rng, cls, ids[-500:])
        if cls == "style":
            lang = rng.choice(LANGS)
            namespace = f"account:local/style/{lang}"
            edges.append({"type": "style->language", "target": f"language:{lang}"})
        elif cls == "model_performance":
            namespace = "account:local/model_performance"
        elif rng.random() < 0.1:
            namespace = f"account:local/global/{CLASS_DIRS[cls]}"
        else:
            namespace = f"account:local/projects/workspace:{rng.choice(workspaces)}/{CLASS_DIRS[cls]}"
        observed = created + (now - created) * rng.random() ** 2
        observed = observed.replace(microsecond=observed.microsecond - observed.microsecond % 1000)
        roll = rng.random()
        if roll < 0.02:  # a recent tombstone (younger than the 30-day purge)
            deleted = now - timedelta(days=rng.uniform(0.5, 20))
            out.append(
                {
                    "id": rid,
                    "vector": [],
                    "body": "",
                    "metadata": {
                        "class": cls,
                        "namespace": namespace,
                        "lastObservedAt": _ts(deleted),
                        "attributes": {"deletedAt": _ts(deleted)},
                    },
                }
            )
            ids.append(rid)
            continue
        attributes: dict[str, Any] = {
            "title": None,
            "scope": None,
            "source": rng.choice(SOURCES),
            "stale": rng.random() < 0.03,
            "tags": rng.sample(TAGS, rng.randint(0, 3)),
            "deletedAt": None,
            "archivedAt": _ts(observed) if roll > 0.97 else None,
        }
        out.append(
            {
                "id": rid,
                "vector": [],
                "body": body_text(rng),
                "metadata": {
                    "class": cls,
                    "namespace": namespace,
                    "createdAt": _ts(created),
                    "lastObservedAt": _ts(observed),
                    "stalenessScore": round(rng.random() ** 3, 3),
                    "pinned": rng.random() < 0.05,
                    "edges": edges,
                    "preventNextTime": [body_text(rng, 80)] if cls in ("failure", "workflow") else [],
                    "provenance": {
                        "sessionId": f"sess_{rng.getrandbits(48):012x}",
                        "eventIndex": rng.randint(0, 400),
                        "sourceFiles": [_path(rng) for _ in range(rng.randint(0, 3))],
                        "sourcePlan": rng.choice(PLANS),
                    },
                    "embedding": {"model": "all-minilm-l6-v2", "dim": 384} if rng.random() < 0.9 else None,
                    "attributes": attributes,
                },
            }
        )
        ids.append(rid)
    return out


def seed_bytes(n: int, workspaces: list[str]) -> bytes:
    """The memory.json the store itself would write for these records (canonical file forms, codec.encode)."""
    from picasso_tui.store.codec import MigrationContext, RawDocument, decode, encode
    from picasso_tui.store.schema import MemoryRecord

    raws = generate_records(n, workspaces, datetime.now(UTC))
    records = {}
    for raw in raws:
        record = MemoryRecord.model_validate(raw)
        records[record.id] = record.file_form
    data = encode(RawDocument(records=records))
    doc = decode(data, Path("memory.json"), MigrationContext())  # the store reads it back as written
    assert len(doc.records) == n
    return data


# --------------------------------------------------------------------------------------------
# statistics and output
# --------------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    """Percentile with linear interpolation between closest ranks (numpy's default)."""
    s = sorted(values)
    if len(s) == 1:
        return s[0]
    pos = (len(s) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def summary(values_s: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values_s]
    return {
        "n": len(ms),
        "p50_ms": statistics.median(ms),
        "p95_ms": pct(ms, 0.95),
        "min_ms": min(ms),
        "max_ms": max(ms),
        "mean_ms": statistics.fmean(ms),
    }


def fmt(ms: float) -> str:
    return f"{ms:,.1f}" if ms < 100 else f"{ms:,.0f}"


def table(title: str, header: list[str], rows: list[list[str]]) -> str:
    lines = [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# setup
# --------------------------------------------------------------------------------------------


def git_env() -> dict[str, str]:
    return {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def make_workspace(folder: Path) -> Path:
    """A git checkout with an origin remote: the current workspace of the listing and the adds."""
    if not (folder / ".git").exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "-q", str(folder)], check=True, env=git_env())
        subprocess.run(["git", "-C", str(folder), "remote", "add", "origin", REMOTE], check=True, env=git_env())
    return folder


def fresh_home(workdir: Path, name: str, data: bytes) -> Path:
    home = workdir / name
    if home.exists():
        shutil.rmtree(home)
    home.mkdir(parents=True, mode=0o700)
    (home / "memory.json").write_bytes(data)
    os.chmod(home / "memory.json", 0o600)
    return home


def child_env(home: Path) -> dict[str, str]:
    env = git_env()
    env["PICASSO_HOME"] = str(home)
    env.pop("PICASSO_MEMORY_ROOT", None)
    return env


# --------------------------------------------------------------------------------------------
# 1. load and list, each run in a fresh process
# --------------------------------------------------------------------------------------------

# Runs with `python -c` so that nothing but this code is imported before the first clock read.
CHILD = r"""
import time
t0 = time.perf_counter()
import json, sys
from pathlib import Path
from picasso_tui.store.filestore import FileStore
t1 = time.perf_counter()
snap = FileStore().load()
t2 = time.perf_counter()
n = len(snap.raw())
from picasso_tui.store.api import MemoryStore
t3 = time.perf_counter()
ms = MemoryStore(cwd=Path.cwd())
ws = ms.workspace
t4 = time.perf_counter()
recs = ms.list()
t5 = time.perf_counter()
again = ms.list()
t6 = time.perf_counter()
assert ws is not None and len(again) == len(recs)
print(json.dumps({"records": n, "visible": len(recs), "import_store": t1 - t0, "load_call": t2 - t1,
                  "import_to_load": t2 - t0, "import_api": t3 - t2, "workspace": t4 - t3,
                  "list_cold": t5 - t4, "list_warm": t6 - t5}))
"""


def bench_load(workdir: Path, ws: Path, size: int, data: bytes, runs: int) -> dict[str, Any]:
    home = fresh_home(workdir, f"load-{size}", data)
    env = child_env(home)
    py = str(VENV_BIN / "python")
    inner: dict[str, list[float]] = defaultdict(list)
    wall: dict[str, list[float]] = defaultdict(list)
    meta: dict[str, Any] = {}
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "load+list child": [py, "-c", CHILD],
        "picasso memory list --json": [str(PICASSO), "memory", "list", "--json"],
        "picasso memory list --all --json": [str(PICASSO), "memory", "list", "--all", "--json"],
    }
    for cmd in commands.values():  # one untimed run each: page cache and .pyc files warm
        subprocess.run(cmd, cwd=ws, env=env, check=True, capture_output=True)
    for _ in range(runs):
        for name, cmd in commands.items():
            t = time.perf_counter()
            out = subprocess.run(cmd, cwd=ws, env=env, check=True, capture_output=True)
            wall[name].append(time.perf_counter() - t)
            if name == "load+list child":
                figures = json.loads(out.stdout)
                meta = {"records": figures.pop("records"), "visible": figures.pop("visible")}
                for key, value in figures.items():
                    inner[key].append(value)
            elif name.startswith("picasso"):
                meta[f"{name} items"] = len(json.loads(out.stdout))
    assert meta["records"] == size, meta
    return {
        "meta": meta,
        "file_bytes": len(data),
        "inner": {k: summary(v) for k, v in inner.items()},
        "wall": {k: summary(v) for k, v in wall.items()},
    }


# --------------------------------------------------------------------------------------------
# 2 and 3. one write
# --------------------------------------------------------------------------------------------


def add_one(store: Any, i: int) -> None:
    from picasso_tui.store.schema import MemoryClass

    rng = random.Random(i)
    cls = (MemoryClass.FACT, MemoryClass.DECISION, MemoryClass.FAILURE)[i % 3]
    store.add(
        body_text(rng),
        memory_class=cls,
        tags=rng.sample(TAGS, 2),
        source="bench",
        edges=[{"type": "relates_to", "target": f"file:{_path(rng)}"}],
        provenance={"sessionId": f"sess_bench{i}", "eventIndex": i, "sourceFiles": [_path(rng)]},
    )


class Probe:
    """Times the store's steps in place by wrapping the module attributes its write path looks up."""

    def __init__(self) -> None:
        self.acc: dict[str, float] = defaultdict(float)
        self.phase = "write"
        self._undo: list[Callable[[], None]] = []

    def _patch(self, owner: Any, name: str, wrapper_for: Callable[[Any], Any]) -> None:
        original = getattr(owner, name)
        setattr(owner, name, wrapper_for(original))
        self._undo.append(lambda: setattr(owner, name, original))

    def _timer(self, key: str | Callable[[], str]) -> Callable[[Any], Any]:
        def wrap(fn: Any) -> Any:
            def timed(*args: Any, **kwargs: Any) -> Any:
                t = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    self.acc[key() if callable(key) else key] += time.perf_counter() - t

            return timed

        return wrap

    def install(self) -> None:
        from picasso_tui.store import api, atomic, commit, events, filestore, projections

        def phased(name: str) -> Callable[[], str]:
            return lambda: f"{self.phase}.{name}"

        def locked(fn: Any) -> Any:
            @contextlib.contextmanager
            def timed_locked(store: Any) -> Iterator[None]:
                cm = fn(store)
                t = time.perf_counter()
                cm.__enter__()
                self.acc["lock.acquire"] += time.perf_counter() - t
                try:
                    yield
                finally:
                    t = time.perf_counter()
                    cm.__exit__(None, None, None)
                    self.acc["lock.release"] += time.perf_counter() - t

            return timed_locked

        def regenerate(fn: Any) -> Any:
            def timed(*args: Any, **kwargs: Any) -> Any:
                self.phase = "projections"
                t = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    self.acc["projections.total"] += time.perf_counter() - t
                    self.phase = "write"

            return timed

        self._patch(api.MemoryStore, "add", self._timer("add.total"))
        self._patch(filestore.FileStore, "apply", self._timer("apply.total"))
        self._patch(filestore.FileStore, "locked", locked)
        self._patch(filestore.FileStore, "_apply_locked", self._timer("apply_locked.total"))
        self._patch(filestore.FileStore, "read_document", self._timer(phased("read_document")))
        self._patch(filestore, "decode", self._timer("decode"))
        self._patch(filestore.FileStore, "_apply_one", self._timer("merge"))
        self._patch(filestore, "encode", self._timer("encode"))
        self._patch(commit, "sweep_temps", self._timer("sweep_temps"))
        self._patch(commit, "write_atomic", self._timer("write_atomic.total"))
        self._patch(atomic, "_fsync", self._timer(phased("fsync_file")))
        self._patch(atomic, "fsync_dir", self._timer(phased("fsync_dir")))
        self._patch(events, "emit", self._timer("event"))
        self._patch(projections, "regenerate", regenerate)
        self._patch(projections, "render", self._timer("projections.render"))
        self._patch(projections, "write_atomic", self._timer("projections.write_atomic"))

    def remove(self) -> None:
        while self._undo:
            self._undo.pop()()

    def take(self) -> dict[str, float]:
        out = dict(self.acc)
        self.acc.clear()
        return out


def split(sample: dict[str, float]) -> dict[str, float]:
    """One instrumented write -> disjoint steps that add up to the whole add()."""
    g = sample.get
    read_doc = g("write.read_document", 0.0)
    decode = g("decode", 0.0)
    wa = g("write_atomic.total", 0.0)
    fs = g("write.fsync_file", 0.0) + g("write.fsync_dir", 0.0)
    inner_known = read_doc + g("merge", 0.0) + g("encode", 0.0) + g("sweep_temps", 0.0) + wa
    apply_known = g("lock.acquire", 0.0) + g("apply_locked.total", 0.0) + g("lock.release", 0.0)
    proj = g("projections.total", 0.0)
    proj_io = g("projections.write_atomic", 0.0)
    return {
        "record build + validate": g("add.total", 0.0) - g("apply.total", 0.0),
        "lock acquire": g("lock.acquire", 0.0),
        "read file + cache check": read_doc - decode,
        "parse (codec.decode)": decode,
        "merge (_apply_one)": g("merge", 0.0),
        "copy + purge scan + compare": g("apply_locked.total", 0.0) - inner_known,
        "encode (codec.encode)": g("encode", 0.0),
        "sweep temps": g("sweep_temps", 0.0),
        "write temp + os.replace": wa - fs,
        "fsync file + folder": fs,
        "lock release": g("lock.release", 0.0),
        "event log": g("event", 0.0),
        "projections: render": g("projections.render", 0.0),
        "projections: write 5 files (fsync)": proj_io,
        "projections: lock, temp sweep, re-read, sha1": proj - g("projections.render", 0.0) - proj_io,
        "other (apply bookkeeping)": g("apply.total", 0.0) - apply_known - g("event", 0.0) - proj,
        "total add()": g("add.total", 0.0),
    }


def bench_write(
    workdir: Path,
    ws: Path,
    size: int,
    data: bytes,
    *,
    samples: int,
    warmup: int,
    other_writer: bool,
    projections: bool,
    probe: Probe | None = None,
) -> dict[str, Any]:
    from picasso_tui.paths import PicassoPaths
    from picasso_tui.store.api import MemoryStore
    from picasso_tui.store.namespaces import find_workspace
    from picasso_tui.store.projections import regenerate
    from picasso_tui.writeback.user_store import install_guards

    install_guards()  # every writer hands the store its redactor, as a front end does

    name = f"write-{size}-{'other' if other_writer else 'warm'}-{'full' if projections else 'protocol'}"
    home = fresh_home(workdir, name, data)
    paths = PicassoPaths(home=home, root=home)
    find_workspace.cache_clear()
    writers = [MemoryStore(paths, cwd=ws, projections=projections) for _ in range(2 if other_writer else 1)]
    assert writers[0].workspace is not None
    regenerate(writers[0].files)  # steady state: projections exist, as after any earlier write
    times: list[float] = []
    cpu: list[float] = []
    steps: list[dict[str, float]] = []
    if probe:
        probe.install()
    try:
        for i in range(warmup + samples):
            store = writers[i % len(writers)]
            c = time.process_time()
            t = time.perf_counter()
            add_one(store, i)
            elapsed = time.perf_counter() - t
            used = time.process_time() - c
            sample = probe.take() if probe else {}
            if i >= warmup:
                times.append(elapsed)
                cpu.append(used)
                if probe:
                    steps.append(split(sample))
    finally:
        if probe:
            probe.remove()
    count = len(writers[0].files.load().raw())
    assert count == size + warmup + samples, (count, size)
    out: dict[str, Any] = {"summary": summary(times), "cpu": summary(cpu)}
    if steps:
        out["steps"] = {k: summary([s[k] for s in steps]) for k in steps[0]}
        if other_writer:  # every measured write must have re-parsed the other writer's file
            assert all(s["parse (codec.decode)"] > 0 for s in steps)
    return out


def bench_micro(data: bytes, reps: int) -> dict[str, dict[str, float]]:
    """The write path's heavy steps and cheaper alternatives, each timed alone on this file (in process)."""
    import gc

    import orjson

    from picasso_tui.store import projections
    from picasso_tui.store.codec import MigrationContext, RawDocument, check_record, decode, deleted_at, encode

    path = Path("memory.json")
    ctx = MigrationContext()
    doc = decode(data, path, ctx)
    items = list(doc.records.values())
    lines = [orjson.dumps(r) for r in items]

    def no_gc(fn: Callable[[], Any]) -> Callable[[], Any]:
        def run() -> Any:
            gc.disable()
            try:
                return fn()
            finally:
                gc.enable()

        return run

    # What-if, not the store's code: another writer appended one record; re-read by reusing the dicts
    # of byte-identical lines from the previous read (codec.encode writes one record per line).
    extra = {**items[0], "id": items[0]["id"] + "X"}
    grown = encode(RawDocument(records={**doc.records, extra["id"]: extra}))
    by_line = {line.rstrip(b","): raw for line, raw in zip(data.split(b"\n")[1:-2], items, strict=True)}

    def reread_by_line() -> dict[str, Any]:
        out = {}
        for line in grown.split(b"\n")[1:-2]:
            line = line.rstrip(b",")
            raw = by_line.get(line)
            if raw is None:
                raw = orjson.loads(line)
                check_record(raw, path, "r")
            out[raw["id"]] = raw
        return out

    assert len(reread_by_line()) == len(items) + 1

    cases: dict[str, Callable[[], Any]] = {
        "orjson.loads (whole file)": lambda: orjson.loads(data),
        "orjson.loads, gc disabled": no_gc(lambda: orjson.loads(data)),
        "codec.decode (loads + check_record)": lambda: decode(data, path, ctx),
        "codec.decode, gc disabled": no_gc(lambda: decode(data, path, ctx)),
        "check_record over all records": lambda: [check_record(r, path, "r") for r in items],
        "codec.encode (orjson.dumps per record + join)": lambda: encode(doc),
        "orjson.dumps of the whole document (one call)": lambda: orjson.dumps({"schemaVersion": 2, "records": items}),
        "join of already-encoded record lines": lambda: b",\n".join(lines),
        "purge scan (deleted_at over all records)": lambda: [r for r in items if deleted_at(r) is not None],
        "dict(doc.records) copy": lambda: dict(doc.records),
        "what-if: re-read reusing unchanged lines (1 new record)": reread_by_line,
        "projections.render": lambda: projections.render(doc, "memory.json"),
        "projections.render, gc disabled": no_gc(lambda: projections.render(doc, "memory.json")),
    }
    assert encode(RawDocument(records=doc.records)) == data
    out = {}
    for name, fn in cases.items():
        gc.collect()
        times = []
        for _ in range(reps):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        out[name] = summary(times)
    return out


# --------------------------------------------------------------------------------------------
# driver
# --------------------------------------------------------------------------------------------

VARIANTS = (
    ("cache warm (this process wrote last)", False, False),
    ("cache warm (this process wrote last)", False, True),
    ("other writer before every write (re-read + re-parse)", True, False),
    ("other writer before every write (re-read + re-parse)", True, True),
)


def loadavg() -> str:
    """The 1/5/15-minute load average: the machine may be shared, and the figures should say so."""
    with contextlib.suppress(OSError):
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    return "unknown"


def machine() -> dict[str, str]:
    cpu = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = "unknown"
    with contextlib.suppress(OSError):
        kb = int(Path("/proc/meminfo").read_text().split("\n", 1)[0].split()[1])
        mem = f"{kb / 1024 / 1024:.1f} GiB"
    return {
        "cpus": str(os.cpu_count()),
        "cpu": cpu,
        "ram": mem,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000", help="record counts, comma-separated")
    parser.add_argument("--samples", type=int, default=60, help="timed writes per variant below 100k records")
    parser.add_argument("--samples-large", type=int, default=12, help="timed writes per variant at 100k and up")
    parser.add_argument("--warmup", type=int, default=2, help="untimed writes before each variant")
    parser.add_argument("--load-runs", type=int, default=20, help="fresh processes per load figure (<100k)")
    parser.add_argument("--load-runs-large", type=int, default=8, help="fresh processes per load figure (100k+)")
    parser.add_argument("--only", default="load,write,split,micro", help="any of load,write,split,micro")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/picasso-bench"))
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args(argv)

    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    parts = set(args.only.split(","))
    workdir: Path = args.workdir.resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    os.environ["PICASSO_HOME"] = str(workdir / "home")  # belt and braces: every store gets explicit paths
    os.environ.pop("PICASSO_MEMORY_ROOT", None)
    os.environ.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"})

    from picasso_tui.store.namespaces import find_workspace, fingerprint_of

    ws = make_workspace(workdir / "workspace")
    found = find_workspace(ws)
    assert found is not None
    rng = random.Random(SEED)
    workspaces = [found.fingerprint] + [fingerprint_of(f"bench-other-{rng.random()}") for _ in range(5)]

    results: dict[str, Any] = {"machine": machine(), "workdir": str(workdir), "sizes": {}}
    log(f"machine: {results['machine']}")
    for size in sizes:
        log(f"{size:,} records: generating")
        t = time.perf_counter()
        data = seed_bytes(size, workspaces)
        log(f"{size:,} records: {len(data) / 1e6:.1f} MB in {time.perf_counter() - t:.1f} s")
        large = size >= 100_000
        res: dict[str, Any] = {"file_mb": len(data) / 1e6}
        if "load" in parts:
            log(f"{size:,}: load and list in fresh processes")
            res["load"] = bench_load(workdir, ws, size, data, args.load_runs_large if large else args.load_runs)
            res["load"]["loadavg"] = loadavg()
        samples = args.samples_large if large else args.samples
        if "write" in parts:
            res["write"] = {}
            for label, other, proj in VARIANTS:
                key = f"{label} / {'full (with projections)' if proj else 'protocol only (projections=False)'}"
                log(f"{size:,}: write, {key}")
                out = bench_write(
                    workdir, ws, size, data, samples=samples, warmup=args.warmup, other_writer=other, projections=proj
                )
                res["write"][key] = {**out["summary"], "cpu": out["cpu"], "loadavg": loadavg()}
        if "split" in parts:
            res["split"] = {}
            for label, other in (("cache warm", False), ("other writer", True)):
                log(f"{size:,}: write breakdown, {label}")
                out = bench_write(
                    workdir,
                    ws,
                    size,
                    data,
                    samples=samples,
                    warmup=args.warmup,
                    other_writer=other,
                    projections=True,
                    probe=Probe(),
                )
                res["split"][label] = {"total": out["summary"], "steps": out["steps"], "loadavg": loadavg()}
        if "micro" in parts:
            log(f"{size:,}: parse / encode / render alternatives, in process")
            res["micro"] = bench_micro(data, 5 if large else 15)
        results["sizes"][str(size)] = res
        if args.json:
            args.json.write_text(json.dumps(results, indent=2))
    print(report(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


def report(results: dict[str, Any]) -> str:
    out = ["## Machine", "", *(f"- {k}: {v}" for k, v in results["machine"].items()), ""]
    sizes = results["sizes"]
    loads = {s: r["load"] for s, r in sizes.items() if "load" in r}
    if loads:
        rows = []
        for s, r in loads.items():
            for key, label in (
                ("import_store", "import picasso_tui.store.filestore"),
                ("load_call", "FileStore().load() call"),
                ("import_to_load", "before import -> after load"),
                ("list_cold", "MemoryStore.list() first call (parse + validate visible)"),
                ("list_warm", "MemoryStore.list() again, same process"),
            ):
                v = r["inner"][key]
                rows.append([f"{int(s):,}", label, fmt(v["p50_ms"]), fmt(v["p95_ms"]), str(v["n"])])
            for key, v in r["wall"].items():
                rows.append([f"{int(s):,}", f"wall: `{key}`", fmt(v["p50_ms"]), fmt(v["p95_ms"]), str(v["n"])])
            rows.append([f"{int(s):,}", f"(file {r['file_bytes'] / 1e6:.1f} MB; visible {r['meta']['visible']:,})"])
            rows[-1] += ["", "", ""]
        out.append(table("Load and list (fresh processes)", ["records", "what", "p50 ms", "p95 ms", "runs"], rows))
    writes = {s: r["write"] for s, r in sizes.items() if "write" in r}
    if writes:
        rows = []
        for s, r in writes.items():
            for key, v in r.items():
                c = v["cpu"]
                wall = [fmt(v["p50_ms"]), fmt(v["p95_ms"]), fmt(v["max_ms"])]
                rows.append([f"{int(s):,}", key, *wall, fmt(c["p50_ms"]), fmt(c["p95_ms"]), str(v["n"]), v["loadavg"]])
        header = ["records", "variant", "p50", "p95", "max", "CPU p50", "CPU p95", "n", "load avg after"]
        out.append(table("One write (MemoryStore.add), wall ms and process CPU ms", header, rows))
    for s, r in sizes.items():
        if "split" not in r:
            continue
        labels = list(r["split"])
        steps = list(r["split"][labels[0]]["steps"])
        header = ["step", *(f"{lab} p50" for lab in labels), *(f"{lab} p95" for lab in labels)]
        rows = []
        for step in steps:
            rows.append(
                [step]
                + [fmt(r["split"][lab]["steps"][step]["p50_ms"]) for lab in labels]
                + [fmt(r["split"][lab]["steps"][step]["p95_ms"]) for lab in labels]
            )
        out.append(table(f"Where one full write goes, {int(s):,} records (ms)", header, rows))
    for s, r in sizes.items():
        if "micro" in r:
            rows = [[k, fmt(v["p50_ms"]), fmt(v["min_ms"]), str(v["n"])] for k, v in r["micro"].items()]
            out.append(table(f"Steps alone, {int(s):,} records (ms)", ["step", "p50", "min", "n"], rows))
    return "\n".join(out)


if __name__ == "__main__":
    main()
