"""Property-based round trips: a generated tournament written as TRF then read gives the same tournament, and
what Echiquier writes reads back and writes again byte for byte."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.files import FIXTURES
from tournament.formats.importing import trf_pairings, trf_players
from tournament.formats.trf import decode, parse_trf
from tournament.formats.trf_export import export_trf, write_trf
from tournament.formats.trf_model import TrfPlayer, TrfRound, TrfTournament
from tournament.formats.trf_records import TrfRecord
from tournament.models import Pairing, Player, Tournament
from tournament.results import ByeKind, Result

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LETTERS = st.sampled_from(list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèçøßÅÖ-' "))
WORD = st.text(LETTERS, min_size=1, max_size=14).map(str.strip).filter(bool)
TITLES = st.sampled_from([None, "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"])
FEDERATIONS = st.sampled_from([None, "FRA", "GER", "NOR", "IND"])
BIRTHS = st.sampled_from([None, "1999", "2008-04-02", "1975-12-31"])
GAME_CODES = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("D", "D")]
RECORDS = st.lists(st.sampled_from([
    "022 Tourvieille", "032 FRA", "042 2026/04/04", "052 2026/04/06", "092 Individual: Swiss-System",
    "102 IA Chief Arbiter", "112 Deputy One", "122 90 min + 30 s/move", "142 9", "152 B", "162  W 3.0    D 1.0",
    "172 FRA FIDE", "182 Echiquier", "192 FIDE_DUTCH", "202 BH/C1,BH,SB", "212 PTS,BH", "222 5400+30", "XXR 9",
    "XXC white1", "XXS WW=3 BW=3", "BBW  3.0", "XXA    1  1.0  1.0", "XXP 1 2", "250       1.0 001 002    1    2",
    "260 001 003    1    2", "299     0.0   1.0    2    1", "### a comment", "NRS    1 FRA", "801 crosstable",
]), max_size=8)


@st.composite
def rounds_of(draw: Any, n: int, played: int, blank_last: bool) -> dict[int, list[TrfRound]]:
    """Round blocks for players 1..n: random games (both sides consistent) and byes; one PAB at most."""
    blocks: dict[int, list[TrfRound]] = {i: [] for i in range(1, n + 1)}
    for r in range(1, played + 1):
        order = draw(st.permutations(list(range(1, n + 1))))
        games = draw(st.integers(min_value=1 if r == played else 0, max_value=n // 2))
        pab = draw(st.booleans())
        for k in range(games):
            white, black = order[2 * k], order[2 * k + 1]
            codes = (" ", " ") if blank_last and r == played else draw(st.sampled_from(GAME_CODES))
            blocks[white].append(TrfRound(black, "w", codes[0]))
            blocks[black].append(TrfRound(white, "b", codes[1]))
        for i, number in enumerate(order[2 * games:]):
            code = "U" if pab and i == 0 else draw(st.sampled_from(["H", "F", "Z", " "]))
            blocks[number].append(TrfRound(None, "-", code))
    return blocks


@st.composite
def tournaments(draw: Any) -> TrfTournament:
    n = draw(st.integers(min_value=2, max_value=12))
    played = draw(st.integers(min_value=0, max_value=5))
    blocks = draw(rounds_of(n, played, draw(st.booleans())))
    players = []
    for number in range(1, n + 1):
        last, first = draw(WORD), draw(st.one_of(st.just(""), WORD))
        players.append(TrfPlayer(
            line_no=0, number=number, sex=draw(st.sampled_from([None, "M", "F"])), title=draw(TITLES),
            last_name=last, first_name=first, rating=draw(st.one_of(st.none(), st.integers(1000, 2850))),
            federation=draw(FEDERATIONS), fide_id=draw(st.one_of(st.none(), st.integers(1, 99_999_999_999))),
            birth_date=draw(BIRTHS), points=draw(st.one_of(st.none(), st.sampled_from([0.0, 0.5, 1.0, 4.5, 12.0]))),
            rank=draw(st.one_of(st.none(), st.integers(1, n))), rounds=tuple(blocks[number])))
    before = draw(RECORDS)
    after = [text for text in draw(RECORDS) if text[:3] in ("250", "260", "299", "801", "###", "NRS")]
    records = [TrfRecord(0, text[:3], text) for text in [f"012 {draw(WORD)}", *before, *after]]
    headers: dict[str, str] = {}
    for r in records:
        if r.code != "###":
            headers.setdefault(r.code, r.text[4:])
    return TrfTournament(headers=headers, players=players, records=records, player_index=1 + len(before))


def content(trf: TrfTournament) -> tuple[Any, ...]:
    players = [(p.number, p.sex, p.title, p.last_name, p.first_name, p.rating, p.federation, p.fide_id,
                p.birth_date, p.points, p.rank, p.rounds) for p in trf.players]
    return trf.headers, players, [(r.code, r.text) for r in trf.records], trf.declared_byes


@SETTINGS
@given(tournaments())
def test_a_generated_tournament_written_then_read_is_the_same(trf: TrfTournament) -> None:
    text = write_trf(trf)
    back, errors = parse_trf(decode(text.encode("utf-8")))
    assert errors == [], errors
    last = trf.played_rounds
    if last and all(p.rounds[last - 1].opponent is None and p.rounds[last - 1].code != "U" for p in trf.players):
        return  # a last round of requested byes only is read as byes declared for the next round (tested apart)
    assert content(back) == content(trf)
    assert write_trf(back) == text
    assert write_trf(back, eol="\r\n") == text.replace("\n", "\r\n")


@st.composite
def event_tournaments(draw: Any) -> tuple[list[Player], list[Pairing], int]:
    n = draw(st.integers(min_value=2, max_value=10))
    played = draw(st.integers(min_value=1, max_value=4))
    players = [Player(id=i, tournament_id=0, pairing_number=i, last_name=draw(WORD), first_name=draw(WORD),
                      sex=draw(st.sampled_from([None, "M", "F"])), title=draw(TITLES),
                      fide_rating=draw(st.one_of(st.none(), st.integers(1000, 2850))), federation=draw(FEDERATIONS),
                      birth_date=draw(BIRTHS)) for i in range(1, n + 1)]
    players = [Player(**{**{f: getattr(p, f) for f in p.__struct_fields__},
                         "rating_type": "F" if p.fide_rating else None}) for p in players]
    pairings = []
    results = st.one_of(st.none(), st.sampled_from(list(Result)))
    for r in range(1, played + 1):
        order = draw(st.permutations(list(range(1, n + 1))))
        games = draw(st.integers(min_value=1, max_value=n // 2))
        for k in range(games):
            pairings.append(Pairing(tournament_id=0, round=r, white_player_id=order[2 * k],
                                    black_player_id=order[2 * k + 1], result=draw(results)))
        for i, pid in enumerate(order[2 * games:]):
            kind = ByeKind.PAB if i == 0 else draw(st.sampled_from([ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO]))
            pairings.append(Pairing(tournament_id=0, round=r, white_player_id=pid, bye_kind=kind))
    return players, pairings, played


@SETTINGS
@given(event_tournaments(), st.booleans())
def test_an_event_tournament_exported_then_imported_is_the_same(data: tuple[list[Player], list[Pairing], int],
                                                                trf26: bool) -> None:
    players, pairings, played = data
    tournament = Tournament(id=1, uniq_id="t", name="Generated", rounds=played + 2, initial_colour="W")
    text = export_trf(tournament, players, pairings, trf26=trf26)
    back, errors = parse_trf(text)
    assert errors == [], errors
    assert write_trf(back) == text
    assert trf_players(back) == players
    rows = trf_pairings(back, trf_players(back))

    def key(g: Pairing) -> tuple[Any, ...]:
        return g.round, g.white_player_id, g.black_player_id or 0, g.bye_kind or 0, g.result or 0

    assert sorted(map(key, rows)) == sorted(map(key, pairings))
    assert back.rounds == played + 2 and back.played_rounds == played


ODDITIES = FIXTURES / "trf-oddities"
ODDITY_TEXTS = [decode(p.read_bytes()) for p in sorted(ODDITIES.glob("*.trf"))]


@SETTINGS
@given(st.sampled_from(ODDITY_TEXTS), st.integers(min_value=0, max_value=3000), st.text(max_size=12))
def test_whatever_is_read_is_written_back_to_the_same_content(text: str, position: int, junk: str) -> None:
    """Any file the reader accepts (here: oddity files with junk inserted anywhere) is written back to a file
    that reads to the same content, and that file writes again byte for byte."""
    trf, errors = parse_trf(text[:position] + junk + text[position:])
    if errors:
        return
    written = write_trf(trf)
    back, errors = parse_trf(written)
    assert errors == [], errors
    assert content(back) == content(trf)
    assert write_trf(back) == written
