"""Negatives: the hand-written lines in negatives.txt plus generated ids and digests in realistic lines."""

from __future__ import annotations

import base64
import hashlib
import random
import uuid
from pathlib import Path

HERE = Path(__file__).parent
_WORDS = ["deploy", "retry", "cache", "index", "lock", "token-bucket", "merge", "projection", "watcher", "embedder"]


def handwritten() -> list[str]:
    lines = (HERE / "negatives.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("# ")]


def generated(seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(15):
        u = uuid.UUID(int=rng.getrandbits(128), version=4)
        out.append(rng.choice([f'"requestId": "{u}"', f"session {u} resumed", f"X-Correlation-ID: {u}", f"id={u}"]))
    for i in range(15):
        sha = hashlib.sha1(f"{seed}-{i}".encode()).hexdigest()
        word = rng.choice(_WORDS)
        out.append(
            rng.choice(
                [f"commit {sha}", f"{sha[:7]} Fix {word} race", f"git revert {sha}", f"HEAD is now at {sha[:12]}"]
            )
        )
    for i in range(10):
        digest = hashlib.sha256(f"{seed}:{i}".encode()).hexdigest()
        out.append(rng.choice([f'    "sha256": "{digest}"', f"pkg-1.{i}.0.tar.gz sha256={digest}", f"sha256:{digest}"]))
    for _ in range(10):
        text = rng.choice(["hello world", "user:name", "ok", "picasso", "tests passed", "{}", "v1.2.3"])
        out.append(f"echo {base64.b64encode(text.encode()).decode()} | base64 -d")
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    for _ in range(10):
        out.append("mem_" + "".join(rng.choice(alphabet) for _ in range(26)))
    return out


def negatives() -> list[str]:
    return handwritten() + generated()
