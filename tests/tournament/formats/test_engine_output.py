"""A pairing program's `-p` output (JaVaFo, bbpPairings) read into a round of pairings by pairing number."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.errors import Invalid
from tournament.formats.importing import EnginePair, engine_rows, parse_engine_output
from tournament.results import ByeKind


def test_javafo_and_bbp_outputs() -> None:
    javafo = "4\n1 4\n3 2\n6 5\n7 0\n"  # the bye counted in the number of pairs
    bbp = "3\r\n1 4\r\n3 2\r\n6 5\r\n7 0\r\n"  # the bye not counted, CRLF
    for text in (javafo, bbp):
        pairs = parse_engine_output(text, players=range(1, 8))
        assert pairs == [EnginePair(1, 4), EnginePair(3, 2), EnginePair(6, 5), EnginePair(7, None)]
    rows = engine_rows(parse_engine_output(javafo), 5)
    assert [(r["white"], r["black"], r["board"], r["round"], r["bye_kind"]) for r in rows] == [
        (1, 4, 1, 5, None), (3, 2, 2, 5, None), (6, 5, 3, 5, None), (7, None, None, 5, ByeKind.PAB.value)]
    assert parse_engine_output("1\n\n2 1\n") == [EnginePair(2, 1)]
    assert parse_engine_output("1\n0 3\n") == [EnginePair(3, None)]


@pytest.mark.parametrize(("text", "key"), [
    ("", "The pairing program's output is empty."),
    ("two\n1 2\n", "Line %s of the pairing program's output should hold the number of pairs, not %s."),
    ("1\n1 2 3\n", "Line %s of the pairing program's output should be two pairing numbers, not %s."),
    ("1\n1 x\n", "Line %s of the pairing program's output should be two pairing numbers, not %s."),
    ("1\n0 0\n", "Line %s of the pairing program's output pairs nobody."),
    ("1\n2 2\n", "Line %s of the pairing program's output pairs player %s with themself."),
    ("2\n1 2\n2 3\n", "Player %s is paired twice by the pairing program (lines %s and %s)."),
    ("1\n1 9\n", "Line %s of the pairing program's output names player %s, who is not in the tournament."),
    ("2\n1 0\n2 0\n", "The pairing program's output gives %s pairing-allocated byes; a round has one."),
    ("3\n1 2\n", "The pairing program's output announces %s pairs but lists %s."),
])
def test_bad_outputs_are_refused_with_the_line(text: str, key: str) -> None:
    with pytest.raises(Invalid) as caught:
        parse_engine_output(text, players=range(1, 5))
    assert caught.value.key == key


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789 \n\r²x-")), max_size=60))
def test_any_output_is_read_or_refused_with_a_message(text: str) -> None:
    try:
        pairs = parse_engine_output(text, players=range(1, 30))
    except Invalid as exc:
        assert str(exc) and exc.key
    else:
        numbers = [n for p in pairs for n in (p.white, p.black) if n is not None]
        assert len(numbers) == len(set(numbers)) and sum(p.black is None for p in pairs) <= 1
