"""A sync pull passes the store's door like every other way in: a secret that another device (an
older Picasso, or a hand-edited file) let through is stored redacted here and goes back redacted."""

from __future__ import annotations

import orjson

from tests.store.test_ingress import assert_no_secret_stored, planted_secrets, raw_record
from tests.sync.conftest import Device, signed_in_pair


def plant(device: Device, records: list[dict]) -> None:
    """Put records in a device's memory.json past every guard, as a hand edit or an old Picasso would."""
    path = device.paths.memory_file
    doc = orjson.loads(path.read_bytes()) if path.exists() else {"schemaVersion": 2, "records": []}
    doc["records"] = doc["records"] + records
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(doc))


def test_pulled_secrets_are_redacted_and_every_device_ends_up_clean(server, device) -> None:
    a, b = signed_in_pair(server, device)
    account = a.store().account_id
    planted = planted_secrets()
    # Device A holds records written past any guard (its file edited by hand): raw secrets.
    raw = [
        raw_record(f"mem_{kind}", f"The {kind} credential for staging is {value}", f"account:{account}/global/facts")
        for kind, value in planted.items()
    ]
    plant(a, raw)
    a.ok("memory", "sync")

    out = b.ok("memory", "sync")
    assert "Redacted 8 secrets in pulled memories" in out
    assert_no_secret_stored(b.home, planted)

    a.ok("memory", "sync")  # the redacted copies are newer: they replace A's raw ones
    bodies = {r.id: r.body for r in a.store().list(everything=True)}
    assert all("[REDACTED:" in bodies[f"mem_{kind}"] for kind in planted)
    assert_no_secret_stored(a.home, planted)


def test_a_pulled_record_of_another_namespace_grammar_is_left_out(server, device) -> None:
    a, b = signed_in_pair(server, device)
    account = a.store().account_id
    bad = raw_record("mem_bad", "Sneaky", f"account:{account}/style/../global/facts")
    plant(a, [bad])
    a.ok("memory", "sync")
    result = b.run("memory", "sync")
    assert result.code == 0
    assert "Left out 1 pulled record" in result.err
    assert "mem_bad" not in b.paths.memory_file.read_text()
