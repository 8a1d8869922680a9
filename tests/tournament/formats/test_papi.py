"""Papi import in pure Python (access-parser) and re-sync: new rounds come in, screen results survive,
conflicts are listed, never silently resolved."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from app.imports import import_papi
from cli.main import main
from database.store import EventStore, GameKey
from tests.support.files import fixture_path
from tournament.formats.papi import PapiError, papi_rows, read_papi
from tournament.formats.trf import decode, parse_trf
from tournament.names import collate
from tournament.results import ByeKind, Result

FILES = [("small-20p-5r", 20, [1, 2, 3]), ("club-64p-7r", 64, list(range(1, 8))),
         ("open-600p-9r", 600, [1, 2, 3, 4, 5])]


def papi_bytes(name: str) -> bytes:
    return fixture_path(f"papi/{name}.papi").read_bytes()


@pytest.mark.parametrize(("name", "count", "rounds"), FILES)
async def test_papi_matches_its_trf(store: EventStore, name: str, count: int, rounds: list[int]) -> None:
    report = await import_papi(store, papi_bytes(name), None)
    assert report.players_added == count and report.rounds_added == rounds and not report.conflicts
    [t] = await store.tournaments()
    players = await store.players(t.id)
    trf, _ = parse_trf(decode(fixture_path(f"{name}.trf").read_bytes()))
    by_number = {p.number: p for p in trf.players}
    number = {p.id: p.papi_ref - 1 for p in players if p.papi_ref}  # the fixtures use Ref = number + 1
    for p in players:
        source = by_number[number[p.id]]
        assert collate(p.last_name) == collate(source.last_name) and p.first_name == source.first_name
        assert p.fide_rating == source.rating and p.title == source.title and p.sex == source.sex
        assert p.email is not None and p.email.endswith("@example.org")
    seen = set()
    for g in await store.pairings(t.id):
        white = by_number[number[g.white_player_id]].rounds[g.round - 1]
        if g.black_player_id is None:
            assert white.opponent is None and g.bye_kind is not None
            assert white.code == g.bye_kind.value or (white.code in " -" and g.bye_kind == ByeKind.ZERO)
        else:
            assert white.opponent == number[g.black_player_id] and white.colour == "w"
            expected = {"1": Result.WHITE_WIN, "=": Result.DRAW, "0": Result.BLACK_WIN, "+": Result.WHITE_FORFEIT_WIN}
            assert g.result == expected.get(white.code) or (white.code == "-" and g.result in (4, 5))
        seen.add((g.round, number[g.white_player_id]))
        if g.black_player_id is not None:
            seen.add((g.round, number[g.black_player_id]))
    assert len(seen) == sum(1 for p in trf.players for _ in p.rounds)  # one row per player and round


async def test_resync_adds_the_new_round_and_keeps_screen_results(store: EventStore) -> None:
    await import_papi(store, papi_bytes("small-20p-5r"), None)
    [t] = await store.tournaments()
    assert {s.round for s in await store.skipped_rounds(t.id)} == {4, 5}  # the withdrawn player 19
    report = await import_papi(store, papi_bytes("small-20p-5r-r4-paired"), None)
    assert report.rounds_added == [4] and report.players_added == 0 and not report.conflicts
    round4 = [g for g in await store.pairings(t.id, 4) if g.black_player_id is not None]
    assert round4 and all(g.result is None for g in round4)
    assert {s.round for s in await store.skipped_rounds(t.id)} == {5}
    game = round4[0]
    assert game.black_player_id is not None
    key = GameKey(tournament_id=t.id, round=4, white_player_id=game.white_player_id,
                  black_player_id=game.black_player_id)
    await store.record_result(key, Result.DRAW, game.board or 0)
    again = await import_papi(store, papi_bytes("small-20p-5r-r4-paired"), None)
    assert again.rounds_added == [] and not again.conflicts
    after = {(g.white_player_id, g.black_player_id): g.result for g in await store.pairings(t.id, 4)}
    assert after[(game.white_player_id, game.black_player_id)] == Result.DRAW
    assert len(await store.players(t.id)) == 20


async def test_a_differing_result_is_a_conflict_and_the_event_file_wins(store: EventStore) -> None:
    rows = papi_rows(read_papi(papi_bytes("small-20p-5r-r4-paired")))
    tid = await store.imports.tournament_id_for("T", rows.tournament)
    await store.imports.sync_papi(tid, rows)
    ref = {p.id: p.papi_ref for p in await store.players(tid)}
    game = next(g for g in await store.pairings(tid, 4) if g.black_player_id is not None)
    assert game.black_player_id is not None
    key = GameKey(tournament_id=tid, round=4, white_player_id=game.white_player_id,
                  black_player_id=game.black_player_id)
    await store.record_result(key, Result.WHITE_WIN, game.board or 0)
    # Papi now says Black won that game (as if the arbiter typed another result there)
    changed = [msgspec.structs.replace(g, result=Result.BLACK_WIN)
               if g.round == 4 and g.white_player_id == ref[game.white_player_id] else g for g in rows.pairings]
    report = await store.imports.sync_papi(tid, msgspec.structs.replace(rows, pairings=changed))
    assert len(report.conflicts) == 1 and "Papi says 0-1, the event file says 1-0" in report.conflicts[0]
    stored = {g.white_player_id: g.result for g in await store.pairings(tid, 4)}
    assert stored[game.white_player_id] == Result.WHITE_WIN


def test_import_papi_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = fixture_path("papi/small-20p-5r.papi")
    assert main(["import-papi", str(path), "--events", str(tmp_path), "--event", "ev"]) == 0
    assert "20 players added" in capsys.readouterr().out


def test_template_and_non_papi_files() -> None:
    empty = read_papi(fixture_path("papi/template-3.3.7.papi").read_bytes())
    assert empty.players == [] and papi_rows(empty).pairings == []
    with pytest.raises(PapiError, match="not a Papi file"):
        read_papi(fixture_path("small-20p-5r.trf").read_bytes())
