"""Gate research: which intent-cue categories carry the recommended gate (LOWO, tau 0.10, ranker family prior).

Each row drops one category of ``intent.CUES`` (or the task cue's "open outright" role) and refits everything
per fold as recommend.py does.

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/ablate_cues.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gates
import intent
import lib


def run(prompts, ctx, gate) -> dict:
    injected = {}
    for repo in lib.repos(prompts):
        train = [p for p in prompts if p.repo != repo]
        test = [p for p in prompts if p.repo == repo]
        got, _ = gates.run_fold(gate, ctx, train, test, lib.FI_TARGET)
        injected.update(got)
    return lib.metrics(prompts, injected)


def main() -> None:
    prompts, recs = lib.load_prompts()
    ctx = gates.Context(prompts, recs, "prior")
    base = next(g for g in gates.GATES if g.name == "cues (task opens, no-memory shuts) + coverage")
    full_cues = {p.id: set(p.cues) for p in prompts}
    print(f"{'variant':<44}{'hit@3':>7}{'prec@3':>8}{'FI':>7}{'empty':>7}")
    variants = [("all cues (recommended)", None)] + [(f"without '{c}'", c) for c in intent.CUES]
    for name, drop in variants:
        for p in prompts:
            p.cues = {c for c in full_cues[p.id] if c != drop}
            p.no_memory = bool(p.cues & set(intent.NO_MEMORY)) and "task" not in p.cues
        m = run(prompts, ctx, base)
        print(f"{name:<44}{m['hit3']:>7.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}")
    for p in prompts:
        p.cues = full_cues[p.id]
        p.no_memory = intent.no_memory_intent(p.text)
    no_open = gates.Gate("cues (no-memory shuts) + coverage", "score", ("coverage",), intent_shut=True)
    m = run(prompts, ctx, no_open)
    print(
        f"{'task cue does not open (only vetoes a shut)':<44}{m['hit3']:>7.3f}{m['prec3']:>8.3f}{m['fi']:>7.3f}{m['empty']:>7.3f}"
    )


if __name__ == "__main__":
    main()
