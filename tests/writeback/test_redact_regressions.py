"""Redaction cases found after the corpus was built: each once let a secret through."""

from __future__ import annotations

import base64
import secrets

import pytest

from picasso_tui.writeback.redact import contains_secret, redact_text


def pem(kind: str) -> tuple[str, list[str]]:
    body = base64.b64encode(secrets.token_bytes(300)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----", lines


@pytest.mark.parametrize("between", ["", "\n", " ", "\n\n", "\\n"])
def test_two_private_keys_back_to_back_are_both_redacted(between: str) -> None:
    # Found by hypothesis: with nothing between them, the first key's closing dashes ran into the
    # second key's header, the header was swallowed and the second key's body survived.
    first, first_lines = pem("OPENSSH PRIVATE KEY")
    second, second_lines = pem("RSA PRIVATE KEY")
    out = redact_text(first + between + second).text
    assert out.count("[REDACTED:private-key]") == 2
    assert not any(line in out for line in first_lines + second_lines)
    assert not contains_secret(out)
