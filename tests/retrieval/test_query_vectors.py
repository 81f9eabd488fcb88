"""The query-vector cache: the same text is embedded once while it stays among the recent ones."""

from __future__ import annotations

import numpy as np

from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.query import QueryVectors, build_query


class Counting(HashEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[list[str]] = []

    def embed(self, texts: list[str]) -> np.ndarray:
        self.seen.append(list(texts))
        return super().embed(texts)


def test_only_new_parts_are_embedded_and_rows_keep_their_order() -> None:
    embedder, cache = Counting(), QueryVectors(capacity=3)
    first = cache.embed(embedder, ["fix the router", "src/app.py"])
    again = cache.embed(embedder, ["src/app.py", "fix the router", "parseConfig"])
    assert embedder.seen == [["fix the router", "src/app.py"], ["parseConfig"]]
    assert again.dtype == np.float32 and again.shape == (3, embedder.dim)
    assert np.array_equal(again[0], first[1]) and np.array_equal(again[1], first[0])
    assert np.array_equal(again, embedder.embed(["src/app.py", "fix the router", "parseConfig"]))
    assert cache.hits == 2


def test_the_least_recently_used_text_goes_first_and_capacity_zero_turns_it_off() -> None:
    embedder, cache = Counting(), QueryVectors(capacity=2)
    for text in ["a b", "c d", "a b", "e f", "c d"]:
        cache.embed(embedder, [text])
    assert embedder.seen == [["a b"], ["c d"], ["e f"], ["c d"]]  # "c d" was the oldest when "e f" came
    off = Counting()
    none = QueryVectors(capacity=0)
    none.embed(off, ["a b"])
    none.embed(off, ["a b"])
    assert off.seen == [["a b"], ["a b"]] and none.hits == 0


def test_keywords_drop_function_words_and_contractions() -> None:
    query = build_query("I can't find where the code that parses `Cargo.toml` should live, can you help?")
    assert query.keywords == "find code parses `Cargo.toml` live, help?"
    assert build_query("parse Cargo.toml").keywords == ""  # nothing to drop: no second text to embed


def test_the_prompt_is_searched_by_its_keywords() -> None:
    embedder, cache = Counting(), QueryVectors()
    query = build_query("where does the code that resolves versions live?", files=("src/app.py",))
    rows = cache.for_query(embedder, query)
    assert embedder.seen == [["code resolves versions live?", "src/app.py"]]  # one call: the prose never alone
    assert rows.shape == (2, embedder.dim) and rows.dtype == np.float32
    assert np.array_equal(rows[0], embedder.embed([query.keywords])[0])
    chat = build_query("what is this?")  # nothing but function words: the prompt as written
    assert np.array_equal(cache.for_query(embedder, chat)[0], embedder.embed(["what is this?"])[0])
