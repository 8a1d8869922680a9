"""Publish the next round from a pairing program's `-p` output (JaVaFo, bbpPairings), for arbiters who pair
elsewhere: read and checked by tournament/formats/importing.py, written by database/rounds.py `publish_round` (one
journalled transaction), as a round paired in the browser."""

from __future__ import annotations

import msgspec

from app.pairing.draft import status_of
from database.rounds import NewPairing
from database.store import EventStore
from tournament.errors import Conflict, Invalid
from tournament.formats.importing import engine_rows, parse_engine_output
from tournament.pairing.checks import not_to_pair
from tournament.results import ByeKind


class Imported(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    games: int
    byes: int
    not_paired: list[int]  # pairing numbers the file leaves out (requested byes, else not paired)

    def text(self) -> str:
        left = (f"; not in the file: {', '.join(map(str, self.not_paired))}" if self.not_paired else "")
        return f"Round {self.round} published: {self.games} games, {self.byes} byes{left}."


async def import_engine_round(store: EventStore, tid: int, text: str, *, confirm: bool = False) -> Imported:
    """Publish the next round of tournament `tid` from `-p` output `text`; refused, changing nothing, when the
    file names unknown pairing numbers, pairs a player twice or against a requested bye, or when results of
    earlier rounds are missing (unless `confirm`)."""
    tournament = await store.tournament(tid)
    status = status_of(tournament, await store.pairings(tid))
    if status.finished:
        raise Conflict("Every round of this tournament is paired. Nothing was changed.")
    if status.missing and not confirm:
        raise Conflict("%s games of round %s still have no result: enter them first, or confirm to pair anyway.",
                       status.missing, ", ".join(map(str, status.missing_rounds)))
    players = await store.players(tid)
    by_number = {p.pairing_number: p for p in players}
    rows = engine_rows(parse_engine_output(text, by_number), status.next_round)
    left_out = not_to_pair(players, await store.skipped_rounds(tid), status.next_round)
    paired = {n for r in rows for n in (r["white"], r["black"]) if n}
    for number in sorted(paired):
        if by_number[number].id in left_out:
            raise Invalid("The pairing program's output pairs player %s, who is not to be paired in round %s. "
                          "Nothing was changed.", number, status.next_round)
    new = [NewPairing(white_player_id=by_number[r["white"]].id,
                      black_player_id=by_number[r["black"]].id if r["black"] else None, board=r["board"],
                      board_order=r["board_order"], bye_kind=ByeKind(r["bye_kind"]) if r["bye_kind"] else None)
           for r in rows]
    missing = sorted(n for n in by_number if n not in paired)
    new += [NewPairing(white_player_id=by_number[n].id, bye_kind=left_out.get(by_number[n].id, ByeKind.ZERO))
            for n in missing]
    await store.rounds.publish_round(tid, status.next_round, new, note="imported from a pairing program")
    games = sum(1 for r in new if r.black_player_id is not None)
    return Imported(round=status.next_round, games=games, byes=len(new) - games, not_paired=missing)
