"""The local helper (issue 18): fresh `picasso memory recall` and the prompt hook at 10k records, and `picasso memory
list --json` at 100k, each with the helper running and without it, side by side. Budgets with the helper: recall
median under 80 ms, the prompt hook's p95 under 50 ms, `list --json` at 100k under 1 s. Not a timed test: copy the
figures into docs/benchmarks.md.

    .venv/bin/python tests/bench/bench_helper.py [--records 10000] [--big 100000] [--runs 40] [--home DIR]

``--home`` keeps the seeded homes and their caches (the 10k home has bench_recall.py's layout, so a home made by
bench_recall.py or bench_hooks.py serves here too; the first run embeds 10k records, ~40 s with minilm). Every
figure is a fresh ``python -m picasso_tui.cli ...`` process timed from spawn to exit, as an agent or a shell runs
it; each answer is checked against the same command's answer without the helper.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import orjson

import picasso_tui
from picasso_tui.cli import fast
from picasso_tui.paths import PicassoPaths

sys.path.insert(0, str(Path(__file__).parent))
from bench_hooks import make_repo
from bench_recall import PROMPTS, seed
from bench_store import SEED, loadavg, machine, make_workspace, pct, seed_bytes

CLI = [sys.executable, "-m", "picasso_tui.cli"]


def timed(args: list[str], env: dict[str, str], cwd: Path, stdin: bytes | None = None) -> tuple[float, bytes]:
    started = time.perf_counter()
    done = subprocess.run([*CLI, *args], cwd=cwd, env=env, input=stdin, capture_output=True, check=True)
    return (time.perf_counter() - started) * 1000, done.stdout


def figure(samples: list[float]) -> str:
    return f"{pct(samples, 0.5):,.0f} / {pct(samples, 0.95):,.0f}"


def ratio(before: list[float], after: list[float]) -> str:
    return f"{pct(before, 0.5) / pct(after, 0.5):.1f}x / {pct(before, 0.95) / pct(after, 0.95):.1f}x"


@contextmanager
def helper(env: dict[str, str], cwd: Path) -> Iterator[int]:
    """`picasso helper run` for this home until the block ends; its process id once it listens."""
    proc = subprocess.Popen([*CLI, "helper", "run"], cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    started = time.perf_counter()
    try:
        while fast.helper_socket(env["PICASSO_HOME"]) is None:
            if proc.poll() is not None or time.perf_counter() - started > 600:
                raise SystemExit("the helper did not start")
            time.sleep(0.1)
        print(f"  helper listening after {time.perf_counter() - started:.1f} s", flush=True)
        yield proc.pid
    finally:
        subprocess.run([*CLI, "helper", "stop"], cwd=cwd, env=env, capture_output=True)
        if proc.poll() is None:
            proc.kill()
        proc.wait(30)


def ask_directly(env: dict[str, str], method: str, target: str, body: dict[str, object] | None = None) -> None:
    """One request with a long wait: the helper's first answers (its index, its model) before anything is timed."""
    sock = fast.helper_socket(env["PICASSO_HOME"])
    assert sock is not None
    status, _ = fast.exchange(sock, method, target, None if body is None else orjson.dumps(body), 900)
    assert status == 200, status


def helper_recalls(env: dict[str, str], pid: int) -> int:
    """Recalls the helper made (its retrieval events): how many timed answers came through it."""
    log = Path(env["PICASSO_HOME"]) / "logs" / "memory-events.jsonl"
    return sum(
        1 for line in log.read_bytes().splitlines() if b'"retrieval"' in line and orjson.loads(line)["pid"] == pid
    )


def hook_ms(env: dict[str, str]) -> list[float]:
    log = Path(env["PICASSO_HOME"]) / "logs" / "memory-events.jsonl"
    lines = [orjson.loads(line) for line in log.read_bytes().splitlines() if b'"hook"' in line]
    return [float(e["ms"]) for e in lines if e.get("event") == "hook" and e.get("hookEvent") == "prompt"]


def prompt_payload(repo: Path, i: int) -> bytes:
    return orjson.dumps({"session_id": "bench-helper", "transcript_path": "", "cwd": str(repo),
                         "permission_mode": "default", "hook_event_name": "UserPromptSubmit",
                         "prompt": PROMPTS[i % len(PROMPTS)]})  # fmt: skip


def series(env: dict[str, str], repo: Path, runs: int) -> dict[str, tuple[list[float], list[bytes]]]:
    """Fresh `picasso memory recall` and prompt hooks, with their answers."""
    out: dict[str, tuple[list[float], list[bytes]]] = {"recall": ([], []), "hook": ([], [])}
    for i in range(runs):
        ms, said = timed(["memory", "recall", PROMPTS[i % len(PROMPTS)]], env, repo)
        out["recall"][0].append(ms)
        out["recall"][1].append(said)
        ms, said = timed(["hook", "claude", "prompt"], env, repo, prompt_payload(repo, i))
        out["hook"][0].append(ms)
        out["hook"][1].append(said)
    return out


def ten_k(base: Path, records: int, runs: int, embedder: str) -> list[list[str]]:
    repo = base / "repo"
    if not repo.exists():
        make_repo(repo)
    env = {**os.environ, "PICASSO_HOME": str(base / "home"), "GIT_CONFIG_GLOBAL": os.devnull,
           "GIT_CONFIG_NOSYSTEM": "1"}  # fmt: skip
    env.pop("PICASSO_HOOK_DEBUG", None)
    os.environ["PICASSO_HOME"] = env["PICASSO_HOME"]
    from picasso_tui import settings
    from picasso_tui.store.namespaces import find_workspace

    paths = PicassoPaths.resolve()
    settings.set_value("retrieval.embedder", embedder, paths)
    ws = find_workspace(repo)
    assert ws is not None
    if not paths.memory_file.exists():
        seed(paths, ws.fingerprint, records)
    print(f"{records:,} records: embedding what the cache lacks, saving the index", flush=True)
    timed(["memory", "recall", PROMPTS[0]], env, repo)
    alone = series(env, repo, runs)
    with helper(env, repo) as pid:
        ask_directly(env, "POST", "/api/recall", {"prompt": PROMPTS[0], "cwd": str(repo)})
        sock = fast.helper_socket(env["PICASSO_HOME"]) or ""
        while not orjson.loads(fast.exchange(sock, "GET", "/api/health", None, 60)[1])["recallReady"]:
            time.sleep(0.1)  # a prompt hook is answered by the helper once its warm-up has indexed memory
        series(env, repo, 3)  # the helper's first queries (its model's first forward passes)
        before = helper_recalls(env, pid)
        helped = series(env, repo, runs)
        print(f"  {helper_recalls(env, pid) - before}/{2 * runs} timed recalls and prompts answered by the helper")
    inside = hook_ms(env)[-runs:]
    print(f"  prompt hook with the helper, as it clocks itself from the entry point (no interpreter start-up): "
          f"median {pct(inside, 0.5):.0f} ms, p95 {pct(inside, 0.95):.0f} ms")  # fmt: skip
    for name in ("recall", "hook"):
        same = sum(a == b for a, b in zip(alone[name][1], helped[name][1], strict=True))
        print(f"  {name}: {same}/{runs} answers identical with and without the helper", flush=True)
    return [
        [f"fresh `picasso memory recall`, {records // 1000}k records, n={runs}", figure(alone["recall"][0]),
         figure(helped["recall"][0]), ratio(alone["recall"][0], helped["recall"][0]), "median < 80"],
        [f"prompt hook (`picasso hook claude prompt`), {records // 1000}k records, n={runs}", figure(alone["hook"][0]),
         figure(helped["hook"][0]), ratio(alone["hook"][0], helped["hook"][0]), "p95 < 50"],
    ]  # fmt: skip


def hundred_k(base: Path, records: int, runs: int) -> list[list[str]]:
    home = base / "home-big"
    env = {**os.environ, "PICASSO_HOME": str(home), "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    os.environ["PICASSO_HOME"] = str(home)
    from picasso_tui import settings
    from picasso_tui.store.namespaces import find_workspace, fingerprint_of

    repo = make_workspace(base / "workspace-big")
    found = find_workspace(repo)
    assert found is not None
    paths = PicassoPaths.resolve()
    settings.set_value("retrieval.embedder", "hash", paths)  # the helper's index: seconds, not an hour of minilm
    if not paths.memory_file.exists():
        print(f"{records:,} records: generating", flush=True)
        rng = random.Random(SEED)
        others = [fingerprint_of(f"bench-other-{rng.random()}") for _ in range(5)]
        paths.root.mkdir(parents=True, exist_ok=True)
        paths.memory_file.write_bytes(seed_bytes(records, [found.fingerprint, *others]))
    alone = [timed(["memory", "list", "--json"], env, repo) for _ in range(runs)]
    with helper(env, repo):
        ask_directly(env, "GET", "/api/memories?" + urlencode({"cwd": str(repo), "indent": "1"}))  # validates
        helped = [timed(["memory", "list", "--json"], env, repo) for _ in range(runs)]
    same = sum(a[1] == b[1] for a, b in zip(alone, helped, strict=True))
    count = len(orjson.loads(helped[0][1]))
    print(f"  list --json: {same}/{runs} answers identical; {count:,} records listed", flush=True)
    before, after = [a[0] for a in alone], [h[0] for h in helped]
    return [[f"`picasso memory list --json`, {records // 1000}k records ({count:,} in the workspace's view), n={runs}",
             figure(before), figure(after), ratio(before, after), "< 1,000"]]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=100_000, help="Records for the `list --json` figure (0: skip).")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--big-runs", type=int, default=5, help="Listings at --big (each ~10 s without the helper).")
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--home", type=Path, help="Keep the seeded homes and their caches here and reuse them.")
    args = parser.parse_args()
    base = args.home or Path(tempfile.mkdtemp(prefix="pbh", dir="/tmp"))  # short: the socket's path is limited
    base.mkdir(parents=True, exist_ok=True)
    compileall.compile_dir(Path(picasso_tui.__file__).parent, quiet=1)  # as an installed package has it
    print(f"machine: {machine()}; load average {loadavg()}", flush=True)
    rows = ten_k(base, args.records, args.runs, args.embedder)
    print(f"load average {loadavg()}", flush=True)
    if args.big:
        rows += hundred_k(base, args.big, args.big_runs)
    print(f"load average {loadavg()}\n")
    print("| figure (ms, median / p95) | without the helper | with the helper | ratio | budget with the helper |")
    print("| --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
