"""Imports and exports that touch the event file: TRF (with requested byes and tournament settings), Papi
with re-sync, ChessEvent, and reading a tournament back for the TRF export. Each write is one transaction.
"""

from __future__ import annotations

import time
from datetime import date, datetime
from typing import Any

import msgspec

from database.teams import TEAMS, TeamLayer, journal_team_import, write_team_layer
from database.tournaments import fill, renumber
from database.trf_source import TrfSources, save_source
from database.tx import Tx
from tournament.errors import Conflict
from tournament.formats.papi import PapiRows
from tournament.formats.trf_export import ExportHeader, export_trf
from tournament.formats.trf_source import TrfSource, read_source
from tournament.models import Pairing, Player, Tournament
from tournament.names import collate
from tournament.results import ByeKind, Result
from tournament.scoring import Scoring
from tournament.teams.trf import TeamEvent, export_team_trf
from tournament.teams.trf_import import team_event_from_trf

TOURNAMENT_KEYS = frozenset(Tournament.__struct_fields__) - {"id", "uniq_id", "name"}


class SyncReport(msgspec.Struct, kw_only=True):
    """What a (re-)import did, for the arbiter."""

    players_added: int = 0
    players_updated: int = 0
    rounds_added: list[int] = msgspec.field(default_factory=list)
    results_added: int = 0
    conflicts: list[str] = msgspec.field(default_factory=list)
    notes: list[str] = msgspec.field(default_factory=list)

    def text(self) -> str:
        parts = [f"{self.players_added} players added, {self.players_updated} updated"]
        if self.rounds_added:
            parts.append("rounds added: " + ", ".join(map(str, self.rounds_added)))
        parts.append(f"{self.results_added} results taken from the file")
        lines = ["; ".join(parts) + "."]
        lines += [f"Conflict: {c}" for c in self.conflicts] + self.notes
        return "\n".join(lines)


# -- Papi re-sync -----------------------------------------------------------------------------------


#: How a report names a player and the file, by matching key (fixed texts: app/views/labels.py translates them).
_WORDING = {"papi_ref": ("Ref ", "Papi", "the Papi file"), "pairing_number": ("No. ", "the TRF file", "the TRF file")}


async def _sync_players(tx: Tx, tid: int, rows: PapiRows, existing: dict[int, Player], report: SyncReport,
                        now: float, key: str) -> dict[int, int]:
    ids = {ref: p.id for ref, p in existing.items()}
    numbers = [p.pairing_number for p in existing.values()]
    next_number = max(numbers, default=0) + 1
    fresh = not existing
    label, _source, file = _WORDING[key]
    for position, values in enumerate(rows.players, start=1):
        ref = values[key]
        if ref in existing:
            mine = existing[ref]
            if key == "pairing_number" and _name(mine.last_name, mine.first_name) != _name(
                    values.get("last_name", ""), values.get("first_name", "")):
                theirs = f"{values.get('last_name', '')} {values.get('first_name') or ''}".strip()
                report.conflicts.append(f"{label}{ref}: {file} names {theirs}, the event file "
                                        f"{mine.last_name} {mine.first_name}".strip() + " (kept).")
                continue
            changed = {k: v for k, v in values.items() if getattr(mine, k) != v and k != "checked_in"}
            if changed:
                await tx.update("player", Player, existing[ref].id, {**changed, "last_update": now})
                report.players_updated += 1
            continue
        number = values.get("pairing_number") or (position if fresh else next_number)
        next_number = max(next_number, number) + (0 if fresh else 1)
        ids[ref] = await tx.insert("player", Player, {**values, "pairing_number": number,
                                                                 "tournament_id": tid, "last_update": now})
        report.players_added += 1
    gone = set(existing) - {p[key] for p in rows.players}
    if gone:
        report.notes.append(f"Players no longer in {file} were kept: {label}{', '.join(map(str, sorted(gone)))}.")
    return ids


def _name(last: str | None, first: str | None) -> tuple[str, str]:
    return collate(last or ""), collate(first or "")


def _key(g: Pairing) -> tuple[int, int | None, str | None]:
    return (g.white_player_id, g.black_player_id, g.bye_kind.value if g.bye_kind else None)


async def _sync_round(tx: Tx, tid: int, rnd: int, wanted: list[Pairing],
                      have: list[Pairing], ids: dict[int, int], ref_of: dict[int, int], report: SyncReport,
                      now: float, key: str) -> None:
    label, source, _file = _WORDING[key]
    mapped = [msgspec.structs.replace(g, tournament_id=tid, white_player_id=ids[g.white_player_id],
                                      black_player_id=ids[g.black_player_id] if g.black_player_id else None)
              for g in wanted]
    games_have = {_key(g): g for g in have}
    same = {_key(g) for g in mapped} == set(games_have)
    if have and not same:
        if any(g.result is not None for g in have):
            report.conflicts.append(f"round {rnd} was paired differently in {source}, but the event file already "
                                    "has results for it: the event file's pairing was kept.")
            return
        await tx.execute("DELETE FROM pairing WHERE tournament_id = ? AND round = ?", (tid, rnd))
        have = []
    if not have:
        rows = []
        for g in mapped:
            row = {k: getattr(g, k) for k in ("round", "white_player_id", "black_player_id", "board", "board_order",
                                              "bye_kind", "result")}
            row["bye_kind"] = row["bye_kind"].value if row["bye_kind"] else None
            row["result"] = int(row["result"]) if row["result"] else None
            rows.append({**row, "tournament_id": tid, "last_update": now})
        await tx.insert_many("pairing", Pairing, rows)  # one round trip for the round (a re-sync's new round)
        report.rounds_added.append(rnd)
        report.results_added += sum(1 for g in mapped if g.result is not None)
        return
    for g in mapped:
        mine = games_have[_key(g)]
        if g.result is None or mine.result == g.result:
            continue
        if mine.result is None:
            await tx.execute("UPDATE pairing SET result = ?, result_date = ?, last_update = ? WHERE id = ?",
                               (int(g.result), now, now, mine.id))
            report.results_added += 1
        else:
            assert g.black_player_id is not None
            report.conflicts.append(
                f"round {rnd}, {label}{ref_of.get(g.white_player_id)} - {label}{ref_of.get(g.black_player_id)}: "
                f"{source} says {g.result.label()}, the event file says {mine.result.label()} (kept).")


# -- ChessEvent -------------------------------------------------------------------------------------


def _match(existing: list[Player], values: dict[str, Any], used: set[int]) -> Player | None:
    for field in ("national_id", "fide_id"):
        if values.get(field):
            for p in existing:
                if p.id not in used and getattr(p, field) == values[field]:
                    return p
    wanted = (collate(values["last_name"]), collate(values.get("first_name", "")))
    for p in existing:
        if p.id not in used and (collate(p.last_name), collate(p.first_name)) == wanted:
            return p
    return None


# -- TRF export -------------------------------------------------------------------------------------


def same_team_layer(stored: TeamEvent, read: TeamEvent) -> bool:
    """The teams and matches stored are still those of the file (row ids aside)."""
    def teams(ev: TeamEvent) -> list[tuple[object, ...]]:
        return [(t.number, t.name, t.members) for t in ev.teams]

    def matches(ev: TeamEvent) -> list[tuple[object, ...]]:
        return sorted((m.round, m.table, m.team_a, m.team_b, m.a_white_first, m.forfeit,
                       tuple((g.board, g.a_player, g.b_player, g.result) for g in m.boards)) for m in ev.matches)

    return teams(stored) == teams(read) and matches(stored) == matches(read)


def _day(timestamp: float) -> date | None:
    try:
        return datetime.fromtimestamp(timestamp).date()
    except (OverflowError, OSError, ValueError):
        return None


class Imports(TrfSources):
    """`store.imports`: tournaments written from files (TRF, Papi, ChessEvent) and read back as TRF; each write one
    transaction, journalled."""

    async def tournament_id_for(self, name: str, values: dict[str, Any], uniq_id: str | None = None) -> int:
        """The tournament called `name` (or `uniq_id`), created with `values` if missing."""
        for t in await self._store.tournaments():
            if t.name == name or (uniq_id and t.uniq_id == uniq_id):
                return t.id
        taken = {t.uniq_id for t in await self._store.tournaments()}
        base = uniq_id or "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")[:40] or "tournament"
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}-{n}"
        clean = {k: v for k, v in values.items() if k in TOURNAMENT_KEYS and v is not None}
        return await self._store.add_tournament(uniq_id=candidate, name=name, **clean)

    async def replace_tournament(self, tid: int, values: dict[str, Any], players: list[dict[str, Any]],
                                 pairings: list[dict[str, Any]], skipped: list[dict[str, Any]], what: str, *,
                                 source: TrfSource | None = None, team: TeamEvent | None = None) -> None:
        """Settings, players, pairings and requested byes of a tournament, replaced in one transaction; with `team`
        (a team file read), its teams and matches too, in the same transaction (the boards linked to the games).

        `pairings` and `skipped` name players by pairing number (`white`/`black`, `number`). `source`: the TRF file
        read, kept with the tournament in the same transaction (database/trf_source.py).
        """
        now = time.time()
        changes: list[tuple[str, int]] = [("pairings", tid), ("tournament", tid)]
        if team is not None:
            changes.append((TEAMS, tid))
        async with self._store.transaction(*changes) as tx:
            settings = {k: v for k, v in values.items() if k in TOURNAMENT_KEYS and v is not None}
            if settings:
                await tx.update("tournament", Tournament, tid, {**settings, "last_update": now})
            ids = await fill(tx, tid, players, pairings, now)
            for s in skipped:
                if s["number"] in ids:
                    await tx.execute("INSERT INTO skipped_round (tournament_id, round, papi_player_id, score)"
                                     " VALUES (?, ?, ?, ?)", (tid, s["round"], ids[s["number"]], s["score"]))
            if source is not None:
                await save_source(tx, tid, source, now)
            tx.journal(what, f"{len(players)} players, {len(pairings)} pairings", tournament_id=tid)
            if team is not None:
                await write_team_layer(tx, tid, team, now)
                journal_team_import(tx, tid, team)

    async def sync_papi(self, tid: int, rows: PapiRows) -> SyncReport:
        """Bring a tournament up to date with a Papi file (players matched by `papi_ref`): see `sync_rows`. A tournament
        whose players came from elsewhere (a TRF file, the admin pages) has no Papi reference to match: refused."""
        players = await self._store.players(tid)
        if players and all(p.papi_ref is None for p in players):
            raise Conflict("This tournament was not imported from Papi: its players cannot be matched with the"
                           " file's. Import the Papi file under another tournament name, or re-sync with the file this"
                           " tournament came from. Nothing was changed.")
        return await self._sync_rows(tid, rows, key="papi_ref", what="papi import")

    async def sync_trf(self, tid: int, values: dict[str, Any], players: list[dict[str, Any]],
                       pairings: list[dict[str, Any]], skipped: list[dict[str, Any]],
                       what: str = "trf import", source: TrfSource | None = None) -> SyncReport:
        """Re-sync a tournament with a TRF file (rows of `tournament.formats.importing.trf_rows`): players matched by
        pairing number (a different name is listed as a conflict, the event's player kept); see `sync_rows`."""
        games = [Pairing(tournament_id=0, round=g["round"], white_player_id=g["white"], black_player_id=g["black"],
                         board=g["board"], board_order=g["board_order"],
                         bye_kind=ByeKind(g["bye_kind"]) if g["bye_kind"] else None,
                         result=Result(g["result"]) if g["result"] else None) for g in pairings]
        rows = PapiRows(tournament=values, players=players, pairings=games,
                        skipped=[(s["round"], s["number"], s["score"]) for s in skipped],
                        paired_rounds=sorted({g.round for g in games}))
        return await self._sync_rows(tid, rows, key="pairing_number", what=what, source=source)

    async def _sync_rows(self, tid: int, rows: PapiRows, *, key: str, what: str,
                        source: TrfSource | None = None) -> SyncReport:
        """Bring a tournament up to date with a file without losing what was entered on screens (one transaction).

        Players are matched by `key` (`papi_ref` for Papi, `pairing_number` for a TRF); new rounds are added; a
        result missing on either side is taken from the other; a result that differs is listed as a conflict and
        the event file's value is kept; a round paired differently in the file is replaced only while it has no
        result in the event file. `rows.pairings` and `rows.skipped` name players by `key`. `source`: the TRF file
        read, which replaces the one kept with the tournament (its records and warnings follow the file).
        """
        report = SyncReport()
        existing = {getattr(p, key): p for p in await self._store.players(tid) if getattr(p, key) is not None}
        stored = await self._store.pairings(tid)
        now = time.time()
        async with self._store.transaction(("pairings", tid), ("tournament", tid)) as tx:
            settings = {k: v for k, v in rows.tournament.items() if k in TOURNAMENT_KEYS and v is not None}
            await tx.update("tournament", Tournament, tid, {**settings, "last_update": now})
            ids = await _sync_players(tx, tid, rows, existing, report, now, key)
            ref_of = {v: k for k, v in ids.items()}
            for rnd in rows.paired_rounds:
                wanted = [g for g in rows.pairings if g.round == rnd]
                have = [g for g in stored if g.round == rnd]
                await _sync_round(tx, tid, rnd, wanted, have, ids, ref_of, report, now, key)
            last = max([*rows.paired_rounds, *(g.round for g in stored)], default=0)
            await tx.execute("DELETE FROM skipped_round WHERE tournament_id = ?", (tid,))  # paired rounds: pairings
            for rnd, ref, score in rows.skipped:
                if rnd > last and ref in ids:
                    await tx.execute("INSERT INTO skipped_round (tournament_id, round, papi_player_id, score)"
                                       " VALUES (?, ?, ?, ?)", (tid, rnd, ids[ref], score))
            await tx.execute("UPDATE tournament SET last_result_update = ? WHERE id = ?", (now, tid))
            if source is not None:
                await save_source(tx, tid, source, now)
            tx.journal(what, report.text().splitlines()[0], tournament_id=tid)
        return report

    async def import_chessevent(self, tid: int, players: list[dict[str, Any]], skipped: list[dict[str, Any]],
                                values: dict[str, Any], md5: str) -> SyncReport:
        """Players (matched by licence, FIDE id, then name), their skipped rounds and check-in, in one transaction.

        Refused once a round is paired; an unchanged payload (same MD5) changes nothing.
        """
        tournament = await self._store.tournament(tid)
        report = SyncReport()
        if tournament.last_chessevent_download_md5 == md5:
            report.notes.append("The ChessEvent data has not changed since the last import.")
            return report
        if await self._store.pairings(tid):
            raise Conflict("Round 1 is already paired: ChessEvent players can no longer be imported.")
        existing = await self._store.players(tid)
        now = time.time()
        async with self._store.transaction(("pairings", tid), ("tournament", tid)) as tx:
            settings = {k: v for k, v in values.items() if k in TOURNAMENT_KEYS and v is not None}
            await tx.update("tournament", Tournament, tid,
                                {**settings, "last_chessevent_download_md5": md5, "last_update": now})
            used: set[int] = set()
            ids: list[int] = []
            next_number = max((p.pairing_number for p in existing), default=0) + 1
            for values_ in players:
                match = _match(existing, values_, used)
                if match is not None:
                    used.add(match.id)
                    await tx.update("player", Player, match.id, {**values_, "last_update": now})
                    ids.append(match.id)
                    report.players_updated += 1
                else:
                    ids.append(await tx.insert("player", Player, {
                        **values_, "pairing_number": next_number, "tournament_id": tid, "last_update": now}))
                    next_number += 1
                    report.players_added += 1
            await tx.execute("DELETE FROM skipped_round WHERE tournament_id = ?", (tid,))
            for s in skipped:
                await tx.execute("INSERT INTO skipped_round (tournament_id, round, papi_player_id, score)"
                                   " VALUES (?, ?, ?, ?)", (tid, s["round"], ids[s["index"]], s["score"]))
            await tx.execute("UPDATE tournament SET last_check_in_update = ? WHERE id = ?", (now, tid))
            await renumber(tx, tid)  # registrations come in any order: numbers follow the initial ranking (C.04.2)
            tx.journal("chessevent import", f"{len(players)} players", tournament_id=tid)
        return report

    async def export_tournament(self, tid: int, *, trf26: bool = True) -> str:
        """The tournament as TRF text, results entered on screens included. A tournament imported from a TRF file
        also gets back the records the event file has no column for (kept in `trf_source`), around its live
        players, pairings and settings. A team tournament whose teams and matches are no longer those of the file it
        was read from (paired here, line-ups or results entered, or not read from a file) is written with its team
        records (TRF-2026 `310`/`320`/`330`/`352`/`362`, or TRF16 `013` lines) from the teams, members and matches
        stored."""
        tournament = await self._store.tournament(tid)
        info = await self._store.info()
        header = ExportHeader(start=_day(info.start), end=_day(info.stop))
        kept = await self.stored_source(tid)
        source = read_source(kept.text) if kept is not None else None
        if await TeamLayer(self._store).is_team_tournament(tid):
            ev = await TeamLayer(self._store).load_team_event(tid)
            # the kept text serves a TRF26 export (its team records as read); a TRF16 is written from the team layer,
            # with `013` lines (the kept text's TRF26 records, 310, 362 and 330, would be left out)
            if (source is None or not trf26 or not source.is_team_file
                    or not same_team_layer(ev, team_event_from_trf(source))):
                start = header.start.strftime("%Y/%m/%d") if header.start else ""
                return export_team_trf(msgspec.structs.replace(ev, start=start), trf26=trf26)
        return export_trf(tournament, await self._store.players(tid), await self._store.pairings(tid), header=header,
                          skipped=await self._store.skipped_rounds(tid), trf26=trf26,
                          scoring=source.scoring if source is not None else Scoring(), source=source)
