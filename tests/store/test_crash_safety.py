"""Crashes and failing system calls during a write (security-anchors §4.2 rows F1, F3, B2).

* Random SIGKILLs of a writer: the file always parses and keeps every acknowledged record.
* Deterministic kill points: a child kills itself at the n-th ``os.write``/``os.fsync``/
  ``os.replace`` of one write (a migration, so the ``.bak`` steps are covered too); the file is
  then exactly the old bytes or exactly the new bytes, and the ``.bak`` is the original.
* Injected ``OSError``s at the n-th ``os.open``/``os.write``/``os.fsync``/``os.replace``: a
  typed error, the file untouched, no temp file, the lock released.

The helpers patch the ``os`` module itself: ``picasso_tui/atomic.py`` looks the
functions up on ``os`` at call time.
"""

from __future__ import annotations

import errno
import os
import random
import re
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreBusy, StoreError
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord, parse_timestamp
from tests.conftest import global_fact, install_fixture
from tests.forking import fork

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork and POSIX signals")

MEMORY_TEMPS = ".memory.json.*.tmp"
V1_FIXTURE = "v1-cli.json"
FIXED_NOW = parse_timestamp("2026-06-01T00:00:01.000Z")


def fixed_clock() -> Any:
    return FIXED_NOW


PROBE_ID = "mem_01J0000000000000000000PRBZ"


def probe_record(body: str, rid: str = PROBE_ID) -> MemoryRecord:
    return global_fact(rid, body, datetime(2026, 6, 1, tzinfo=UTC))


def drain(pid: int, read_fd: int, head: bytes = b"") -> tuple[list[str], int]:
    """Every line the child sent (after ``head``, what was read of it already), and its exit code (negative: the
    signal that ended it)."""
    chunks = [head]
    while chunk := os.read(read_fd, 65536):
        chunks.append(chunk)
    os.close(read_fd)
    _, status = os.waitpid(pid, 0)
    return b"".join(chunks).decode().splitlines(), os.waitstatus_to_exitcode(status)


def temps(root: Path) -> list[str]:
    """Every temp file anywhere under the memory root (memory.json's, backups', projections')."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.tmp"))


def lock_is_free(paths: PicassoPaths) -> bool:
    try:
        with FileStore(paths, lock_timeout=0).locked():
            return True
    except StoreBusy:
        return False


# -- F1: random SIGKILLs ----------------------------------------------------------------------

BODY = re.compile(r"round \d+ write \d+")
READY = b"ready\n"


def wait_ready(read_fd: int) -> bytes:
    """Block until the child says it is ready to write; what it sent after that."""
    seen = b""
    while READY not in seen:
        chunk = os.read(read_fd, 65536)
        if not chunk:
            return seen  # it died before: drain() reports how
        seen += chunk
    return seen.split(READY, 1)[1]


def _write_forever(fd: int, round_no: int) -> None:
    # Projections off: each write is then mostly the memory.json write itself, which is where
    # the kills should land (a kill during projections is covered further down).
    store = MemoryStore(projections=False)
    os.write(fd, READY)  # the kill's random delay starts now: a loaded machine's slow start costs no writes
    i = 0
    while True:
        record = store.add(f"round {round_no} write {i}")
        os.write(fd, f"{record.id}\n".encode())  # acknowledged: add() has returned
        i += 1


@pytest.mark.slow
def test_sigkilled_writer_never_loses_or_tears_anything(paths: PicassoPaths) -> None:
    rounds = 200
    rng = random.Random(20260601)
    acked: set[str] = set()
    unacked: set[str] = set()
    rounds_with_temps = 0
    assert MemoryStore(paths).workspace is None  # find_workspace (a git call) is cached before the forks
    # One write first, so the modules a write loads lazily (the redactor, the door) are loaded before the
    # forks: the kills land in writes, not in imports, whether this test runs alone or after others.
    acked.add(MemoryStore(projections=False).add(f"round {rounds} write 0").id)
    reader = FileStore(paths)
    for round_no in range(rounds):
        pid, read_fd = fork(_write_forever, round_no)
        head = wait_ready(read_fd)
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(pid, signal.SIGKILL)
        lines, code = drain(pid, read_fd, head)
        assert code == -signal.SIGKILL, f"round {round_no}: the writer died on its own (exit {code}); see stderr"
        acked.update(lines)
        if not paths.memory_file.exists():
            assert not lines
            continue
        snapshot = reader.load()  # must not raise: the file is always whole
        live = set(snapshot.live_ids())
        missing = acked - live
        assert not missing, f"round {round_no}: acknowledged records lost: {sorted(missing)}"
        new_unacked = live - acked - unacked
        assert len(new_unacked) <= 1, f"round {round_no}: records nobody wrote appeared: {new_unacked}"
        unacked |= new_unacked
        torn = [body for rid in live if not BODY.fullmatch(body := snapshot.raw()[rid]["body"])]
        assert not torn, f"round {round_no}: records with torn bodies: {torn}"
        rounds_with_temps += bool(list(paths.root.glob(MEMORY_TEMPS)))
    assert len(acked) > rounds // 2, f"the writers were killed too early to test anything ({len(acked)} writes)"
    assert rounds_with_temps > 0, "no kill left a temp file, so the sweep was never exercised"
    MemoryStore(paths).add("a normal write after the crashes")
    assert not list(paths.root.glob(MEMORY_TEMPS)), "temp files of killed writers were not swept"
    assert set(FileStore(paths).load().live_ids()) >= acked


# -- B2 / F1: deterministic kill points inside one write ---------------------------------------

SYSCALLS_KILL = ("write", "fsync", "replace")


Hook = Callable[[str, str, Callable[..., Any], tuple[Any, ...]], Any]


@contextmanager
def syscalls(hook: Hook) -> Iterator[None]:
    """Route os.open/write/fsync/replace through ``hook(name, target, real, args)``.

    ``target`` is the path the call is about (for write and fsync, the path the descriptor
    was opened with; for replace, the destination), so that a test can say where it struck.
    """
    originals = {name: getattr(os, name) for name in ("open", "write", "fsync", "replace")}
    fds: dict[int, str] = {}

    def wrap(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if name in ("write", "fsync"):
                target = fds.get(args[0], f"fd {args[0]}")
            else:
                target = os.fsdecode(args[1] if name == "replace" else args[0])
            result = hook(name, target, lambda *a: real(*(a or args), **kwargs), args)
            if name == "open":
                fds[result] = target
            return result

        return call

    for name, real in originals.items():
        setattr(os, name, wrap(name, real))
    try:
        yield
    finally:
        for name, real in originals.items():
            setattr(os, name, real)


def _die_at(fd: int, n: int, mode: str) -> None:
    real_write = os.write
    count = 0

    def hook(name: str, target: str, real: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        nonlocal count
        if name not in SYSCALLS_KILL:
            return real()
        count += 1
        if count != n:
            return real()
        if mode == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        if mode == "torn":  # half the bytes reach the file, then the power goes
            real(args[0], bytes(args[1])[: max(1, len(args[1]) // 2)])
            os.kill(os.getpid(), signal.SIGKILL)
        real()
        os.kill(os.getpid(), signal.SIGKILL)

    with syscalls(hook):
        FileStore(clock=fixed_clock, projections=False).apply([Upsert(probe_record("kill point probe"))])
    real_write(fd, b"finished\n")


def _reset_to_v1(paths: PicassoPaths) -> bytes:
    shutil.rmtree(paths.home, ignore_errors=True)
    return install_fixture(paths, V1_FIXTURE)


@pytest.mark.slow
def test_kill_at_every_step_of_a_migrating_write(paths: PicassoPaths) -> None:
    original = _reset_to_v1(paths)
    bak = paths.root / "memory.json.v1.bak"
    steps: list[str] = []

    def trace(name: str, target: str, real: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        if name in SYSCALLS_KILL:
            steps.append(f"{name}({Path(target).name})")
        return real()

    # Projections off: a kill while they are rewritten is covered by the next test.
    with syscalls(trace):
        FileStore(paths, clock=fixed_clock, projections=False).apply([Upsert(probe_record("kill point probe"))])
    new = paths.memory_file.read_bytes()
    assert new != original and bak.read_bytes() == original
    assert any("v1.bak" in s for s in steps) and any(s == "replace(memory.json)" for s in steps), steps

    v1_ids = set(FileStore(paths).load().live_ids()) - {PROBE_ID}
    outcomes = {"old": 0, "new": 0, "old with a temp left": 0}
    cases = [(n, "before") for n in range(1, len(steps) + 1)]
    cases += [(n, "after") for n in range(1, len(steps) + 1)]
    cases += [(n, "torn") for n, s in enumerate(steps, 1) if s.startswith("write(")]
    for n, mode in cases:
        where = f"kill {mode} call {n} ({steps[n - 1]})"
        _reset_to_v1(paths)
        lines, code = drain(*fork(_die_at, n, mode))
        assert code == -signal.SIGKILL, f"{where}: the child was not killed (exit {code}, said {lines})"
        data = paths.memory_file.read_bytes()
        assert data in (original, new), f"{where}: memory.json is neither the old nor the new file"
        FileStore(paths).load()
        if bak.exists():
            assert bak.read_bytes() == original, f"{where}: the .bak differs from the original"
        if data == new:
            outcomes["new"] += 1
        else:
            outcomes["old"] += 1
            outcomes["old with a temp left"] += bool(list(paths.root.glob(MEMORY_TEMPS)))

        after = MemoryStore(paths, projections=False).add(f"next write after {where}")
        assert not list(paths.root.glob(MEMORY_TEMPS)), f"{where}: the next write did not sweep the temp files"
        assert bak.read_bytes() == original, f"{where}: the .bak is not the original after the next write"
        live = set(FileStore(paths).load().live_ids())
        assert v1_ids | {after.id} <= live, f"{where}: records of the old file were lost"
        assert (PROBE_ID in live) == (data == new), f"{where}: the killed write half-happened"
    # Non-vacuous: some kills left the old file with temp litter, some landed after the commit.
    assert outcomes["old with a temp left"] > 0 and outcomes["new"] > 0, outcomes

    # The normal end of the same write, with no kill, finishes and says so.
    _reset_to_v1(paths)
    lines, code = drain(*fork(_die_at, len(steps) + 1, "before"))
    assert (lines, code) == (["finished"], 0)
    assert paths.memory_file.read_bytes() == new


@pytest.mark.slow
def test_killed_projection_write_leaves_no_memory_text_behind(paths: PicassoPaths) -> None:
    """A writer killed while rewriting memory/*.md leaves a temp copy of the memory text; deleting
    the memory must not leave that text on disk (DESIGN §3: "the content is gone at once")."""
    secret = "the staging database password rotates every friday"
    projections = paths.projections_dir

    def die_in_projection(fd: int) -> None:
        def hook(name: str, target: str, real: Callable[..., Any], args: tuple[Any, ...]) -> Any:
            result = real()
            if name == "write" and Path(target).parent == projections and target.endswith(".tmp"):
                os.kill(os.getpid(), signal.SIGKILL)  # the temp copy of memory/GLOBAL.md is written
            return result

        store = MemoryStore()
        with syscalls(hook):
            record = store.add(secret)
        os.write(fd, record.id.encode())

    MemoryStore(paths).add("an earlier memory, so that the projections exist")
    lines, code = drain(*fork(die_in_projection))
    assert code == -signal.SIGKILL and not lines
    [rid] = [r.id for r in FileStore(paths).load().records() if r.body == secret]
    MemoryStore(paths).delete(rid)
    MemoryStore(paths).add("a later memory")
    holding = [
        str(p.relative_to(paths.home))
        for p in paths.home.rglob("*")
        if p.is_file() and secret.encode() in p.read_bytes()
    ]
    assert not holding, f"the deleted memory's text is still on disk in {holding}"
    assert not temps(paths.root), f"temp files of a killed writer were never swept: {temps(paths.root)}"


# -- F3: failing system calls -----------------------------------------------------------------

SYSCALLS_FAULT = ("open", "write", "fsync", "replace")
# On macOS a file is synced with fcntl(F_FULLFSYNC), so os.fsync is only seen for the folder.
FILE_FSYNCS = 0 if sys.platform == "darwin" else 1
ERRNOS = (errno.EIO, errno.ENOSPC, errno.EACCES, errno.EROFS, errno.EXDEV)
SCENARIOS = ("v2", "v1-migration")
# Calls made before memory.json is replaced: the temp file (open, write, fsync, replace), and
# on a migration first the .bak (open, write, fsync, replace) and its folder fsync (open, fsync),
# then the deletion ledger that the store's first write creates (open, fsync, folder open and fsync;
# nothing to write, as the old file holds no tombstones).
CALLS_BEFORE_COMMIT = {
    "v2": {"open": 1, "write": 1, "fsync": FILE_FSYNCS, "replace": 1},
    "v1-migration": {"open": 5, "write": 2, "fsync": 2 + 3 * FILE_FSYNCS, "replace": 2},
}


@dataclass
class Fault:
    """What happened when the n-th call of one syscall failed during MemoryStore.add."""

    syscall: str
    n: int
    err: int
    hit: str | None = None  # the call that failed, e.g. "fsync(memory)"; None: fewer than n calls
    committed: bool = False  # memory.json had already been replaced when the fault hit
    raised: BaseException | None = None
    before: bytes = b""
    after: bytes = b""
    body: str = ""
    landed: bool = False  # the new memory is in memory.json
    litter: list[str] = field(default_factory=list)
    lock_free: bool = False
    bak_ok: bool = True

    def __str__(self) -> str:
        raised = f"{type(self.raised).__name__}: {self.raised}" if self.raised else "nothing"
        return f"{errno.errorcode[self.err]} at {self.syscall} #{self.n} = {self.hit}: raised {raised}"


@pytest.fixture
def scenario_template(tmp_path: Path, paths: PicassoPaths) -> Callable[[str], Path]:
    made: dict[str, Path] = {}

    def make(name: str) -> Path:
        if name not in made:
            shutil.rmtree(paths.home, ignore_errors=True)
            if name == "v1-migration":
                install_fixture(paths, V1_FIXTURE)
            else:
                store = MemoryStore(paths)
                for i in range(3):
                    store.add(f"existing memory {i}")
            made[name] = tmp_path / f"template-{name}"
            shutil.copytree(paths.home, made[name])
        return made[name]

    return make


def run_with_fault(paths: PicassoPaths, template: Path, syscall: str, n: int, err: int, projections: bool) -> Fault:
    shutil.rmtree(paths.home, ignore_errors=True)
    shutil.copytree(template, paths.home)
    fault = Fault(syscall, n, err, before=paths.memory_file.read_bytes(), body=f"fault probe {syscall} {n} {err}")
    store = MemoryStore(paths, projections=projections)
    assert store.workspace is None  # resolved before the faults start
    count = 0
    committed = False

    def name_of(target: str) -> str:
        p = Path(target)
        if p == paths.root:
            return "memory root folder"
        if paths.projections_dir in (p, p.parent):
            return f"projection {p.name}"
        return p.name

    def hook(name: str, target: str, real: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        nonlocal count, committed
        if name == syscall:
            count += 1
            if count == n:
                fault.hit = f"{name}({name_of(target)})"
                fault.committed = committed
                raise OSError(err, os.strerror(err))
        result = real()
        if name == "replace" and Path(target) == paths.memory_file:
            committed = True
        return result

    with syscalls(hook):
        try:
            store.add(fault.body)
        except BaseException as exc:  # the test classifies whatever came out
            fault.raised = exc
    fault.after = paths.memory_file.read_bytes()
    fault.landed = any(r.body == fault.body for r in FileStore(paths).load().records())
    fault.litter = temps(paths.root)
    fault.lock_free = lock_is_free(paths)
    bak = paths.root / "memory.json.v1.bak"
    original = (template / "memory.json").read_bytes()
    fault.bak_ok = not bak.exists() or bak.read_bytes() == original
    return fault


def faults(paths: PicassoPaths, template: Path, syscall: str, err: int, projections: bool = False) -> Iterator[Fault]:
    """One fault at each call of ``syscall`` in turn, until the write makes fewer calls than n.

    Projections are off unless a test is about them: they are written after the commit.
    """
    for n in range(1, 100):
        fault = run_with_fault(paths, template, syscall, n, err, projections)
        if fault.hit is None:
            assert fault.raised is None, f"a write with no fault failed: {fault.raised!r}"
            return
        yield fault
    raise AssertionError("a single write made 100 calls of one syscall")


def next_write_works(paths: PicassoPaths) -> None:
    record = MemoryStore(paths, lock_timeout=1.0, projections=False).add("a normal write after the fault")
    assert FileStore(paths).load().get(record.id) is not None


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("err", ERRNOS, ids=lambda e: errno.errorcode[e])
@pytest.mark.parametrize("syscall", SYSCALLS_FAULT)
def test_fault_before_the_commit_changes_nothing(
    paths: PicassoPaths, scenario_template: Callable[[str], Path], syscall: str, err: int, scenario: str
) -> None:
    template = scenario_template(scenario)
    seen = 0
    for fault in faults(paths, template, syscall, err):
        if fault.committed:
            break  # later calls all come after memory.json was replaced: see the tests below
        seen += 1
        assert isinstance(fault.raised, StoreError), f"{fault}: expected a typed StoreError"
        message = str(fault.raised)
        assert os.strerror(err) in message and str(paths.memory_file) in message, f"{fault}: unclear message"
        assert fault.after == fault.before, f"{fault}: memory.json changed"
        assert not fault.landed
        assert not fault.litter, f"{fault}: temp files left behind: {fault.litter}"
        assert fault.bak_ok, f"{fault}: the .bak is not byte-identical to the original"
        assert fault.lock_free, f"{fault}: the lock was not released"
        next_write_works(paths)
    assert seen == CALLS_BEFORE_COMMIT[scenario][syscall], "not every call site before the commit was exercised"


@pytest.mark.slow
@pytest.mark.parametrize("syscall", ("open", "fsync"))
def test_fault_syncing_the_folder_after_replace_is_reported_truthfully(
    paths: PicassoPaths, scenario_template: Callable[[str], Path], syscall: str
) -> None:
    """The folder fsync comes after os.replace: the new file is already in place. The store must
    then either report success, or raise a typed error that does not claim nothing changed."""
    template = scenario_template("v2")
    problems, seen = [], 0
    for err in ERRNOS:
        for fault in faults(paths, template, syscall, err):
            if fault.hit != f"{syscall}(memory root folder)" or not fault.committed:
                if fault.committed:
                    break  # past the folder fsync: projections, covered by the next test
                continue
            seen += 1
            assert fault.landed and fault.after != fault.before
            assert fault.lock_free and not fault.litter, str(fault)
            if fault.raised is None:
                continue
            if not isinstance(fault.raised, StoreError):
                problems.append(f"{fault} (untyped)")
            elif "nothing was changed" in str(fault.raised):
                problems.append(f"{fault} (yet the memory was saved)")
    assert seen == len(ERRNOS)
    assert not problems, "\n".join(problems)


@pytest.mark.slow
# Projections are derived files written without fsync (docs/architecture.md), so after the commit
# only open, write and replace can fail.
@pytest.mark.parametrize("syscall", [s for s in SYSCALLS_FAULT if s != "fsync"])
def test_fault_after_the_lock_is_released_does_not_fail_the_write(
    paths: PicassoPaths, scenario_template: Callable[[str], Path], syscall: str
) -> None:
    """Projections and the event log are written after memory.json is saved and unlocked; a
    failure there must not turn a saved memory into an error (let alone an untyped OSError)."""
    template = scenario_template("v2")
    problems, seen = [], 0
    for err in (errno.EIO, errno.ENOSPC):  # past the commit every errno takes the same path
        for fault in faults(paths, template, syscall, err, projections=True):
            if not fault.committed or fault.hit == f"{syscall}(memory root folder)":
                continue
            seen += 1
            assert fault.landed, str(fault)
            assert fault.lock_free and not fault.litter, str(fault)
            if fault.raised is not None:
                problems.append(str(fault))
    assert seen > 0
    assert not problems, f"{len(problems)} saved writes were reported as failures:\n" + "\n".join(problems[:12])
