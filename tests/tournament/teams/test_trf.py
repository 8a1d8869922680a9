"""Team files in and out: TRF16 (`013`) and TRF26 (`310`, `320`, `330`, `352`, `362`) read by the lenient
reader, turned into teams and matches, written back the same; the standings of the event read equal those of
the event written."""

from __future__ import annotations

import msgspec
import pytest

from tests.support.files import fixture_path
from tests.support.teams import generate
from tournament.errors import Invalid
from tournament.formats.trf import decode, parse_trf
from tournament.teams.standings import team_standings
from tournament.teams.trf import TeamEvent, export_team_trf
from tournament.teams.trf_import import team_event_from_trf

FILES = ["interclubs-8t-4b-7r.trf16", "interclubs-8t-4b-7r.trf26", "olympiad-10t-4b-6r.trf26"]


def read(text: str) -> TeamEvent:
    trf, errors = parse_trf(text)
    assert [e for e in errors if e.severity == "error"] == []
    return team_event_from_trf(trf)


@pytest.mark.parametrize("name", FILES)
def test_fixture_files_round_trip(name: str) -> None:
    text = decode(fixture_path(f"teams/{name}").read_bytes())
    ev = read(text)
    assert export_team_trf(ev, trf26=name.endswith("26")) == text
    assert len(ev.teams) == int(name.split("-")[1][:-1])
    assert ev.team_size == 4
    assert all(len(m.boards) == 4 for m in ev.matches if m.team_b is not None)
    assert ev.round_robin == name.startswith("interclubs")


# odd numbers of teams (team byes: `320` in TRF26, `U` games in TRF16) and whole-team forfeits (`330`)
CASES = [(7, 3, 5, 3, {}), (10, 4, 6, 4, {"team_forfeits": True}), (9, 4, 8, 11, {"round_robin": True}),
         (12, 4, 7, 6, {"team_forfeits": True}), (14, 4, 9, 12, {"team_forfeits": True})]


@pytest.mark.parametrize("trf26", [False, True], ids=["TRF16", "TRF26"])
@pytest.mark.parametrize(("teams", "size", "rounds", "seed", "kw"), CASES)
def test_generated_round_trip_and_same_standings(teams: int, size: int, rounds: int, seed: int,
                                                  kw: dict[str, bool], trf26: bool) -> None:
    ev = generate(teams, size, rounds, seed, **kw)
    text = export_team_trf(ev, trf26=trf26)
    back = read(text)
    assert export_team_trf(back, trf26=trf26) == text
    codes = "MPVGP,BH/C1,BH,SB,PS"
    assert sum(1 for m in back.matches if m.forfeit) == sum(1 for m in ev.matches if m.forfeit)
    per_round = [sum(1 for m in ev.matches if m.forfeit and m.round == r) for r in range(1, rounds + 1)]
    if not trf26 and max(per_round) > 1:
        # TRF16 has no 330: forfeited matches are rebuilt from the players' `+` and `-`, whose opponents are
        # not written; with two in one round the pairs may come back swapped (same points, other Buchholz).
        return
    mine = team_standings(ev.teams, ev.matches, tie_breaks=codes, team_size=size, rounds=rounds)
    theirs = team_standings(back.teams, back.matches, tie_breaks=codes, team_size=back.team_size, rounds=rounds)
    assert mine.as_data() == theirs.as_data()
    if trf26:
        assert sum(1 for m in back.matches if m.team_b is None) == sum(1 for m in ev.matches if m.team_b is None)


def test_the_310_records_carry_the_standings() -> None:
    """Ranks after the tournament's whole tie-break order (202), not game points alone."""
    ev = read(decode(fixture_path("teams/olympiad-10t-4b-6r.trf26").read_bytes()))
    trf, _ = parse_trf(decode(fixture_path("teams/olympiad-10t-4b-6r.trf26").read_bytes()))
    assert trf.header("202") == "MPVGP,BH/C1,BH,SB,PS"
    st = team_standings(ev.teams, ev.matches, tie_breaks=trf.header("202") or "", team_size=4, rounds=6,
                        edition="2024-08")
    only_gp = team_standings(ev.teams, ev.matches, tie_breaks="MPVGP", team_size=4, rounds=6)
    assert [r.rank for r in st.rows] != [r.rank for r in only_gp.rows]  # the order matters in this file
    by = {r.team_number: r for r in st.rows}
    for t in trf.teams:
        assert (t.match_points, t.game_points, t.rank) == (by[t.number].points, by[t.number].game_points,
                                                          by[t.number].rank)


def test_an_individual_file_is_refused() -> None:
    trf, _ = parse_trf(decode(fixture_path("small-20p-5r.trf").read_bytes()))
    with pytest.raises(Invalid):
        team_event_from_trf(trf)


@pytest.mark.parametrize("trf26", [False, True], ids=["TRF16", "TRF26"])
def test_rounds_scheduled_and_not_paired_are_not_written_as_played(trf26: bool) -> None:
    """9 rounds scheduled, 5 paired: the players' lines stop at round 5 (blocks for rounds 6-9 would read as
    rounds everybody missed); the rounds scheduled come back from 142 / XXR."""
    ev = msgspec.structs.replace(generate(10, 4, 5, 3), rounds=9)
    text = export_team_trf(ev, trf26=trf26)
    lines = [line for line in text.split("\n") if line.startswith("001")]
    assert max(len(line) for line in lines) <= 89 + 5 * 10
    back = read(text)
    assert back.rounds == 9 and max(m.round for m in back.matches) == 5
