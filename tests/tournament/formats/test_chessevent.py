"""ChessEvent import from a saved JSON file: players, skipped rounds, check-in; unchanged payloads skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.main import main
from database.store import EventStore
from tournament.errors import Conflict
from tournament.formats.chessevent import ChessEventError, parse_chessevent

PAYLOAD = {
    "name": "Open invented", "type": 1, "rounds": 0, "pairing": 2, "rating": 1, "tie_break_1": 2, "tie_break_2": 1,
    "tie_break_3": 4, "ffe_id": 12345, "players": [
        {"last_name": "ALPHA", "first_name": "Ann", "gender": 1, "birth": 946684800, "federation": "FRA",
         "fide_id": 999000001, "ffe_license_number": "A00001", "category": 8, "standard_rating": 1850,
         "standard_rating_type": 3, "title": 0, "email": "ann@example.org", "check_in": True, "board": 0,
         "skipped_rounds": {"2": 0.5, "3": 1.0}},
        {"last_name": "BETA", "first_name": "Bob", "gender": 2, "federation": "FRA", "fide_id": 0,
         "license": "B00002", "league": "BRE", "club": "Club invented", "standard_rating": 1399,
         "standard_rating_type": 1, "title": 2, "check_in": False, "board": 7, "skipped_rounds": {"1": 0.0}},
    ],
}


def payload(**changes: object) -> bytes:
    return json.dumps({**PAYLOAD, **changes}).encode()


async def test_players_skipped_rounds_and_check_in(store: EventStore) -> None:
    parsed = parse_chessevent(payload())
    assert parsed.tournament["rounds"] == 7 and parsed.tournament["tie_breaks"] == "BH/C1,BH,PS"
    assert parsed.tournament["pairing_system"] == "haley"
    tid = await store.imports.tournament_id_for(parsed.name, parsed.tournament)
    report = await store.imports.import_chessevent(tid, parsed.players, parsed.skipped, parsed.tournament, parsed.md5)
    assert report.players_added == 2
    ann, bob = await store.players(tid)
    assert (ann.last_name, ann.sex, ann.fide_rating, ann.rating_type, ann.national_id, ann.checked_in,
            ann.birth_date, ann.category) == ("ALPHA", "F", 1850, "F", "A00001", True, "2000-01-01", "Sen")
    assert (bob.national_rating, bob.rating_type, bob.title, bob.fixed_board, bob.checked_in, bob.league,
            bob.club, bob.national_id) == (1399, "E", "FM", 7, False, "BRE", "Club invented", "B00002")
    assert {(s.round, s.papi_player_id, s.score) for s in await store.skipped_rounds(tid)} == {
        (2, ann.id, 0.5), (3, ann.id, 1.0), (1, bob.id, 0.0)}
    # the same payload again changes nothing; a changed one updates players in place (same ids)
    again = await store.imports.import_chessevent(tid, parsed.players, parsed.skipped, parsed.tournament, parsed.md5)
    assert again.players_added == again.players_updated == 0
    changed = parse_chessevent(payload(players=[{**PAYLOAD["players"][0], "check_in": False}]))  # type: ignore[dict-item]
    report = await store.imports.import_chessevent(tid, changed.players, changed.skipped, changed.tournament,
                                                   changed.md5)
    assert report.players_updated == 1
    assert next((p.id, p.checked_in) for p in await store.players(tid)) == (ann.id, False)


async def test_refused_once_round_one_is_paired(store: EventStore) -> None:
    parsed = parse_chessevent(payload())
    tid = await store.imports.tournament_id_for(parsed.name, parsed.tournament)
    await store.imports.import_chessevent(tid, parsed.players, parsed.skipped, parsed.tournament, parsed.md5)
    ann, bob = await store.players(tid)
    await store.fill_tournament(tid, [], [], replace=False)
    async with store.transaction(("pairings", tid)) as conn:
        await conn.execute("INSERT INTO pairing (tournament_id, round, white_player_id, black_player_id, last_update)"
                           " VALUES (?, 1, ?, ?, 0)", (tid, ann.id, bob.id))
    other = parse_chessevent(payload(name="Other"))
    with pytest.raises(Conflict):
        await store.imports.import_chessevent(tid, other.players, other.skipped, other.tournament, other.md5)


@pytest.mark.parametrize("bad", [b"{", b"[]", json.dumps({"players": [{"first_name": "x"}]}).encode(),
                                 payload(players=[{"last_name": "X", "skipped_rounds": {"2": 0.7}}])])
def test_bad_payloads_are_refused(bad: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ChessEventError):
        parse_chessevent(bad)
    path = tmp_path / "bad.json"
    path.write_bytes(bad)
    assert main(["import-chessevent", str(path), "--events", str(tmp_path / "ev"), "--event", "ev"]) == 1
    assert "Nothing was imported" in capsys.readouterr().err
    assert not (tmp_path / "ev").exists() or not list((tmp_path / "ev").glob("*.db"))
