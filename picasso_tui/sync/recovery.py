"""The ``pmk1`` recovery string: the account memory key as Bech32m text (security-anchors §2.4).

``pmk1`` + 53 data characters (a version byte and the 256-bit key) + 6 checksum characters =
63 characters, shown in groups with cosmetic hyphens. The checksum catches any error in up to
four characters; a single mistyped character or a swap of two neighbours is also *located*
(reported, never silently corrected, as BIP-173 advises).
"""

from __future__ import annotations

import re
from functools import cache

from picasso_tui.sync import bech32m
from picasso_tui.sync.errors import InvalidRecoveryString

HRP = "pmk"
VERSION = 1
KEY_BYTES = 32
LENGTH = 63
GROUP = 4
_SEPARATORS = re.compile(r"[\s\-]+")


def encode(key: bytes) -> str:
    """The compact form: ``pmk1`` followed by 59 characters."""
    if len(key) != KEY_BYTES:
        raise ValueError("an account memory key is 32 bytes")
    data = bech32m.convertbits(bytes([VERSION]) + key, 8, 5, pad=True)
    assert data is not None
    return bech32m.encode(HRP, data)


def display(key: bytes) -> str:
    """``pmk1-xxxx-xxxx-…``: hyphens only help a reader; parsing ignores them."""
    compact = encode(key)
    body = compact[len(HRP) + 1 :]
    return f"{HRP}1-" + "-".join(body[i : i + GROUP] for i in range(0, len(body), GROUP))


def decode(text: str) -> bytes:
    """The key in a recovery string; a clear error (never the secret) for anything else."""
    compact = _SEPARATORS.sub("", text)
    if not compact:
        raise InvalidRecoveryString(
            "The recovery string is empty; paste the pmk1-… string `picasso memory key export` printed."
        )
    if compact != compact.lower() and compact != compact.upper():
        raise InvalidRecoveryString("The recovery string mixes upper- and lower-case letters; type it all in one case.")
    compact = compact.lower()
    if not compact.startswith(f"{HRP}1"):
        raise InvalidRecoveryString("A recovery string starts with pmk1; this one does not.")
    if len(compact) != LENGTH:
        raise InvalidRecoveryString(
            f"The recovery string has {len(compact)} characters (hyphens and spaces aside); it should have {LENGTH}, "
            f"so a character is {'missing' if len(compact) < LENGTH else 'extra'}."
        )
    body = compact[len(HRP) + 1 :]
    for i, char in enumerate(body):
        if char not in bech32m.CHARSET:
            raise InvalidRecoveryString(
                f"Character {_position(i)} of the recovery string ('{char}') cannot appear in one "
                f"(the letters b, i, o and the digit 1 are never used); check it."
            )
    values = [bech32m.CHARSET.index(c) for c in body]
    if not bech32m.verify(HRP, values):
        raise InvalidRecoveryString(_locate(values))
    payload = bech32m.convertbits(values[:-6], 5, 8, pad=False)
    if payload is None or len(payload) != KEY_BYTES + 1:
        raise InvalidRecoveryString("The recovery string does not hold a key; check that you copied the whole string.")
    if payload[0] != VERSION:
        raise InvalidRecoveryString(
            f"The recovery string has format version {payload[0]}; this Picasso reads version {VERSION}. "
            f"Update Picasso."
        )
    return bytes(payload[1:])


def _position(index_in_body: int) -> int:
    """1-based position in the compact string, counting the ``pmk1`` prefix."""
    return index_in_body + len(HRP) + 2


@cache
def _unit_syndromes(length: int) -> list[list[int]]:
    """How flipping bit b of data character i changes the checksum residue (the code is linear)."""
    prefix = len(bech32m.hrp_expand(HRP))
    zeros = [0] * (prefix + length)
    base = bech32m.polymod(zeros)
    out = []
    for i in range(length):
        row = []
        for b in range(5):
            unit = list(zeros)
            unit[prefix + i] = 1 << b
            row.append(bech32m.polymod(unit) ^ base)
        out.append(row)
    return out


def _syndrome(units: list[list[int]], i: int, error: int) -> int:
    out = 0
    for b in range(5):
        if error >> b & 1:
            out ^= units[i][b]
    return out


def _locate(values: list[int]) -> str:
    """Where the checksum says the error is, for a single substitution or a neighbour swap."""
    units = _unit_syndromes(len(values))
    target = bech32m.polymod(bech32m.hrp_expand(HRP) + values) ^ bech32m.BECH32M_CONST
    hits: set[str] = set()
    for i in range(len(values)):
        if any(_syndrome(units, i, e) == target for e in range(1, 32)):
            hits.add(f"character {_position(i)}")
    for i in range(len(values) - 1):
        e = values[i] ^ values[i + 1]
        if e and _syndrome(units, i, e) ^ _syndrome(units, i + 1, e) == target:
            hits.add(f"characters {_position(i)} and {_position(i + 1)} (swapped?)")
    if len(hits) == 1:
        where = hits.pop()
        return (
            f"The recovery string's checksum does not match: check {where}, "
            f"counting from the p of pmk1 and leaving out hyphens and spaces."
        )
    return "The recovery string's checksum does not match: more than one character is wrong; copy it again."
