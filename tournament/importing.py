"""Turn a parsed TRF into `player` and `pairing` rows (players named by pairing number)."""

from __future__ import annotations

from typing import Any

from tournament.boards import half_points, number_boards
from tournament.models import Pairing, Player
from tournament.results import ByeKind
from tournament.trf import TrfTournament, bye_kind, game_result, requested_byes


def trf_players(trf: TrfTournament) -> list[Player]:
    """Players with `id` = pairing number (the store assigns real ids)."""
    return [
        Player(
            id=p.number, tournament_id=0, pairing_number=p.number, last_name=p.last_name, first_name=p.first_name,
            sex=p.sex, title=p.title, fide_rating=p.rating, rating_type="F" if p.rating else None,
            federation=p.federation, fide_id=p.fide_id, birth_date=p.birth_date,
        )
        for p in trf.players
    ]


def trf_pairings(trf: TrfTournament, players: list[Player]) -> list[Pairing]:
    """Every played round: one row per game (from White's side), per bye, and a `Z` row per absent player."""
    by_number = {p.number: p for p in trf.players}
    by_id = {p.id: p for p in players}
    out: list[Pairing] = []
    for rnd in range(1, trf.played_rounds + 1):
        round_rows: list[Pairing] = []
        for p in trf.players:
            block = p.rounds[rnd - 1] if len(p.rounds) >= rnd else None
            if block is None or block.opponent is None:
                kind = bye_kind(block.code) if block is not None else ByeKind.ZERO
                round_rows.append(Pairing(tournament_id=0, round=rnd, white_player_id=p.number, bye_kind=kind))
                continue
            other = by_number[block.opponent].rounds[rnd - 1]
            is_white = block.colour == "w" or (block.colour == "-" and p.number < block.opponent)
            if not is_white:
                continue
            round_rows.append(Pairing(
                tournament_id=0, round=rnd, white_player_id=p.number, black_player_id=block.opponent,
                result=game_result(block.code, other.code),
            ))
        shown = half_points(out, before_round=rnd)
        out.extend(number_boards(round_rows, by_id, shown))
    return out


def trf_rows(trf: TrfTournament) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(player column dicts, pairing dicts with `white`/`black` pairing numbers) for the store."""
    players = trf_players(trf)
    pairings = trf_pairings(trf, players)
    player_rows = [
        {k: v for k, v in _fields(p).items() if k not in ("id", "tournament_id", "last_update")} for p in players
    ]
    pairing_rows = [
        {"white": g.white_player_id, "black": g.black_player_id, "round": g.round, "board": g.board,
         "board_order": g.board_order, "bye_kind": g.bye_kind.value if g.bye_kind else None,
         "result": int(g.result) if g.result else None}
        for g in pairings
    ]
    return player_rows, pairing_rows


def _fields(player: Player) -> dict[str, Any]:
    return {name: getattr(player, name) for name in player.__struct_fields__}


def trf_tournament_values(trf: TrfTournament) -> dict[str, Any]:
    """`tournament` columns read from the TRF headers (142/XXR, 152/XXC, 192/092, 202/212)."""
    values: dict[str, Any] = {"rounds": trf.rounds, "tournament_type": trf.tournament_type,
                              "initial_colour": trf.initial_colour}
    if trf.tie_breaks:
        values["tie_breaks"] = ",".join(trf.tie_breaks)
    values["pairing_system"] = "berger" if trf.tournament_type == "round_robin" else "standard"
    return values


def trf_skipped(trf: TrfTournament) -> list[dict[str, Any]]:
    """Requested byes of rounds not played yet (`number` = pairing number) as `skipped_round` values."""
    score = {"H": 0.5, "F": 1.0, "Z": 0.0}
    return [{"number": number, "round": rnd, "score": score[code]}
            for rnd, byes in sorted(requested_byes(trf).items()) for number, code in sorted(byes.items())]
