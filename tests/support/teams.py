"""Team events for the tests: a small team event in a store (two teams of four boards, five members each, one
match in round 1 without line-ups, an arbiter password and a captains' password) for the HTTP and browser tests,
a team tournament for the French walk, and generated team tournaments (random board results, some board
forfeits, Berger round robin or random pairings without repeats; deterministic by seed)."""

from __future__ import annotations

import random

from app.pairing.team_round import pair_team_round
from database.registry import EventRegistry
from database.store import EventStore
from tournament.results import Result
from tournament.teams.core import BoardGame, Match, Team
from tournament.teams.round_robin import team_round_robin
from tournament.teams.trf import TeamEvent, TeamPlayer
from web.auth import hash_password

EVENT = "teams"
UNIQ = "interclubs"
ARBITER_PASSWORD = "arbiter-secret-1"
CAPTAIN_PASSWORD = "captain-code-1"
BASE = f"/teams/{EVENT}/{UNIQ}"


async def make_team_event(registry: EventRegistry, *, captain_password: bool = True) -> tuple[EventStore, int, int]:
    store = await registry.create(EVENT, name="Team test", start=0.0, stop=4e9)
    tid = await store.add_tournament(uniq_id=UNIQ, name="Interclubs", rounds=3)
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"Player{n:02d}", "first_name": "Test"}
                                      for n in range(1, 11)], [])
    await store.teams.make_team_tournament(tid, 4)
    await store.teams.add_team(tid, "Cavaliers", members=[1, 2, 3, 4, 5])
    await store.teams.add_team(tid, "Fous", members=[6, 7, 8, 9, 10])
    mid = await store.teams.add_match(tid, 1, 1, 2)
    await store.update_info(arbiter_password=await hash_password(ARBITER_PASSWORD))
    if captain_password:  # without it, anyone at the tables may enter results (as on input screens)
        await store.update_info(update_password=await hash_password(CAPTAIN_PASSWORD))
    return store, tid, mid


async def clubs_in_round_one(store: EventStore, tid: int, clubs: tuple[str, ...], size: int = 4) -> None:
    """Clubs of `size` boards and one reserve (players 1.., in order), round 1 paired, every match's line-ups in
    (each team's declared board order)."""
    for k, club in enumerate(clubs):
        await store.teams.add_team(tid, club, members=range((size + 1) * k + 1, (size + 1) * k + size + 2))
    await pair_team_round(store, tid, 1)
    ev = await store.teams.load_team_event(tid)
    for m in ev.matches:
        for side, number in (("A", m.team_a), ("B", m.team_b)):
            team = next(t for t in ev.teams if t.number == number)
            await store.teams.set_lineup(tid, m.id, side, list(team.members[:size]))


async def walk_team_tournament(store: EventStore) -> list[str]:
    """A team tournament in an existing event for the French walk (team names are words of its own name):
    round 1 paired, line-ups in, one board result and a board forfeit, its three team screens; returns the team
    pages and screens to start from (and the desk's team pairing page)."""
    tid = await store.add_tournament(uniq_id="equipes", name="Interclubs Cavaliers Fous", rounds=1)
    await store.fill_tournament(tid, [{"pairing_number": n, "last_name": f"Joueur{n:02d}", "first_name": "Marc"}
                                      for n in range(1, 9)], [])
    await store.teams.make_team_tournament(tid, 4)
    await store.teams.add_team(tid, "Cavaliers", members=[1, 2, 3, 4])
    await store.teams.add_team(tid, "Fous", members=[5, 6, 7, 8])
    await pair_team_round(store, tid, 1)
    mid = (await store.teams.load_team_event(tid)).matches[0].id or 0
    await store.teams.set_lineup(tid, mid, "A", [1, 2, 3, 4])
    await store.teams.set_lineup(tid, mid, "B", [5, 6, 7, None])
    await store.teams.set_board_result(tid, mid, 1, Result.DRAW)
    for name in ("Tours", "Dames"):  # a second match, a whole-team forfeit ("Forfait de Dames")
        await store.teams.add_team(tid, name)
    await store.teams.set_team_forfeit(tid, await store.teams.add_match(tid, 1, 3, 4), "B")
    screens = []
    for kind, screen_id in (("team_boards", "equipes-echiquiers"), ("team_standings", "equipes-classement"),
                            ("team_crosstable", "equipes-grille")):
        await store.add_screen(uniq_id=screen_id, type=kind, public=True, columns=1, menu_link=True,
                               menu="@team_boards,@team_standings,@team_crosstable", sets=[{"tournament_id": tid}])
        screens.append(f"/screen/{store.event_id}/{screen_id}")
    return [f"/teams/{store.event_id}/equipes/{page}" for page in ("boards", "standings", "crosstable", "input")
            ] + screens + [f"/arbiter/{store.event_id}/pair/{tid}"]  # the desk's team pairing page


RESULTS = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]


def generate(teams: int, size: int, rounds: int, seed: int, *, round_robin: bool = False, reserves: int = 1,
             board_forfeits: bool = True, team_forfeits: bool = False, start: str = "2026/01/08") -> TeamEvent:
    rng = random.Random(seed)
    per_team = size + reserves
    players = tuple(TeamPlayer(number=n, name=f"Player{n:03d}, T{(n - 1) // per_team + 1}",
                               rating=2400 - 7 * n, federation="FRA") for n in range(1, teams * per_team + 1))
    roster = [Team(number=t, name=f"Team {t:02d}", short_name=f"T{t:02d}",
                   members=tuple(range((t - 1) * per_team + 1, t * per_team + 1))) for t in range(1, teams + 1)]
    matches: list[Match] = []
    # not a round robin: the Berger table of a shuffled order, its rounds shuffled (no team meets another twice)
    perm = list(range(1, teams + 1))
    table_rounds = list(range(1, teams + teams % 2))
    if not round_robin:
        rng.shuffle(perm)
        rng.shuffle(table_rounds)
    for rnd in range(1, rounds + 1):
        if round_robin:
            shells = team_round_robin([t.number for t in roster], rounds, rnd, size)
            pairs = [(m.team_a, m.team_b) for m in shells]
        else:
            shells = team_round_robin(list(range(1, teams + 1)), teams, table_rounds[rnd - 1], size)
            pairs = [(perm[m.team_a - 1], perm[m.team_b - 1] if m.team_b else None) for m in shells]
        for table, (a, b) in enumerate(pairs, start=1):
            if b is None:
                matches.append(Match(round=rnd, table=table, team_a=a, team_b=None))
                continue
            white_first = rng.random() < 0.5
            if team_forfeits and rng.random() < 0.05:
                matches.append(Match(round=rnd, table=table, team_a=a, team_b=b, a_white_first=white_first,
                                     forfeit=rng.choice(["A", "B"])))
                continue
            la = lineup(rng, roster[a - 1], size)
            lb = lineup(rng, roster[b - 1], size)
            boards = []
            for k in range(size):
                res = rng.choice(RESULTS)
                if board_forfeits and rng.random() < 0.04:
                    res = rng.choice([Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN])
                boards.append(BoardGame(board=k + 1, a_player=la[k], b_player=lb[k], result=res))
            matches.append(Match(round=rnd, table=table, team_a=a, team_b=b, a_white_first=white_first,
                                 boards=tuple(boards)))
    return TeamEvent(name=f"Generated {teams} teams", rounds=rounds, team_size=size, players=players,
                     teams=tuple(roster), matches=tuple(matches), start=start, round_robin=round_robin)


def lineup(rng: random.Random, team: Team, size: int) -> list[int]:
    """`size` members in declared order (one reserve may replace someone)."""
    members = list(team.members)
    drop = rng.randrange(len(members))
    keep = [m for i, m in enumerate(members) if i != drop]
    return keep[:size]
