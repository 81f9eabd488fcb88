"""Agent hook budget (DESIGN §8): `picasso hook claude prompt` as a fresh process, from its start to its answer, at
N records in one workspace (budget: p95 under 400 ms at 10k); the session-start hook alongside. Not a timed test:
copy the figures into docs/benchmarks.md.

    .venv/bin/python tests/bench/bench_hooks.py [--records 10000] [--embedder minilm|hash] [--runs 40] [--home DIR]

``--home`` keeps the seeded home and its caches (the same layout as bench_recall.py, so one home serves both).
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

import picasso_tui
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events
from picasso_tui.store.namespaces import find_workspace

sys.path.insert(0, str(Path(__file__).parent))
from bench_recall import PROMPTS, seed, summary


def make_repo(repo: Path) -> None:
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "git@github.com:acme/bench.git"], check=True)
    for i in range(50):  # a workspace with tracked files, as a real one has (its main language: python)
        (repo / f"module_{i}.py").write_text(f"VALUE = {i}\n")
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)


def hook(event: str, data: dict[str, object], cwd: Path) -> tuple[float, bytes]:
    """One fresh `picasso hook claude <event>`: wall time from spawn to exit (the answer is written just before)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "hook", "claude", event], cwd=cwd,
                          input=orjson.dumps(data), capture_output=True, check=True)  # fmt: skip
    return (time.perf_counter() - started) * 1000, done.stdout


def write_transcript(path: Path, cwd: Path, turns: int, tag: int) -> Path:
    """A Claude Code session transcript: ``turns`` prompts and answers, one of which asks for a memory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for n in range(turns):
        said = f"Look at module_{n % 50}.py and tidy the {PROMPTS[n % len(PROMPTS)]} part."
        answer = f"Tidied module_{n % 50}.py: renamed two helpers and added type hints."
        if n == turns // 2:
            answer += f"\n\nremember(fact): Bench session {tag} found that module_{n % 50} holds the retry settings."
        for kind, content in (("user", said), ("assistant", [{"type": "text", "text": answer}])):
            lines.append({"type": kind, "sessionId": f"bench-{tag}", "cwd": str(cwd), "uuid": f"{tag}-{n}-{kind}",
                          "timestamp": "2026-12-01T09:30:00.000Z", "message": {"role": kind, "content": content}})  # fmt: skip
    path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    return path


def prompts(paths: PicassoPaths, home: Path, repo: Path, runs: int) -> None:
    """The prompt hook, first after a change and from the saved index; `picasso memory recall` beside it."""

    def prompt(i: int) -> dict[str, object]:
        return {"session_id": "bench", "transcript_path": str(home / "t.jsonl"), "cwd": str(repo),
                "permission_mode": "default", "hook_event_name": "UserPromptSubmit",
                "prompt": PROMPTS[i % len(PROMPTS)]}  # fmt: skip

    first = []
    for i in range(min(5, runs)):  # the first prompt after memory.json changed: full refresh, then save
        shutil.rmtree(paths.cache_dir / "recall", ignore_errors=True)
        first.append(hook("prompt", prompt(i), repo)[0])
    print(f"prompt hook, first after a change (decodes memory.json, saves its index): {summary(first)}")
    answered = 0
    cold = []
    for i in range(runs):
        ms, out = hook("prompt", prompt(i), repo)
        cold.append(ms)
        answered += bool(out)
    inside = [e["ms"] for e in events.read(paths) if e["event"] == "hook" and e["hookEvent"] == "prompt"]
    print(f"prompt hook, fresh process, spawn to exit: {summary(cold)}; {answered}/{runs} answered with a "
          f"block; as the hook measures itself (from the entry point): {summary(inside[-runs:])}; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    recall = []
    for i in range(runs // 2):  # the same answer through the CLI, for comparison
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "picasso_tui.cli", "memory", "recall", PROMPTS[i % len(PROMPTS)]],
                       cwd=repo, capture_output=True, check=True)  # fmt: skip
        recall.append((time.perf_counter() - started) * 1000)
    print(f"for comparison, `picasso memory recall` (click and the CLI), fresh process: {summary(recall)}")


def session_hooks(paths: PicassoPaths, home: Path, repo: Path, runs: int) -> None:
    """The session-start hook, and the stop hook on a new 100-turn transcript each time (reflect + one write)."""
    start = {"session_id": "bench", "transcript_path": str(home / "t.jsonl"), "cwd": str(repo),
             "hook_event_name": "SessionStart", "source": "startup"}  # fmt: skip
    briefs = [hook("session-start", start, repo)[0] for _ in range(runs)]
    print(f"session-start hook, fresh process: {summary(briefs)}")
    stops = []
    run = time.time_ns()
    for i in range(runs):  # a new session each time: its whole transcript is new
        path = write_transcript(home / "transcripts" / f"s{i}.jsonl", repo, turns=100, tag=i)
        data = {"session_id": f"bench-{run}-{i}", "transcript_path": str(path), "cwd": str(repo),
                "hook_event_name": "Stop", "stop_hook_active": False}  # fmt: skip
        stops.append(hook("stop", data, repo)[0])
    written = [e for e in events.read(paths) if e["event"] == "reflection"][-len(stops) :]
    added = [sum(e.get("counts", {}).get(k, 0) for k in ("added", "reinforced")) for e in written]
    print(f"stop hook, 100-turn Claude Code transcript, reflect + one write: {summary(stops)}; "
          f"records added or reinforced per stop {added}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--home", type=Path, help="Keep the seeded home and its caches here and reuse them.")
    args = parser.parse_args()
    keep = args.home is not None
    home = args.home or Path(tempfile.mkdtemp(prefix="picasso-bench-hooks-"))
    repo = home / "repo"
    if not repo.exists():
        make_repo(repo)
    os.environ["PICASSO_HOME"] = str(home / "home")
    os.environ.pop("PICASSO_HOOK_DEBUG", None)
    try:
        from picasso_tui import settings
        from picasso_tui.retrieval.pipeline import Retriever
        from picasso_tui.store.api import MemoryStore

        paths = PicassoPaths.resolve()
        settings.set_value("retrieval.embedder", args.embedder, paths)
        ws = find_workspace(repo)
        assert ws is not None
        if not paths.memory_file.exists():
            seed(paths, ws.fingerprint, args.records)
        t0 = time.perf_counter()
        Retriever.for_store(MemoryStore(paths, cwd=repo), language="python", graph=False).refresh()
        print(f"{args.records} records, embedder {args.embedder}: vectors ready in {time.perf_counter() - t0:.1f} s")
        compileall.compile_dir(Path(picasso_tui.__file__).parent, quiet=1)  # an installed package has its bytecode
        prompts(paths, home, repo, args.runs)
        session_hooks(paths, home, repo, max(5, args.runs // 4))
    finally:
        if not keep:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
