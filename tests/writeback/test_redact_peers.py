"""Assignment shapes from a peer's test suite (detect-secrets' keyword plugin tests, Apache-2.0): the
forms it flags and the look-alikes it must not, with a value of our own in place of theirs."""

from __future__ import annotations

import pytest

from picasso_tui.redact.redact import redact_text

VALUE = "hOpEn0b0dyF1ndsTh1s"

PEER_POSITIVES = [
    'apikey := "{v}"',
    "apikey:='{v}'",
    "apikey:={v}",
    "'theapikey': '{v}'",
    '"theapikey": "{v}"',
    "apikey: {v}",
    "theapikey:{v}",
    'apikey = @"{v}"',
    'apikey[]= "{v}"',
    'some_dict["secret"] = "{v}"',
    "some_dict['secret'] = {v}",
    "the_password='{v}'\n",
    "my_password ={v}",
    '$password = "{v}";',
]

PEER_NEGATIVES = [
    'theapikey := ""',
    "theapikeyforfoo := hopenobodyfindsthisone",
    "password: ${link}",
    'my_password = ""',
    "my_password = foo(hey)you",
    "my_password = request.json_body['hey']",
    "my_password = True",
    "login(username=username, password=password)",
    "apiKey: this.apiKey,",
    "apiKey: fs.readFileSync('foo',",
    "$password = $input;",
    'some_key = "real_secret"',
]


@pytest.mark.parametrize("template", PEER_POSITIVES)
def test_peer_assignment_forms_are_redacted(template: str) -> None:
    out = redact_text(template.format(v=VALUE)).text
    assert VALUE not in out and "[REDACTED:secret-assignment]" in out


@pytest.mark.parametrize("text", PEER_NEGATIVES)
def test_peer_look_alikes_are_kept(text: str) -> None:
    assert redact_text(text).text == text
