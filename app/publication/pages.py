"""The data of a tournament's public pages (pure: run on a compute thread), laid out so that a result changes few
small files: one page of the current round's boards (BOARDS_PER_PAGE boards a page: `boards.html`, `boards-2.html`
…), the two players' pages; a round's page is made once it is over (the current round is the boards pages); the
standings and the cross-table
change when a round is complete (they count completed rounds only), every completed round keeps its own standings
page, and the player list has no points (they are on the standings and the player pages).

A page per player is built here from the pairings (the live server's player page is another module's, on another
branch: this one needs only public fields and must stay a pure function of what the site reads).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import msgspec

from app.views.standings import fmt
from app.views.tournament import TournamentState, board_rows
from tournament.boards import half_points
from tournament.categories import category_of
from tournament.models import Pairing, Player, Tournament
from tournament.player_rules import CATEGORIES
from tournament.results import ByeKind, Result, format_points
from tournament.standings import Standings, crosstable

#: Boards of the current round per page: a result re-sends one page of 40 boards, not the 300 of a 600-player open.
BOARDS_PER_PAGE = 40
BYE_POINTS = {ByeKind.PAB: "1", ByeKind.FULL: "1", ByeKind.HALF: "½", ByeKind.ZERO: "0"}
#: A result from each side: (White's, Black's).
SIDES = {Result.WHITE_WIN: ("1", "0"), Result.DRAW: ("½", "½"), Result.BLACK_WIN: ("0", "1"),
         Result.WHITE_FORFEIT_WIN: ("1F", "0F"), Result.BLACK_FORFEIT_WIN: ("0F", "1F"),
         Result.DOUBLE_FORFEIT: ("0F", "0F")}


def boards_path(part: int) -> str:
    return "boards.html" if part == 1 else f"boards-{part}.html"


def player_path(number: int) -> str:
    return f"player/{number}.html"


def _result_text(p: Pairing) -> str:
    if p.black_player_id is None:
        return BYE_POINTS[p.bye_kind or ByeKind.ZERO]
    return p.result.label() if p.result is not None else ""


def _side(p: Player | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {"number": p.pairing_number, "name": p.shown_name, "title": p.title, "rating": p.rating or None}


def _game(p: Pairing, players: dict[int, Player]) -> dict[str, Any]:
    black = players.get(p.black_player_id) if p.black_player_id is not None else None
    return {"round": p.round, "board": p.board, "white": _side(players.get(p.white_player_id)), "black": _side(black),
            "bye": p.bye_kind.value if p.bye_kind else None, "result": _result_text(p)}


def standings_data(s: Standings, numbers: dict[int, int]) -> dict[str, Any]:
    return {"round": s.round, "tie_breaks": s.tie_breaks,
            "rows": [{"rank": r.rank, "place": r.place, "number": numbers.get(r.player_id, r.start_rank),
                      "name": r.name, "title": r.title, "rating": r.rating or None, "federation": r.federation,
                      "points": fmt(r.points), "tie_break_values": [fmt(v) for v in r.values]} for r in s.rows]}


#: The rating bands of the published site's standings (bounds included; an unrated player counts as 0).
BANDS = ((None, 1599), (1600, 1999), (2000, None))


def band_name(low: int | None, high: int | None) -> str:
    """`1600-1999`, `-1599`, `2000-`: as the server's `?rating=` writes a band."""
    return f"{low or ''}-{high or ''}"


def part_pages(base: dict[str, Any], standings: Standings, players: dict[int, Player], numbers: dict[int, int],
               season: int | None, extra: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The standings of each part of the players present (FFE age categories, the women, rating bands) after the
    last complete round: `standings-U12.html`, `standings-women.html`, `standings-1600-1999.html`. Each row keeps
    its place in the whole tournament; they change when a round is complete, never with a single result."""
    if standings.teams:
        return {}
    tests: dict[str, tuple[str, Any]] = {}
    present = {category_of(p, season) for p in players.values()}
    for c in CATEGORIES:
        if c in present:
            tests[f"standings-{c}.html"] = (c, lambda p, c=c: category_of(p, season) == c)
    if any(p.sex == "F" for p in players.values()):
        tests["standings-women.html"] = ("women", lambda p: p.sex == "F")
    for low, high in BANDS:
        def holds(p: Player, low: int | None = low, high: int | None = high) -> bool:
            return (low is None or (p.rating or 0) >= low) and (high is None or (p.rating or 0) <= high)
        if any(holds(p) for p in players.values()):
            tests[f"standings-{band_name(low, high)}.html"] = (band_name(low, high), holds)
    links = [{"path": path, "label": label} for path, (label, _test) in tests.items()]
    out = {}
    for path, (label, test) in tests.items():
        rows = [r for r in standings.rows if r.player_id in players and test(players[r.player_id])]
        part = msgspec.structs.replace(standings, rows=rows)
        out[path] = {**base, **extra, "standings": standings_data(part, numbers), "part": label}
    for data in out.values():
        data["categories"] = links
    return out


def _history(player: Player, games: list[Pairing], players: dict[int, Player]) -> list[dict[str, Any]]:
    rows = []
    for g in sorted(games, key=lambda g: g.round):
        white = g.white_player_id == player.id
        other_id = g.black_player_id if white else g.white_player_id
        other = players.get(other_id) if other_id is not None else None
        if g.black_player_id is None:
            result = BYE_POINTS[g.bye_kind or ByeKind.ZERO]
        else:
            result = SIDES[g.result][0 if white else 1] if g.result is not None else ""
        rows.append({"round": g.round, "board": g.board, "colour": ("w" if white else "b") if other else "",
                     "opponent": _side(other), "bye": g.bye_kind.value if g.bye_kind else None, "result": result})
    return rows


def player_pages(t: Tournament, state: TournamentState, everything: list[Pairing], players: dict[int, Player],
                 standings: Standings) -> dict[str, dict[str, Any]]:
    """One page per player: their record, points, place after the last complete round, games, next board."""
    points = half_points(everything)
    place = {r.player_id: r.place for r in standings.rows}
    games: dict[int, list[Pairing]] = defaultdict(list)
    for g in everything:
        games[g.white_player_id].append(g)
        if g.black_player_id is not None:
            games[g.black_player_id].append(g)
    out = {}
    for p in players.values():
        history = _history(p, games[p.id], players)
        current = [h for h in history if h["round"] == state.round and h["opponent"] and not h["result"]]
        out[player_path(p.pairing_number)] = {
            "tournament": {"id": t.id, "name": t.name, "rounds": t.rounds}, "round": state.round,
            "player": {**(_side(p) or {}), "federation": p.federation, "club": p.club, "category": p.category,
                       "points": format_points(points.get(p.id, 0)), "place": place.get(p.id),
                       "after_round": standings.round},
            "next": current[0] if current else None, "games": history}
    return out


def tournament_pages(t: Tournament, state: TournamentState, everything: list[Pairing], player_list: list[Player],
                     standings: Standings, by_round: dict[int, Standings], provisional: Standings | None = None,
                     season: int | None = None) -> dict[str, dict[str, Any]]:
    """Every page's data, by path within the tournament's folder, from what was read. `provisional`: the
    standings counting the round being played (`standings-provisional.html`, while there is one); `season`: the
    event's, for the players' age categories (category standings)."""
    players = {p.id: p for p in player_list}
    numbers = {p.id: p.pairing_number for p in player_list}
    boards = [{"id": b.dom_id, "board": b.board, "white": b.white.name, "white_points": b.white.points,
               "white_number": numbers.get(b.white.id), "black_number": numbers.get(b.black.id) if b.black else None,
               "white_rating": b.white.rating or None, "black": b.black.name if b.black else None,
               "black_points": b.black.points if b.black else None,
               "black_rating": (b.black.rating or None) if b.black else None,
               "result": b.label if b.black else "1", "bye": b.bye_kind.value if b.bye_kind else None}
              for b in board_rows(state)]
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in sorted(everything, key=lambda p: (p.round, p.board_order is None, p.board_order or 0)):
        rounds.setdefault(p.round, []).append(_game(p, players))
    cells = crosstable(standings, everything)
    cross = [{"rank": r.rank, "name": r.name, "number": numbers.get(r.player_id), "points": fmt(r.points),
              "rounds": [{"rank": c.opponent_rank, "colour": c.colour, "result": c.result}
                         for c in cells.get(r.player_id, [])]}
             for r in standings.rows]
    base = {"tournament": {"id": t.id, "name": t.name, "rounds": t.rounds}, "round": state.round}
    done = sorted(by_round)
    around = {"completed": done, "playing": provisional.round if provisional else None}
    by_part = part_pages(base, standings, players, numbers, season, around)
    around["categories"] = next(iter(by_part.values()))["categories"] if by_part else []
    ordered = sorted(players.values(), key=lambda p: (p.shown_name.lower(), p.pairing_number))
    chunks = [boards[i:i + BOARDS_PER_PAGE] for i in range(0, len(boards), BOARDS_PER_PAGE)] or [[]]
    parts = [{"path": boards_path(i), "first": c[0]["board"] if c else None, "last": c[-1]["board"] if c else None}
             for i, c in enumerate(chunks, start=1)]
    pages: dict[str, dict[str, Any]] = {
        boards_path(i): {**base, "boards": chunk, "parts": parts if len(parts) > 1 else []}
        for i, chunk in enumerate(chunks, start=1)}
    pages.update({
        "players.html": {**base, "players": [
            {**(_side(p) or {}), "federation": p.federation, "club": p.club, "category": p.category}
            for p in ordered]},
        "results.html": {**base, "rounds": sorted(rounds, reverse=True)},
        "standings.html": {**base, **around, "standings": standings_data(standings, numbers)},
        "crosstable.html": {**base, "round_count": standings.round, "rows": cross},
    })
    for number, games in rounds.items():
        if number == state.round:
            continue  # the boards pages show it
        pages[f"round-{number}.html"] = {**base, "shown_round": number, "games": games,
                                         "rounds": sorted(rounds, reverse=True)}
    for number, s in by_round.items():
        pages[f"standings-{number}.html"] = {**base, **around, "standings": standings_data(s, numbers)}
    if provisional is not None:
        pages["standings-provisional.html"] = {**base, **around, "standings": standings_data(provisional, numbers),
                                               "provisional": True}
    pages.update(by_part)
    pages.update(player_pages(t, state, everything, players, standings))
    return pages
