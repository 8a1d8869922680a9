"""Our own team export read back (`app.imports.import_trf`, as an organiser loads it) is the same tournament: team
tournament, round robin or Swiss, match points (FFE 3/2/1/0 here), whole-team forfeits (not byes), team byes,
board forfeits, titles, team clubs and federations, full names of teams and players; TRF16 (with `013` lines)
and TRF26; and exported again it is the same file."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from app.imports import import_trf
from database.registry import EventRegistry
from tests.support.teams import generate
from tournament.formats.trf import parse_trf
from tournament.teams.core import Match, board_points, team_scoring
from tournament.teams.trf import TeamEvent, export_team_trf
from tournament.teams.trf_import import team_event_from_trf

LONG_TEAM = "Cercle d'Échecs de Saint-Quentin-en-Yvelines Est"  # longer than the 32 characters of 310/013
LONG_PLAYER = "De La Fontaine-Beauregard, Marie-Alexandrine Éléonore"  # longer than the 33 of 001


def event(round_robin: bool) -> TeamEvent:
    ev = generate(7, 4, 7 if round_robin else 5, 52, round_robin=round_robin, team_forfeits=True, reserves=1,
                  start="2026/03/14")
    titles = {1: "GM", 2: "IM", 7: "WGM", 12: "FM"}
    players = tuple(msgspec.structs.replace(p, title=titles.get(p.number, ""),
                                            name=LONG_PLAYER if p.number == 3 else p.name) for p in ev.players)
    teams = tuple(msgspec.structs.replace(t, club=f"Club {t.number}", federation=("FRA", "BEL", "SUI")[t.number % 3],
                                          name=LONG_TEAM if t.number == 2 else t.name) for t in ev.teams)
    first = next(m for m in ev.matches if m.round == 2 and m.team_b is not None)  # a whole-team forfeit for sure
    matches = tuple(msgspec.structs.replace(m, forfeit="A", boards=()) if m is first else m for m in ev.matches)
    return msgspec.structs.replace(ev, players=players, teams=teams, scoring=team_scoring("ffe"), matches=matches)


def meetings(ev: TeamEvent) -> list[tuple[object, ...]]:
    """The matches whoever is listed first: round, teams, who forfeited, and each board's players and game points
    by team."""
    def one(m: Match) -> tuple[object, ...]:
        side = {"A": m.team_a, "B": m.team_b}
        out = [(g.board, ((m.team_a, g.a_player), (m.team_b, g.b_player)),
                tuple(zip((m.team_a, m.team_b), board_points(m, g, ev.scoring) or (), strict=False)))
               for g in m.boards]
        boards = sorted((b, tuple(sorted(p, key=str)), tuple(sorted(pts, key=str))) for b, p, pts in out)
        return (m.round, frozenset((m.team_a, m.team_b)), frozenset(side[c] for c in m.forfeit or ""),
                tuple(boards) if not m.forfeit and m.team_b is not None else ())
    return sorted((one(m) for m in ev.matches), key=str)


@pytest.mark.parametrize("trf26", [False, True], ids=["TRF16", "TRF26"])
@pytest.mark.parametrize("round_robin", [True, False], ids=["round-robin", "swiss"])
async def test_our_team_export_comes_back_the_same(trf26: bool, round_robin: bool, tmp_path: Path) -> None:
    ev = event(round_robin)
    assert any(m.forfeit for m in ev.matches) and any(m.team_b is None for m in ev.matches)
    text = export_team_trf(ev, trf26=trf26)
    assert ("013 " in text) != trf26 and ("310 " in text) == trf26
    await import_trf(text.encode("utf-8"), "mine.trf", tmp_path, "ev", None)
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("ev")
        tid = (await store.tournaments())[0].id
        back = await store.teams.load_team_event(tid)
        again = await store.imports.export_tournament(tid, trf26=trf26)
        other = await store.imports.export_tournament(tid, trf26=not trf26)
    finally:
        await registry.close()
    assert back.round_robin == round_robin and back.team_size == 4 and back.rounds == ev.rounds
    assert differences(back, ev) == []
    assert ("013 " in again) != trf26 and ("310 " in again) == trf26
    assert "013 " in (other if trf26 else again)  # a TRF16 export has its `013` lines, whatever was read
    for written in (again, other):  # exported again, in both formats
        trf, errors = parse_trf(written)
        assert [e for e in errors if e.severity == "error"] == []
        assert differences(team_event_from_trf(trf), ev) == []


def differences(got: TeamEvent, wanted: TeamEvent) -> list[str]:
    out = []
    if got.scoring != wanted.scoring or got.round_robin != wanted.round_robin:
        out.append(f"scoring or system: {got.scoring} {got.round_robin}")
    if [(t.number, t.name, t.club, t.federation, t.members) for t in got.teams] != [
            (t.number, t.name, t.club, t.federation, t.members) for t in wanted.teams]:
        out.append("teams")
    if [(p.number, p.name, p.title, p.federation, p.rating) for p in got.players] != [
            (p.number, p.name, p.title, p.federation, p.rating) for p in wanted.players]:
        out.append("players")
    if meetings(got) != meetings(wanted):
        out.append("matches")
    return out
