"""The tests use a vendored copy of shared/fixtures so a lone clone still runs; it must not drift."""

import pytest

from tests.conftest import FIXTURES, SHARED_FIXTURES


@pytest.mark.skipif(not SHARED_FIXTURES.is_dir(), reason="shared/ is not beside this checkout")
def test_vendored_fixtures_match_shared() -> None:
    shared = {p.name: p.read_bytes() for p in SHARED_FIXTURES.iterdir()}
    vendored = {p.name: p.read_bytes() for p in FIXTURES.iterdir()}
    assert vendored == shared
