"""The FIDE Swiss team pairing (C.04.6) against gacrux's own command line (`python -m gacrux.pairingchecker
-p`): team Swiss tournaments played round by round with our adapter (random board results, board forfeits,
whole-team forfeits, pairing-allocated byes with an odd number of teams, a team not paired), each round's
pairing compared with the reference's pairing of the same TRF-2026 file."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from tests.support.teams import RESULTS, lineup
from tournament.errors import Conflict, Invalid
from tournament.pairing.engines import pair_next_round
from tournament.pairing.model import TeamPairingInput
from tournament.results import Result
from tournament.teams.core import BoardGame, Match, Team
from tournament.teams.pairing import pair_team_round, swiss_input, team_system
from tournament.teams.trf import TeamEvent, TeamPlayer, export_team_trf


def fresh(teams: int, size: int, rounds: int, reserves: int = 1) -> TeamEvent:
    per_team = size + reserves
    players = tuple(TeamPlayer(number=n, name=f"Player{n:03d}, T{(n - 1) // per_team + 1}", rating=2400 - 7 * n)
                    for n in range(1, teams * per_team + 1))
    roster = tuple(Team(number=t, name=f"Team {t:02d}", short_name=f"T{t:02d}",
                        members=tuple(range((t - 1) * per_team + 1, t * per_team + 1))) for t in range(1, teams + 1))
    return TeamEvent(name=f"Swiss {teams} teams", rounds=rounds, team_size=size, players=players, teams=roster,
                     matches=())


def play(ev: TeamEvent, shells: list[Match], rng: random.Random, team_forfeits: bool) -> TeamEvent:
    """Results for a round just paired: random boards, some board forfeits, some whole-team forfeits."""
    done = []
    for m in shells:
        if m.team_b is None:
            done.append(m)
            continue
        if team_forfeits and rng.random() < 0.08:
            done.append(msgspec.structs.replace(m, boards=(), forfeit=rng.choice(["A", "B"])))
            continue
        la = lineup(rng, ev.teams[m.team_a - 1], ev.team_size)
        lb = lineup(rng, ev.teams[m.team_b - 1], ev.team_size)
        boards = []
        for k in range(ev.team_size):
            res = rng.choice(RESULTS)
            if rng.random() < 0.04:
                res = rng.choice([Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN])
            boards.append(BoardGame(board=k + 1, a_player=la[k], b_player=lb[k], result=res))
        done.append(msgspec.structs.replace(m, boards=tuple(boards)))
    return msgspec.structs.replace(ev, matches=ev.matches + tuple(done))


def reference(ev: TeamEvent, rnd: int, tmp_path: Path, absent: tuple[int, ...] = ()) -> list[tuple[int, int]] | None:
    """gacrux's command line on the TRF-2026 file of the rounds played: (team with White on board 1, other);
    None when it finds no legal pairing (it writes 0 pairs, or status 505)."""
    path = tmp_path / f"round{rnd}.trf"
    path.write_text(export_team_trf(ev, trf26=True, played=rnd - 1), encoding="utf-8")
    args = [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-m", "fideteam", "-t", "w",
            "-d", "T"]
    if absent:
        args += ["-u", *map(str, absent)]
    done = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    if "### Error 505" in done.stdout:
        return None
    lines = done.stdout.split()
    assert lines and lines[0].isdigit(), done.stdout[-1000:] + done.stderr[-1000:]
    if lines == ["0"]:
        return None
    numbers = list(map(int, lines[1:]))
    return list(zip(numbers[::2], numbers[1::2], strict=True))


def ours(matches: list[Match]) -> list[tuple[int, int]]:
    return [(m.team_a, m.team_b or 0) for m in matches]


# (teams, board count, rounds, seed, whole-team forfeits); 6 teams in 5 rounds runs out of legal pairings
SWISS = [(8, 4, 5, 1, False), (9, 4, 7, 2, True), (12, 4, 7, 3, True), (11, 6, 9, 4, False), (15, 4, 9, 5, True),
         (6, 2, 5, 6, True), (20, 4, 9, 7, True)]


@pytest.mark.parametrize(("teams", "size", "rounds", "seed", "forfeits"), SWISS)
def test_team_swiss_equals_gacrux_command_line(teams: int, size: int, rounds: int, seed: int, forfeits: bool,
                                               tmp_path: Path) -> None:
    rng = random.Random(seed)
    ev = fresh(teams, size, rounds)
    paired = 0
    for rnd in range(1, rounds + 1):
        expected = reference(ev, rnd, tmp_path)
        if expected is None:  # both refuse: the arbiter decides (C.04.6 art. 3.3.3)
            with pytest.raises(Conflict):
                pair_team_round(ev, rnd)
            break
        shells = pair_team_round(ev, rnd)
        assert ours(shells) == expected, f"round {rnd}"
        paired += 1
        assert sorted(t for m in shells for t in (m.team_a, m.team_b) if t) == list(range(1, teams + 1))
        ev = play(ev, shells, rng, forfeits)
    # [C1]: no two teams meet twice over the board (a forfeited match was not played: they may meet again)
    met = [frozenset((m.team_a, m.team_b)) for m in ev.matches if m.team_b]
    forfeited = {frozenset((m.team_a, m.team_b)) for m in ev.matches if m.team_b and m.forfeit}
    assert all(met.count(pair) == 1 or pair in forfeited for pair in met), "a pair of teams met twice"
    assert paired >= min(rounds, 3)
    if teams % 2 and paired == rounds:
        byes = [m.team_a for m in ev.matches if m.team_b is None]
        assert len(byes) == rounds and len(set(byes)) == rounds, "a team had the bye twice"


def test_a_team_not_paired_equals_gacrux(tmp_path: Path) -> None:
    rng = random.Random(9)
    ev = fresh(10, 4, 6)
    for rnd in range(1, 4):
        ev = play(ev, pair_team_round(ev, rnd), rng, False)
    shells = pair_team_round(ev, 4, absent=(3,))
    assert 3 not in {t for m in shells for t in (m.team_a, m.team_b)}
    assert ours(shells) == reference(ev, 4, tmp_path, absent=(3,))


def test_team_numbers_with_gaps_are_mapped_back() -> None:
    """The FIDE records number teams 1..N: an event whose numbers have gaps pairs the same teams, named back."""
    rng = random.Random(4)
    ev = fresh(7, 3, 5)
    for rnd in range(1, 3):
        ev = play(ev, pair_team_round(ev, rnd), rng, True)
    gap = {n: n * 10 for n in range(1, 8)}
    moved = msgspec.structs.replace(
        ev, teams=tuple(msgspec.structs.replace(t, number=gap[t.number]) for t in ev.teams),
        matches=tuple(msgspec.structs.replace(m, team_a=gap[m.team_a], team_b=gap.get(m.team_b or 0))
                      for m in ev.matches))
    assert ours(pair_team_round(moved, 3)) == [(gap[a], gap.get(b, 0)) for a, b in ours(pair_team_round(ev, 3))]


def test_system_follows_the_tournament_and_refusals() -> None:
    ev = fresh(6, 2, 5)
    assert team_system(ev) == "fideteam"
    assert team_system(msgspec.structs.replace(ev, round_robin=True)) == "berger"
    with pytest.raises(Invalid):
        team_system(ev, "dutch")
    with pytest.raises(Invalid):  # round 2 before round 1
        pair_team_round(ev, 2)
    with pytest.raises(Invalid):
        pair_team_round(msgspec.structs.replace(ev, rounds=0), 1)
    with pytest.raises(Invalid):  # an individual system for a team input
        pair_next_round(swiss_input(ev, 1)[0], "dutch")
    with pytest.raises(Invalid):
        pair_next_round(TeamPairingInput(trf26="012 nothing\n", round=1), "fideteam")
