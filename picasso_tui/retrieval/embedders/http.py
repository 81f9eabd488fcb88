"""Embedders behind an HTTP API: OpenAI-compatible ``POST {base}/embeddings`` and Ollama ``POST {base}/api/embed``.

Texts are sent in batches; the vectors come back L2-normalized float32 rows in input order. The
dimension is learned from the first response (or given). Every failure (endpoint unreachable, a
status other than 200, a body that is not the expected JSON) is an ``EmbedderUnavailable`` whose
message is one sentence naming the endpoint without credentials; the API key never appears in it.
"""

from __future__ import annotations

import contextlib
import re
import threading
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import numpy as np

from picasso_tui.retrieval.embedders.base import EmbedderUnavailable, Vectors, normalize

DEFAULT_TIMEOUT = 30.0  # seconds to read a response: a cold Ollama model can take a while to load
CONNECT_TIMEOUT = 5.0
_KEYLIKE = re.compile(r"\b(sk|key|token|bearer)[-_A-Za-z0-9]{8,}", re.IGNORECASE)


def display_url(url: str) -> str:
    """The URL without user, password, query or fragment: safe to show in a message."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        if parts.port:
            host = f"{host}:{parts.port}"
        return urlunsplit((parts.scheme, host, parts.path, "", ""))
    except ValueError:
        return "the configured URL"


class _HttpEmbedder:
    provider = ""  # "OpenAI-compatible" / "Ollama": used in messages
    setting = ""  # the settings group whose baseUrl points here
    path = ""  # appended to the base URL
    id_prefix = ""  # model ids read "<prefix>:<model>", so vectors of two providers never mix

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        batch_size: int = 64,
        dim: int | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise EmbedderUnavailable(
                f"{self.setting}.baseUrl must start with http:// or https:// (it is {display_url(base_url)!r})."
            )
        if not model:
            raise EmbedderUnavailable(f"{self.setting}.model is empty; set it to the embedding model to use.")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.model_id = f"{self.id_prefix}:{model}"
        self.url = self.base_url + self.path
        self.batch_size = max(1, batch_size)
        self._dim = dim
        self._secrets: list[str] = []
        self._lock = threading.Lock()
        self._client = httpx.Client(
            timeout=httpx.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout)),
            headers=self._headers(),
            transport=transport,
            follow_redirects=False,
        )

    def _headers(self) -> dict[str, str]:
        return {"Content-Type": "application/json", "Accept": "application/json"}

    @property
    def dim(self) -> int:
        """Learned from the first response; asks the endpoint once (one short text) when still unknown."""
        if self._dim is None:
            self.embed(["dimension probe"])
        assert self._dim is not None
        return self._dim

    @dim.setter
    def dim(self, value: int) -> None:
        self._dim = value

    @property
    def known_dim(self) -> int | None:
        """The dimension if a response has told it, without asking the endpoint."""
        return self._dim

    def close(self) -> None:
        self._client.close()

    def embed(self, texts: list[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        parts: list[np.ndarray] = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start : start + self.batch_size]
            parts.append(self._matrix(self._post(self._payload(batch)), len(batch)))
            if parts[-1].shape[1] != parts[0].shape[1]:
                raise self._malformed("vectors of different lengths in different batches")
        matrix = np.concatenate(parts) if len(parts) > 1 else parts[0]
        with self._lock:
            if self._dim is None:
                self._dim = matrix.shape[1]
            elif matrix.shape[1] != self._dim:
                raise self._malformed(f"vectors of {matrix.shape[1]} dimensions after {self._dim} before")
        out = normalize(matrix)
        assert out.dtype == np.float32
        return out

    # --- provider specifics -------------------------------------------------------------------------------

    def _payload(self, texts: list[str]) -> dict[str, Any]:
        raise NotImplementedError

    def _extract(self, body: Any, count: int) -> list[Any]:
        raise NotImplementedError

    def _error_detail(self, body: Any) -> str:
        return ""

    # --- shared plumbing ----------------------------------------------------------------------------------

    def _post(self, payload: dict[str, Any]) -> Any:
        where = display_url(self.url)
        try:
            response = self._client.post(self.url, json=payload)
        except httpx.TimeoutException:
            raise EmbedderUnavailable(
                f"The {self.provider} embeddings endpoint at {where} did not answer in time; "
                f"check that the server is running and {self.setting}.baseUrl is right."
            ) from None
        except httpx.HTTPError as exc:
            reason = type(exc).__name__
            raise EmbedderUnavailable(
                f"Cannot reach the {self.provider} embeddings endpoint at {where} ({reason}); "
                f"check that the server is running and {self.setting}.baseUrl is right."
            ) from None
        if response.status_code != 200:
            detail = ""
            with contextlib.suppress(ValueError):
                detail = self._error_detail(response.json())
            raise EmbedderUnavailable(self._status_message(response.status_code, where, self._redact(detail)))
        try:
            return response.json()
        except ValueError:
            raise self._malformed("a body that is not JSON") from None

    def _status_message(self, status: int, where: str, detail: str) -> str:
        said = f": {detail}" if detail else ""
        return f"The {self.provider} embeddings endpoint at {where} answered HTTP {status}{said}."

    def _matrix(self, body: Any, count: int) -> np.ndarray:
        vectors = self._extract(body, count)
        if len(vectors) != count:
            raise self._malformed(f"{len(vectors)} vectors for {count} texts")
        try:
            matrix = np.asarray(vectors, dtype=np.float32)
        except (ValueError, TypeError):
            raise self._malformed("vectors that are not lists of numbers of one length") from None
        if matrix.ndim != 2 or matrix.shape[1] == 0:
            raise self._malformed("vectors that are not lists of numbers of one length")
        if not np.isfinite(matrix).all():
            raise self._malformed("vectors with non-finite numbers")
        return matrix

    def _malformed(self, what: str) -> EmbedderUnavailable:
        return EmbedderUnavailable(
            f"The {self.provider} embeddings endpoint at {display_url(self.url)} sent {what} instead of embeddings; "
            f"check that {self.setting}.baseUrl points to the right API."
        )

    def _redact(self, text: str) -> str:
        """A server message made safe to print: short, one line, no key in it."""
        text = " ".join(str(text).split())[:200].rstrip(".")
        for secret in self._secrets:
            if secret:
                text = text.replace(secret, "***")
        return _KEYLIKE.sub("***", text)


class OpenAIEmbedder(_HttpEmbedder):
    """Any OpenAI-compatible ``/embeddings`` endpoint (OpenAI, Azure-style proxies, LM Studio, vLLM, llama.cpp)."""

    provider = "OpenAI-compatible"
    setting = "retrieval.openai"
    path = "/embeddings"
    id_prefix = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        batch_size: int = 128,
        dim: int | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._api_key = api_key or None
        super().__init__(base_url, model, timeout=timeout, batch_size=batch_size, dim=dim, transport=transport)
        self._secrets = [api_key] if api_key else []

    def _headers(self) -> dict[str, str]:
        headers = super()._headers()
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _payload(self, texts: list[str]) -> dict[str, Any]:
        # the API rejects empty strings: a single space embeds as "nothing" without failing the batch
        return {"model": self.model, "input": [t if t.strip() else " " for t in texts], "encoding_format": "float"}

    def _extract(self, body: Any, count: int) -> list[Any]:
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list) or not all(isinstance(d, dict) and "embedding" in d for d in data):
            raise self._malformed("a body without a data list of embeddings")
        if all(isinstance(d.get("index"), int) for d in data):
            data = sorted(data, key=lambda d: d["index"])
        return [d["embedding"] for d in data]

    def _error_detail(self, body: Any) -> str:
        error = body.get("error") if isinstance(body, dict) else None
        if isinstance(error, dict):
            return str(error.get("message") or error.get("code") or "")
        return str(error or "")

    def _status_message(self, status: int, where: str, detail: str) -> str:
        if status in (401, 403):
            return (
                f"The {self.provider} embeddings endpoint at {where} refused the API key (HTTP {status}); "
                f"check the key in the environment variable named by retrieval.openai.apiKeyEnv."
            )
        return super()._status_message(status, where, detail)


class OllamaEmbedder(_HttpEmbedder):
    """A local Ollama server's ``/api/embed``."""

    provider = "Ollama"
    setting = "retrieval.ollama"
    path = "/api/embed"
    id_prefix = "ollama"

    def _payload(self, texts: list[str]) -> dict[str, Any]:
        return {"model": self.model, "input": texts, "truncate": True}

    def _extract(self, body: Any, count: int) -> list[Any]:
        vectors = body.get("embeddings") if isinstance(body, dict) else None
        if not isinstance(vectors, list):
            raise self._malformed("a body without an embeddings list")
        return vectors

    def _error_detail(self, body: Any) -> str:
        return str(body.get("error") or "") if isinstance(body, dict) else ""

    def _status_message(self, status: int, where: str, detail: str) -> str:
        if status == 404 and "not found" in detail.lower():
            return (
                f"The Ollama server at {where} does not have the model {self.model!r} "
                f"(HTTP 404); run `ollama pull {self.model}` or change retrieval.ollama.model."
            )
        return super()._status_message(status, where, detail)
