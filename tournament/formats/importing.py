"""Turn a parsed TRF into `player` and `pairing` rows (players named by pairing number), and read a pairing
program's `-p` output (JaVaFo, bbpPairings) into a round of pairings."""

from __future__ import annotations

import re
from collections.abc import Collection
from decimal import Decimal
from typing import Any

import msgspec

from tournament.boards import half_points, number_boards
from tournament.errors import Invalid
from tournament.formats.trf import TrfTournament, bye_kind, game_result, requested_byes
from tournament.models import Pairing, Player
from tournament.results import ByeKind


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
            # a colour on one line only: the other line decides (its White is not paired twice)
            is_white = block.colour == "w" or (block.colour == "-" and (
                other.colour == "b" or (other.colour != "w" and p.number < block.opponent)))
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
    """`tournament` columns read from the TRF headers (142/XXR, 152/XXC, 192/092, 202/212, 222 `secs+inc`)."""
    values: dict[str, Any] = {"rounds": trf.rounds, "tournament_type": trf.tournament_type,
                              "initial_colour": trf.initial_colour}
    if trf.tie_breaks:
        values["tie_breaks"] = ",".join(trf.tie_breaks)
    values["pairing_system"] = "berger" if trf.tournament_type == "round_robin" else "standard"
    simple = re.fullmatch(r"(\d{1,5})(?:\+(\d{1,4}))?", trf.headers.get("222", "").strip())
    if simple and int(simple.group(1)) <= 24 * 3600 and int(simple.group(2) or 0) <= 3600:
        # `5400+30`: the one form the event file can hold (seconds, increment; the settings form's limits)
        values["time_control_initial_time"] = int(simple.group(1))
        values["time_control_increment"] = int(simple.group(2) or 0)
    return values


def trf_skipped(trf: TrfTournament) -> list[dict[str, Any]]:
    """Requested byes of rounds not played yet (`number` = pairing number) as `skipped_round` values."""
    score = {"H": 0.5, "F": 1.0, "Z": 0.0}
    return [{"number": number, "round": rnd, "score": score[code]}
            for rnd, byes in sorted(requested_byes(trf).items()) for number, code in sorted(byes.items())]


def trf_adjustments(trf: TrfTournament, rounds: int) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """`299` points by pairing number (= the player id of `trf_players`) for `compute_standings`'s
    `adjustment` and `standing_only`: see `TrfTournament.points_adjustments`."""
    return trf.points_adjustments(rounds)


def trf_teams(trf: TrfTournament) -> list[dict[str, Any]]:
    """Teams of a team file (`013` or `310`) with their members in board order, for the store (when it has a
    team table): `members` are pairing numbers, 0 = an empty board slot."""
    return [{"number": t.number, "name": t.name, "nickname": t.nickname, "rank": t.rank,
             "match_points": t.match_points, "game_points": t.game_points, "members": list(t.members)}
            for t in trf.teams]


# -- a pairing program's output -----------------------------------------------------------------------------


class EnginePair(msgspec.Struct, frozen=True):
    """One line of a `-p` output: White's and Black's pairing numbers; `black` None = the pairing-allocated bye."""

    white: int
    black: int | None


def parse_engine_output(text: str, players: Collection[int] | None = None) -> list[EnginePair]:
    r"""JaVaFo / bbpPairings `-p` output: the number of pairs, then `white black` per line, `n 0` for the bye.

    The count may include the bye line or not (both programs exist). `players`, when given, are the pairing
    numbers of the tournament: every number must be one of them. Raises `Invalid` naming the line at fault.

    >>> parse_engine_output("3\n1 4\n3 2\n5 0\n")
    [EnginePair(white=1, black=4), EnginePair(white=3, black=2), EnginePair(white=5, black=None)]
    """
    lines = [(n, line.strip()) for n, line in enumerate(text.replace("\r", "\n").split("\n"), start=1)
             if line.strip()]
    if not lines:
        raise Invalid("The pairing program's output is empty.")
    first_no, first = lines[0]
    if not _number(first):
        raise Invalid("Line %s of the pairing program's output should hold the number of pairs, not %s.", first_no,
                      repr(first[:20]))
    count = int(first)
    pairs: list[EnginePair] = []
    seen: dict[int, int] = {}
    for line_no, line in lines[1:]:
        words = line.split()
        if len(words) != 2 or not all(_number(w) for w in words):
            raise Invalid("Line %s of the pairing program's output should be two pairing numbers, not %s.", line_no,
                          repr(line[:20]))
        white, black = int(words[0]), int(words[1])
        if white == 0 and black != 0:
            white, black = black, 0
        if white == 0:
            raise Invalid("Line %s of the pairing program's output pairs nobody.", line_no)
        if white == black:
            raise Invalid("Line %s of the pairing program's output pairs player %s with themself.", line_no, white)
        for n in (white, black):
            if not n:
                continue
            if players is not None and n not in players:
                raise Invalid("Line %s of the pairing program's output names player %s, who is not in the "
                              "tournament.", line_no, n)
            if n in seen:
                raise Invalid("Player %s is paired twice by the pairing program (lines %s and %s).", n, seen[n],
                              line_no)
            seen[n] = line_no
        pairs.append(EnginePair(white, black or None))
    byes = [p for p in pairs if p.black is None]
    if len(byes) > 1:
        raise Invalid("The pairing program's output gives %s pairing-allocated byes; a round has one.", len(byes))
    if count not in (len(pairs), len(pairs) - len(byes)):
        raise Invalid("The pairing program's output announces %s pairs but lists %s.", count, len(pairs))
    if not pairs:  # published, it would be a round of absent players
        raise Invalid("The pairing program's output pairs nobody: nothing to publish. Nothing was changed.")
    return pairs


def _number(word: str) -> bool:
    """A pairing number or count as programs write them: ASCII digits, at most 9 (a 5000-digit one is no number).

    >>> [_number(w) for w in ("12", "0", "١٢", "1" * 10, "-1")]
    [True, True, False, False, False]
    """
    return 0 < len(word) <= 9 and word.isascii() and word.isdigit()


def engine_rows(pairs: list[EnginePair], rnd: int) -> list[dict[str, Any]]:
    """A round of pairing rows (players by pairing number, as `trf_rows`): boards in the program's order, the
    bye last without a board."""
    games = [p for p in pairs if p.black is not None]
    rows: list[dict[str, Any]] = [
        {"white": p.white, "black": p.black, "round": rnd, "board": board, "board_order": board, "bye_kind": None,
         "result": None} for board, p in enumerate(games, start=1)]
    rows += [{"white": p.white, "black": None, "round": rnd, "board": None, "board_order": None,
              "bye_kind": ByeKind.PAB.value, "result": None} for p in pairs if p.black is None]
    return rows
