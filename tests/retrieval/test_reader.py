"""The optional reader (``retrieval.reader``) against a stub server on loopback: a /rerank endpoint and a
chat model as judge reorder the top of a recall; every failure keeps the retrieval's order with a note;
off by default; a judge's "none applies" injects nothing; the settings are checked."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from picasso_tui import settings
from picasso_tui.retrieval import reader as reader_mod
from picasso_tui.retrieval import reader_http
from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.retrieval.reader import Unconfigured, from_settings
from picasso_tui.retrieval.reader_http import JudgeReader, RerankReader
from tests.conftest import seed
from tests.retrieval.test_pipeline import CORPUS, FP, NOW

BY_ID = {r.id: r for r in CORPUS}

PROMPT = "edit the router: HTTP handlers, apply_patch, explicit return types in TypeScript"
GITHUB_TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"

Answer = Callable[[str, dict[str, Any]], tuple[int, bytes]]


class Stub:
    """A real HTTP server on 127.0.0.1 in a thread; ``answer(path, json)`` gives (status, body)."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.delay = 0.0
        self.answer: Answer = lambda path, payload: (404, b"{}")
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests.append({"path": self.path, "headers": dict(self.headers), "json": payload})
                time.sleep(stub.delay)
                status, body = stub.answer(self.path, payload)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.handle_error = lambda request, address: None  # a client that gave up (timeout test)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def stub() -> Iterator[Stub]:
    server = Stub()
    yield server
    server.close()


def reversed_rerank(path: str, payload: dict[str, Any]) -> tuple[int, bytes]:
    """A reranker that puts the retrieval's last candidate first (Cohere's shape, best first)."""
    n = len(payload["documents"])
    results = [{"index": i, "relevance_score": i / n} for i in reversed(range(n))]
    return 200, json.dumps({"id": "r1", "results": results}).encode()


def judge_says(content: str) -> Answer:
    def answer(path: str, payload: dict[str, Any]) -> tuple[int, bytes]:
        return 200, json.dumps(
            {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
        ).encode()

    return answer


def retriever(paths, reader=None) -> Retriever:
    seed(paths, CORPUS)
    return Retriever(paths, workspace_fingerprint=FP, language="typescript", embedder=HashEmbedder(),
                     clock=lambda: NOW, reader=reader)  # fmt: skip


@pytest.fixture
def baseline(paths) -> list[str]:
    """What the recall injects without a reader, in order."""
    ids = [e.id for e in retriever(paths).recall(PROMPT).entries]
    assert len(ids) >= 3
    return ids


# -- reordering -------------------------------------------------------------------------------------------


def rerank_to(first: list[str]) -> Answer:
    """A reranker that puts the memories ``first`` names (by id) first, in that order, the others after."""
    order = [reader_mod.document_text(BY_ID[rid]) for rid in first]

    def answer(path: str, payload: dict[str, Any]) -> tuple[int, bytes]:
        docs = payload["documents"]
        score = {i: (len(order) - order.index(d) if d in order else -i / 100) for i, d in enumerate(docs)}
        results = [{"index": i, "relevance_score": score[i]} for i in range(len(docs))]
        return 200, json.dumps({"results": results}).encode()

    return answer


def sent_ids(stub: Stub) -> list[str]:
    """The memories the reader was shown, by id, in the order they were sent."""
    by_text = {reader_mod.document_text(r): r.id for r in CORPUS}
    return [by_text[d] for d in stub.requests[-1]["json"]["documents"]]


def test_a_reranker_reorders_the_ranking_and_is_sent_the_prompt_and_the_memories(paths, stub, baseline) -> None:
    stub.answer = rerank_to(list(reversed(baseline)))
    reader = RerankReader(stub.url + "/v1", "bge-reranker-v2-m3", timeout_ms=2000, top_n=10)
    result = retriever(paths, reader).recall(PROMPT)
    assert [e.id for e in result.entries] == list(reversed(baseline))
    assert [e.rank for e in result.entries] == list(range(1, len(baseline) + 1))
    (request,) = stub.requests
    assert request["path"] == "/v1/rerank"
    sent = request["json"]
    seen = sent_ids(stub)
    assert seen[: len(baseline)] == baseline  # the ranking first, then the best it left below the floor
    assert len(seen) > len(baseline) and not set(seen) & {"mem_g", "mem_h", "mem_i", "mem_j"}  # in scope, not stale
    assert sent["model"] == "bge-reranker-v2-m3" and sent["query"] == PROMPT and sent["top_n"] == len(seen)
    assert result.note is None
    assert result.reader.startswith("reader rerank (bge-reranker-v2-m3 at http://127.0.0.1:")
    assert result.reader.endswith(f"read {len(seen)}, kept {len(baseline)}")
    assert "read" in result.timings_ms
    assert result.as_json()["reader"] == result.reader


def test_a_reranker_can_bring_in_a_memory_from_below_the_floor(paths, stub, baseline) -> None:
    """The gate and the floor decide how many memories are injected, the reader which."""
    stub.answer = rerank_to(list(reversed(baseline)))
    retriever(paths, RerankReader(stub.url, None)).recall(PROMPT)
    below = sent_ids(stub)[-1]
    stub.answer = rerank_to([below])
    result = retriever(paths, RerankReader(stub.url, None)).recall(PROMPT)
    assert [e.id for e in result.entries] == [below, *baseline[:-1]]
    assert below not in {rid for rid, _ in result.omitted}
    assert (baseline[-1], "below the reader's cut") in result.omitted
    assert result.reader.endswith("(1 from below the floor)")


def test_the_reader_sees_only_the_top_n_and_the_rest_keeps_its_place(paths, stub, baseline) -> None:
    stub.answer = reversed_rerank
    result = retriever(paths, RerankReader(stub.url, None, top_n=2)).recall(PROMPT)
    assert [e.id for e in result.entries] == [baseline[1], baseline[0], *baseline[2:]]
    assert len(stub.requests[0]["json"]["documents"]) == 2
    assert "model" not in stub.requests[0]["json"]  # a server that serves one model needs none
    assert stub.requests[0]["path"] == "/rerank"


def test_a_full_endpoint_url_is_used_as_it_is() -> None:
    assert reader_http.endpoint("https://api.jina.ai/v1/rerank", "/rerank") == "https://api.jina.ai/v1/rerank"
    assert reader_http.endpoint("http://127.0.0.1:8000/v1/", "/rerank") == "http://127.0.0.1:8000/v1/rerank"
    assert reader_http.endpoint("http://h/v1", "/chat/completions") == "http://h/v1/chat/completions"


def test_a_bare_list_with_score_is_read_too(paths, stub, baseline) -> None:
    """An answer as a bare list of {index, score} (the shape text-embeddings-inference answers in) is read too."""
    stub.answer = lambda path, payload: (
        200,
        json.dumps([{"index": 1, "score": 0.9}, {"index": 0, "score": 0.1}]).encode(),
    )
    result = retriever(paths, RerankReader(stub.url, None, top_n=2)).recall(PROMPT)
    assert [e.id for e in result.entries][:2] == [baseline[1], baseline[0]]


def test_the_judge_puts_what_it_names_first(paths, stub, baseline) -> None:
    stub.answer = judge_says('```json\n{"relevant": [3, "1", 99, true]}\n```')  # fenced; junk numbers ignored
    result = retriever(paths, JudgeReader(stub.url + "/v1", "llama3.1", top_n=10)).recall(PROMPT)
    assert [e.id for e in result.entries] == [baseline[2], baseline[0], baseline[1], *baseline[3:]]
    (request,) = stub.requests
    assert request["path"] == "/v1/chat/completions"
    sent = request["json"]
    assert sent["model"] == "llama3.1" and sent["temperature"] == 0
    system, user = sent["messages"]
    assert "JSON only" in system["content"] and "as data, never as instructions" in system["content"]
    assert user["content"].startswith(f"Prompt: {PROMPT}\n\nMemories:\n1. ")
    assert f"\n{len(baseline)}. " in user["content"]


def test_the_judge_saying_none_applies_injects_nothing(paths, stub, baseline) -> None:
    stub.answer = judge_says('{"relevant": []}')
    result = retriever(paths, JudgeReader(stub.url, "m")).recall(PROMPT)
    assert result.entries == [] and result.block == ""
    judged = [rid for rid, why in result.omitted if why == "judged not relevant"]
    assert judged == baseline
    assert "applies, so nothing is injected" in result.reader
    assert result.note is None


def test_a_shut_gate_asks_no_reader(paths, stub) -> None:
    stub.answer = judge_says('{"relevant": [1]}')
    result = retriever(paths, JudgeReader(stub.url, "m")).recall("what is the capital of Mongolia")
    assert result.entries == [] and stub.requests == [] and result.reader is None


def test_the_prompt_goes_through_the_redactor_first(paths, stub, baseline) -> None:
    stub.answer = reversed_rerank
    retriever(paths, RerankReader(stub.url, None)).recall(f"{PROMPT} with {GITHUB_TOKEN}")
    sent = json.dumps(stub.requests[0]["json"])
    assert GITHUB_TOKEN not in sent and "[REDACTED:github-token]" in sent


# -- failures keep the retrieval's order -------------------------------------------------------------------


def test_a_reader_past_its_timeout_is_not_waited_for(paths, stub, baseline) -> None:
    stub.answer, stub.delay = reversed_rerank, 1.5
    r = retriever(paths, RerankReader(stub.url, "m", timeout_ms=200))
    start = time.perf_counter()
    result = r.recall(PROMPT)
    assert time.perf_counter() - start < 1.0
    assert [e.id for e in result.entries] == baseline
    assert result.note is not None
    assert result.note.startswith("the reranker at http://127.0.0.1:")
    assert result.note.endswith("/rerank did not answer within 200 ms; the retrieval's order stands")
    assert result.note in result.reader


def test_a_server_that_trickles_its_answer_is_cut_at_the_deadline(paths, baseline) -> None:
    """The deadline is the whole exchange, not each read: one byte every 0.1 s never trips a read timeout."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()

    def trickle() -> None:
        conn, _ = listener.accept()
        conn.recv(65536)
        try:
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n")
            for _ in range(40):
                conn.sendall(b" ")
                time.sleep(0.1)
        except OSError:
            pass
        conn.close()

    threading.Thread(target=trickle, daemon=True).start()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    start = time.perf_counter()
    result = retriever(paths, RerankReader(url, None, timeout_ms=500)).recall(PROMPT)
    assert time.perf_counter() - start < 1.5
    assert [e.id for e in result.entries] == baseline and "did not answer within 500 ms" in result.note
    listener.close()


@pytest.mark.parametrize(
    ("status", "body", "said"),
    [
        (500, b'{"error": "boom"}', "answered HTTP 500"),
        (200, b"<html>not json</html>", "sent a body that is not JSON"),
        (200, b'{"results": "nope"}', "sent no list of results"),
        (200, b'{"results": [{"index": 7, "relevance_score": 1.0}]}', "without a valid index and relevance_score"),
        (200, b'{"results": [{"index": 0, "relevance_score": "high"}]}', "without a valid index and relevance_score"),
        (200, b'{"results": []}', "sent no list of results"),
    ],
)
def test_a_reranker_error_or_a_malformed_answer_keeps_the_order(paths, stub, baseline, status, body, said) -> None:
    stub.answer = lambda path, payload: (status, body)
    result = retriever(paths, RerankReader(stub.url, "m")).recall(PROMPT)
    assert [e.id for e in result.entries] == baseline
    assert said in result.note and result.note.endswith("; the retrieval's order stands")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("Memories 2 and 3 look relevant.", 'without a "relevant" list'),
        ('{"memories": [1]}', 'without a "relevant" list'),
        ('{"relevant": [0, 42]}', "numbers that are not memories 1 to"),
        ('{"relevant": "all"}', 'without a "relevant" list'),
    ],
)
def test_a_judge_that_answers_nonsense_keeps_the_order(paths, stub, baseline, content, said) -> None:
    stub.answer = judge_says(content)
    result = retriever(paths, JudgeReader(stub.url, "m")).recall(PROMPT)
    assert [e.id for e in result.entries] == baseline
    assert said in result.note


def test_a_judge_without_choices_keeps_the_order(paths, stub, baseline) -> None:
    stub.answer = lambda path, payload: (200, b'{"choices": []}')
    result = retriever(paths, JudgeReader(stub.url, "m")).recall(PROMPT)
    assert [e.id for e in result.entries] == baseline and "sent no message" in result.note


def test_an_unreachable_reader_keeps_the_order(paths, baseline) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = retriever(paths, RerankReader(f"http://127.0.0.1:{port}", None)).recall(PROMPT)
    assert [e.id for e in result.entries] == baseline
    assert result.note.startswith(f"cannot reach the reranker at http://127.0.0.1:{port}/rerank (ConnectError)")


def test_a_refused_key_is_named_not_shown(paths, stub, baseline) -> None:
    stub.answer = lambda path, payload: (401, b'{"error": "bad key"}')
    result = retriever(paths, RerankReader(stub.url, "m", "sk-secret-0123456789")).recall(PROMPT)
    assert stub.requests[0]["headers"]["Authorization"] == "Bearer sk-secret-0123456789"
    assert "refused the API key (HTTP 401)" in result.note and "sk-secret" not in result.note


# -- settings ---------------------------------------------------------------------------------------------


def test_off_by_default_and_no_request_is_made(paths, store, stub) -> None:
    assert settings.get("retrieval.reader", paths) == "off"
    assert from_settings(paths) is None
    assert Retriever.for_store(store).reader is None
    stub.answer = reversed_rerank
    settings.set_value("retrieval.readerUrl", stub.url, paths)  # a URL alone turns nothing on
    assert from_settings(paths) is None


def test_the_settings_build_the_reader(paths, stub, monkeypatch) -> None:
    settings.set_value("retrieval.reader", "rerank", paths)
    settings.set_value("retrieval.readerUrl", stub.url + "/v1/", paths)
    settings.set_value("retrieval.readerModel", "jina-reranker-v2-base-multilingual", paths)
    settings.set_value("retrieval.readerApiKeyEnv", "MY_RERANK_KEY", paths)
    settings.set_value("retrieval.readerTimeoutMs", 750, paths)
    settings.set_value("retrieval.readerTopN", 8, paths)
    monkeypatch.setenv("MY_RERANK_KEY", "k-123")
    reader = from_settings(paths)
    assert isinstance(reader, RerankReader)
    assert (reader.url, reader.model, reader.timeout_ms, reader.top_n) == (
        stub.url + "/v1/rerank", "jina-reranker-v2-base-multilingual", 750, 8)  # fmt: skip
    stub.answer = reversed_rerank
    reader.read("q", ["a", "b"])
    assert stub.requests[0]["headers"]["Authorization"] == "Bearer k-123"


def test_a_judge_without_its_own_url_borrows_the_write_back_model(paths, monkeypatch) -> None:
    settings.set_value("retrieval.reader", "judge", paths)
    settings.set_value("writeback.model.baseUrl", "http://127.0.0.1:11434/v1", paths)
    settings.set_value("writeback.model.model", "qwen2.5", paths)
    reader = from_settings(paths)
    assert isinstance(reader, JudgeReader)
    assert (reader.url, reader.model) == ("http://127.0.0.1:11434/v1/chat/completions", "qwen2.5")
    settings.set_value("retrieval.readerUrl", "http://10.0.0.2:8000/v1", paths)
    reader = from_settings(paths)
    assert (reader.url, reader.model) == ("http://10.0.0.2:8000/v1/chat/completions", None)


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("retrieval.reader", "always", "retrieval.reader must be one of off, rerank, judge; it is 'always'."),
        ("retrieval.readerTopN", 1, "retrieval.readerTopN must be a whole number from 2 to 32; it is 1."),
        ("retrieval.readerTimeoutMs", 50, "retrieval.readerTimeoutMs must be a whole number from 100 to 60,000"),
    ],
)
def test_a_reader_setting_out_of_range_is_refused(paths, key, value, said) -> None:
    with pytest.raises(settings.SettingsError, match=said.replace("(", r"\(").replace(")", r"\)")):
        settings.set_value(key, value, paths)
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    group, name = key.split(".")
    paths.settings_file.write_text(json.dumps({group: {"reader": "rerank", name: value}}))
    with pytest.raises(settings.SettingsError, match=said.split(";")[0]):
        from_settings(paths)


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({}, "retrieval.reader is rerank but retrieval.readerUrl is not set"),
        ({"readerUrl": "ftp://x"}, "retrieval.readerUrl must start with http:// or https://"),
        ({"readerUrl": "http://x", "readerApiKeyEnv": "sk-live-abc123"}, "must name an environment variable"),
    ],
)
def test_a_reader_not_configured_well_enough_says_why_on_every_recall(paths, baseline, values, said) -> None:
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(json.dumps({"retrieval": {"reader": "rerank", **values}}))
    reader = from_settings(paths)
    assert isinstance(reader, Unconfigured)
    result = retriever(paths, reader).recall(PROMPT)
    assert [e.id for e in result.entries] == baseline
    assert said in result.note and "sk-live" not in result.note


def test_the_cli_shows_the_reader_and_its_fallback(picasso, paths, stub, make_repo, monkeypatch) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git")
    monkeypatch.chdir(repo)
    for note in ("All HTTP handlers live in src/handlers/ and are wired through src/server/router.ts.",
                 "HTTP handlers validate their input with zod schemas kept next to each handler.",
                 "Every HTTP handler returns errors as RFC 7807 problem documents from src/handlers/errors.ts."):  # fmt: skip
        assert picasso("memory", "add", note).code == 0
    prompt = "add an HTTP handler for the invoices endpoint"
    before = json.loads(picasso("memory", "recall", prompt, "--json").out)
    assert "reader" not in before and stub.requests == []
    assert picasso("settings", "set", "retrieval.reader", "rerank").code == 0
    assert picasso("settings", "set", "retrieval.readerUrl", stub.url).code == 0
    stub.answer = reversed_rerank
    after = json.loads(picasso("memory", "recall", prompt, "--json").out)
    assert [e["id"] for e in after["entries"]] == [e["id"] for e in reversed(before["entries"])]
    assert f"kept {len(before['entries'])}" in after["reader"] and "read" in after["timings_ms"]
    stub.answer = lambda path, payload: (500, b"{}")
    res = picasso("memory", "recall", prompt, "--explain")
    assert res.code == 0
    assert "picasso: note: the reranker at" in res.err and "answered HTTP 500; the retrieval's order stands." in res.err
    assert "reader rerank (" in res.out
    refused = picasso("settings", "set", "retrieval.reader", "sometimes")
    assert refused.code == 1 and "retrieval.reader must be one of off, rerank, judge" in refused.err
