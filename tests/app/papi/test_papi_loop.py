"""The Papi loop (docs/papi-loop.md): a tournament linked to its .papi file, re-synced when Papi saves, results,
check-in and pairings written back through tournament/formats/jet, read back by independent readers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.imports import import_papi
from app.papi.link import link_file, resync
from app.papi.safe_write import PapiBusy
from app.papi.write_back import write_back
from database.store import EventStore
from tests.support.events import import_fixture
from tests.support.files import fixture_path
from tests.support.papi import (
    PAIRED,
    SMALL,
    cells,
    copy_fixture,
    enter,
    games_by_ref,
    linked,
    mdb_export,
    mdb_ver,
    open_game,
    reimported,
)
from tournament.errors import Conflict
from tournament.formats.jet import JetDatabase
from tournament.formats.papi import papi_rows, read_papi
from tournament.results import Result


async def test_link_reads_the_file_and_remembers_it(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    link = await store.papi.link_of(tid)
    assert link is not None and link.path == str(path.resolve())
    assert link.stamp is not None and link.stamp.size == path.stat().st_size
    assert link.last_read is not None and link.last_write is None


async def test_a_result_is_written_into_both_rows_and_read_back_by_other_readers(store: EventStore,
                                                                                tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    rnd, white, black = await open_game(store, tid)
    refs = {p.id: p.papi_ref for p in await store.players(tid)}
    before = cells(path)
    export_before = mdb_export(path)
    await enter(store, tid, rnd, white, black, Result.WHITE_WIN)
    outcome = await write_back(store, tid)
    assert outcome.written, outcome
    after = cells(path)
    rd = f"Rd{rnd:02d}Res"
    assert after[refs[white]][rd] == 3 and after[refs[black]][rd] == 1
    changed = {(ref, col) for ref in after for col in after[ref] if after[ref][col] != before[ref][col]}
    assert changed == {(refs[white], rd), (refs[black], rd)}
    lines = mdb_export(path)
    assert len(lines) == len(export_before) and sum(a != b for a, b in zip(lines, export_before, strict=True)) == 2
    assert mdb_ver(path) == "JET4"
    backups = list(path.parent.glob("tournoi.papi.*.bak"))
    assert len(backups) == 1 and backups[0].read_bytes() == fixture_path(PAIRED).read_bytes()
    link = await store.papi.link_of(tid)
    assert link is not None and link.last_write is not None
    entries = await store.journal_entries(limit=3)
    assert any(e.what == "papi write" and e.new and str(refs[white]) in e.new for e in entries)


async def test_nothing_to_write_writes_nothing(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    stat = path.stat()
    outcome = await write_back(store, tid)
    assert not outcome.written
    assert path.stat().st_mtime_ns == stat.st_mtime_ns and not list(path.parent.glob("*.bak"))


async def test_round_trip_results_written_then_reimported_are_identical(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    rnd, white, black = await open_game(store, tid)
    await enter(store, tid, rnd, white, black, Result.DRAW)
    assert (await write_back(store, tid)).written
    assert await reimported(tmp_path, path.read_bytes()) == await games_by_ref(store, tid)


async def test_papi_saving_a_new_round_resyncs_and_keeps_screen_results(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path, SMALL)
    rounds_before = {g.round for g in await store.pairings(tid)}
    shutil.copyfile(fixture_path(PAIRED), path)  # Papi saves round 4
    report = await resync(store, tid)
    rounds_after = {g.round for g in await store.pairings(tid)}
    assert 4 in rounds_after and 4 not in rounds_before, report.text()


async def test_check_in_written_as_pointe(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    player = (await store.players(tid))[3]
    wanted = not cells(path)[player.papi_ref or 0]["Pointe"]
    async with store.transaction(("checkin", tid)) as tx:
        await tx.execute("UPDATE player SET checked_in = ? WHERE id = ?", (int(wanted), player.id))
    assert (await write_back(store, tid)).written
    assert bool(cells(path)[player.papi_ref or 0]["Pointe"]) is wanted


async def test_lock_file_present_nothing_written_then_written_once_it_goes(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)
    rnd, white, black = await open_game(store, tid)
    await enter(store, tid, rnd, white, black, Result.BLACK_WIN)
    lock = path.with_suffix(".ldb")
    lock.write_bytes(b"papi")
    original = path.read_bytes()
    with pytest.raises(PapiBusy, match="Papi has the file open"):
        await write_back(store, tid)
    assert path.read_bytes() == original and not list(path.parent.glob("*.bak"))
    lock.unlink()
    assert (await write_back(store, tid)).written
    assert path.read_bytes() != original


async def test_a_tournament_is_linked_only_to_the_file_it_was_made_from(store: EventStore, tmp_path: Path) -> None:
    tid = await import_fixture(store, "open-600p-9r.trf", "trf")
    path = copy_fixture(SMALL, tmp_path / "papi")
    with pytest.raises(Conflict, match="not made from this Papi file"):
        await link_file(store, tid, path)
    await import_papi(store, fixture_path("papi/club-64p-7r.papi").read_bytes(), None)
    club = next(t.id for t in await store.tournaments() if t.id != tid)
    with pytest.raises(Conflict, match="not those of this Papi file"):
        await link_file(store, club, path)
    assert await store.papi.link_of(tid) is None and await store.papi.link_of(club) is None


async def test_round_4_published_in_echiquier_is_written_as_jackcess_writes_it(store: EventStore,
                                                                               tmp_path: Path) -> None:
    """The event gets round 4 as in the Jackcess-written reference (tests/fixtures/papi/README.md); the write-back
    into the file without it gives the reference's round-4 cells and `Rd04Adv` index entries."""
    tid, path = await linked(store, tmp_path, SMALL)
    reference = fixture_path(PAIRED).read_bytes()
    await store.imports.sync_papi(tid, papi_rows(read_papi(reference)))  # round 4 published, as the desk would
    outcome = await write_back(store, tid)
    assert outcome.written and "pairings of round 4" in outcome.summary
    ours, theirs = JetDatabase.from_bytes(path.read_bytes()), JetDatabase.from_bytes(reference)
    columns = ["Ref", "Rd04Cl", "Rd04Adv", "Rd04Res"]
    assert [{c: r[c] for c in columns} for r in ours.rows("JOUEUR")] == \
        [{c: r[c] for c in columns} for r in theirs.rows("JOUEUR")]
    assert [e.values for e in ours.decoded_index_entries("JOUEUR", "Rd04Adv")] == \
        [e.values for e in theirs.decoded_index_entries("JOUEUR", "Rd04Adv")]
    assert cells(path) == cells(Path(fixture_path(PAIRED)))  # every cell, read by access-parser


async def test_a_bye_requested_in_echiquier_is_written_for_papi_and_survives_papis_save(store: EventStore,
                                                                                       tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path, SMALL)  # rounds 4 and 5 not paired
    player = (await store.players(tid))[5]
    ref = player.papi_ref or 0
    await store.rounds.request_bye(tid, player.id, 5, 0.5)
    outcome = await write_back(store, tid)
    assert outcome.written and "requested byes of round 5" in outcome.summary
    row = cells(path)[ref]
    assert (row["Rd05Cl"], row["Rd05Adv"], row["Rd05Res"]) == ("F", None, 2)
    await resync(store, tid)  # Papi saves: the request is read back, not lost
    assert (5, player.id, 0.5) in [(s.round, s.papi_player_id, s.score) for s in await store.skipped_rounds(tid)]
    await store.rounds.cancel_bye(tid, player.id, 5)
    assert (await write_back(store, tid)).written
    row = cells(path)[ref]
    assert (row["Rd05Cl"], row["Rd05Res"]) == ("R", 0)


async def test_a_round_unpaired_in_echiquier_is_unpaired_in_the_file(store: EventStore, tmp_path: Path) -> None:
    tid, path = await linked(store, tmp_path)  # round 4 paired in both, no result yet
    await store.rounds.unpair_round(tid, 4)
    outcome = await write_back(store, tid)
    assert outcome.written and "round 4 unpaired" in outcome.summary
    assert {(row["Rd04Cl"], row["Rd04Adv"], row["Rd04Res"]) for row in cells(path).values()} <= {("R", None, 0),
                                                                                                  ("F", None, 0)}
    assert await reimported(tmp_path, path.read_bytes()) == await games_by_ref(store, tid)
    await resync(store, tid)  # the file read again: round 4 does not come back
    assert 4 not in {g.round for g in await store.pairings(tid)}
