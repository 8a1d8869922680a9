"""Team standings against the FIDE TEC reference (`gacrux` tiebreakchecker, which reads the team records and
builds the matches from the games): generated team tournaments written as TRF16 (`013`) and TRF26 (`310`),
and the team files of tests/fixtures/teams/. Match points exact, tie-breaks within 0.001, ranks equal."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.support.files import fixture_path
from tests.support.gacrux import HAVE_GACRUX, tiebreakchecker
from tests.support.teams import generate
from tournament.teams.standings import TeamStandings, team_standings
from tournament.teams.trf import TeamEvent, export_team_trf
from tournament.tiebreaks import edition_for

CODES = ["MPVGP", "BH/C1", "BH", "BH/M1", "SB", "PS", "PS/C1", "WIN", "FB", "FB/C1", "TPN"]
#: Direct encounter first: the teams tied on match points (many, in these events) are split by it.
DE_CODES = ["DE", "MPVGP", "BH", "TPN"]
pytestmark = pytest.mark.skipif(not HAVE_GACRUX, reason="gacrux (test extra) is not installed")

# (teams, team size, rounds, seed, round robin): every match played (an even number of teams, no team
# forfeit); board forfeits and reserves fielded do occur.
GENERATED = [(6, 4, 5, 1, False), (8, 4, 7, 2, True), (12, 4, 7, 6, False), (10, 6, 5, 7, False),
             (4, 2, 3, 8, True), (16, 4, 9, 9, False)]


def compare(ours: TeamStandings, theirs: dict[int, list[str]]) -> list[str]:
    problems = []
    assert len(theirs) == len(ours.rows)
    for row in ours.rows:
        t = theirs[row.team_number]
        if int(t[1]) != row.rank:
            problems.append(f"team {row.team_number}: rank {row.rank} vs {t[1]}")
        if float(t[2]) != float(row.points):
            problems.append(f"team {row.team_number}: match points {row.points} vs {t[2]}")
        for code, mine, value in zip(ours.tie_breaks, row.values, t[3:], strict=True):
            if mine is None or abs(float(mine) - float(value)) >= 0.001:
                problems.append(f"team {row.team_number}: {code} {mine} vs {value}")
    return problems


def ours(ev: TeamEvent, played: int, codes: list[str] = CODES) -> TeamStandings:
    """Our standings in the edition gacrux picks by the start date."""
    return team_standings(ev.teams, ev.matches, tie_breaks=codes, scoring=ev.scoring, team_size=ev.team_size,
                          rounds=played, round_robin=ev.round_robin, total_rounds=ev.rounds,
                          edition=edition_for(None, date(*map(int, ev.start.split("/")))))


@pytest.mark.parametrize("trf26", [False, True], ids=["TRF16", "TRF26"])
@pytest.mark.parametrize(("teams", "size", "rounds", "seed", "robin"), GENERATED)
def test_generated_team_tournaments(teams: int, size: int, rounds: int, seed: int, robin: bool, trf26: bool,
                                    tmp_path: Path) -> None:
    ev = generate(teams, size, rounds, seed, round_robin=robin)
    text = export_team_trf(ev, trf26=trf26)
    for played in sorted({rounds, max(1, rounds - 2)}):
        assert compare(ours(ev, played), tiebreakchecker(text, played, CODES, tmp_path)) == []


# Team byes (odd numbers of teams) and whole-team forfeits: `320`, `330` and `362` say what they are worth (a
# TRF16 export writes `330`, and `362` when its points are not those a reader assumes without it).
UNPLAYED = [(7, 3, 5, 3, False, False), (9, 6, 9, 5, True, False), (10, 4, 6, 4, False, True),
            (14, 4, 9, 12, False, True), (11, 4, 7, 15, False, True)]


@pytest.mark.parametrize("trf26", [False, True], ids=["TRF16", "TRF26"])
@pytest.mark.parametrize(("teams", "size", "rounds", "seed", "robin", "forfeits"), UNPLAYED)
def test_team_byes_and_forfeits(teams: int, size: int, rounds: int, seed: int, robin: bool, forfeits: bool,
                                trf26: bool, tmp_path: Path) -> None:
    ev = generate(teams, size, rounds, seed, round_robin=robin, team_forfeits=forfeits)
    assert any(m.team_b is None or m.forfeit for m in ev.matches)
    text = export_team_trf(ev, trf26=trf26)
    for played in sorted({rounds, max(1, rounds - 2)}):
        assert compare(ours(ev, played), tiebreakchecker(text, played, CODES, tmp_path)) == []


def test_the_standings_really_differ_between_teams() -> None:
    """Guard: the generated events are not degenerate (several ranks, tie-breaks that separate teams)."""
    st = ours(generate(12, 4, 7, 6), 7)
    assert len({r.rank for r in st.rows}) >= 8
    assert len({r.values[2] for r in st.rows}) >= 4


@pytest.mark.parametrize("name", ["interclubs-8t-4b-7r.trf16", "interclubs-8t-4b-7r.trf26", "olympiad-10t-4b-6r.trf26"])
def test_fixture_team_files(name: str, tmp_path: Path) -> None:
    """The fixture files are the generated events written once (tests/fixtures/teams/README.md); gacrux reads
    the file, our standings come from the event that wrote it, which must still write the same file."""
    spec = FIXTURES[name]
    ev = generate(*spec[:4], round_robin=spec[4])
    text = fixture_path(f"teams/{name}").read_text(encoding="utf-8")
    assert export_team_trf(ev, trf26=name.endswith("26")) == text
    assert compare(ours(ev, spec[2]), tiebreakchecker(text, spec[2], CODES, tmp_path)) == []


FIXTURES: dict[str, tuple[int, int, int, int, bool]] = {
    "interclubs-8t-4b-7r.trf16": (8, 4, 7, 31, True),
    "interclubs-8t-4b-7r.trf26": (8, 4, 7, 31, True),
    "olympiad-10t-4b-6r.trf26": (10, 4, 6, 32, False),
}


@pytest.mark.parametrize("codes", [DE_CODES, ["BH", "DE", "MPVGP"]], ids=["DE-first", "DE-after-BH"])
@pytest.mark.parametrize(("teams", "size", "rounds", "seed", "robin", "forfeits"),
                         [(*g, False) for g in GENERATED] + UNPLAYED)
def test_direct_encounter_vs_gacrux(teams: int, size: int, rounds: int, seed: int, robin: bool, forfeits: bool,
                                    codes: list[str], tmp_path: Path) -> None:
    """C.07 Art. 6 between the teams tied on match points (and, second, still tied on BH): TRF26, every round
    count; whole-team forfeits are not encounters (gacrux counts matches played over the board)."""
    ev = generate(teams, size, rounds, seed, round_robin=robin, team_forfeits=forfeits)
    text = export_team_trf(ev, trf26=True)
    for played in sorted({rounds, max(1, rounds - 2)}):
        assert compare(ours(ev, played, codes), tiebreakchecker(text, played, codes, tmp_path)) == []


def test_direct_encounter_and_fore_buchholz_do_separate_teams() -> None:
    """Guard: DE is not a constant column (some tied teams are split by their match), FB differs from BH."""
    ev = generate(12, 4, 7, 6)
    st = ours(ev, 7, ["DE", "BH", "FB"])
    assert len({r.values[0] for r in st.rows}) >= 2
    assert any(r.values[1] != r.values[2] for r in st.rows)
    before_end = ours(ev, 5, ["BH", "FB"])  # FB is BH until the last round is played
    assert all(r.values[0] == r.values[1] for r in before_end.rows)


@pytest.mark.parametrize(("teams", "size", "rounds", "seed"), [(8, 2, 5, 1), (7, 3, 5, 11), (6, 2, 5, 23)])
def test_direct_encounter_forfeited_match_between_tied_teams(teams: int, size: int, rounds: int, seed: int,
                                                             tmp_path: Path) -> None:
    """Two teams tied on match points whose match was a whole-team forfeit: not an encounter for DE (as gacrux
    counts it: the score against the teams met over the board)."""
    ev = generate(teams, size, rounds, seed, team_forfeits=True)
    st = ours(ev, rounds, ["DE", "MPVGP", "TPN"])
    mp = {r.team_number: r.points for r in st.rows}
    assert any(m.forfeit and m.team_b and mp[m.team_a] == mp[m.team_b] for m in ev.matches)
    assert compare(st, tiebreakchecker(export_team_trf(ev, trf26=True), rounds, ["DE", "MPVGP", "TPN"], tmp_path)) == []


#: Every team tie-break gacrux computes that the team picker offers (tournament/teams/tie_breaks.py), and more.
EVERY = ["MPVGP", "BH/C1", "BH", "BH/M1", "BH/C2", "SB", "SB/C1", "PS", "PS/C1", "WIN", "WON", "FB", "FB/C1", "KS",
         "DE", "TPN"]
#: Swisses and round robins (predetermined for the tie-breaks) with team byes, whole-team and board forfeits.
BOTH = [((7, 3, 5, 3), {}), ((10, 4, 6, 4), {"team_forfeits": True}), ((9, 4, 8, 11), {"round_robin": True}),
        ((11, 4, 7, 15), {"team_forfeits": True}), ((9, 6, 9, 5), {"round_robin": True, "team_forfeits": True})]


@pytest.mark.parametrize("start", ["2026/01/08", "2026/04/04"], ids=["2024-08", "2026-03"])
@pytest.mark.parametrize(("spec", "kw"), BOTH)
def test_every_team_tie_break_in_both_editions(spec: tuple[int, int, int, int], kw: dict[str, bool], start: str,
                                               tmp_path: Path) -> None:
    """The C.07 edition follows the start date for gacrux; ours is given the same (as the standings page picks it:
    the tournament's own edition, else by start date)."""
    ev = generate(*spec, start=start, **kw)
    text = export_team_trf(ev)
    for played in sorted({spec[2], spec[2] - 2}):
        assert compare(ours(ev, played, EVERY), tiebreakchecker(text, played, EVERY, tmp_path)) == []


def test_the_editions_differ_on_these_tournaments() -> None:
    """Guard: the 2026-03 cap on a virtual opponent's score (Art. 16.4) does change some Buchholz here."""
    ev = generate(11, 4, 7, 15, team_forfeits=True)
    old, new = (team_standings(ev.teams, ev.matches, tie_breaks=["BH"], team_size=4, rounds=7, edition=e)
                for e in ("2024-08", "2026-03"))
    assert [r.values for r in old.rows] != [r.values for r in new.rows]
