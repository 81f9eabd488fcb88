"""Score the redactor on other scanners' test cases (a script, not a pytest module).

A positive counts as redacted when none of its secrets survives whole in the output (a secret that the
scanner reports as a composite, ``id:secret``, counts when one of its parts is gone); a
negative counts as touched when the output differs from the input at all.

Usage::

    python tests/eval/secrets/run.py                          # the vendored secretlint corpus + the cache
    python tests/eval/secrets/run.py CORPUS.json ... --families --show-misses 20 --check
    python tests/eval/secrets/run.py --json /tmp/figures.json

The trufflehog corpus is built into ~/.cache/picasso-secrets/ by ``extract.py`` (AGPL-3.0: never vendored).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: import this checkout's redactor
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from picasso_tui.redact.redact import redact_text

HERE = Path(__file__).resolve().parent
VENDORED = HERE / "secretlint_corpus.json"
CACHE = Path.home() / ".cache" / "picasso-secrets"
MIN_RECALL = 0.95
MAX_TOUCH = 0.35
_PARTS = re.compile(r"[^\w+/=.@~-]+")  # a composite's separators: JSON punctuation, colons, spaces


def _secret_gone(secret: str, text: str, output: str) -> bool:
    """``secret`` no longer occurs whole. A composite the scanner reports as ``id:secret`` (not in the text as
    such) counts when one of its parts is gone: which part is the secret is the scanner's knowledge, not ours."""
    if secret in text:
        return secret not in output
    parts = [p for p in _PARTS.split(secret) if len(p) >= 6 and p in text]
    return not parts or any(p not in output for p in parts)


def redacted(case: dict[str, Any], output: str) -> bool:
    """A positive is redacted when none of its secrets survives whole (and something was redacted)."""
    text = case["input"]
    return output != text and all(_secret_gone(s, text, output) for s in case["secrets"])


@dataclass
class Tally:
    positives: int = 0
    caught: int = 0
    negatives: int = 0
    touched: int = 0
    misses: list[str] = field(default_factory=list)
    touches: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.caught / self.positives if self.positives else 1.0

    @property
    def touch_rate(self) -> float:
        return self.touched / self.negatives if self.negatives else 0.0

    def add(self, case: dict[str, Any], output: str) -> None:
        if case["positive"]:
            self.positives += 1
            if redacted(case, output):
                self.caught += 1
            else:
                self.misses.append(f"{case['name']}: {case['input'][:300]!r}")
        else:
            self.negatives += 1
            if output != case["input"]:
                self.touched += 1
                self.touches.append(f"{case['name']}: {output[:300]!r}")


def score(cases: Iterable[dict[str, Any]]) -> tuple[Tally, dict[str, Tally]]:
    """The overall tally and one per detector family."""
    total = Tally()
    families: dict[str, Tally] = defaultdict(Tally)
    for case in cases:
        output = redact_text(case["input"]).text
        total.add(case, output)
        families[case["family"]].add(case, output)
    return total, dict(families)


def half(family: str) -> str:
    """The fixed held-out split of detectors: ``A`` when sha1(family name) ends in an even byte, else ``B``.

    Rules are developed looking only at half A's misses (and every constant is chosen on A); half B is the
    honest estimate of what a change does on detectors nobody looked at."""
    return "A" if hashlib.sha1(family.encode("utf-8")).digest()[-1] % 2 == 0 else "B"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _line(name: str, t: Tally) -> str:
    return (
        f"{name:<32} positives redacted {t.caught:>5}/{t.positives:<5} = {t.recall:.3f}   "
        f"negatives touched {t.touched:>5}/{t.negatives:<5} = {t.touch_rate:.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", nargs="*", type=Path, help="default: the vendored corpus and every cached one")
    ap.add_argument("--families", action="store_true", help="one line per family with a miss or a touch")
    ap.add_argument("--show-misses", type=int, default=0, metavar="N", help="print N missed positives per source")
    ap.add_argument("--show-touches", type=int, default=0, metavar="N", help="print N touched negatives per source")
    ap.add_argument("--half", choices=("A", "B"), help="only the detectors of one half of the split (see half())")
    ap.add_argument("--split", action="store_true", help="also print the figures of each half")
    ap.add_argument("--json", type=Path, help="write the figures here")
    ap.add_argument("--check", action="store_true", help=f"exit 1 below recall {MIN_RECALL} or above touch {MAX_TOUCH}")
    args = ap.parse_args(argv)
    paths = args.corpora or [VENDORED, *sorted(CACHE.glob("*.json"))]
    figures: dict[str, Any] = {}
    ok = True
    for path in paths:
        doc = load(path)
        cases = [c for c in doc["cases"] if args.half is None or half(c["family"]) == args.half]
        started = time.perf_counter()
        total, families = score(cases)
        elapsed = time.perf_counter() - started
        label = doc["source"] + (f" half {args.half}" if args.half else "")
        print(_line(f"{label} @ {doc['commit'][:10]}", total) + f"   ({elapsed:.1f} s)")
        halves: dict[str, Any] = {}
        if args.split:
            for h in "AB":
                part = Tally()
                for name, t in families.items():
                    if half(name) == h:
                        part.positives += t.positives
                        part.caught += t.caught
                        part.negatives += t.negatives
                        part.touched += t.touched
                print("    " + _line(f"half {h}", part))
                halves[h] = {"redacted": part.caught, "positives": part.positives, "touched": part.touched}
                halves[h]["negatives"] = part.negatives
        if args.families:
            for name, t in sorted(families.items(), key=lambda kv: (kv[1].recall, -kv[1].touch_rate)):
                if t.caught < t.positives or t.touched:
                    print("    " + _line(name, t))
        for miss in total.misses[: args.show_misses]:
            print("    MISS  " + miss)
        for touch in total.touches[: args.show_touches]:
            print("    TOUCH " + touch)
        ok &= total.recall >= MIN_RECALL and total.touch_rate <= MAX_TOUCH
        figures[doc["source"]] = {
            "commit": doc["commit"],
            "positives": total.positives,
            "redacted": total.caught,
            "recall": round(total.recall, 4),
            "negatives": total.negatives,
            "touched": total.touched,
            "touch_rate": round(total.touch_rate, 4),
            **({"halves": halves} if halves else {}),
        }
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
