"""The request bodies, typed (pydantic, strict): every field of every request is checked here.

Strict mode: a boolean is not an integer, a number is not a string. Integers stay inside the
database's signed 64-bit range, strings inside their column and a grammar, lists inside a count.
Unknown fields are refused (a misspelt ``cursur`` would otherwise silently mean 0) and missing
required ones too; optional ones take their documented default.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from picasso_tui.sync.server.problems import Problem

MAX_SEQ = 2**63 - 1  # BIGINT: a larger cursor or base can match no row
MAX_ITEMS = 1000
DEFAULT_PULL_LIMIT = 500
MAX_PASSWORD = 1024
MAX_EMAIL = 320
MAX_SEALED_BYTES = 4096
REQUEST_ID_PATTERN = r"^lr_[0-9a-f]{24}$"

Seq = Annotated[int, Field(ge=0, le=MAX_SEQ)]
# No control characters or spaces: the address is stored and compared as typed, lower-cased.
_ADDRESS_PART = r"[^@\s\x00-\x1f\x7f]"
Email = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True,
        to_lower=True,
        max_length=MAX_EMAIL,
        pattern=rf"^{_ADDRESS_PART}{{1,200}}@{_ADDRESS_PART}{{1,255}}$",
    ),
]
Password = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PASSWORD)]
RecordId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:-]{1,200}$")]
KeyId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
Base64 = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9+/]{1,200}={0,2}$")]
PublicKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9+/]{40,58}={0,2}$")]


class Body(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Credentials(Body):
    email: Email
    password: Password


class PushItem(Body):
    id: RecordId
    envelope: dict[str, Any]  # ciphertext and its public header: opaque here, size-checked by the server
    base: Seq = 0


class SyncRequest(Body):
    cursor: Seq = 0
    limit: Annotated[int, Field(ge=1, le=MAX_ITEMS)] = DEFAULT_PULL_LIMIT
    push: Annotated[list[PushItem], Field(max_length=MAX_ITEMS)] = []


class KeyCheck(Body):
    kid: KeyId
    n: Base64
    ct: Base64


class LinkRequest(Body):
    publicKey: PublicKey  # noqa: N815 - the wire name


class Approval(Body):
    sealed: dict[str, Any]


# Per field: the error code and the sentence a client shows.
_FIELDS: dict[str, tuple[str, str]] = {
    "email": ("bad-email", f"Give an email address (at most {MAX_EMAIL} characters, no spaces)."),
    "password": ("bad-password", f"Give a password (at most {MAX_PASSWORD} characters)."),
    "cursor": ("bad-cursor", f"The cursor must be an integer from 0 to {MAX_SEQ}."),
    "limit": ("bad-limit", f"The limit must be an integer from 1 to {MAX_ITEMS}."),
    "push": ("bad-batch", f"push must be a list of at most {MAX_ITEMS} items."),
    "id": ("bad-id", "A record id must be 1-200 letters, digits or _ . : -."),
    "base": ("bad-base", f"base must be the last seq seen for the record (0 for a new one, at most {MAX_SEQ})."),
    "envelope": ("bad-envelope", "The envelope must be a JSON object."),
    "kid": ("bad-key-check", "A key check needs kid (1-40 letters, digits, _ or -), n and ct (base64) strings."),
    "n": ("bad-key-check", "A key check needs kid (1-40 letters, digits, _ or -), n and ct (base64) strings."),
    "ct": ("bad-key-check", "A key check needs kid (1-40 letters, digits, _ or -), n and ct (base64) strings."),
    "publicKey": ("bad-public-key", "publicKey must be a base64 X25519 public key."),
    "sealed": ("bad-sealed", "sealed must be a small JSON object."),
}

M = TypeVar("M", bound=Body)


def parse(model: type[M], data: dict[str, Any]) -> M:
    """``data`` as ``model``, or a 400 Problem naming the first field that is wrong."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors(include_url=False, include_input=False)[0]
        raise _problem(tuple(error["loc"]), error["type"]) from None


def _problem(loc: tuple[str | int, ...], kind: str) -> Problem:
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")
    if kind == "extra_forbidden":
        return Problem(400, "unknown-field", f"{where} is not a field of this request.")
    if loc and isinstance(loc[-1], int):  # the item itself, not one of its fields
        return Problem(400, "bad-item", f"{where}: each pushed item must be an object with id, envelope and base.")
    code, sentence = _FIELDS.get(str(loc[-1]) if loc else "", ("bad-request", "The request body is not valid."))
    return Problem(400, code, sentence if len(loc) <= 1 else f"{where}: {sentence}")
