"""FIDE's rating lists read as a stream: the fixed-width text (columns from the header, at FIDE's documented
positions), the XML, one-kind lists, and malformed lists refused with the line that is wrong."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.rating_lists import HEADER, player, rating_list, txt_line, txt_lines, xml_parts
from tournament.errors import Invalid
from tournament.formats.rating_list import COLUMNS, header_columns, name_key, parse_txt, parse_xml, sniff

#: The column positions FIDE's combined list (players_list_foa.txt) puts its labels at.
DOCUMENTED = {"fide_id": 0, "name": 15, "federation": 76, "sex": 80, "title": 84, "w_title": 89, "o_title": 94,
              "foa_title": 109, "standard": 113, "standard_games": 119, "standard_k": 123, "rapid": 126,
              "rapid_games": 132, "rapid_k": 136, "blitz": 139, "blitz_games": 145, "blitz_k": 149,
              "birth_year": 152, "flag": 158}


def as_dict(row: tuple[object, ...]) -> dict[str, object]:
    return dict(zip(COLUMNS, row, strict=True))


def test_the_header_gives_fides_positions() -> None:
    assert {c: start for c, start, _ in header_columns(HEADER)} == DOCUMENTED


@pytest.mark.parametrize("form", ["txt", "xml"])
def test_both_forms_read_the_same_players(form: str) -> None:
    data = rating_list(25, form)
    rows = list(parse_txt(data.splitlines(keepends=True)) if form == "txt" else parse_xml([data[:100], data[100:]]))
    assert len(rows) == 25
    for i, row in enumerate(rows):
        p, got = player(i), as_dict(row)
        assert (got["fide_id"], got["name"], got["federation"], got["sex"], got["title"]) == (
            p.fide_id, p.name, p.federation, p.sex, p.title or None)
        assert (got["standard"], got["rapid"], got["blitz"], got["birth_year"]) == (
            p.standard or None, p.rapid, p.blitz or None, p.birth_year)
        assert got["standard_k"] == (p.k if p.standard else None) and got["rapid_k"] == 20
        assert got["name_key"] == name_key(p.name)


def test_a_one_kind_list_names_its_rating_by_the_month() -> None:
    header = "ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit           FOA NOV25 Gms  K  B-day Flag"
    line = f"{'4100018':<15}{'Gelfand, Boris':<61}{'ISR':<4}{'M':<4}{'GM':<5}{'':<5}{'':<15}{'':<4}{'2670':<6}" \
           f"{'0':<5}{'10':<3}{'1968':<6}i"
    [row] = parse_txt([header.encode(), line.encode("latin-1")])
    got = as_dict(row)
    assert (got["fide_id"], got["standard"], got["standard_games"], got["standard_k"], got["birth_year"],
            got["flag"]) == (4100018, 2670, None, 10, 1968, "i")


def test_accents_case_and_punctuation_leave_the_key() -> None:
    assert name_key("Ødegaard, Zoé-Anne") == name_key("ODEGAARD  zoe anne") == "odegaard zoe anne"
    assert name_key("O'Brien, Éamonn") == "obrien eamonn"
    assert name_key("Nguyễn, Thị") == "nguyen thi"


def test_latin1_lines_are_read() -> None:
    line = txt_line(player(1)).encode("latin-1")  # Lefèvre
    [row] = parse_txt([HEADER.encode(), line])
    assert as_dict(row)["name"] == player(1).name


@pytest.mark.parametrize(("lines", "message"), [
    ([b"hello world"], "This is not a FIDE rating list"),
    ([], "This is not a FIDE rating list"),
    ([HEADER.encode()], "The rating list has no player."),
    ([HEADER.encode(), b"12x45          Someone, A"], "Line 2: the FIDE id “12x45” is not a number."),
])
def test_a_malformed_text_list_says_where(lines: list[bytes], message: str) -> None:
    with pytest.raises(Invalid) as refused:
        list(parse_txt(lines))
    assert str(refused.value).startswith(message)


def test_a_bad_number_names_its_line_and_column() -> None:
    line = txt_line(player(0))
    bad = line[:113] + "2l00  " + line[119:]
    with pytest.raises(Invalid) as refused:
        list(parse_txt([HEADER.encode(), txt_line(player(1)).encode(), b"", bad.encode()]))
    assert str(refused.value) == "Line 4: “2l00” is not a number (column standard). Nothing was imported."


@pytest.mark.parametrize("data", [b"<playerslist><player><fideid>1</fideid>", b"<other/>", b"<playerslist/>",
                                  b"<playerslist><player><fideid>x</fideid></player></playerslist>"])
def test_a_malformed_xml_list_is_refused(data: bytes) -> None:
    with pytest.raises(Invalid):
        list(parse_xml([data]))


def test_the_lists_are_read_as_streams() -> None:
    """The first player comes out before the rest of the file is read: a million lines never sit in memory."""
    pulled: list[int] = []

    def source(parts: Iterator[str]) -> Iterator[bytes]:
        for n, part in enumerate(parts):
            pulled.append(n)
            yield part.encode()

    rows = parse_xml(source(xml_parts(10_000)))
    next(rows)
    assert len(pulled) < 10
    pulled.clear()
    rows = parse_txt(source(txt_lines(10_000)))
    next(rows)
    assert len(pulled) == 2  # the header and one line


def test_sniff() -> None:
    assert [sniff(rating_list(2, f, zipped=z)[:8]) for f, z in (("txt", False), ("xml", False), ("txt", True))] == [
        "txt", "xml", "zip"]
