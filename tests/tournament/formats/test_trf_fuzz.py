"""Property-based tests: the TRF reader never raises, whatever the input, and refuses junk."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.files import FIXTURES
from tournament.formats.trf import decode, parse_trf

SMALL = (FIXTURES / "small-20p-5r.trf").read_text(encoding="utf-8")
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.text(max_size=3000))
def test_any_text_gives_a_result_or_errors_never_an_exception(text: str) -> None:
    trf, errors = parse_trf(text)
    assert errors or trf.players  # something to import, or reasons not to


@FAST
@given(st.binary(max_size=3000))
def test_any_bytes_decode_and_parse(data: bytes) -> None:
    parse_trf(decode(data))


@FAST
@given(st.integers(min_value=0, max_value=len(SMALL)), st.text(max_size=40))
def test_a_mangled_real_file_is_read_or_refused_with_line_numbers(position: int, junk: str) -> None:
    trf, errors = parse_trf(SMALL[:position] + junk + SMALL[position:])
    for error in errors:
        assert error.line_no >= 0 and str(error).startswith("line ")
    if not errors:
        assert all(p.number >= 1 for p in trf.players)


@FAST
@given(st.integers(min_value=0, max_value=len(SMALL)))
def test_a_truncated_real_file_never_raises(cut: int) -> None:
    parse_trf(SMALL[:cut])
