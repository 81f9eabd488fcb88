"""The pmk1 recovery string: round trips, cosmetic variants, and every typo caught and located."""

from __future__ import annotations

import os

import pytest

from picasso_tui.sync import bech32m, recovery
from picasso_tui.sync.errors import InvalidRecoveryString

# BIP-350's valid Bech32m test vectors (and one valid *Bech32* string Bech32m must refuse).
BIP350_VALID = [
    "A1LQFN3A",
    "a1lqfn3a",
    "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
    "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
    "?1v759aa",
]


@pytest.mark.parametrize("text", BIP350_VALID)
def test_bech32m_accepts_the_bip350_vectors(text: str) -> None:
    lowered = text.lower()
    pos = lowered.rfind("1")
    hrp, data = lowered[:pos], [bech32m.CHARSET.index(c) for c in lowered[pos + 1 :]]
    assert bech32m.verify(hrp, data)
    assert bech32m.encode(hrp, data[:-6]) == lowered


def test_bech32m_refuses_a_plain_bech32_string() -> None:
    text = "a12uel5l"  # BIP-173's valid Bech32 vector: the checksum constant differs
    assert not bech32m.verify("a", [bech32m.CHARSET.index(c) for c in text[2:]])


def test_round_trip_and_shape() -> None:
    for _ in range(200):
        key = os.urandom(32)
        compact = recovery.encode(key)
        assert compact.startswith("pmk1") and len(compact) == 63
        shown = recovery.display(key)
        assert shown.startswith("pmk1-")
        assert recovery.decode(shown) == key
        assert recovery.decode(compact) == key


def test_cosmetic_variants_are_accepted_and_mixed_case_is_not() -> None:
    key = os.urandom(32)
    shown = recovery.display(key)
    assert recovery.decode(shown.upper()) == key
    assert recovery.decode("  " + shown.replace("-", " ") + "\n") == key
    assert recovery.decode(shown.replace("-", "")) == key
    mixed = shown[:10] + shown[10:].upper()
    with pytest.raises(InvalidRecoveryString, match="mixes upper- and lower-case"):
        recovery.decode(mixed)


def test_every_single_character_typo_is_rejected_and_located() -> None:
    key = os.urandom(32)
    compact = recovery.encode(key)
    for i in range(4, len(compact)):  # every character after "pmk1"
        for alt in bech32m.CHARSET:
            if alt == compact[i]:
                continue
            typo = compact[:i] + alt + compact[i + 1 :]
            with pytest.raises(InvalidRecoveryString) as err:
                recovery.decode(typo)
            assert f"character {i + 1}," in str(err.value), (i, str(err.value))
            assert compact not in str(err.value)  # the error never echoes the secret


def test_typos_in_the_prefix_and_characters_outside_the_alphabet() -> None:
    compact = recovery.encode(os.urandom(32))
    for i in range(4):
        for alt in "qpzry9x8gf2tvdw0s3jn54khce6mua7l":
            if alt != compact[i]:
                with pytest.raises(InvalidRecoveryString):
                    recovery.decode(compact[:i] + alt + compact[i + 1 :])
    with pytest.raises(InvalidRecoveryString, match=r"Character 10 .*'b'"):
        recovery.decode(compact[:9] + "b" + compact[10:])


def test_every_adjacent_swap_is_rejected() -> None:
    compact = recovery.encode(os.urandom(32))
    for i in range(len(compact) - 1):
        swapped = compact[:i] + compact[i + 1] + compact[i] + compact[i + 2 :]
        if swapped == compact:
            continue
        with pytest.raises(InvalidRecoveryString) as err:
            recovery.decode(swapped)
        if i >= 4:
            assert (
                f"{i + 1} and {i + 2}" in str(err.value)
                or f"character {i + 1}," in str(err.value)
                or (f"character {i + 2}," in str(err.value))
            )


def test_missing_or_extra_characters_are_reported_as_such() -> None:
    compact = recovery.encode(os.urandom(32))
    with pytest.raises(InvalidRecoveryString, match=r"62 characters.*missing"):
        recovery.decode(compact[:30] + compact[31:])
    with pytest.raises(InvalidRecoveryString, match=r"64 characters.*extra"):
        recovery.decode(compact[:30] + "q" + compact[30:])
    with pytest.raises(InvalidRecoveryString, match="starts with pmk1"):
        recovery.decode("age1" + compact[4:])
