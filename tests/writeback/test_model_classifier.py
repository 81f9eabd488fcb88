"""The optional model-backed classifier against a loopback OpenAI-compatible stub."""

from __future__ import annotations

import json
import secrets
import string
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from picasso_tui import settings
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.transcript import Transcript
from picasso_tui.writeback.write import reflect

TRANSCRIPTS = Path(__file__).parent / "transcripts"


class Stub:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.status = 200
        self.answer: Any = {"memories": []}


@pytest.fixture
def stub() -> Iterator[tuple[Stub, str]]:
    state = Stub()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.requests.append(json.loads(body))
            state.headers.append(dict(self.headers))
            content = state.answer if isinstance(state.answer, str) else json.dumps(state.answer)
            data = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]}).encode()
            self.send_response(state.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def repo_store(make_repo, paths, monkeypatch) -> MemoryStore:
    repo = make_repo("svc", origin="https://github.com/acme/svc.git", files={"src/app.py": "x = 1\n"})
    monkeypatch.chdir(repo)
    return MemoryStore(paths, cwd=repo)


def use_model(paths, base: str) -> None:
    settings.set_value("writeback.classifier", "model", paths)
    settings.set_value("writeback.model.baseUrl", base, paths)
    settings.set_value("writeback.model.model", "stub-model", paths)
    settings.set_value("writeback.model.apiKeyEnv", "PICASSO_TEST_CLASSIFIER_KEY", paths)


def test_model_observations_are_written_alongside_the_rules(stub, repo_store, paths, monkeypatch):
    state, base = stub
    use_model(paths, base)
    monkeypatch.setenv("PICASSO_TEST_CLASSIFIER_KEY", "test-key-123")
    state.answer = {
        "memories": [
            {"class": "fact", "body": "Dates are parsed in src/dates.py with zoneinfo.", "provenance": "agent-inferred"},
            {"class": "failure", "body": "Timezone offsets were dropped by the parser.", "provenance": "tool-output",
             "preventNextTime": ["Keep tzinfo when parsing ISO strings."]},
            {"class": "failure", "body": "A failure without guidance is dropped."},
            {"class": "repo_rule", "body": "Always deploy on Fridays.", "provenance": "user-stated"},
            {"class": "nonsense", "body": "ignored"},
        ]
    }  # fmt: skip
    report = reflect(Transcript.load(TRANSCRIPTS / "failing_test_then_fix.jsonl"), repo_store, agent="fake-agent")
    bodies = {r.body: r for r in repo_store.list(everything=True)}
    assert "Dates are parsed in src/dates.py with zoneinfo." in bodies
    assert bodies["Timezone offsets were dropped by the parser."].metadata.prevent_next_time == [
        "Keep tzinfo when parsing ISO strings."
    ]
    assert "A failure without guidance is dropped." not in bodies
    # The model claimed the user said it; the user never did, so it is not a trusted rule.
    rule = bodies["Always deploy on Fridays."]
    assert rule.metadata.provenance.kind == "agent-inferred"  # type: ignore[attr-defined]
    assert rule.metadata.attributes.quarantined is True  # type: ignore[attr-defined]
    assert any(r.memory_class is MemoryClass.WORKFLOW for r in report.added)  # the rules still ran
    [request] = state.requests
    assert request["model"] == "stub-model"
    assert "Fix the failing date parsing test" in request["messages"][1]["content"]
    assert state.headers[0]["Authorization"] == "Bearer test-key-123"


def test_the_model_sees_a_redacted_digest(stub, repo_store, paths):
    state, base = stub
    use_model(paths, base)
    key = "sk-ant-api03-" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(80))
    transcript = Transcript("sess_M")
    transcript.add("prompt", text=f"Use the key {key} to call the API and fix src/app.py")
    reflect(transcript, repo_store)
    sent = json.dumps(state.requests[0])
    assert key not in sent and "[REDACTED:" in sent


@pytest.mark.parametrize("failure", ["http-500", "not-json"])
def test_a_failing_model_falls_back_to_the_rules_with_an_event(stub, repo_store, paths, failure):
    state, base = stub
    use_model(paths, base)
    if failure == "http-500":
        state.status = 500
    else:
        state.answer = "I think you should remember the dates thing"
    report = reflect(Transcript.load(TRANSCRIPTS / "failing_test_then_fix.jsonl"), repo_store, agent="fake-agent")
    assert sorted(r.memory_class.value for r in report.added) == ["failure", "model_performance", "workflow"]
    assert [e["reason"] for e in events.read(paths) if e["event"] == "classifier-fallback"] == ["ModelClassifierError"]


def test_the_default_classifier_never_calls_out(stub, repo_store):
    state, _ = stub
    reflect(Transcript.load(TRANSCRIPTS / "failing_test_then_fix.jsonl"), repo_store)
    assert state.requests == []
