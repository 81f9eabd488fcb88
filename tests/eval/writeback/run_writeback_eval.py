"""Write-back quality (issue 16, point 6): precision and recall of what a run writes, against hand labels.

    .venv/bin/python tests/eval/writeback/run_writeback_eval.py                 # every case
    .venv/bin/python tests/eval/writeback/run_writeback_eval.py --split dev     # only the dev split
    .venv/bin/python tests/eval/writeback/run_writeback_eval.py --guard --json /tmp/wb.json

Each case: a fresh PICASSO_HOME and a fresh git repository laid out from the manifest, the transcript
read with ``read_agent_transcript(agent, path)``, written back with ``reflect(transcript, store,
agent=agent)`` as ``picasso run`` does, every live record scored. Rules: README.md beside this file.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from picasso_tui.paths import PicassoPaths  # noqa: E402
from picasso_tui.store.api import MemoryStore  # noqa: E402
from picasso_tui.store.namespaces import find_workspace  # noqa: E402
from picasso_tui.store.schema import MemoryRecord  # noqa: E402
from picasso_tui.writeback.user_store import install_guards  # noqa: E402
from picasso_tui.writeback.write import reflect  # noqa: E402

# Raw stack traces never belong in memory, whatever the case (README: "forbidden").
STACK_TRACES = [
    {"why": "Python traceback", "regex": r"Traceback \(most recent call last\)"},
    {"why": "Java stack frame", "regex": r"\n\s*at [\w.$]+\([\w.]*:?\d*\)"},
    {"why": "Ruby backtrace frame", "regex": r":\d+:in `block"},
    {"why": "Go goroutine dump", "regex": r"goroutine \d+ \["},
]
PERF = "model_performance"


def reader() -> tuple[str, Any]:
    """The agents' own formats, read as the hooks read them."""
    from picasso_tui.writeback.foreign import read_agent_transcript

    return "foreign", lambda agent, path: read_agent_transcript(agent, path).transcript


# -- matching ---------------------------------------------------------------------------------------


def text_of(record: MemoryRecord) -> str:
    return "\n".join([record.body, *record.metadata.prevent_next_time])


def matches(spec: dict[str, Any], text: str) -> bool:
    low = text.lower()
    for term in spec.get("terms", []):
        options = term if isinstance(term, list) else [term]
        if not any(o.lower() in low for o in options):
            return False
    regex = spec.get("regex")
    return not regex or re.search(regex, text, re.IGNORECASE | re.DOTALL) is not None


@dataclass
class Written:
    cls: str
    text: str
    quarantined: bool
    labels: list[str] = field(default_factory=list)  # ids of the labels its text matches
    acceptable: bool = False
    forbidden: list[str] = field(default_factory=list)
    mismatch: bool = False  # matches a label's text but in a class no matching label accepts

    @property
    def worth(self) -> bool:
        return (bool(self.labels) or self.acceptable) and not self.forbidden


@dataclass
class CaseResult:
    name: str
    split: str
    agent: str
    written: list[Written]
    labels: list[dict[str, Any]]
    recalled: list[str]
    seconds: float = 0.0

    def project(self) -> list[Written]:
        return [w for w in self.written if w.cls != PERF]


def score(records: list[MemoryRecord], labels: dict[str, Any]) -> tuple[list[Written], list[str]]:
    forbidden = labels["forbidden"] + STACK_TRACES
    written: list[Written] = []
    for r in records:
        attrs = r.metadata.attributes
        w = Written(r.metadata.class_.value, text_of(r), bool(getattr(attrs, "quarantined", False)))
        hits = [m for m in labels["memories"] if matches(m, w.text)]
        w.labels = [m["id"] for m in hits]
        w.acceptable = any(matches(a, w.text) for a in labels["acceptable"])
        w.forbidden = [f["why"] for f in forbidden if re.search(f["regex"], w.text)]
        w.mismatch = bool(hits) and not any(w.cls in m["class"] for m in hits)
        written.append(w)
    recalled = [
        m["id"]
        for m in labels["memories"]
        if any(not w.quarantined and w.cls in m["class"] and m["id"] in w.labels for w in written)
    ]
    return written, recalled


# -- one case ---------------------------------------------------------------------------------------


def git(cwd: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "dev", "GIT_AUTHOR_EMAIL": "dev@example.com",
           "GIT_COMMITTER_NAME": "dev", "GIT_COMMITTER_EMAIL": "dev@example.com"}  # fmt: skip
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def lay_out(case: dict[str, Any], base: Path) -> Path:
    """The case's repository: its files (placeholders: only names and extensions matter here), one commit."""
    repo = base / Path(case["cwd"]).name
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    for rel in case["files"]:
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(f"// {rel}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "init")
    git(repo, "remote", "add", "origin", case["origin"])
    return repo


def run_case(case: dict[str, Any], read: Any) -> CaseResult:
    import time

    labels = json.loads((HERE / "cases" / case["name"] / "labels.json").read_text())
    with tempfile.TemporaryDirectory(prefix="wbeval-") as tmp:
        base = Path(tmp)
        old = {k: os.environ.get(k) for k in ("PICASSO_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM")}
        os.environ.update(PICASSO_HOME=str(base / "home"), GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
        try:
            repo = lay_out(case, base)
            find_workspace.cache_clear()
            started = time.perf_counter()
            store = MemoryStore(PicassoPaths.resolve(), cwd=repo)
            transcript = read(case["agent"], HERE / "cases" / case["name"] / "transcript.jsonl")
            reflect(transcript, store, agent=case["agent"])
            records = store.list(everything=True)
            seconds = time.perf_counter() - started
        finally:
            for k, v in old.items():
                os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
            find_workspace.cache_clear()
    written, recalled = score(records, labels)
    return CaseResult(case["name"], case["split"], case["agent"], written, labels["memories"], recalled, seconds)


def evaluate(
    *, split: str | None = None, names: list[str] | None = None, guard: bool = False
) -> tuple[str, list[CaseResult]]:
    install_guards()
    kind, read = reader()
    cases = json.loads((HERE / "manifest.json").read_text())["cases"]
    chosen = [
        c for c in cases
        if (split is None or c["split"] == split) and (not names or c["name"] in names) and (not guard or c["guard"])
    ]  # fmt: skip
    return kind, [run_case(c, read) for c in chosen]


# -- figures ----------------------------------------------------------------------------------------


@dataclass
class Figures:
    written: int
    worth: int
    labels: int
    recalled: int
    written_all: int  # model_performance included
    worth_all: int
    quarantined: int
    forbidden: int

    @property
    def precision(self) -> float:
        return self.worth / self.written if self.written else 1.0

    @property
    def recall(self) -> float:
        return self.recalled / self.labels if self.labels else 1.0

    @property
    def precision_all(self) -> float:
        return self.worth_all / self.written_all if self.written_all else 1.0


def figures(results: list[CaseResult]) -> Figures:
    proj = [w for r in results for w in r.project()]
    every = [w for r in results for w in r.written]
    return Figures(
        written=len(proj),
        worth=sum(w.worth for w in proj),
        labels=sum(len(r.labels) for r in results),
        recalled=sum(len(r.recalled) for r in results),
        written_all=len(every),
        worth_all=sum(w.worth and w.cls != PERF for w in every),
        quarantined=sum(w.quarantined for w in every),
        forbidden=sum(bool(w.forbidden) for w in every),
    )


def by_class(results: list[CaseResult]) -> dict[str, tuple[int, int, int, int]]:
    """class -> (records written, worth keeping, labels with it as first class, recalled)."""
    out: dict[str, list[int]] = {}
    for r in results:
        for w in r.project():
            row = out.setdefault(w.cls, [0, 0, 0, 0])
            row[0] += 1
            row[1] += w.worth
        for m in r.labels:
            row = out.setdefault(m["class"][0], [0, 0, 0, 0])
            row[2] += 1
            row[3] += m["id"] in r.recalled
    return {k: (v[0], v[1], v[2], v[3]) for k, v in sorted(out.items())}


def fmt(f: Figures) -> str:
    return (
        f"precision {f.precision:.2f} ({f.worth}/{f.written}), recall {f.recall:.2f} ({f.recalled}/{f.labels}); "
        f"with model_performance counted as not worth keeping: {f.precision_all:.2f} ({f.worth_all}/{f.written_all}); "
        f"quarantined {f.quarantined}, forbidden {f.forbidden}"
    )


def markdown(kind: str, results: list[CaseResult]) -> str:
    rows = ["| case | split | agent | written | worth keeping | precision | labels | recalled | recall | model_performance |",
            "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]  # fmt: skip
    for r in results:
        f = figures([r])
        perf = len(r.written) - len(r.project())
        p = f"{f.precision:.2f}" if f.written else "–"
        rc = f"{f.recall:.2f}" if f.labels else "–"
        rows.append(
            f"| {r.name} | {r.split} | {r.agent} | {f.written} | {f.worth} | {p} | {f.labels} | {f.recalled} | {rc} | {perf} |"
        )
    lines = [f"reader: {kind}", "", *rows, ""]
    for split in ("dev", "held_out"):
        part = [r for r in results if r.split == split]
        if part:
            lines.append(f"- **{split}**: {fmt(figures(part))}")
    lines.append(f"- **all**: {fmt(figures(results))}")
    lines += [
        "",
        "| class | written | worth keeping | precision | labels | recalled | recall |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for cls, (n, ok, lab, rec) in by_class(results).items():
        p = f"{ok / n:.2f}" if n else "–"
        rc = f"{rec / lab:.2f}" if lab else "–"
        lines.append(f"| {cls} | {n} | {ok} | {p} | {lab} | {rec} | {rc} |")
    return "\n".join(lines)


def errors(results: list[CaseResult]) -> str:
    out = ["", "Records not worth keeping (class, case, text):"]
    for r in results:
        for w in r.project():
            if not w.worth:
                why = f" FORBIDDEN: {', '.join(w.forbidden)}" if w.forbidden else ""
                q = " [quarantined]" if w.quarantined else ""
                out.append(f"- {w.cls}{q} · {r.name}{why}: {w.text[:220]!r}")
    out += ["", "Class mismatches (text matches a label, class does not):"]
    for r in results:
        for w in r.project():
            if w.mismatch:
                out.append(f"- {w.cls} · {r.name} (labels {', '.join(w.labels)}): {w.text[:160]!r}")
    out += ["", "Labels not recalled:"]
    for r in results:
        for m in r.labels:
            if m["id"] not in r.recalled:
                out.append(f"- {m['id']} ({'/'.join(m['class'])}): {m['statement']}")
    return "\n".join(out)


def as_json(kind: str, results: list[CaseResult]) -> dict[str, Any]:
    f = figures(results)
    return {
        "reader": kind,
        "precision": f.precision,
        "recall": f.recall,
        "precision_with_model_performance": f.precision_all,
        "cases": {
            r.name: {
                "split": r.split,
                "precision": figures([r]).precision,
                "recall": figures([r]).recall,
                "seconds": round(r.seconds, 3),
                "recalled": r.recalled,
                "written": [w.__dict__ | {"worth": w.worth} for w in r.written],
            }
            for r in results
        },
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", choices=["dev", "held_out"])
    ap.add_argument("--case", action="append", dest="names")
    ap.add_argument("--guard", action="store_true", help="only the subset the default test run checks")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--quiet", action="store_true", help="figures only, no error listing")
    args = ap.parse_args()
    kind, results = evaluate(split=args.split, names=args.names, guard=args.guard)
    print(markdown(kind, results))
    if not args.quiet:
        print(errors(results))
    if args.json:
        args.json.write_text(json.dumps(as_json(kind, results), indent=1))
    print(f"\n{sum(r.seconds for r in results):.1f} s in reflect over {len(results)} cases")


if __name__ == "__main__":
    main()
