"""Bech32m (BIP-350): the checksummed encoding of the ``pmk1`` recovery string.

Adapted from the BIP-350 reference implementation (segwit_addr.py, MIT, Pieter Wuille). The
``bech32`` package on PyPI predates BIP-350 and only does the original Bech32, which is weak
against inserted and deleted characters, so the few lines of the reference are kept here.
"""

from __future__ import annotations

from collections.abc import Iterable

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
BECH32M_CONST = 0x2BC830A3
_GEN = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)


def polymod(values: Iterable[int]) -> int:
    chk = 1
    for value in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ value
        for i in range(5):
            chk ^= _GEN[i] if ((top >> i) & 1) else 0
    return chk


def hrp_expand(hrp: str) -> list[int]:
    return [ord(x) >> 5 for x in hrp] + [0] + [ord(x) & 31 for x in hrp]


def verify(hrp: str, data: list[int]) -> bool:
    return polymod(hrp_expand(hrp) + data) == BECH32M_CONST


def create_checksum(hrp: str, data: list[int]) -> list[int]:
    mod = polymod([*hrp_expand(hrp), *data, 0, 0, 0, 0, 0, 0]) ^ BECH32M_CONST
    return [(mod >> 5 * (5 - i)) & 31 for i in range(6)]


def encode(hrp: str, data: list[int]) -> str:
    return hrp + "1" + "".join(CHARSET[d] for d in [*data, *create_checksum(hrp, data)])


def convertbits(data: Iterable[int], frombits: int, tobits: int, *, pad: bool) -> list[int] | None:
    """General power-of-2 base conversion (None when the input does not convert cleanly)."""
    acc = bits = 0
    out: list[int] = []
    maxv = (1 << tobits) - 1
    for value in data:
        if value < 0 or value >> frombits:
            return None
        acc = (acc << frombits) | value
        bits += frombits
        while bits >= tobits:
            bits -= tobits
            out.append((acc >> bits) & maxv)
    if pad:
        if bits:
            out.append((acc << (tobits - bits)) & maxv)
    elif bits >= frombits or ((acc << (tobits - bits)) & maxv):
        return None
    return out
