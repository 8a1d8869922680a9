"""FIDE rating lists made up for the tests and the bench, in the two forms FIDE publishes (tournament/formats/
rating_list.py): the fixed-width text of `players_list_foa.txt` (columns at the documented positions) and the XML
of `players_list_xml_foa.xml`, zipped or not. Names, ids and ratings follow from the player's index, so a test knows
what a line holds; a million lines are written a line at a time."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

HEADER = ("ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit           "
          "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
#: (width of each column) from `ID Number` to `B-day`, as the header places them.
WIDTHS = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6)
LAST = ("Martin", "Lefèvre", "Dupont", "Øster", "Nguyễn", "O'Brien", "Müller", "Zoé-Anne", "García", "Smith")
FIRST = ("Léa", "Marc", "Éloïse", "Ivan", "Zoë", "Paul")
TITLES = ("GM", "IM", "FM", "CM", "", "", "", "", "", "")
FEDS = ("FRA", "GER", "ESP", "NOR", "VIE", "IRL", "SUI")


class Listed(NamedTuple):
    fide_id: int
    last: str
    first: str
    federation: str
    sex: str
    title: str
    standard: int  # 0: unrated
    rapid: int
    blitz: int
    k: int
    birth_year: int

    @property
    def name(self) -> str:
        return f"{self.last}, {self.first}"


def player(i: int) -> Listed:
    """The `i`-th player of a made-up list (i from 0): every tenth one unrated in standard."""
    return Listed(fide_id=100_000 + i * 7, last=f"{LAST[i % len(LAST)]}{'' if i < len(LAST) else i}",
                  first=FIRST[i % len(FIRST)], federation=FEDS[i % len(FEDS)], sex="F" if i % 3 == 0 else "M",
                  title=TITLES[i % len(TITLES)], standard=0 if i % 10 == 9 else 1400 + (i * 37) % 1400,
                  rapid=1500 + (i * 13) % 1000, blitz=0 if i % 4 == 1 else 1450 + (i * 29) % 1000,
                  k=(40, 20, 10)[i % 3], birth_year=1950 + i % 70)


def txt_line(p: Listed) -> str:
    cells = (str(p.fide_id), p.name, p.federation, p.sex, p.title, "", "", "", str(p.standard or ""),
             "5" if p.standard else "", str(p.k) if p.standard else "", str(p.rapid), "3", "20",
             str(p.blitz or ""), "", "20" if p.blitz else "", str(p.birth_year))
    return "".join(c.ljust(w)[:w] for c, w in zip(cells, WIDTHS, strict=True)) + ("w" if p.sex == "F" else "")


def xml_player(p: Listed) -> str:
    def tag(name: str, value: object) -> str:
        return f"<{name}>{value or ''}</{name}>"
    return ("<player>" + tag("fideid", p.fide_id) + tag("name", p.name.replace("&", "&amp;")) + tag("country",
            p.federation) + tag("sex", p.sex) + tag("title", p.title) + "<w_title></w_title><o_title></o_title>"
            "<foa_title></foa_title>" + tag("rating", p.standard) + tag("games", 5 if p.standard else "")
            + tag("k", p.k if p.standard else "") + tag("rapid_rating", p.rapid) + "<rapid_games>3</rapid_games>"
            "<rapid_k>20</rapid_k>" + tag("blitz_rating", p.blitz) + "<blitz_games></blitz_games>"
            + tag("blitz_k", 20 if p.blitz else "") + tag("birthday", p.birth_year) + "<flag></flag></player>\n")


def txt_lines(count: int) -> Iterator[str]:
    yield HEADER + "\n"
    for i in range(count):
        yield txt_line(player(i)) + "\n"


def xml_parts(count: int) -> Iterator[str]:
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'
    for i in range(count):
        yield xml_player(player(i))
    yield "</playerslist>\n"


def rating_list(count: int, form: str = "txt", *, zipped: bool = False) -> bytes:
    """A list of `count` players as bytes: `form` "txt" or "xml", in a zip when `zipped`."""
    text = "".join(txt_lines(count) if form == "txt" else xml_parts(count)).encode("utf-8")
    if not zipped:
        return text
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("players_list_foa.txt" if form == "txt" else "players_list_xml_foa.xml",
                                   date_time=(2026, 11, 1, 8, 0, 0)), text)
    return out.getvalue()


def write_list(path: Path, count: int, form: str = "txt") -> Path:
    """A list of `count` players written a line at a time (the bench's million)."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.writelines(txt_lines(count) if form == "txt" else xml_parts(count))
    return path
