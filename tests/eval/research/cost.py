"""Gate research: what the recommended design adds to a recall, measured on this machine.

Everything it needs beyond today's pipeline is computed from what a recall already has (the vector and
BM25 top lists, ``BM25.coverage``): the intent cues (about 80 regular expressions over the prompt), the
fused score of the candidates (cosine + w x BM25/best + c x workspace) and a sort. Timed per prompt over
the 540 prompts of the development set, with a candidate pool of 2 x 32 (the pipeline's pool at top_k 8).

    PYTHONPATH=$PWD /work/main/.venv/bin/python tests/eval/research/cost.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import intent
import lib


def main() -> None:
    prompts, _ = lib.load_prompts()
    texts = [p.text for p in prompts]
    rng = np.random.default_rng(0)
    pools = [(rng.random(64).astype(np.float32), rng.random(64).astype(np.float32) * 12, rng.random(64) < 0.3)
             for _ in prompts]  # fmt: skip
    for name, fn in (
        ("intent cues (regex)", lambda i: intent.cues(texts[i])),
        ("fused score + sort of 64 candidates",
         lambda i: np.argsort(-(pools[i][0] + 0.15 * pools[i][1] / pools[i][1].max() + 0.1 * (~pools[i][2])))),
    ):  # fmt: skip
        times = []
        for _ in range(5):
            for i in range(len(prompts)):
                t0 = time.perf_counter()
                fn(i)
                times.append((time.perf_counter() - t0) * 1e6)
        t = np.sort(times)
        print(f"{name:<40} p50 {np.percentile(t, 50):6.1f} us   p95 {np.percentile(t, 95):6.1f} us")


if __name__ == "__main__":
    main()
