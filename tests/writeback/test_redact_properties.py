"""Properties of redaction on generated text: idempotent, clean on rescan, and nothing else changes."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from picasso_tui.redact.redact import contains_secret, redact_text
from tests.writeback.redaction_corpus.negatives import negatives
from tests.writeback.redaction_corpus.positives import FORMATS, Gen, leaked

_NEGATIVES = negatives()
_FORMAT_NAMES = sorted(FORMATS)


@st.composite
def secret_case(draw: st.DrawFn) -> tuple[str, tuple[str, ...]]:
    name = draw(st.sampled_from(_FORMAT_NAMES))
    return FORMATS[name](Gen(f"{name}/{draw(st.integers(0, 10_000))}"))


def secret_snippet() -> st.SearchStrategy[str]:
    return secret_case().map(lambda case: case[0])


_glue = st.sampled_from(
    ["", " ", "\n", "=", ": ", '"', "'", "\\n", "\\\"", "%20", "%3D", "?", "&", "/", "@", ":", "\\u0026", "[REDACTED:x]",
     "[REDACTED:github-token]", "password=", "token: ", "Bearer ", "https://", "://u:", "-----BEGIN PRIVATE KEY-----"]
)  # fmt: skip
_piece = st.one_of(
    secret_snippet(),
    st.sampled_from(_NEGATIVES),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30),
    _glue,
)
documents = st.lists(_piece, max_size=12).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_redaction_is_idempotent_and_rescans_clean(text: str) -> None:
    once = redact_text(text)
    twice = redact_text(once.text)
    assert twice.text == once.text
    assert twice.findings == ()
    assert not contains_secret(once.text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_only_the_reported_spans_change(text: str) -> None:
    """Rebuilding the output from the findings (each span -> its marker) gives exactly the output."""
    result = redact_text(text)
    rebuilt, pos = [], 0
    for f in result.findings:
        assert pos <= f.start < f.end <= len(text)
        rebuilt.append(text[pos : f.start] + f"[REDACTED:{f.rule}]")
        pos = f.end
    rebuilt.append(text[pos:])
    assert "".join(rebuilt) == result.text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(secret_case(), min_size=1, max_size=4, unique=True), st.sampled_from(["\n", " ", "\n\n", " and ", "; "])
)
def test_secrets_side_by_side_never_survive(cases: list[tuple[str, tuple[str, ...]]], sep: str) -> None:
    out = redact_text(sep.join(snippet for snippet, _ in cases)).text
    assert not [s for _, secrets in cases for s in secrets if leaked(out, s)]
    assert not contains_secret(out)
