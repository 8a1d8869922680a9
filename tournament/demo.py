"""Invented tournaments for the demo event: deterministic, no personal data.

`demo_tournament(60, seed=1)` returns players and three rounds of pairings: rounds 1 and 2 with
every result, round 3 paired with results left for the caller to enter (one player takes a
half-point bye in round 3; with an odd count left, the lowest player gets the PAB).
"""

from __future__ import annotations

import random
from typing import Any

from msgspec.structs import replace

from tournament.boards import half_points, number_boards
from tournament.models import Pairing, Player
from tournament.results import ByeKind, Result

FIRST = ["Léa", "Hugo", "Chloé", "Louis", "Inès", "Gabriel", "Zoé", "Arthur", "Manon", "Jules", "Élodie", "Noah",
         "Camille", "Adam", "Anaïs", "Raphaël", "Sofia", "Théo", "Maëlle", "Nathan", "Yasmine", "Lucas", "Agnès",
         "Émile", "Clara", "Sacha", "Ingrid", "Mateo", "Oona", "Kenji"]
LAST = ["Martin", "Bernard", "Dubois", "Lefèvre", "Morel", "Girard", "André", "Mercier", "Dupont", "Lambert",
        "Bonnet", "François", "Legrand", "Garnier", "Faure", "Rousseau", "Blanc", "Guérin", "Müller", "Boyer",
        "de la Tour", "N'Guessan", "Ødegaard", "Kowalczyk", "García", "Nakamura", "Van den Berg", "Çelik",
        "Šimůnek", "O'Brien", "Leclerc", "Perrin", "Fontaine", "Chevalier", "Rolland", "Brunet"]
TITLES = ["GM", "IM", "FM", "WGM", "WIM", "CM"]


def demo_players(count: int, seed: int) -> list[Player]:
    rng = random.Random(seed)
    names: set[tuple[str, str]] = set()
    raw: list[tuple[int, str, str]] = []
    while len(raw) < count:
        last, first = rng.choice(LAST), rng.choice(FIRST)
        if (last, first) in names:
            continue
        names.add((last, first))
        rating = int(rng.gauss(1650, 300)) if rng.random() > 0.07 else 0
        raw.append((max(rating, 0) if rating == 0 else max(1000, min(rating, 2650)), last, first))
    raw.sort(key=lambda r: (-r[0], r[1], r[2]))
    players = []
    for number, (rating, last, first) in enumerate(raw, start=1):
        title = TITLES[(number - 1) % len(TITLES)] if rating >= 2300 else None
        players.append(Player(
            id=number, tournament_id=0, pairing_number=number, last_name=last, first_name=first,
            sex="F" if first in {"Léa", "Chloé", "Inès", "Zoé", "Manon", "Élodie", "Camille", "Anaïs", "Sofia",
                                 "Maëlle", "Yasmine", "Agnès", "Clara", "Ingrid", "Oona"} else "M",
            title=title if (title not in ("WGM", "WIM") or first in {"Léa", "Chloé", "Zoé"}) else "FM",
            fide_rating=rating or None, rating_type="F" if rating else None, federation="FRA",
        ))
    return players


def _play(rng: random.Random, white: Player, black: Player) -> Result:
    diff = (white.rating or 1400) - (black.rating or 1400) + 30
    expected = 1 / (1 + 10 ** (-diff / 400))
    draw = 0.25
    roll = rng.random()
    if roll < expected - draw / 2:
        return Result.WHITE_WIN
    if roll < expected + draw / 2:
        return Result.DRAW
    return Result.BLACK_WIN


def _pair_round(
    rnd: int, players: list[Player], history: list[Pairing], absent: set[int], pab_had: set[int]
) -> list[Pairing]:
    points = half_points(history)
    met: set[tuple[int | None, int | None]] = {(p.white_player_id, p.black_player_id) for p in history if p.is_game}
    met |= {(b, w) for w, b in met}
    whites = {pid: sum(1 for p in history if p.white_player_id == pid and p.is_game) for pid in points}
    present = [p for p in players if p.id not in absent]
    present.sort(key=lambda p: (-points.get(p.id, 0), p.pairing_number))
    rows: list[Pairing] = []
    if len(present) % 2:
        bye = next(p for p in reversed(present) if p.id not in pab_had)
        present.remove(bye)
        pab_had.add(bye.id)
        rows.append(Pairing(tournament_id=0, round=rnd, white_player_id=bye.id, bye_kind=ByeKind.PAB))
    if rnd == 1:
        half = len(present) // 2
        couples = list(zip(present[:half], present[half:], strict=True))
    else:
        couples = []
        todo = list(present)
        while todo:
            a = todo.pop(0)
            b = next((x for x in todo if (a.id, x.id) not in met), todo[0])
            todo.remove(b)
            couples.append((a, b))
    for board, (a, b) in enumerate(couples):
        if rnd == 1:
            white, black = (a, b) if board % 2 == 0 else (b, a)
        else:
            white, black = (a, b) if whites.get(a.id, 0) <= whites.get(b.id, 0) else (b, a)
        rows.append(Pairing(tournament_id=0, round=rnd, white_player_id=white.id, black_player_id=black.id))
    for pid in absent:
        rows.append(Pairing(tournament_id=0, round=rnd, white_player_id=pid, bye_kind=ByeKind.HALF))
    return rows


def demo_tournament(count: int, seed: int) -> tuple[list[Player], list[Pairing]]:
    """Players, and rounds 1-3 with results for rounds 1-2 only; board numbers assigned."""
    rng = random.Random(seed)
    players = demo_players(count, seed)
    by_id = {p.id: p for p in players}
    history: list[Pairing] = []
    pab_had: set[int] = set()
    for rnd in (1, 2, 3):
        absent = {players[len(players) // 3].id} if rnd == 3 else set()
        rows = _pair_round(rnd, players, history, absent, pab_had)
        rows = number_boards(rows, by_id, half_points(history))
        if rnd < 3:
            rows = [p if not p.is_game else _with_result(p, _play(rng, by_id[p.white_player_id],
                                                                  by_id[p.black_player_id or 0])) for p in rows]
        history.extend(rows)
    return players, history


def _with_result(p: Pairing, result: Result) -> Pairing:
    return replace(p, result=result)


def store_rows(players: list[Player], pairings: list[Pairing]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows `EventStore.fill_tournament` takes (players named by pairing number)."""
    number = {p.id: p.pairing_number for p in players}
    player_rows = [
        {"pairing_number": p.pairing_number, "last_name": p.last_name, "first_name": p.first_name, "sex": p.sex,
         "title": p.title, "fide_rating": p.fide_rating, "rating_type": p.rating_type, "federation": p.federation}
        for p in players
    ]
    pairing_rows = [
        {"white": number[g.white_player_id], "black": number[g.black_player_id] if g.black_player_id else None,
         "round": g.round, "board": g.board, "board_order": g.board_order,
         "bye_kind": g.bye_kind.value if g.bye_kind else None, "result": int(g.result) if g.result else None}
        for g in pairings
    ]
    return player_rows, pairing_rows
