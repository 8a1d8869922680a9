"""A new Papi file (.papi) from any tournament: Papi's empty template filled, bytes in, bytes out (docs/formats.md
§2, docs/papi-writing.md §5).

What Jackcess does when a program fills the template (the reference files of tests/fixtures/papi/ were made so):
INFO's values are updated in the table's row order, the EXEMPT row (Ref 1, already in the template) gets its
side of every round, then one JOUEUR row per player is added in Ref order (`refs`: the Papi file's Refs, or the
pairing number + 1), each with
its entries in all 32 indexes. The rows follow Papi's conventions (docs/formats.md §2.3); what the event file does
not know is written as Papi writes it for a new player (unrated: 1199 estimated, `Flotteur` 24 × X, points 0)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime

import msgspec

from tournament.formats.jet import JetDatabase, JetError, TableDef
from tournament.formats.jet.tdef import T_TEXT
from tournament.formats.jet.text_key import encode_text_key
from tournament.formats.papi import CATEGORIES, EXEMPT, TITLES, PapiError
from tournament.models import Pairing, Player, SkippedRound, Tournament
from tournament.results import ByeKind
from tournament.standings import DEFAULT_TIE_BREAKS

MAX_ROUNDS = 24
UNRATED = 1199  # what Papi gives a player without a rating (estimated, `E`)
MIRROR = {0: 0, 1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4}
_BYE_CODES = {ByeKind.PAB: 6, ByeKind.FULL: 6, ByeKind.HALF: 2, ByeKind.ZERO: 0}
_TITLE_CODES = {title: code for code, title in TITLES.items()}
_CATEGORY_CODES = {ours: papi.capitalize() for papi, ours in CATEGORIES.items()}
_TIE_BREAK_NAMES = {"BH": "Solkoff", "BH/C1": "Brésilien", "BH/M1": "Harkness", "PS": "Cumulatif",
                    "WIN": "Nombre de Victoires", "KS": "Koya", "SB": "Sonnenborn-Berger"}  # fmt: skip
_PAIRING_NAMES = {ours: name for name, ours in (("Standard", "standard"), ("Haley", "haley"),
                  ("HaleySoft", "haley_soft"), ("SAD", "sad"), ("Nicois", "nicois"), ("Berger", "berger"))}  # fmt: skip
_RATING_COLUMNS = {"standard": ("Elo", "Fide"), "rapid": ("Rapide", "RapideFide"), "blitz": ("Blitz", "BlitzFide")}
_AGES = ((8, "Ppo"), (10, "Pou"), (12, "Pup"), (14, "Ben"), (16, "Min"), (18, "Cad"), (20, "Jun"), (50, "Sen"),
         (65, "Sep"))  # fmt: skip
_ARBITER_TITLES = ("IA", "FA", "NA", "IO", "AF", "AI", "AN")

Cell = tuple[str, int | None, int]  # RdNNCl, RdNNAdv, RdNNRes


class EventFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What INFO takes from the event beyond the tournament row: its dates, and the TRF file's city (022),
    chief arbiter (102) and time control (122) when the tournament was read from one."""

    start: date | None = None
    end: date | None = None
    city: str | None = None
    arbiter: str | None = None
    time_control: str | None = None


def info_values(tournament: Tournament, facts: EventFacts, active_round: int) -> dict[str, str]:
    """INFO's values for the tournament (Variable -> Value); INFO keys not named keep the template's value."""
    values: dict[str, str] = {"Nom": tournament.name[:50]}
    if tournament.rounds:
        values["NbrRondes"] = str(tournament.rounds)
    if facts.start is not None:
        values["DateDebut"] = facts.start.strftime("%d/%m/%Y")
        values["DateFin"] = (facts.end or facts.start).strftime("%d/%m/%Y")
    if facts.time_control:
        values["Cadence"] = facts.time_control[:50]
    elif tournament.time_control_initial_time:
        increment = f" + {tournament.time_control_increment} s" if tournament.time_control_increment else ""
        values["Cadence"] = f"{tournament.time_control_initial_time // 60} min{increment}"
    if facts.city:
        values["Lieu"] = facts.city[:50]
    if facts.arbiter:
        words = facts.arbiter.split()
        values["Arbitre"] = " ".join(words[1:] if len(words) > 1 and words[0] in _ARBITER_TITLES else words)[:50]
    kind = tournament.rating_kind or "standard"
    values["ClassElo"] = _RATING_COLUMNS.get(kind, _RATING_COLUMNS["standard"])[0]
    values["Genre"] = "ToutesRondes" if tournament.tournament_type == "round_robin" else "Suisse"
    values["Pairing"] = _PAIRING_NAMES.get(tournament.pairing_system or "standard", "Standard")
    codes = [c.strip() for c in (tournament.tie_breaks or ",".join(DEFAULT_TIE_BREAKS)).split(",")]
    names = [_TIE_BREAK_NAMES[c] for c in codes if c in _TIE_BREAK_NAMES][:3]
    for i in range(3):
        values[f"Dep{i + 1}"] = names[i] if i < len(names) else ""
    values["EloBase1"] = str(tournament.rating_limit_1 or 0)
    values["EloBase2"] = str(tournament.rating_limit_2 or 0)
    if tournament.ffe_id:
        values["Homologation"] = str(tournament.ffe_id)
    values["RondeActive"] = str(active_round)
    return values


def category(player: Player, start: date | None) -> str:
    """Papi's age category: the player's own, else from the birth year and the season (September to August) of
    the tournament's first day (age on 1 January of the season's first year, as the FFE counts it)."""
    if player.category in _CATEGORY_CODES:
        return _CATEGORY_CODES[player.category]
    if not player.birth_date or start is None:
        return "Sen"
    try:
        born = int(player.birth_date[:4])
    except ValueError:
        return "Sen"
    season = start.year if start.month >= 9 else start.year - 1
    return next((name for limit, name in _AGES if season - born < limit), "Vet")


def round_cells(
    players: Sequence[Player], pairings: Iterable[Pairing], skipped: Iterable[SkippedRound], ref: Mapping[int, int]
) -> tuple[dict[int, list[Cell]], int]:
    """Every row's (Cl, Adv, Res) for rounds 1 to 24 by Ref (EXEMPT's row included), and the last paired round.

    A paired round: a game is `B`/`N`, the opponent's Ref and the result code (Black's mirrored, 0 without result);
    the pairing-allocated bye `B`/1/6 with EXEMPT's row `N`/the player's Ref/0 (`R` without a bye); a requested
    bye `F` with 2 (½ point), 6 (1 point) or 0; a player left out `F`/0. A round not paired: `F` with the code of a
    bye requested in Echiquier; a player whose last paired round is an absence (zero-point bye) has left: `F`/0 in
    every later round, as Papi marks a withdrawn player; else `R`."""
    by_round: dict[int, list[Pairing]] = {}
    for p in pairings:
        by_round.setdefault(p.round, []).append(p)
    paired = sorted(r for r in by_round if 1 <= r <= MAX_ROUNDS)
    last = paired[-1] if paired else 0
    rows: dict[int, list[Cell]] = {r: [("R", None, 0)] * MAX_ROUNDS for r in [EXEMPT, *ref.values()]}
    for rnd in paired:
        seen: set[int] = set()
        for p in by_round[rnd]:
            white = ref[p.white_player_id]
            seen.add(white)
            if p.black_player_id is not None:
                black = ref[p.black_player_id]
                seen.add(black)
                code = int(p.result) if p.result else 0
                rows[white][rnd - 1] = ("B", black, code)
                rows[black][rnd - 1] = ("N", white, MIRROR[code])
            elif p.bye_kind == ByeKind.PAB:
                rows[white][rnd - 1] = ("B", EXEMPT, 6)
                rows[EXEMPT][rnd - 1] = ("N", white, 0)
            else:
                rows[white][rnd - 1] = ("F", None, _BYE_CODES[p.bye_kind or ByeKind.ZERO])
        for number in ref.values():
            if number not in seen:
                rows[number][rnd - 1] = ("F", None, 0)
    requested = {(s.round, ref[s.papi_player_id]): s.score for s in skipped if s.papi_player_id in ref}
    for number in ref.values():
        left = last > 0 and rows[number][last - 1] == ("F", None, 0)
        for rnd in range(last + 1, MAX_ROUNDS + 1):
            if (rnd, number) in requested:
                score = requested[(rnd, number)]
                rows[number][rnd - 1] = ("F", None, 6 if score >= 1 else 2 if score > 0 else 0)
            elif left:
                rows[number][rnd - 1] = ("F", None, 0)
    return rows, last


def _round_columns(cells: list[Cell]) -> dict[str, object]:
    out: dict[str, object] = {}
    for i, (cl, adv, res) in enumerate(cells, start=1):
        out.update({f"Rd{i:02d}Cl": cl, f"Rd{i:02d}Adv": adv, f"Rd{i:02d}Res": res})
    return out


def player_row(player: Player, number: int, kind: str, cells: list[Cell], start: date | None) -> dict[str, object]:
    """A player's JOUEUR row (the columns Papi fills for a new player; the others NULL)."""
    rating = player.rating
    letter = (player.rating_type or "F") if rating else "E"
    ratings = {"standard": player.standard_rating, "rapid": player.rapid_rating, "blitz": player.blitz_rating}
    row: dict[str, object] = {
        "Ref": number, "Nom": player.last_name.upper(), "Prenom": player.first_name, "Sexe": player.sex,
        "NeLe": _birth(player.birth_date), "Cat": category(player, start), "Federation": player.federation,
        "Club": player.club, "Ligue": player.league, "FideCode": str(player.fide_id) if player.fide_id else None,
        "FideTitre": _TITLE_CODES.get(player.title or "", ""), "AffType": "N", "Pointe": player.checked_in,
        "InscriptionRegle": 0, "InscriptionDu": 0, "Tel": player.phone, "EMail": player.email, "Pts": 0,
        "PtA": 0, "Fixe": player.fixed_board or 0, "Flotteur": "X" * 24, **_round_columns(cells),
    }  # fmt: skip
    for own, (column, type_column) in _RATING_COLUMNS.items():
        value = rating if own == kind else ratings[own] or rating
        row[column] = value or UNRATED
        row[type_column] = letter if value else "E"
    return row


def _birth(text: str | None) -> datetime | None:
    try:
        return datetime.strptime((text or "")[:10], "%Y-%m-%d")
    except ValueError:
        return None


def refs(players: Sequence[Player]) -> dict[int, int]:
    """Each player's Ref (player id -> Ref): the Refs of the Papi file the tournament was read from when every
    player has one (the new file can then be linked to the tournament, docs/papi-loop.md), else the pairing
    number + 1 (Ref 1 is EXEMPT)."""
    kept = {p.id: p.papi_ref for p in players if p.papi_ref is not None and p.papi_ref > EXEMPT}
    if len(kept) == len(players) and len(set(kept.values())) == len(kept):
        return {pid: ref for pid, ref in kept.items() if ref is not None}
    return {p.id: p.pairing_number + 1 for p in players}


def _fit(table: TableDef, rows: list[dict[str, object]], players: Sequence[Player]) -> None:
    """Texts cut to their column's size (Papi's own limits: 20 characters for a name), and a clear refusal for a
    name the index of names cannot hold (letters beyond Latin-1 and Latin Extended-A, punctuation other than
    apostrophes and hyphens: tournament/formats/jet/text_key.py)."""
    texts = [c for c in table.columns if c.type == T_TEXT and not c.fixed]
    for row, player in zip(rows, players, strict=True):
        for column in texts:
            value = row.get(column.name)
            if isinstance(value, str) and len(value) > column.length // 2:
                row[column.name] = value[: column.length // 2].rstrip()
        for name in ("Nom", "Prenom"):
            try:
                encode_text_key(str(row.get(name) or ""))
            except JetError as error:
                raise PapiError("The name of %s cannot be written into a Papi file (%s): correct it first.",
                                player.shown_name, str(error)) from None


def export_papi(
    template: bytes,
    tournament: Tournament,
    players: Sequence[Player],
    pairings: Sequence[Pairing],
    skipped: Sequence[SkippedRound],
    facts: EventFacts,
) -> bytes:
    """The template with INFO, the EXEMPT row's rounds and one JOUEUR row per player; PapiError (nothing made)
    when the tournament cannot be a Papi file."""
    if (tournament.rounds or 0) > MAX_ROUNDS or any(p.round > MAX_ROUNDS for p in pairings):
        raise PapiError("A Papi file holds at most %s rounds: %s cannot be written as one.", MAX_ROUNDS,
                        tournament.name)  # fmt: skip
    ref = refs(players)
    if len(set(ref.values())) != len(ref) or EXEMPT in ref.values():
        raise PapiError("Two players of %s share a pairing number: renumber them first.", tournament.name)
    cells, last = round_cells(players, pairings, skipped, ref)
    kind = tournament.rating_kind if tournament.rating_kind in _RATING_COLUMNS else "standard"
    ordered = sorted(players, key=lambda p: ref[p.id])
    rows = [player_row(p, ref[p.id], kind, cells[ref[p.id]], facts.start) for p in ordered]
    try:
        db = JetDatabase.from_bytes(template)
        _fit(db.table("JOUEUR"), rows, ordered)
        wanted = info_values(tournament, facts, last)
        current = {str(r["Variable"]): r["Value"] for r in db.rows("INFO", ["Variable", "Value"])}
        changes = {k: {"Value": wanted[k]} for k, v in current.items() if k in wanted and wanted[k] != v}
        if changes:
            db.set_cells("INFO", "Variable", changes)
        db.set_cells("JOUEUR", "Ref", {EXEMPT: _round_columns(cells[EXEMPT])})
        db.add_rows("JOUEUR", rows)
        return db.to_bytes()
    except JetError as error:
        raise PapiError("%s cannot be written as a Papi file: %s", tournament.name, str(error)) from None
