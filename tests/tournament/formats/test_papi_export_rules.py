"""Papi's conventions of export-papi (tournament/formats/papi_export.py) on small made-up tournaments: round cells,
categories, INFO values, refusals. (The whole files are compared with Jackcess's in tests/app/papi/.)"""

from __future__ import annotations

from datetime import date

import pytest

from tests.support.files import fixture_path
from tournament.formats.jet import JetDatabase
from tournament.formats.papi import PapiError
from tournament.formats.papi_export import EventFacts, category, export_papi, info_values, refs, round_cells
from tournament.models import Pairing, Player, SkippedRound, Tournament
from tournament.results import ByeKind, Result

T = Tournament(id=1, uniq_id="t", name="Open d'été", rounds=5, tie_breaks="BH,SB,WIN,PS")


def p(n: int, **more: object) -> Player:
    values: dict[str, object] = {"last_name": f"Nom{n}", "first_name": "Prénom", **more}
    return Player(id=10 + n, tournament_id=1, pairing_number=n, **values)  # type: ignore[arg-type]


def game(rnd: int, white: int, black: int | None, result: Result | None = None,
         bye: ByeKind | None = None) -> Pairing:
    return Pairing(tournament_id=1, round=rnd, white_player_id=10 + white,
                   black_player_id=10 + black if black else None, result=result, bye_kind=bye)


def test_round_cells_follow_papis_conventions() -> None:
    players = [p(n) for n in range(1, 6)]
    pairings = [game(1, 1, 2, Result.WHITE_WIN), game(1, 3, 4, Result.BLACK_FORFEIT_WIN),
                game(1, 5, None, bye=ByeKind.PAB), game(2, 2, 1), game(2, 3, None, bye=ByeKind.HALF),
                game(2, 4, None, bye=ByeKind.ZERO)]
    skipped = [SkippedRound(id=1, tournament_id=1, round=4, papi_player_id=12, score=1.0)]
    cells, last = round_cells(players, pairings, skipped, {pl.id: pl.pairing_number + 1 for pl in players})
    assert last == 2
    assert cells[2][:3] == [("B", 3, 3), ("N", 3, 0), ("R", None, 0)]
    assert cells[3][:2] == [("N", 2, 1), ("B", 2, 0)]
    assert cells[4][0] == ("B", 5, int(Result.BLACK_FORFEIT_WIN)) and cells[5][0] == ("N", 4, 6)
    assert cells[6][:2] == [("B", 1, 6), ("F", None, 0)]  # the PAB; left out of round 2: absent
    assert cells[1][:3] == [("N", 6, 0), ("R", None, 0), ("R", None, 0)]  # EXEMPT mirrors the PAB
    assert cells[4][1] == ("F", None, 2)
    assert cells[3][3] == ("F", None, 6)  # a full-point bye asked for round 4
    assert cells[5][1:] == [("F", None, 0)] * 23  # absent in the last paired round: withdrawn, F to round 24
    assert cells[4][2:] == [("R", None, 0)] * 22


def test_categories_by_season() -> None:
    july, october = date(2026, 7, 11), date(2026, 10, 3)
    assert [category(p(1, birth_date=b), july) for b in ("2018-01-01", "2009-05-01", "1976-01-01", "1961-03-02",
                                                           "1960-12-31")] == ["Ppo", "Cad", "Sen", "Sep", "Vet"]
    assert [category(p(1, birth_date="2008-05-01"), day) for day in (july, october)] == ["Cad", "Jun"]  # next season
    assert category(p(1, category="U12", birth_date="1950-01-01"), july) == "Pup"  # the player's own first
    assert category(p(1), july) == "Sen"


def test_info_values() -> None:
    facts = EventFacts(start=date(2026, 7, 11), end=date(2026, 7, 19), city="Brest", arbiter="IA Jeanne Durand",
                       time_control="90 min + 30 s")
    values = info_values(T, facts, 3)
    assert {k: values[k] for k in ("Nom", "NbrRondes", "DateDebut", "DateFin", "Lieu", "Arbitre", "Cadence",
                                   "Dep1", "Dep2", "Dep3", "RondeActive", "Genre")} == {
        "Nom": "Open d'été", "NbrRondes": "5", "DateDebut": "11/07/2026", "DateFin": "19/07/2026", "Lieu": "Brest",
        "Arbitre": "Jeanne Durand", "Cadence": "90 min + 30 s", "Dep1": "Solkoff", "Dep2": "Sonnenborn-Berger",
        "Dep3": "Nombre de Victoires", "RondeActive": "3", "Genre": "Suisse"}
    assert [info_values(Tournament(id=1, uniq_id="t", name="x"), EventFacts(), 0)[f"Dep{i}"] for i in (1, 2, 3)] \
        == ["Brésilien", "Solkoff", "Sonnenborn-Berger"]  # Echiquier's default tie-breaks


def test_a_small_export_and_its_refusals() -> None:
    template = fixture_path("papi/template-3.3.7.papi").read_bytes()
    players = [p(1, fide_rating=2100, rating_type="F", title="FM"), p(2)]
    data = export_papi(template, T, players, [game(1, 1, 2, Result.DRAW)], [], EventFacts())
    rows = {r["Ref"]: r for r in JetDatabase.from_bytes(data).rows("JOUEUR")}
    assert (rows[2]["Nom"], rows[2]["Elo"], rows[2]["Fide"], rows[2]["FideTitre"], rows[2]["Rd01Res"]) == (
        "NOM1", 2100, "F", "f", 2)
    assert (rows[3]["Elo"], rows[3]["Fide"], rows[3]["FideTitre"], rows[3]["Rd01Cl"]) == (1199, "E", "", "N")
    with pytest.raises(PapiError, match="at most 24 rounds"):
        export_papi(template, Tournament(id=1, uniq_id="t", name="Long", rounds=25), players, [], [], EventFacts())
    with pytest.raises(PapiError, match="The name of ЖУКОВ Prénom cannot be written"):
        export_papi(template, T, [p(1, last_name="Жуков")], [], [], EventFacts())
    with pytest.raises(PapiError, match=r"The name of NOM1 J\. cannot be written"):
        export_papi(template, T, [p(1, first_name="J.")], [], [], EventFacts())
    long = export_papi(template, T, [p(1, last_name="Papadopoulos-Konstantinidis", club="C" * 100)], [], [],
                       EventFacts())
    [row] = [r for r in JetDatabase.from_bytes(long).rows("JOUEUR") if r["Ref"] == 2]
    assert (row["Nom"], row["Club"]) == ("PAPADOPOULOS-KONSTAN", "C" * 80)  # cut to Papi's sizes


def test_refs_of_the_papi_file_kept_when_every_player_has_one() -> None:
    assert refs([p(1, papi_ref=7), p(2, papi_ref=3)]) == {11: 7, 12: 3}
    assert refs([p(1, papi_ref=7), p(2)]) == {11: 2, 12: 3}  # a player added in Echiquier: pairing numbers
    assert refs([p(1, papi_ref=7), p(2, papi_ref=7)]) == {11: 2, 12: 3}
