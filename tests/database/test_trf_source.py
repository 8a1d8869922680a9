"""The TRF a tournament was imported from, kept in the event file (table `trf_source`, migration 0007): the export
from the event file writes back every record the event file has no column for (022/032/102/122/132/162 …, `XX?`,
240/250/260/299, forbidden pairs, team records), around the live players and pairings: results entered after the
import are exported, an unfinished round keeps its blank results, a re-sync or a new import replaces the text and
its warnings, an undo of the import brings the previous ones back."""

from __future__ import annotations

from pathlib import Path

from app.imports import import_trf
from database.registry import EventRegistry
from database.store import EventStore, GameKey
from tests.support.files import FIXTURES
from tournament.formats.importing import trf_rows, trf_skipped, trf_tournament_values
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_export import FROM_EVENT
from tournament.formats.trf_model import TRF26_RECORDS, TrfTournament
from tournament.formats.trf_source import TrfSource, read_source, source_of
from tournament.results import Result

RECORDS = FIXTURES / "trf-records"
ODDITIES = FIXTURES / "trf-oddities"
EVERY = RECORDS / "every-record-trf26.trf"  # written by Echiquier: every record, round 4 paired without results
#: what the corpus file has that the event file's tables have no column for
NO_COLUMN = {"###", "022", "032", "082", "092", "102", "112", "122", "132", "162", "172", "182", "192", "XXS", "BBW",
             "250", "260", "299", "XXA", "XXP", "XXZ"}


def read(text: str) -> TrfTournament:
    trf, errors = parse_trf(text)
    assert errors == [], errors
    return trf


async def imported(folder: Path, path: Path | bytes, name: str = "file.trf") -> tuple[EventRegistry, EventStore, int]:
    """A file imported with `echiquier import-trf` into event `ev` of `folder`: (registry, store, tournament id)."""
    data = path if isinstance(path, bytes) else path.read_bytes()
    await import_trf(data, name, folder, "ev", None)
    registry = EventRegistry(folder)
    store = await registry.get("ev")
    [t] = await store.tournaments()
    return registry, store, t.id


def block(trf: TrfTournament, number: int, rnd: int) -> tuple[int | None, str, str]:
    b = next(p for p in trf.players if p.number == number).rounds[rnd - 1]
    return b.opponent, b.colour, b.code


async def game_key(store: EventStore, tid: int, rnd: int, white: int) -> GameKey:
    ids = {p.pairing_number: p.id for p in await store.players(tid)}
    game = next(g for g in await store.pairings(tid, rnd) if g.white_player_id == ids[white])
    assert game.black_player_id is not None
    return GameKey(tournament_id=tid, round=rnd, white_player_id=game.white_player_id,
                   black_player_id=game.black_player_id)


def test_the_corpus_file_has_every_record_the_event_file_has_no_column_for() -> None:
    trf = read(EVERY.read_text(encoding="utf-8"))
    assert NO_COLUMN <= {r.code for r in trf.records}
    assert trf.warnings == [] and (trf.played_rounds, trf.completed_rounds) == (4, 3)
    assert trf.forbidden and trf.accelerations and trf.adjustments and len(trf.round_dates) == 5


async def test_every_record_comes_back_from_the_event_file_byte_for_byte(tmp_path: Path) -> None:
    text = EVERY.read_text(encoding="utf-8")
    registry, store, tid = await imported(tmp_path, EVERY, "every.trf")
    try:
        kept = await store.imports.stored_source(tid)
        assert kept is not None and (kept.text, kept.filename, kept.warnings, kept.team_file) == \
            (text, "every.trf", (), False)
        assert await store.imports.export_tournament(tid) == text
        trf16 = read(await store.imports.export_tournament(tid, trf26=False))
    finally:
        await registry.close()
    # TRF16 has no place for the TRF26 records; the others come back, XXR/XXC from the event file
    original = read(text)
    assert [(r.code, r.text) for r in trf16.records if r.code in NO_COLUMN] == \
        [(r.code, r.text) for r in original.records if r.code in NO_COLUMN - TRF26_RECORDS]
    assert (trf16.header("XXR"), trf16.header("XXC"), trf16.is_trf26) == ("5", "white1", False)


async def test_a_result_entered_after_the_import_is_exported_with_the_kept_records(tmp_path: Path) -> None:
    """The stored text does not freeze the results: round 4 (paired, results blank in the file) gets a result on
    the screens, and the export has it, with the updated points, between the records read from the file."""
    registry, store, tid = await imported(tmp_path, EVERY)
    try:
        before = read(await store.imports.export_tournament(tid))
        assert block(before, 5, 4) == (1, "w", " ") and block(before, 1, 4) == (5, "b", " ")
        await store.record_result(await game_key(store, tid, 4, 5), Result.WHITE_WIN, 1)
        after = read(await store.imports.export_tournament(tid))
        kept = await store.imports.stored_source(tid)
    finally:
        await registry.close()
    assert block(after, 5, 4) == (1, "w", "1") and block(after, 1, 4) == (5, "b", "0")
    assert block(after, 2, 4) == (6, "w", " ")  # the other games of round 4 are still blank
    points = {p.number: p.points for p in after.players}
    assert points[5] == 3.0 and points[1] == 2.5
    assert after.completed_rounds == 3 and after.played_rounds == 4
    assert [(r.code, r.text) for r in after.records if r.code in NO_COLUMN] == \
        [(r.code, r.text) for r in before.records if r.code in NO_COLUMN]
    assert kept is not None and kept.text == EVERY.read_text(encoding="utf-8")  # the source is not rewritten


async def test_the_unfinished_round_of_another_program_goes_through_the_event_file(tmp_path: Path) -> None:
    path = ODDITIES / "unfinished-round.trf"
    original = read(decode(path.read_bytes()))
    registry, store, tid = await imported(tmp_path, path)
    try:
        back = read(await store.imports.export_tournament(tid))
    finally:
        await registry.close()
    assert (back.played_rounds, back.completed_rounds) == (4, 3)
    assert [block(back, n, 4) for n in range(1, 7)] == [block(original, n, 4) for n in range(1, 7)]
    kept = {r.code for r in original.records} - FROM_EVENT
    assert [r.text for r in back.records if r.code in kept] == [r.text for r in original.records if r.code in kept]


def changed(text: str) -> str:
    """The corpus file as the pairing program saves it later: another city, a forbidden pair less, a result of
    round 4 (5-1: 1-0)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("260"):
            continue
        line = line.replace("022 Tourvieille", "022 Fouville-sur-Dame")
        if line.startswith("001    5"):
            line = line[:80] + " 3.0" + line[84:] + " 1"
        if line.startswith("001    1"):
            line = line + " 0"
        lines.append(line)
    return "\n".join(lines) + "\n"


async def test_a_re_sync_keeps_the_source_up_to_date(tmp_path: Path) -> None:
    text = EVERY.read_text(encoding="utf-8")
    registry, store, tid = await imported(tmp_path, EVERY)
    try:
        await store.record_result(await game_key(store, tid, 4, 2), Result.DRAW, 2)  # entered on a screen
    finally:
        await registry.close()
    summary = await import_trf(changed(text).encode("utf-8"), "later.trf", tmp_path, "ev", None)
    assert summary.startswith("Re-synced")
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("ev")
        kept = await store.imports.stored_source(tid)
        back = read(await store.imports.export_tournament(tid))
    finally:
        await registry.close()
    assert kept is not None and (kept.text, kept.filename) == (changed(text), "later.trf")
    assert back.city == "Fouville-sur-Dame" and back.lines("260") == [] and back.lines("250")
    assert block(back, 5, 4) == (1, "w", "1")  # from the file
    assert block(back, 2, 4) == (6, "w", "=")  # from the screens, kept by the re-sync


async def test_the_warnings_are_kept_and_replaced_by_the_next_import(tmp_path: Path) -> None:
    registry, store, tid = await imported(tmp_path, ODDITIES / "titles-lower-case.trf", "lower.trf")
    try:
        notes = await store.imports.import_notes(tid)
        assert notes is not None and notes.filename == "lower.trf" and not notes.team_file
        assert [(w.line, w.column, w.key, w.params) for w in notes.warnings][:2] == \
            [(12, 11, "title %s read as %s", ("wg", "WGM")), (13, 11, "title %s read as %s", ("g", "GM"))]
        assert len(notes.warnings) == 6 and all(w.hint and w.severity == "warning" for w in notes.warnings)
        clean = decode((ODDITIES / "clean-trf16.trf").read_bytes())
        trf = read(clean)
        players, pairings = trf_rows(trf)
        await store.imports.sync_trf(tid, trf_tournament_values(trf), players, pairings, trf_skipped(trf),
                                     source=source_of(trf, clean, "clean.trf"))
        notes = await store.imports.import_notes(tid)
        assert notes is not None and (notes.filename, notes.warnings) == ("clean.trf", ())
    finally:
        await registry.close()


async def test_undoing_a_replacing_import_brings_the_previous_source_back(tmp_path: Path) -> None:
    registry, store, tid = await imported(tmp_path, EVERY)
    try:
        other = decode((ODDITIES / "titles-lower-case.trf").read_bytes())
        trf = read(other)
        players, pairings = trf_rows(trf)
        await store.imports.replace_tournament(tid, trf_tournament_values(trf), players, pairings, trf_skipped(trf),
                                               "admin: TRF import", source=source_of(trf, other, "lower.trf"))
        kept = await store.imports.stored_source(tid)
        assert kept is not None and kept.filename == "lower.trf" and len(kept.warnings) == 6
        [entry] = [e for e in await store.journal_entries(limit=5) if e.what == "admin: TRF import"]
        await store.undo(entry.id)
        kept = await store.imports.stored_source(tid)
        assert kept is not None and (kept.filename, kept.warnings) == ("file.trf", ())
        assert await store.imports.export_tournament(tid) == EVERY.read_text(encoding="utf-8")
    finally:
        await registry.close()


async def test_a_tournament_without_a_source_and_a_deleted_tournament(store: EventStore) -> None:
    tid = await store.add_tournament(uniq_id="t", name="Typed in", rounds=3)
    await store.fill_tournament(tid, [{"pairing_number": 1, "last_name": "Brun"},
                                      {"pairing_number": 2, "last_name": "Silva"}],
                                [{"round": 1, "white": 1, "black": 2, "board": 1, "board_order": 1, "result": 3}])
    assert await store.imports.stored_source(tid) is None and await store.imports.import_notes(tid) is None
    assert read(await store.imports.export_tournament(tid)).header("022") is None
    text = EVERY.read_text(encoding="utf-8")
    trf = read(text)
    players, pairings = trf_rows(trf)
    other = await store.add_tournament(uniq_id="u", name="Imported")
    await store.imports.replace_tournament(other, {}, players, pairings, [], "trf import", source=source_of(trf, text))
    assert await store.imports.stored_source(other) is not None
    await store.update_tournament(other, name="Renamed")  # the source is not on the tournament row
    assert read(await store.imports.export_tournament(other)).name == "Renamed"
    async with store.transaction(("tournament", other)) as tx:
        await tx.execute("DELETE FROM tournament WHERE id = ?", (other,))
    assert await store.imports.stored_source(other) is None


async def test_a_source_that_no_longer_reads_is_left_out_of_the_export(store: EventStore) -> None:
    """A text a later reader refuses (or one edited by hand) does not stop the export: the event file's data."""
    text = EVERY.read_text(encoding="utf-8")
    trf = read(text)
    players, pairings = trf_rows(trf)
    tid = await store.add_tournament(uniq_id="t", name="T", rounds=5)
    await store.imports.replace_tournament(tid, {}, players, pairings, [], "trf import",
                                           source=TrfSource(text="not a TRF file"))
    assert read_source("not a TRF file") is None
    back = read(await store.imports.export_tournament(tid))
    assert back.city is None and back.played_rounds == 4 and len(back.players) == 6
