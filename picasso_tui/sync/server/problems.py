"""Errors as the server answers them: ``{"error": {"code": …, "message": <one sentence>}}``."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

# Starlette's own refusals (unknown path, wrong method) get the same shape as ours.
_HTTP_CODES = {404: "not-found", 405: "method-not-allowed"}


class Problem(Exception):
    """An HTTP error with a machine code, one human sentence and, where useful, headers (Retry-After)."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


def problem_response(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return JSONResponse(error_body(exc.code, exc.message), status_code=exc.status, headers=exc.headers)


def http_exception_response(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = _HTTP_CODES.get(exc.status_code, "http-error")
    return JSONResponse(error_body(code, f"{exc.detail}."), status_code=exc.status_code, headers=exc.headers)
