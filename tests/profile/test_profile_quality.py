"""The project profile on three small stand-ins for real repositories (issue 17): what `picasso memory init`
writes is scored against what the real repository's maintainers expect (tests/eval/profile/expected) and
hand judgements of its memories (tests/eval/profile/judged_fixtures), and must stay above the floors in
docs/benchmarks.md. A memory whose text changed is unjudged: judge it (`why` in one line) before the floors mean anything.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.eval.profile.run_profile_eval import init_profile
from tests.eval.profile.scoring import EXPECTED_DIR, judgement_key, load, score

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "profile_repos"
JUDGED = ROOT / "tests" / "eval" / "profile" / "judged_fixtures"
BENCHMARKS = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- profile-floors:begin -->", "<!-- profile-floors:end -->"

# fixture -> (expectations of the real repository, the file each later commit touches, commit subjects);
# the subjects are the kinds a real history has: bare choices ("drop support …") and one with a reason.
CASES = {
    "flask": (
        "pallets__flask",
        "CHANGES.rst",
        [
            "switch to flit build backend",
            "drop support for Python 3.9",
            "use importlib instead of pkgutil",
            "deprecate the __version__ attribute",
            "use tmp_path instead of tmpdir since tmpdir is deprecated in pytest",
        ],
    ),
    "fd": (
        "sharkdp__fd",
        "CHANGELOG.md",
        [
            "Use clap derive instead of the builder API",
            "Add --hyperlink option",
            "Replace num_cpus with std::thread::available_parallelism",
            "Fix test on Windows",
            "Switch to edition 2024 so that let-chains can be used",
        ],
    ),
    "chi": (
        "go-chi__chi",
        "testdata/hello.txt",
        [
            "use Index instead of Split to avoid allocation",
            "deprecate ServerBaseContext in favour of http.Server.BaseContext",
            "middleware: add Logger",
            "fix trailing slash handling",
            "drop support for Go 1.21",
        ],
    ),
}


def _git(root: Path, *args: str, when: int = 0) -> None:
    """git with a fixed author and date, so the commits (and the memories that name them) are the same on every run."""
    stamp = f"{1_700_000_000 + when * 86_400} +0000"
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Fixture",
        "GIT_AUTHOR_EMAIL": "fixture@example.com",
        "GIT_COMMITTER_NAME": "Fixture",
        "GIT_COMMITTER_EMAIL": "fixture@example.com",
        "GIT_AUTHOR_DATE": stamp,
        "GIT_COMMITTER_DATE": stamp,
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def make_checkout(name: str, dest: Path) -> Path:
    """The fixture as a git repository: everything in one commit, then one small commit per subject."""
    _, touched, subjects = CASES[name]
    root = dest / name
    shutil.copytree(FIXTURES / name, root)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "config", "core.fileMode", "false")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "Initial layout")
    for n, subject in enumerate(subjects, start=1):
        with (root / touched).open("a", encoding="utf-8") as f:
            f.write(f"\n{n}\n")
        _git(root, "commit", "-q", "-am", subject, when=n)
    return root


def floors(text: str | None = None) -> dict[str, tuple[float, float]]:
    """`fixture -> (precision floor, recall floor)` from the table in docs/benchmarks.md."""
    text = BENCHMARKS.read_text(encoding="utf-8") if text is None else text
    block = text.split(BEGIN, 1)[1].split(END, 1)[0]
    rows = re.findall(r"^\| *([\w-]+) *\| *[^|]*\| *([0-9.]+) *\| *([0-9.]+) *\|", block, re.M)
    return {name: (float(p), float(r)) for name, p, r in rows}


def test_every_fixture_has_recorded_floors():
    assert set(floors()) == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_profile_meets_the_recorded_floors(name, tmp_path):
    slug = CASES[name][0]
    root = make_checkout(name, tmp_path)
    # The real command as a fresh process (as a user runs it), with a fixed hash seed: see init_profile.
    report, _ = init_profile(root)
    findings = report["findings"]
    exp = load(EXPECTED_DIR / f"{slug}.json", judged_dir=JUDGED)
    scored = score(findings, exp)
    unjudged = [judgement_key({"key": v.key, "body": v.body}) for v in scored.unjudged]
    assert not unjudged, f"judge these memories in {JUDGED.name}/{slug}.json first: {unjudged}"
    precision_floor, recall_floor = floors()[name]
    missed = [p.id for p in scored.missed]
    assert scored.precision is not None and scored.precision >= precision_floor - 1e-9, (
        f"{name}: precision {scored.precision:.2f} under its floor {precision_floor:.2f}; rejected: "
        + "; ".join(f"{v.key} ({v.why})" for v in scored.verdicts if v.endorsed is False)
    )
    assert scored.recall >= recall_floor - 1e-9, (
        f"{name}: recall {scored.recall:.2f} under {recall_floor:.2f}; missed {missed}"
    )
