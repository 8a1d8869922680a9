"""export-papi (app/papi/export.py, tournament/formats/papi_export.py) against Jackcess: the small tournament, the
club and the open, imported from their TRF files, exported into Papi's template, give the rows, the 32 indexes of
JOUEUR (entries in order and pages: numbers, links, prefixes, entries), the data pages and the usage maps of the
reference files tests/fixtures/papi/<name>.papi, which Jackcess wrote into the same template. Three independent
readers read every table alike; mdbtools still says JET4 and prints the template's schema; our own import reads
the same tournament back.

What a TRF file cannot hold is entered into the event as an arbiter would before the export: the players' clubs,
leagues and e-mails (read from the reference file by access-parser), and the tie-breaks of the small tournament and
the open (their TRF16 files have no 202 record; the references were made with Brésilien, Solkoff, Cumulatif)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.imports import import_papi, import_trf
from app.papi.export import papi_bytes
from database.registry import EventRegistry
from database.store import EventStore
from tests.support import index_pages
from tests.support.files import fixture_path
from tests.support.jet_readers import access_parser, mdb_export, mdb_reader, mdb_schema, mdb_version, ours
from tests.support.papi import cells
from tournament.formats.jet import JetDatabase
from tournament.formats.jet.rows import is_set, row_layout, row_slots, table_data_pages, usage_map_pages
from tournament.models import Player
from tournament.results import ByeKind

NAMES = ("small-20p-5r", "club-64p-7r", "open-600p-9r")
TIE_BREAKS = {"small-20p-5r": "BH/C1,BH,PS", "open-600p-9r": "BH/C1,BH,PS"}
Game = tuple[int, int, int | None, int | None, str | None]


async def games(store: EventStore, tid: int, number: dict[int, int]) -> list[Game]:
    """(round, White, Black, result, bye) with players named by `number` (player id -> number)."""
    return sorted((g.round, number[g.white_player_id], number[g.black_player_id] if g.black_player_id else None,
                   int(g.result) if g.result else None, str(g.bye_kind) if g.bye_kind else None)
                  for g in await store.pairings(tid))


async def exported(folder: Path, name: str) -> tuple[bytes, list[Game], list[tuple[object, ...]]]:
    """The TRF imported, the missing facts entered, the export; with the games and players by pairing number."""
    events = folder / "events"
    await import_trf(fixture_path(f"{name}.trf").read_bytes(), f"{name}.trf", events, name, None)
    registry = EventRegistry(events)
    try:
        store = await registry.get(name)
        tid = (await store.tournaments())[0].id
        given = cells(fixture_path(f"papi/{name}.papi"))
        for p in await store.players(tid):
            row = given[p.pairing_number + 1]
            await store.roster.edit_player(tid, p.id, {"club": row["Club"] or None, "league": row["Ligue"] or None,
                                                       "email": row["EMail"] or None})
        if name in TIE_BREAKS:
            await store.admin.update_tournament(tid, {"tie_breaks": TIE_BREAKS[name]})
        data = await papi_bytes(store, tid)
        players = await store.players(tid)
        played = await games(store, tid, {p.id: p.pairing_number for p in players})
        return data, played, sorted(_person(p, p.pairing_number) for p in players)
    finally:
        await registry.close()


def _person(p: Player, number: int) -> tuple[object, ...]:
    """A player's record as a Papi file keeps it (Papi writes last names in capitals)."""
    fields = ("first_name", "sex", "title", "fide_rating", "federation", "fide_id", "birth_date", "club",
              "league", "email", "checked_in")
    return (number, p.last_name.upper(), *(getattr(p, f) for f in fields))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[Game], list[tuple[object, ...]]]]:
    out = {}
    for name in NAMES:
        folder = tmp_path_factory.mktemp(name)
        data, played, players = asyncio.run(exported(folder, name))
        path = folder / f"{name}.papi"
        path.write_bytes(data)
        out[name] = (path, played, players)
    return out


def reference(name: str) -> Path:
    return fixture_path(f"papi/{name}.papi")


@pytest.mark.parametrize("name", NAMES)
def test_every_table_reads_as_the_jackcess_file(files: dict, name: str) -> None:
    path = files[name][0]
    mine, theirs = ours(path.read_bytes()), ours(reference(name).read_bytes())
    assert set(mine) == {"INFO", "JOUEUR", "RES"}
    assert mine == theirs
    assert len(mine["JOUEUR"]) == {"small-20p-5r": 21, "club-64p-7r": 65, "open-600p-9r": 601}[name]


@pytest.mark.parametrize("name", NAMES)
def test_independent_readers_agree_cell_by_cell(files: dict, name: str) -> None:
    path = files[name][0]
    mine = ours(path.read_bytes())
    assert mdb_export(path) == mdb_export(reference(name)) == mine
    assert mdb_reader(path) == mdb_reader(reference(name)) == mine
    # access-parser loses the text of rows moved among others (INFO's, in both files): compared file to file
    assert access_parser(path) == access_parser(reference(name))
    assert access_parser(path, ["JOUEUR"])["JOUEUR"] == mine["JOUEUR"]


@pytest.mark.parametrize("name", NAMES)
def test_all_indexes_hold_the_same_entries_in_the_same_pages(files: dict, name: str) -> None:
    data, want = files[name][0].read_bytes(), reference(name).read_bytes()
    mine, theirs = JetDatabase.from_bytes(data), JetDatabase.from_bytes(want)
    for table in ("INFO", "JOUEUR"):
        tdef = mine.table(table)
        roots = index_pages.index_roots(data, tdef.tdef_page)
        assert roots == index_pages.index_roots(want, tdef.tdef_page)
        assert len(roots) == {"INFO": 1, "JOUEUR": 32}[table]
        for root in roots:
            pages = index_pages.tree(data, root)
            expected = index_pages.tree(want, root)
            assert [(p.number, p.kind, p.prev, p.next, p.tail, p.prefix_len, p.free_space, p.entries) for p in pages] \
                == [(p.number, p.kind, p.prev, p.next, p.tail, p.prefix_len, p.free_space, p.entries) for p in expected]
            assert len(index_pages.leaf_entries(data, root)) == tdef.num_rows
        for logical in tdef.logical_indexes:
            assert mine.decoded_index_entries(table, logical.name) == theirs.decoded_index_entries(table, logical.name)
            assert mine.unique_count(table, logical.name) == theirs.unique_count(table, logical.name)
    split = [p for p in index_pages.tree(data, mine.table("JOUEUR").index("Nom")[1].root_page) if p.kind == 3]
    assert split if name == "open-600p-9r" else not split  # the open's name index has grown intermediate pages


def _data_pages(data: bytes, table: str) -> list[tuple[object, ...]]:
    """Each data page of a table: its header, and each row's place, flags and bytes (NULL fixed-length cells
    zeroed: Jackcess leaves there whatever its buffer held)."""
    db = JetDatabase.from_bytes(data)
    tdef = db.table(table)
    out: list[tuple[object, ...]] = []
    for number in table_data_pages(data, tdef):
        base = number * 4096
        out.append((number, data[base : base + 14]))
        for slot in row_slots(data, number):
            row = bytearray(data[base + slot.start : base + slot.end])
            if not (slot.deleted or slot.overflow):
                layout = row_layout(row, tdef)
                for c in tdef.columns:
                    if c.fixed and c.type != 1 and not is_set(row, layout, c):
                        row[2 + c.fixed_offset : 2 + c.fixed_offset + c.length] = bytes(c.length)
            out.append((slot.row, slot.start, slot.end, slot.deleted, slot.overflow, bytes(row)))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_rows_pages_and_usage_maps_as_jackcess_wrote_them(files: dict, name: str) -> None:
    data, want = files[name][0].read_bytes(), reference(name).read_bytes()
    assert len(data) == len(want)
    assert [data[n * 4096] for n in range(len(data) // 4096)] == [want[n * 4096] for n in range(len(want) // 4096)]
    db = JetDatabase.from_bytes(data)
    for table in ("INFO", "JOUEUR", "RES"):
        assert _data_pages(data, table) == _data_pages(want, table)
        tdef = db.table(table)
        for pointer in (tdef.owned_pages, tdef.free_pages):
            assert usage_map_pages(data, pointer) == usage_map_pages(want, pointer)
        for real in tdef.real_indexes:
            assert usage_map_pages(data, real.usage_map) == usage_map_pages(want, real.usage_map)
    assert usage_map_pages(data, (1, 0)) == usage_map_pages(want, (1, 0))  # the file's free pages
    tdef = db.table("JOUEUR")
    assert data[tdef.tdef_page * 4096 : (tdef.tdef_page + 1) * 4096] == want[tdef.tdef_page * 4096 :][:4096]


@pytest.mark.parametrize("name", NAMES)
def test_still_jet4_with_the_template_schema(files: dict, name: str) -> None:
    path = files[name][0]
    assert mdb_version(path) == "JET4"
    assert mdb_schema(path) == mdb_schema(fixture_path("papi/template-3.3.7.papi"))


@pytest.mark.parametrize("name", NAMES)
def test_imported_back_the_same_tournament(files: dict, name: str, tmp_path: Path) -> None:
    path, played, players = files[name]

    async def again() -> tuple[list[Game], list[tuple[object, ...]]]:
        registry = EventRegistry(tmp_path / "again")
        try:
            store = await registry.create("again", name="again", start=0.0, stop=4e9)
            await import_papi(store, path.read_bytes(), None)
            tid = (await store.tournaments())[0].id
            read = await store.players(tid)
            number = {p.id: (p.papi_ref or 0) - 1 for p in read}
            return await games(store, tid, number), sorted(_person(p, number[p.id]) for p in read)
        finally:
            await registry.close()

    back_games, back_players = asyncio.run(again())
    assert back_players == players
    assert back_games == played
    assert any(g[4] == str(ByeKind.PAB) for g in played) and any(g[3] for g in played)
