"""Papi (`.papi`, a Microsoft Access JET4 file) reader in pure Python (docs/formats.md §2).

`read_papi(data)` parses the bytes with PyPI `access-parser` (no ODBC driver, any OS); `papi_rows()` maps
INFO and JOUEUR to Echiquier's tournament values, players (named by `papi_ref`), pairing rows of the
paired rounds and requested byes of the others. Problems are raised as `PapiError` naming the Refs.
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from typing import Any

import msgspec

from tournament.boards import half_points, number_boards
from tournament.errors import Invalid
from tournament.models import Pairing, Player
from tournament.results import ByeKind, Result
from tournament.seeding import ranking_key

EXEMPT = 1
MAGIC = b"Standard Jet DB"
TITLES = {"g": "GM", "gf": "WGM", "m": "IM", "mf": "WIM", "f": "FM", "ff": "WFM", "c": "CM", "cf": "WCM"}
CATEGORIES = {"PPO": "U8", "POU": "U10", "PUP": "U12", "BEN": "U14", "MIN": "U16", "CAD": "U18", "JUN": "U20",
              "SEN": "Sen", "SEP": "S50", "VET": "S65"}
PAIRING = {"standard": "standard", "haley": "haley", "haleysoft": "haley_soft", "sad": "sad", "nicois": "nicois",
           "berger": "berger"}
RATING = {"elo": ("standard", "Elo", "Fide"), "rapide": ("rapid", "Rapide", "RapideFide"),
          "blitz": ("blitz", "Blitz", "BlitzFide")}
#: Papi's tie-break names (docs/tiebreaks.md §7).
TIE_BREAKS = {"solkoff": "BH", "brésilien": "BH/C1", "bresilien": "BH/C1", "harkness": "BH/M1", "cumulatif": "PS",
              "performance": "OTHER_PERF", "sommedesbuchholz": "OTHER_SBH", "nombre de victoires": "WIN",
              "kashdan": "OTHER_KASHDAN", "koya": "KS", "sonnenborn-berger": "SB", "sonneborn-berger": "SB"}


class PapiError(Invalid):
    pass


class PapiPlayer(msgspec.Struct, frozen=True, kw_only=True):
    ref: int
    values: dict[str, Any]  # JOUEUR columns
    rounds: tuple[tuple[str, int | None, int], ...]  # (Cl, Adv, Res) per round 1..NbrRondes


class PapiFile(msgspec.Struct, frozen=True, kw_only=True):
    info: dict[str, str]
    players: list[PapiPlayer]
    rounds: int


def read_papi(data: bytes) -> PapiFile:
    """Parse a Papi file's bytes; raises PapiError if it is not a readable Papi/Access file."""
    if len(data) < 4096 or MAGIC not in data[:32]:
        raise PapiError("This is not a Papi file (no Access/JET database header). Nothing was imported.")
    try:
        tables = _tables(data, ("INFO", "JOUEUR"))
    except PapiError:
        raise
    except Exception as exc:  # access-parser raises anything on a damaged file
        raise PapiError("The Papi file cannot be read (%s: %s). Nothing was imported.", type(exc).__name__,
                        exc) from None
    return papi_file(*tables)


def papi_file(info_table: dict[str, list[Any]], joueur: dict[str, list[Any]]) -> PapiFile:
    """INFO and JOUEUR as columns of values (whichever reader read them) → the Papi file's contents."""
    names = list(joueur)
    rows = [{name: joueur[name][i] if i < len(joueur[name]) else None for name in names}
            for i in range(len(joueur.get("Ref", [])))]
    info = dict(zip(info_table.get("Variable", []), info_table.get("Value", []), strict=False))
    return papi_file_rows(info, rows if "Ref" in joueur else None)


def papi_file_rows(info_values: dict[Any, Any], joueur: list[dict[str, Any]] | None) -> PapiFile:
    """INFO (Variable → Value) and JOUEUR's rows (None: no such table) → the Papi file's contents."""
    info = {str(k): "" if v is None else str(v).strip() for k, v in info_values.items()}
    try:
        rounds = max(0, min(24, int(info.get("NbrRondes") or 0)))
    except ValueError:
        raise PapiError("INFO NbrRondes is not a number: %r.", info.get("NbrRondes")) from None
    if joueur is None:
        raise PapiError("The Papi file has no JOUEUR table. Nothing was imported.")
    players = []
    names = [(f"Rd{r:02d}Cl", f"Rd{r:02d}Adv", f"Rd{r:02d}Res") for r in range(1, rounds + 1)]
    for row in joueur:
        if row.get("Ref") is None or int(row["Ref"]) == EXEMPT:
            continue
        cells = []
        for cl_name, adv_name, res_name in names:
            cl = str(row.get(cl_name) or "").strip().upper()
            adv = row.get(adv_name)
            cells.append((cl, int(adv) if adv not in (None, "") else None, int(row.get(res_name) or 0)))
        players.append(PapiPlayer(ref=int(row["Ref"]), values=row, rounds=tuple(cells)))
    return PapiFile(info=info, players=players, rounds=rounds)


def _tables(data: bytes, names: tuple[str, ...]) -> list[dict[str, list[Any]]]:
    from access_parser import AccessParser

    logging.getLogger("access_parser").setLevel(logging.CRITICAL)
    parser = AccessParser.__new__(AccessParser)  # the constructor only accepts a path; the steps after it:
    parser.db_data = data
    parser._parse_file_header(data)
    parser._table_defs, parser._data_pages, parser._all_pages = _categorize(data, parser.page_size)
    parser._tables_with_data = parser._link_tables_to_data()
    parser.catalog = parser._parse_catalog()
    parser.extra_props = parser.parse_msys_table()
    missing = [n for n in names if n not in parser.catalog]
    if missing:
        raise PapiError("The file has no %s table: not a Papi file. Nothing was imported.", ", ".join(missing))
    return [dict(parser.parse_table(n)) for n in names]


def _categorize(data: bytes, page_size: int) -> Any:
    from access_parser.access_parser import categorize_pages

    return categorize_pages(data, page_size)


# -- mapping -----------------------------------------------------------------------------------------


def tournament_values(papi: PapiFile) -> dict[str, Any]:
    info = papi.info
    kind = RATING.get(info.get("ClassElo", "Elo").lower(), RATING["elo"])[0]
    codes = [TIE_BREAKS.get(info.get(f"Dep{i}", "").strip().lower()) for i in (1, 2, 3)]
    values: dict[str, Any] = {
        "rounds": papi.rounds or None,
        "tournament_type": "round_robin" if info.get("Genre", "").lower() == "toutesrondes" else "swiss",
        "pairing_system": PAIRING.get(info.get("Pairing", "Standard").lower(), "standard"),
        "rating_kind": kind,
        "tie_breaks": ",".join(c for c in codes if c and not c.startswith("OTHER_")) or None,
    }
    for key, column in (("rating_limit_1", "EloBase1"), ("rating_limit_2", "EloBase2")):
        text = info.get(column, "")
        values[key] = int(text) if text.isdigit() and int(text) > 0 else None
    if info.get("Homologation", "").isdigit():
        values["ffe_id"] = int(info["Homologation"])
    return values


def papi_date(text: str | None) -> date | None:
    """A date of INFO (`DateDebut`, `DateFin`): Papi writes `DD/MM/YYYY`; ISO and a time part are accepted.

    >>> papi_date("04/04/2026"), papi_date("2026-04-06 00:00:00"), papi_date("31/02/2026"), papi_date("")
    (datetime.date(2026, 4, 4), datetime.date(2026, 4, 6), None, None)
    """
    day = (text or "").strip().split(" ")[0]
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d/%m/%y", "%d.%m.%Y"):
        try:
            return datetime.strptime(day, pattern).date()
        except ValueError:
            continue
    return None


def papi_dates(info: dict[str, str]) -> tuple[date | None, date | None]:
    """(first day, last day) of the event from INFO; the last day is never before the first.

    >>> papi_dates({"DateDebut": "11/07/2026", "DateFin": "19/07/2026"})
    (datetime.date(2026, 7, 11), datetime.date(2026, 7, 19))
    >>> papi_dates({"DateDebut": "11/07/2026", "DateFin": "01/07/2026"}), papi_dates({"DateFin": "x"})
    ((datetime.date(2026, 7, 11), datetime.date(2026, 7, 11)), (None, None))
    """
    first, last = papi_date(info.get("DateDebut")), papi_date(info.get("DateFin"))
    if first is not None and (last is None or last < first):
        last = first
    return first, last


def _text(value: Any) -> str | None:
    text = "" if value is None else str(value).strip()
    return text or None


def player_values(p: PapiPlayer, rating_kind: str) -> dict[str, Any]:
    """`player` columns (without `pairing_number`) of a JOUEUR row."""
    v = p.values
    _, rating_col, type_col = next((k for k in RATING.values() if k[0] == rating_kind), RATING["elo"])
    rating = int(v.get(rating_col) or 0)
    rtype = (_text(v.get(type_col)) or "N").upper()
    rtype = rtype if rtype in ("F", "N", "E") else "N"
    cat = (_text(v.get("Cat")) or "").upper()
    sex = (_text(v.get("Sexe")) or "").upper()[:1] or None
    if cat[-1:] in ("M", "F") and len(cat) == 4:
        sex, cat = sex or cat[-1], cat[:3]
    birth = _text(v.get("NeLe"))
    fide_id = _text(v.get("FideCode"))
    return {
        "papi_ref": p.ref, "last_name": _text(v.get("Nom")) or f"#{p.ref}", "first_name": _text(v.get("Prenom")) or "",
        "sex": sex if sex in ("M", "F") else None, "title": TITLES.get((_text(v.get("FideTitre")) or "").lower()),
        "fide_rating": rating if rtype == "F" and rating else None,
        "national_rating": rating if rtype != "F" and rating else None, "rating_type": rtype if rating else None,
        "federation": _text(v.get("Federation")), "fide_id": int(fide_id) if fide_id and fide_id.isdigit() else None,
        "national_id": _text(v.get("NrFFE")), "birth_date": birth[:10] if birth else None,
        "category": CATEGORIES.get(cat[:3]), "club": _text(v.get("Club")), "league": _text(v.get("Ligue")),
        "fixed_board": int(v.get("Fixe") or 0) or None, "checked_in": bool(v.get("Pointe")),
        "email": _text(v.get("EMail")), "phone": _text(v.get("Tel")),
    }


def initial_order(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The usual initial order: rating (desc; estimated ratings count as unrated), title, name
    (accent-insensitive), then Ref."""
    def key(p: dict[str, Any]) -> tuple[Any, ...]:
        rating = p["fide_rating"] or (p["national_rating"] if p["rating_type"] == "N" else 0) or 0
        return (*ranking_key(rating, p["title"], p["last_name"], p["first_name"]), p["papi_ref"])
    return sorted(players, key=key)


class PapiRows(msgspec.Struct, frozen=True, kw_only=True):
    tournament: dict[str, Any]
    players: list[dict[str, Any]]  # with papi_ref, in initial order
    pairings: list[Pairing]  # players named by papi_ref (white_player_id / black_player_id)
    skipped: list[tuple[int, int, float]]  # (round, papi_ref, score) for rounds not paired yet
    paired_rounds: list[int]


def papi_rows(papi: PapiFile) -> PapiRows:
    """Everything to import; raises PapiError when the two sides of a game disagree."""
    values = tournament_values(papi)
    players = initial_order([player_values(p, values["rating_kind"]) for p in papi.players])
    refs = {p.ref: p for p in papi.players}
    paired = [r for r in range(1, papi.rounds + 1) if any(p.rounds[r - 1][0] in ("B", "N") for p in papi.players)]
    checkin = not paired and any(p["checked_in"] for p in players)
    out: list[Pairing] = []
    skipped: list[tuple[int, int, float]] = []
    problems: list[str] = []
    by_ref: dict[int, Player] = {}
    for r in range(1, papi.rounds + 1):
        rows: list[Pairing] = []
        for p in papi.players:
            cl, adv, res = p.rounds[r - 1]
            if r in paired:
                row = _paired_cell(r, p, cl, adv, res, refs, problems)
                if row is not None:
                    rows.append(row)
            elif cl == "F" and not (checkin and res == 0):
                skipped.append((r, p.ref, {2: 0.5, 6: 1.0}.get(res, 0.0)))
        if r in paired:
            by_ref = by_ref or {p["papi_ref"]: _as_player(p) for p in players}
            out.extend(number_boards(rows, by_ref, half_points(out, before_round=r)))
    if problems:
        raise PapiError("%s\nNothing was imported.", "\n".join(problems[:50]))
    return PapiRows(tournament=values, players=players, pairings=out, skipped=skipped, paired_rounds=paired)


def _as_player(p: dict[str, Any]) -> Player:
    return Player(id=p["papi_ref"], tournament_id=0, pairing_number=p["papi_ref"], last_name=p["last_name"],
                  first_name=p["first_name"], title=p["title"], fide_rating=p["fide_rating"],
                  national_rating=p["national_rating"], rating_type=p["rating_type"])


def _paired_cell(r: int, p: PapiPlayer, cl: str, adv: int | None, res: int, refs: dict[int, PapiPlayer],
                 problems: list[str]) -> Pairing | None:
    if cl in ("B", "N") and adv == EXEMPT:
        return Pairing(tournament_id=0, round=r, white_player_id=p.ref, bye_kind=ByeKind.PAB)
    if cl == "B":
        other = refs.get(adv or 0)
        back = other.rounds[r - 1] if other is not None else None
        if back is None or back[0] != "N" or back[1] != p.ref:
            problems.append(f"Round {r}: Ref {p.ref} has White against Ref {adv}, whose row does not name "
                            f"{p.ref} with Black.")
            return None
        if res not in (0, 1, 2, 3, 4, 5, 6) or back[2] != {0: 0, 1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4}.get(res):
            problems.append(f"Round {r}: results of Ref {p.ref} ({res}) and Ref {adv} ({back[2]}) do not match.")
            return None
        return Pairing(tournament_id=0, round=r, white_player_id=p.ref, black_player_id=adv,
                       result=Result(res) if res else None)
    if cl == "N":
        other = refs.get(adv or 0)
        if other is None or other.rounds[r - 1][0] != "B" or other.rounds[r - 1][1] != p.ref:
            problems.append(f"Round {r}: Ref {p.ref} has Black against Ref {adv}, whose row does not name "
                            f"{p.ref} with White.")
        return None
    kind = {2: ByeKind.HALF, 6: ByeKind.FULL}.get(res, ByeKind.ZERO) if cl == "F" else ByeKind.ZERO
    return Pairing(tournament_id=0, round=r, white_player_id=p.ref, bye_kind=kind)
