"""A rating list imported into an events folder (TXT and XML, zipped or not) and looked up as the player forms do:
by FIDE id or its first digits, by the start of a name whatever its accents and case; a malformed list changes
nothing; the K factors the rating change takes from it."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from app.ratings import import_list, k_factors, record_from_list, suggest
from database.ratings import RATINGS_DB, RatingList
from tests.support.rating_lists import player, rating_list
from tournament.errors import Invalid


async def load(folder: Path, data: bytes, name: str = "players_list_foa.txt") -> None:
    await import_list(folder, io.BytesIO(data), name, len(data))


async def names(lists: RatingList, typed: str) -> list[str]:
    return [s.name for s in await suggest(lists, typed, "standard_rating")]


@pytest.mark.parametrize(("form", "zipped"), [("txt", False), ("txt", True), ("xml", False), ("xml", True)])
async def test_every_form_is_imported_whole(tmp_path: Path, form: str, zipped: bool) -> None:
    data = rating_list(120, form, zipped=zipped)
    info = await import_list(tmp_path, io.BytesIO(data), "standard_nov25frl.zip" if zipped else "list", len(data))
    assert (info.players, info.size) == (120, len(data))
    assert info.list_date == ("2025-11-01" if zipped else None)  # the month in FIDE's file name
    lists = await RatingList.open(tmp_path)
    try:
        assert await lists.info() == info
        for i in (0, 9, 61, 119):
            listed = await lists.by_id(player(i).fide_id)
            assert listed is not None and listed["name"] == player(i).name
    finally:
        await lists.close()


async def test_look_ups_by_id_and_by_name(tmp_path: Path) -> None:
    await load(tmp_path, rating_list(300, "txt"))
    lists = await RatingList.open(tmp_path)
    try:
        zoe = player(126)  # "Müller126, Léa"
        assert [s.fide_id for s in await suggest(lists, str(zoe.fide_id), "standard_rating")] == [zoe.fide_id]
        by_start = await suggest(lists, str(zoe.fide_id)[:4], "standard_rating")
        assert len(by_start) == 10 and all(str(s.fide_id).startswith(str(zoe.fide_id)[:4]) for s in by_start)
        assert await names(lists, "MULLER126") == await names(lists, "müller126") == ["Müller126, Léa"]
        assert await names(lists, "muller126, LE") == ["Müller126, Léa"]
        assert await names(lists, "Müller126 Z") == []
        assert await names(lists, "léa müller126") == ["Müller126, Léa"]  # the first name typed first
        lefevre = await names(lists, "lefevre")
        assert lefevre[0] == "Lefèvre, Marc" and len(lefevre) == 10 and all(n.startswith("Lefèvre") for n in lefevre)
        assert await names(lists, "o'brien") == await names(lists, "OBRIEN") != []
        assert await names(lists, "  ") == [] and await names(lists, ",") == []
        [found] = await suggest(lists, str(player(29).fide_id), "blitz_rating")
        assert found.rating == (player(29).blitz or None)
    finally:
        await lists.close()


async def test_a_malformed_list_changes_nothing(tmp_path: Path) -> None:
    await load(tmp_path, rating_list(50, "txt"))
    good = rating_list(80, "txt").decode().splitlines(keepends=True)
    broken = "".join(good[:70]) + "not a line of the list\n" + "".join(good[70:])
    empty_zip = io.BytesIO()
    with zipfile.ZipFile(empty_zip, "w") as z:
        z.writestr("readme.pdf", b"%PDF")
    for data, message in ((broken.encode(), "Line 71: the FIDE id “not a line of t” is not a number."),
                          (b"PK\x03\x04garbage", "The zip file cannot be read."),
                          (empty_zip.getvalue(), "The zip file holds no rating list"),
                          (rating_list(30, "xml")[:-40], "The XML rating list cannot be read")):
        with pytest.raises(Invalid) as refused:
            await load(tmp_path, data, "new.txt")
        assert str(refused.value).startswith(message)
    lists = await RatingList.open(tmp_path)
    try:
        info = await lists.info()
        assert info is not None and (info.players, info.source) == (50, "players_list_foa.txt")
        assert await lists.by_id(player(49).fide_id) is not None and await lists.by_id(player(60).fide_id) is None
    finally:
        await lists.close()


async def test_k_factors_come_from_the_list(tmp_path: Path) -> None:
    wanted = [player(i).fide_id for i in range(6)]
    assert await k_factors(tmp_path, wanted, "standard") == {}
    assert not (tmp_path / RATINGS_DB).exists()  # no list: no file made
    await load(tmp_path, rating_list(10, "txt"))
    standard = await k_factors(tmp_path, [*wanted, 123], "standard")
    assert standard == {player(i).fide_id: player(i).k for i in range(6) if player(i).standard}
    assert set((await k_factors(tmp_path, wanted, "rapid")).values()) == {20}


def test_the_record_takes_the_tournaments_rating() -> None:
    listed = {"fide_id": 7, "name": "Nguyễn, Thị", "federation": "VIE", "sex": "F", "title": "WGM",
              "standard": 2300, "rapid": 2250, "blitz": None, "birth_year": None}
    values = record_from_list(listed, "rapid_rating")
    assert (values["last_name"], values["first_name"], values["fide_rating"], values["birth_date"]) == (
        "Nguyễn", "Thị", 2250, None)
    assert record_from_list({**listed, "title": "AFM", "sex": "", "federation": "FID "}, "standard_rating")[
        "title"] is None


async def test_a_one_kind_list_is_dated_by_its_header(tmp_path: Path) -> None:
    header = "ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit           FOA NOV25 Gms  K  B-day Flag"
    line = f"{'4100018':<15}{'Gelfand, Boris':<61}{'ISR':<4}{'M':<4}{'GM':<5}{'':<24}{'2670':<6}{'0':<5}{'10':<3}1968"
    data = f"{header}\n{line}\n".encode()
    info = await import_list(tmp_path, io.BytesIO(data), "standard_rating_list.txt", len(data))
    assert (info.players, info.list_date) == (1, "2025-11-01")


async def test_a_damaged_zip_changes_nothing(tmp_path: Path) -> None:
    await load(tmp_path, rating_list(5, "txt"))
    data = bytearray(rating_list(400, "txt", zipped=True))
    data[len(data) // 2] ^= 0xFF  # a byte of the stored list: its CRC no longer matches
    with pytest.raises(Invalid) as refused:
        await load(tmp_path, bytes(data), "players_list.zip")
    assert str(refused.value) == "The zip file cannot be read. Nothing was imported."
    lists = await RatingList.open(tmp_path)
    try:
        info = await lists.info()
        assert info is not None and info.players == 5
    finally:
        await lists.close()
