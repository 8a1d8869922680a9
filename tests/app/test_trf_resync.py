"""Re-importing a TRF of the same tournament re-syncs it (as Papi does): results entered on screens are kept,
new rounds are added, a blank result is filled from the file, and a disagreement is listed for the arbiter."""

from __future__ import annotations

from pathlib import Path

from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from cli.main import main
from database.registry import EventRegistry
from database.store import GameKey
from tests.support.clients import prime_csrf
from tests.support.files import fixture_path
from tournament.models import Pairing
from tournament.results import Result

FIXTURE = "small-20p-5r.trf"
ROUND_COL = 89  # index of the first round block of a 001 line (10 characters per round)


def _lines() -> list[str]:
    return fixture_path(FIXTURE).read_text(encoding="utf-8").splitlines()


def blank_round(lines: list[str], rnd: int) -> list[str]:
    """The file with the game results of round `rnd` blanked (the games stay paired, byes unchanged)."""
    start = ROUND_COL + 10 * (rnd - 1)
    return [line[:start + 9] + " " + line[start + 10:]
            if line.startswith("001") and line[start + 2:start + 6].strip("0 ") else line for line in lines]


def with_next_round(lines: list[str]) -> list[str]:
    """The file with round 4 paired from the fixture's `-p` output (no result yet)."""
    text = fixture_path("small-20p-5r.next.txt").read_text().split()
    numbers = list(map(int, text[1:]))
    block: dict[int, str] = {}
    for white, black in zip(numbers[::2], numbers[1::2], strict=True):
        if black == 0:
            block[white] = "  0000 - U"
        else:
            block[white] = f"  {black:4d} w  "
            block[black] = f"  {white:4d} b  "
    out = []
    for line in lines:
        if line.startswith("001"):
            number = int(line[4:8])
            line = line.ljust(ROUND_COL + 30) + block.get(number, "  0000 - Z")
        out.append(line)
    return out


def write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def key(tid: int, g: Pairing) -> GameKey:
    assert g.black_player_id is not None
    return GameKey(tournament_id=tid, round=g.round, white_player_id=g.white_player_id,
                   black_player_id=g.black_player_id)


async def test_a_paired_round_with_blank_results_imports(tmp_path: Path) -> None:
    path = write(tmp_path, "r3-blank.trf", blank_round(_lines(), 3))
    await import_trf(path.read_bytes(), path.name, tmp_path, "open", "Open")
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("open")
        [t] = await store.tournaments()
        games = [g for g in await store.pairings(t.id) if g.is_game]
        assert {g.round for g in games} == {1, 2, 3}
        assert all(g.result is None for g in games if g.round == 3)
        assert all(g.result is not None for g in games if g.round < 3)
    finally:
        await registry.close()


async def test_reimport_keeps_screen_results_adds_the_round_and_lists_conflicts(tmp_path: Path) -> None:
    lines = _lines()
    first = write(tmp_path, "r3-blank.trf", blank_round(lines, 3))
    await import_trf(first.read_bytes(), first.name, tmp_path, "open", "Open")
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("open")
        [t] = await store.tournaments()
        players_before = {p.pairing_number: p.id for p in await store.players(t.id)}
        r3 = sorted((g for g in await store.pairings(t.id, 3) if g.is_game), key=lambda g: g.board or 0)
        # the screens: the first game gets the file's result, the second the opposite, the third none
        truth = {g.white_player_id: g.result for g in (await _full_import(tmp_path)) if g.round == 3}
        number_of = {v: k for k, v in players_before.items()}
        first_game, second_game = r3[0], r3[1]
        true_first = truth[number_of[first_game.white_player_id]]
        true_second = truth[number_of[second_game.white_player_id]]
        assert true_first is not None and true_second is not None
        await store.record_result(key(t.id, first_game), true_first, first_game.board or 0)
        wrong = Result.BLACK_WIN if true_second != Result.BLACK_WIN else Result.WHITE_WIN
        await store.record_result(key(t.id, second_game), wrong, second_game.board or 0)
    finally:
        await registry.close()

    second = write(tmp_path, "r4.trf", with_next_round(lines))
    out = await import_trf(second.read_bytes(), second.name, tmp_path, "open", "Open")
    assert "Re-synced" in out and "rounds added: 4" in out, out
    assert "Conflict: round 3" in out and "the event file says " + wrong.label() in out, out

    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("open")
        [t] = await store.tournaments()
        assert {p.pairing_number: p.id for p in await store.players(t.id)} == players_before
        after = {g.id: g for g in await store.pairings(t.id)}
        assert after[first_game.id].result == true_first
        assert after[second_game.id].result == wrong  # the event's result is kept
        others = [g for g in after.values() if g.round == 3 and g.is_game and g.id not in (first_game.id,
                                                                                             second_game.id)]
        assert others and all(g.result is not None for g in others)  # blank results filled from the file
        r4 = [g for g in after.values() if g.round == 4]
        assert len([g for g in r4 if g.is_game]) == 9 and all(g.result is None for g in r4 if g.is_game)
        assert [e for e in await store.journal_entries(tournament_id=t.id) if e.what == "trf import"]
    finally:
        await registry.close()


async def _full_import(tmp_path: Path) -> list[Pairing]:
    """The fixture's own round results (pairing numbers as player ids), from a scratch event."""
    scratch = tmp_path / "scratch"
    scratch.mkdir(exist_ok=True)
    await import_trf(fixture_path(FIXTURE).read_bytes(), FIXTURE, scratch, "x", "X")
    registry = EventRegistry(scratch)
    try:
        store = await registry.get("x")
        [t] = await store.tournaments()
        number = {p.id: p.pairing_number for p in await store.players(t.id)}
        return [Pairing(tournament_id=0, round=g.round, white_player_id=number[g.white_player_id],
                        result=g.result) for g in await store.pairings(t.id) if g.is_game]
    finally:
        await registry.close()


def test_cli_reimport_resyncs(tmp_path: Path, capsys: object) -> None:
    lines = _lines()
    first = write(tmp_path, "a.trf", blank_round(lines, 3))
    second = write(tmp_path, "b.trf", with_next_round(lines))
    assert main(["import-trf", str(first), "--events", str(tmp_path), "--event", "open", "--tournament", "T"]) == 0
    assert main(["import-trf", str(second), "--events", str(tmp_path), "--event", "open", "--tournament", "T"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "Re-synced open/T" in out and "rounds added: 4" in out


async def test_data_import_page_resyncs_unless_replace(admin_client: AsyncTestClient[Litestar],
                                                       events_dir: Path) -> None:
    blank = "\n".join(blank_round(_lines(), 3)).encode()
    await import_trf(blank, "a.trf", events_dir, "ev", "Open")
    headers = await prime_csrf(admin_client)
    full = fixture_path(FIXTURE).read_bytes()
    response = await admin_client.post("/data/ev/import", files={"file": ("b.trf", full)},
                                       data={"tournament": "Open"}, headers=headers)
    assert response.status_code == 200 and "0 players added" in response.text, response.text[-800:]
    assert "results taken from the file" in response.text and "Imported 20 players" not in response.text
    response = await admin_client.post("/data/ev/import", files={"file": ("b.trf", full)},
                                       data={"tournament": "Open", "replace": "1"}, headers=headers)
    # replacing goes through the tournament's page, which shows first what would be lost
    assert response.status_code == 409 and 'id="replace-link"' in response.text
