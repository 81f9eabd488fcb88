"""Redaction cases found after the corpus was built: each once let a secret through."""

from __future__ import annotations

import base64
import secrets

import pytest

from picasso_tui.redact.redact import contains_secret, redact_text


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


@pytest.mark.parametrize(
    ("call", "token"),
    [  # CI, by hypothesis: "Xxxx" was read as the filler xxxx; the seed sweep: "YOUR" as your
        ("print", "ghr_WHB9EyPaMZSMx2Xxxxbd61CIBMDdOtVqe3Ea"),
        ("discord_client.run", "N3xguchGcrssuMeGIInNKfgo.YOURz2.9X6Q7tUonR3pW9PKbAmRUB8Ggj9PWmqhExp56f"),
    ],
)
def test_a_filler_word_inside_random_characters_does_not_pass_a_real_token(call: str, token: str) -> None:
    out = redact_text(f'{call}("{token}")\n').text
    assert token not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("placeholder", ["sk-xxxx", "ghp_YourTokenHere0000", "sk-..."])
def test_fillers_that_stand_as_words_or_run_long_are_still_placeholders(placeholder: str) -> None:
    assert redact_text(f"token = {placeholder}\n").text == f"token = {placeholder}\n"


@pytest.mark.parametrize("look_alike", ["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "AKIAXXXXXXXXXXXXXXXX"])
def test_a_filler_body_under_a_vendors_full_grammar_is_redacted(look_alike: str) -> None:
    # Scanners report these (secretlint's own positives use them); hiding a look-alike costs a reader little.
    assert look_alike not in redact_text(f"token = {look_alike}\n").text
