"""Files as other programs write them (tests/fixtures/trf-oddities, one per oddity): each imports, with the
expected warnings (line, column, message key); each reads back to the same content after Echiquier writes it,
and a file Echiquier writes reads back and writes again byte for byte."""

from __future__ import annotations

import html
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from app.imports import import_trf
from cli.main import main
from database.registry import EventRegistry
from i18n import CATALOGS, translator
from tests.support.clients import prime_csrf
from tests.support.files import DATA, FIXTURES
from tournament.formats.importing import trf_pairings, trf_players, trf_rows, trf_teams, trf_tournament_values
from tournament.formats.trf import decode, parse_trf, requested_byes
from tournament.formats.trf_export import FROM_EVENT, export_trf, write_trf
from tournament.formats.trf_lint import lint_bytes
from tournament.formats.trf_model import TrfTournament
from tournament.formats.trf_records import TrfRecord, forfeited_330, lineup_300
from tournament.models import Tournament
from tournament.results import ByeKind, Result

ODDITIES = FIXTURES / "trf-oddities"
LOWER = "title %s read as %s"
POINTS = "player %s: points column says %s but the round results add up to %s; the results decide"
ACCEL = "player %s: the points column (%s) includes %s acceleration points; the results decide (%s)"
STAR = "round %s: result %s read as not played yet"

# file -> the warnings it must give: (line, column, key, params); no file here gives an error
EXPECTED: dict[str, list[tuple[int, int, str, tuple[Any, ...]]]] = {
    "clean-trf16.trf": [],
    "clean-trf26.trf": [],
    "cr-only.trf": [],
    "titles-lower-case.trf": [(12, 11, LOWER, ("wg", "WGM")), (13, 11, LOWER, ("g", "GM")),
                              (14, 11, LOWER, ("wm", "WIM")), (15, 11, LOWER, ("f", "FM")),
                              (16, 11, LOWER, ("m", "IM")), (17, 11, LOWER, ("c", "CM"))],
    "titles-shifted.trf": [(12, 14, "the title is one column to the right", ()),
                           (13, 10, "the title is one column to the left", ())],
    "column-rulers.trf": [(12, 0, "column ruler ignored", ()), (13, 0, "column ruler ignored", ())],
    "blank-and-comment-lines.trf": [(4, 0, "%s blank lines between records ignored", (2,)),
                                    (5, 1, "not a TRF record: line ignored", ())],
    "points-mismatch.trf": [(12, 81, POINTS, (1, "3.0", "2.5")), (15, 81, POINTS, (4, "1.0", "0.5"))],
    "points-acceleration-xxa.trf": [(14, 81, ACCEL, (1, "3.5", "1.0", "2.5")),
                                    (15, 81, ACCEL, (2, "3.0", "1.0", "2.0"))],
    "points-299.trf": [],
    "unfinished-round.trf": [],
    "star-results.trf": [(line, 129, STAR, (4, "*")) for line in range(15, 21)],
    "bye-conventions.trf": [(14, 119, "round %s: bye written %s, read as %s", (3, "=", "'H'")),
                            (15, 119, "round %s: bye written %s, read as %s", (3, "+", "'U'"))],
    "blocks-shifted.trf": [(16, 92, "round blocks from round %s are not at their columns (read anyway)", (1,))],
    "one-sided.trf": [
        (12, 97, "round %s: the colour of the game %s-%s is given on one line only", (1, 1, 4)),
        (16, 119, "round %s: the result of the game %s-%s is given on one line only (%s and %s); read from that line",
         (3, 5, 6, "'1'", "' '"))],
    "misc-fields.trf": [(2, 0, "record %s given twice; the first one is used", ("012",)),
                        (15, 11, "unknown title %s: read as no title", ("AGM",)),
                        (18, 49, "rating %s is not a number: the player is read as unrated", ("18x0",))],
    "last-round-only-byes.trf": [],
    "middle-round-only-byes.trf": [],
    "more-rounds-declared.trf": [],
    "dos-latin1-ctrl-z.trf": [],
    "short-line-and-bye-with-opponent.trf": [
        (17, 119, "round %s: code %s with opponent %s: read as a bye without opponent", (3, "Z", 62))],
    "team-trf16-013.trf": [],
    "team-trf26-310.trf": [],
}


def read(name: str) -> TrfTournament:
    trf, errors = parse_trf(decode((ODDITIES / name).read_bytes()))
    assert errors == [], errors
    return trf


def content(trf: TrfTournament) -> tuple[Any, ...]:
    """What a file says, without line numbers and warnings."""
    players = [(p.number, p.sex, p.title, p.last_name, p.first_name, p.rating, p.federation, p.fide_id,
                p.birth_date, p.points, p.rank, p.rounds) for p in trf.players]
    records = [(r.code, r.text) for r in trf.records]
    return trf.headers, players, records, trf.declared_byes, requested_byes(trf)


def test_the_corpus_is_complete() -> None:
    assert sorted(p.name for p in ODDITIES.glob("*.trf")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_oddity_imports_with_its_warnings(name: str) -> None:
    trf = read(name)
    found = [(w.line_no, w.column, w.key, w.params) for w in trf.warnings]
    assert found == EXPECTED[name]
    assert all(w.severity == "warning" and w.hint for w in trf.warnings if w.line_no)
    players, pairings = trf_rows(trf)
    assert len(players) == 6 and pairings
    report = lint_bytes((ODDITIES / name).read_bytes())
    assert report.ok and [(i.line, i.column, i.key) for i in report.items] == sorted(
        (w[0], w[1], w[2]) for w in EXPECTED[name])




def fixture_trfs() -> list[Path]:
    """Every TRF file of tests/fixtures (the oddities, the records corpus, the team, pairing and generated files)."""
    return sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".trf", ".trf16", ".trf26"))


def all_files() -> list[Path]:
    return [*fixture_trfs(), DATA / "good-4p-2r.trf", DATA / "all-codes-trf26.trf", DATA / "warn-f-for-u.trf",
            DATA / "warn-trf26-no-142-152.trf"]


@pytest.mark.parametrize("path", all_files(), ids=lambda p: p.name)
def test_round_trip(path: Path) -> None:
    """Another program's file reads back to the same content; Echiquier's own file byte for byte."""
    trf, errors = parse_trf(decode(path.read_bytes()))
    assert errors == []
    written = write_trf(trf)
    again, errors = parse_trf(written)
    assert errors == [] and content(again) == content(trf)
    assert write_trf(again) == written
    assert again.warnings == [] or all(w.key not in ("column ruler ignored", "not a TRF record: line ignored")
                                       for w in again.warnings)


@pytest.mark.parametrize("path", all_files(), ids=lambda p: p.name)
def test_what_echiquier_exports_reads_back_byte_for_byte(path: Path) -> None:
    trf, _ = parse_trf(decode(path.read_bytes()))
    players = trf_players(trf)
    pairings = trf_pairings(trf, players)
    tournament = Tournament(id=1, uniq_id="t", name=trf.name, rounds=trf.rounds, initial_colour=trf.initial_colour,
                            tie_breaks=",".join(trf.tie_breaks) or None)
    for trf26 in (True, False):
        text = export_trf(tournament, players, pairings, trf26=trf26)
        back, errors = parse_trf(text)
        assert errors == [] and [w for w in back.warnings if "points" in w.key] == []
        assert write_trf(back) == text
        assert trf_players(back) == players
        assert [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result)
                for g in trf_pairings(back, trf_players(back))] == \
            [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result) for g in pairings]
        assert back.rounds == trf.rounds


def test_a_paired_round_with_blank_results_imports_its_pairings() -> None:
    trf = read("unfinished-round.trf")
    assert (trf.played_rounds, trf.completed_rounds) == (4, 3)
    _, pairings = trf_rows(trf)
    round4 = sorted((g["white"], g["black"], g["result"]) for g in pairings if g["round"] == 4)
    assert round4 == [(2, 6, None), (3, 4, None), (5, 1, None)]
    assert read("star-results.trf").players[0].rounds[3].code == " "


def test_unplayed_games_and_bye_conventions() -> None:
    _, pairings = trf_rows(read("bye-conventions.trf"))
    byes = {g["white"]: g["bye_kind"] for g in pairings if g["round"] == 3 and g["black"] is None}
    assert byes == {3: ByeKind.HALF.value, 4: ByeKind.PAB.value}
    _, pairings = trf_rows(read("one-sided.trf"))
    game = next(g for g in pairings if g["round"] == 3 and 6 in (g["white"], g["black"]))
    assert (game["white"], game["black"], game["result"]) == (5, 6, Result.WHITE_WIN)


def test_dos_files_and_short_lines() -> None:
    dos = read("dos-latin1-ctrl-z.trf")
    assert dos.players[1].last_name == "Okafór" and dos.played_rounds == 3
    _, pairings = trf_rows(read("short-line-and-bye-with-opponent.trf"))
    assert {(g["round"], g["bye_kind"]) for g in pairings if g["white"] == 4 and g["black"] is None} == \
        {(2, ByeKind.ZERO.value), (3, ByeKind.ZERO.value)}
    assert {(g["round"], g["bye_kind"]) for g in pairings if g["white"] == 6 and g["black"] is None} == \
        {(3, ByeKind.ZERO.value)}


def test_titles_are_normalised() -> None:
    assert [p.title for p in read("titles-lower-case.trf").players] == ["WGM", "GM", "WIM", "FM", "IM", "CM"]
    shifted = read("titles-shifted.trf").players
    assert (shifted[0].sex, shifted[0].title, shifted[0].last_name) == ("F", "WIM", "Lindqvist")
    assert (shifted[1].sex, shifted[1].title, shifted[1].last_name) == (None, "GM", "Okafor")


def test_acceleration_and_abnormal_points_are_kept_apart_from_the_results() -> None:
    xxa = read("points-acceleration-xxa.trf")
    assert xxa.acceleration(1, 1) == Decimal("1.0") and xxa.acceleration(3, 1) == 0
    assert [(a.first_player, a.first_round, a.points) for a in xxa.accelerations][:2] == \
        [(1, 1, Decimal("1.0")), (1, 2, Decimal("1.0"))]
    p299 = read("points-299.trf")
    [adj] = p299.adjustments
    assert (adj.kind, adj.game_points, adj.round, adj.ids, adj.counts_for_pairing) == \
        ("", Decimal("1.0"), 2, (6,), True)
    assert p299.adjustment(6) == Decimal("1.0") and p299.adjustment(5) == 0
    players = trf_players(p299)  # the results decide: the pairings carry them, the 299 points stay in the model
    assert sum(1 for g in trf_pairings(p299, players) if g.result is not None) == 8


def test_team_files_keep_teams_members_and_board_order() -> None:
    for name in ("team-trf16-013.trf", "team-trf26-310.trf"):
        trf = read(name)
        assert trf.is_team_file
        assert [(t.number, t.name, t.members) for t in trf.teams] == \
            [(1, "Alpha", (1, 2)), (2, "Beta", (3, 4)), (3, "Gamma", (5, 6))]
        assert trf_teams(trf)[2]["members"] == [5, 6]
        _, pairings = trf_rows(trf)  # the individual games import; two pairing-allocated byes per round
        assert sum(1 for g in pairings if g["bye_kind"] == ByeKind.PAB.value) == 4
        assert {(g["white"], g["black"], g["result"]) for g in pairings if g["round"] == 1 and g["black"]} == \
            {(1, 3, Result.WHITE_WIN), (4, 2, Result.DRAW)}
    ext = read("team-trf26-310.trf")
    team = ext.teams[2]
    assert (team.nickname, team.strength, team.match_points, team.game_points, team.rank) == \
        ("GAM", 1975, Decimal("4.0"), Decimal("4.0"), 1)
    [bye] = ext.team_byes
    assert (bye.match_points, bye.game_points, bye.teams) == (Decimal("2.0"), Decimal("2.0"), {1: 3, 2: 2})
    assert lint_bytes((ODDITIES / "team-trf26-310.trf").read_bytes()).teams == 3


def test_other_team_and_engine_records_are_read() -> None:
    f = forfeited_330(TrfRecord(1, "330", "330 +- 002 001 003"))
    assert (f.kind, f.round, f.white, f.black) == ("+-", 2, 1, 3)
    lineup = lineup_300(TrfRecord(1, "300", "300 003 002 001    4    3"))
    assert (lineup.round, lineup.team, lineup.opponent, lineup.order) == (3, 2, 1, (4, 3))
    text = (DATA / "all-codes-trf26.trf").read_text(encoding="utf-8")
    trf, _ = parse_trf(text)
    assert [(f.first_round, f.last_round, f.players) for f in trf.forbidden] == [(1, 3, (1, 2)), (None, None, (1, 2))]
    assert [(a.first_player, a.last_player, a.first_round, a.last_round, a.points) for a in trf.accelerations] == \
        [(1, 1, 1, 1, Decimal("1.0")), (1, 2, 1, 2, Decimal("1.0"))]


def test_errors_remain_for_what_would_import_wrong_data() -> None:
    report = lint_bytes((DATA / "bad-colours.trf").read_bytes())
    assert not report.ok and "correct one of the lines" in report.errors[0].hint
    _, errors = parse_trf("012 X\n001    1 m    One, A                            2000 FRA" + " " * 30 + "1.0\n"
                          "001    1 m    Two, B                            2000 FRA\n")
    assert [e.key for e in errors] == ["starting rank %s is used twice (also on line %s)"]


KEPT = {"022", "032", "082", "092", "102", "112", "122", "132", "162", "172", "182", "192", "XXA", "XXP", "XXS",
        "BBW", "250", "260", "299", "013", "310", "320", "###"}


@pytest.mark.parametrize("path", all_files(), ids=lambda p: p.name)
def test_the_event_export_writes_back_what_the_event_file_does_not_hold(path: Path) -> None:
    """With the file it was read from (`source`), the export keeps every record the event file does not
    hold, in place, and takes the rest (players, results, rounds, tie-breaks, byes) from the event file."""
    trf, _ = parse_trf(decode(path.read_bytes()))
    players = trf_players(trf)
    pairings = trf_pairings(trf, players)
    tournament = Tournament(id=1, uniq_id="t", name=trf.name, rounds=trf.rounds, initial_colour=trf.initial_colour,
                            tie_breaks=",".join(trf.tie_breaks) or None)
    text = export_trf(tournament, players, pairings, trf26=True, source=trf)
    back, errors = parse_trf(text)
    assert errors == [] and [w for w in back.warnings if "points" in w.key] == []
    kept = KEPT & {r.code for r in trf.records}  # (records the source lacks are added from the event file)
    assert [(r.code, r.text) for r in back.records if r.code in kept] == \
        [(r.code, r.text) for r in trf.records if r.code in kept]
    assert trf_players(back) == players and back.rounds == trf.rounds
    assert back.initial_colour == trf.initial_colour and back.scoring == trf.scoring
    assert [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result)
            for g in trf_pairings(back, trf_players(back))] == \
        [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result) for g in pairings]
    assert write_trf(back) == text
    if any(r.code == "XXR" for r in trf.records):
        assert back.header("XXR") == back.header("142")


@pytest.mark.parametrize("path", sorted(ODDITIES.glob("*.trf")), ids=lambda p: p.name)
async def test_each_oddity_goes_through_the_event_file(path: Path, tmp_path: Path) -> None:
    """Imported into an event file and exported again: the same players and games (an unfinished round keeps its
    pairings with blank results; two pairing-allocated byes per team round are stored)."""
    trf = read(path.name)
    summary = await import_trf(path.read_bytes(), path.name, tmp_path, "ev", None)
    assert f"Imported 6 players and {trf.played_rounds} rounds" in summary
    assert summary.count("warning:") == len(trf.warnings)
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("ev")
        [t] = await store.tournaments()
        text = await store.imports.export_tournament(t.id)
    finally:
        await registry.close()
    back, errors = parse_trf(text)
    assert errors == [] and [w for w in back.warnings if "points" in w.key and not trf.adjustments] == []
    players = trf_players(trf)
    assert trf_players(back) == players
    assert [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result)
            for g in trf_pairings(back, players)] == \
        [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result) for g in trf_pairings(trf, players)]


async def exported_from_event_file(data: bytes, folder: Path, *, trf26: bool = True) -> str:
    """`data` imported into a new event file (`echiquier import-trf`), then exported from the event file."""
    await import_trf(data, "file.trf", folder, "ev", None)
    registry = EventRegistry(folder)
    try:
        store = await registry.get("ev")
        [t] = await store.tournaments()
        return await store.imports.export_tournament(t.id, trf26=trf26)
    finally:
        await registry.close()


@pytest.mark.parametrize("path", all_files(), ids=lambda p: p.name)
async def test_each_file_round_trips_through_the_event_file(path: Path, tmp_path: Path) -> None:
    """Imported into an event file and exported from it (not from the file): the records the event file has no
    column for come back as read and in place (kept in `trf_source`), the players and games are the same; and the
    file Echiquier wrote goes through a new event file byte for byte."""
    trf = read_path(path)
    text = await exported_from_event_file(path.read_bytes(), tmp_path / "first")
    back, errors = parse_trf(text)
    assert errors == []
    kept = {r.code for r in trf.records} - FROM_EVENT
    assert [(r.code, r.text) for r in back.records if r.code in kept] == \
        [(r.code, r.text) for r in trf.records if r.code in kept]
    players = trf_players(trf)
    assert trf_players(back) == players
    assert [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result)
            for g in trf_pairings(back, players)] == \
        [(g.round, g.white_player_id, g.black_player_id, g.bye_kind, g.result) for g in trf_pairings(trf, players)]
    assert (back.rounds, back.scoring, requested_byes(back)) == (trf.rounds, trf.scoring, requested_byes(trf))
    assert await exported_from_event_file(text.encode("utf-8"), tmp_path / "again") == text


def read_path(path: Path) -> TrfTournament:
    trf, errors = parse_trf(decode(path.read_bytes()))
    assert errors == [], errors
    return trf


def test_digits_that_are_not_decimal_are_not_numbers() -> None:
    """`²`.isdigit() is true but int('²') fails: found by the round-trip property; now read as text."""
    text = (ODDITIES / "team-trf16-013.trf").read_text(encoding="utf-8")
    alpha = "013 Alpha" + " " * 30
    trf, errors = parse_trf(text.replace(alpha + "1", alpha + "²"))
    assert errors == [] and trf.teams[0].members == (0, 2)
    trf, errors = parse_trf(text.replace("001    1 m    Alpha, One                        2200",
                                         "001    1 m    Alpha, One                        22²0"))
    assert errors == [] and trf.players[0].rating is None


def test_check_trf_lists_the_warnings_and_the_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-trf", str(ODDITIES / "titles-lower-case.trf")]) == 0
    out = capsys.readouterr().out
    assert "line 13, column 11: warning: title g read as GM (Titles are GM IM WGM FM WIM CM WFM WCM.)" in out
    assert "0 errors, 6 warnings: can be imported." in out
    assert main(["check-trf", str(ODDITIES / "team-trf26-310.trf")]) == 0
    assert "6 players, 3 teams (the games are imported as individual games)" in capsys.readouterr().out


async def test_the_encoded_time_control_is_stored_and_exported(tmp_path: Path) -> None:
    text = (ODDITIES / "clean-trf26.trf").read_text(encoding="utf-8").replace("152 W", "152 W\n222 5400+30")
    assert trf_tournament_values(parse_trf(text)[0])["time_control_initial_time"] == 5400
    assert "time_control_initial_time" not in trf_tournament_values(parse_trf(text.replace("+30", "/40+30"))[0])
    await import_trf(text.encode(), "t.trf", tmp_path, "ev", None)
    registry = EventRegistry(tmp_path)
    try:
        store = await registry.get("ev")
        [t] = await store.tournaments()
        assert (t.time_control_initial_time, t.time_control_increment) == (5400, 30)
        exported, _ = parse_trf(await store.imports.export_tournament(t.id))
    finally:
        await registry.close()
    assert exported.header("222") == "5400+30" and exported.header("XXR") is None and exported.rounds == 5


def test_haley_accelerations_are_exported_as_250_records() -> None:
    trf = read("clean-trf26.trf")
    players = trf_players(trf)
    for system, expected in (("haley", [(1, 2, 1, 1, Decimal("1.0")), (1, 2, 2, 2, Decimal("1.0"))]),
                             ("haley_soft", [(1, 2, 1, 1, Decimal("1.0")), (1, 2, 2, 2, Decimal("1.0")),
                                             (3, 6, 2, 2, Decimal("0.5"))])):
        tournament = Tournament(id=1, uniq_id="t", name="H", rounds=5, pairing_system=system, rating_limit_1=2100)
        back, errors = parse_trf(export_trf(tournament, players, trf_pairings(trf, players)))
        assert errors == []
        assert [(a.first_player, a.last_player, a.first_round, a.last_round, a.points)
                for a in back.accelerations] == expected
        assert back.acceleration(2, 1) == Decimal("1.0") and back.acceleration(3, 3) == 0


def test_every_problem_the_reader_reports_has_french() -> None:
    french = CATALOGS["fr"]
    files = [*sorted(ODDITIES.glob("*.trf")), *sorted(DATA.glob("*.trf"))]
    items = [i for path in files for i in lint_bytes(path.read_bytes()).items]
    assert len({i.key for i in items}) > 20
    assert [i.key for i in items if i.key not in french or (i.hint and i.hint not in french)] == []
    assert translator("fr")(items[0].key, *items[0].params) != items[0].message


async def test_the_lint_page_in_french(client: AsyncTestClient[Litestar]) -> None:
    headers = await prime_csrf(client)
    data = (ODDITIES / "titles-lower-case.trf").read_bytes()
    page = await client.post("/trf-lint?lang=fr", files={"file": ("t.trf", data)}, headers=headers)
    assert page.status_code == 200
    assert "titre g lu comme GM" in html.unescape(page.text) and "Les titres sont GM IM" in html.unescape(page.text)
