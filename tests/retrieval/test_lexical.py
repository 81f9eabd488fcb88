"""BM25: word forms meet, identifiers and paths match whole, and the term cache forgets."""

from __future__ import annotations

from pathlib import Path

from picasso_tui.retrieval import lexical
from picasso_tui.retrieval.lexical import BM25, TERMS_VERSION, TermCache, content_terms

DOCS = [
    ("commit", "Before committing, run `go test ./...` and `make lint`."),
    ("format", "Formatting is done by `cargo fmt --all`; CI rejects unformatted code."),
    ("jwt", "Tokens are verified in src/auth/jwt.ts with the getUserToken helper."),
    ("other", "The release train leaves every second Tuesday."),
]


def test_a_prompt_in_another_word_form_finds_the_memory() -> None:
    index = BM25(DOCS)
    assert index.search("ok, commit this", 1)[0][0] == "commit"
    assert index.search("format the code before I push", 1)[0][0] == "format"


def test_identifiers_and_paths_match_whole_and_in_pieces() -> None:
    index = BM25(DOCS)
    assert index.search("where is src/auth/jwt.ts", 1)[0][0] == "jwt"
    assert index.search("getUserToken", 1)[0][0] == "jwt"
    assert index.search("user token", 1)[0][0] == "jwt"


def test_coverage_is_the_share_of_the_prompts_words_the_given_memories_use() -> None:
    index = BM25(DOCS)
    words = content_terms("format the unformatted code for the release interview")
    assert words == {"format", "unformat", "code", "releas", "interview"}
    assert index.coverage(words, ["format", "other"]) == 4 / 5  # nobody wrote "interview"
    assert index.coverage(words, ["jwt"]) == 0.0
    assert index.coverage(set(), ["jwt"]) == 1.0  # nothing to look for: no penalty


def test_the_term_cache_is_reused_and_an_older_versions_words_are_deleted(tmp_path: Path, monkeypatch) -> None:
    old = tmp_path / "lexical" / "terms-v0.json"
    old.parent.mkdir(parents=True)
    old.write_text('{"h": ["a", "deleted", "memory\'s", "words"]}')
    BM25(DOCS, TermCache(tmp_path))
    current = tmp_path / "lexical" / f"terms-v{TERMS_VERSION}.json"
    assert current.exists() and not old.exists()

    def split_again(text: str) -> list[str]:
        raise AssertionError(f"split again: {text!r}")

    monkeypatch.setattr(lexical, "terms", split_again)
    index = BM25(DOCS, TermCache(tmp_path))  # every text's terms come from disk
    monkeypatch.undo()
    assert index.search("committing", 1)[0][0] == "commit"
