"""Team files in the shapes other programs write, made from generated team events (tests/support/teams.py) and
then changed the way those programs' files differ from ours: more rounds scheduled than played, the next round
paired without results, games whose colours do not alternate down the boards (line-ups out of the declared
order), whole-team forfeits written only as `+`/`-` blocks (no `330`), TRF16 `013` lines without scoring, FFE
scoring in `362`. `python -m tests.support.team_files` writes them to tests/fixtures/teams/ (README.md there);
the tests compare their standings with gacrux's, never with numbers of ours.

gacrux's own generator (`gacrux.tournamentgenerator`) writes individual files only (its `-T` option changes the
result statistics, not the records), so these are made here."""

from __future__ import annotations

import msgspec

from tests.support.files import FIXTURES
from tests.support.teams import generate
from tournament.teams.core import team_scoring
from tournament.teams.trf import export_team_trf

BLOCKS = 89  # index of the first round block of a `001` line (columns 90-99, ten characters a round)


def blocks_kept(text: str, keep: int, filler: str = "") -> str:
    """Every `001` line with its first `keep` round blocks, the later ones replaced by `filler` each."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001"):
            rounds = [line[i:i + 10] for i in range(BLOCKS, len(line), 10)]
            line = (line[:BLOCKS] + "".join(rounds[:keep]) + filler * (len(rounds) - keep)).rstrip()
        out.append(line)
    return "\n".join(out)


def colours_swapped(text: str, rnd: int, players: set[int]) -> str:
    """The colours of `players`' games in round `rnd` turned round (both sides of each game must be listed)."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001") and int(line[4:8]) in players:
            at = BLOCKS + (rnd - 1) * 10 + 7
            line = line[:at] + {"w": "b", "b": "w"}[line[at]] + line[at + 1:]
        out.append(line)
    return "\n".join(out)


def opponents(text: str, rnd: int) -> list[tuple[int, int]]:
    """(white, black) of the games of round `rnd`."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001"):
            block = line[BLOCKS:][(rnd - 1) * 10:rnd * 10]
            if len(block) == 10 and block[7] == "w" and block[2:6].strip() not in ("", "0000"):
                out.append((int(line[4:8]), int(block[2:6])))
    return out


def without(text: str, code: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith(code))


def shapes() -> dict[str, str]:
    """File name -> text."""
    out: dict[str, str] = {}
    # an olympiad-style Swiss: 142 says 9 rounds, 5 are played (the blocks stop there)
    ev = msgspec.structs.replace(generate(11, 4, 5, 41, team_forfeits=True, reserves=2, start="2026/05/02"),
                                 rounds=9)
    out["swiss-11t-9r-5-played.trf26"] = blocks_kept(export_team_trf(ev), 5)
    # the same with round 6 paired, its results blank (a file written before the round)
    six = generate(11, 4, 6, 41, team_forfeits=True, reserves=2, start="2026/05/02")
    unplayed = tuple(msgspec.structs.replace(m, forfeit=None, boards=tuple(
        msgspec.structs.replace(g, result=None) for g in m.boards)) if m.round == 6 else m
                     for m in six.matches if m.round < 6 or (m.team_b is not None and not m.forfeit))
    text = export_team_trf(msgspec.structs.replace(six, rounds=9, matches=unplayed))
    out["swiss-11t-round-6-paired.trf26"] = blocks_kept(text, 6).replace(" ?", "  ")
    # games whose colours do not alternate down the boards (out-of-order line-ups, another colour rule)
    ev = generate(10, 4, 6, 43, reserves=2, start="2026/01/08")
    text = export_team_trf(ev)
    for rnd in (1, 3, 6):
        white, black = opponents(text, rnd)[1]
        text = colours_swapped(text, rnd, {white, black})
    out["colours-out-of-order.trf26"] = text
    # whole-team forfeits written only as `0000 - +` / `0000 - -` (no 330), board forfeits, 2024 edition
    ev = generate(8, 4, 7, 44, team_forfeits=True, start="2025/10/04")
    out["forfeits-without-330.trf26"] = without(export_team_trf(ev), "330")
    # FFE interclubs round robin: 362 with W 3 D 2 L 1 A 0 P 3, odd number of teams
    ev = msgspec.structs.replace(generate(7, 4, 7, 45, round_robin=True, start="2026/03/14"),
                                 scoring=team_scoring("ffe"))
    out["interclubs-ffe-7t.trf26"] = export_team_trf(ev)
    # the same without its tournament type (092): a round robin by its numbers of teams and rounds, as gacrux says
    out["interclubs-ffe-7t-no-092.trf26"] = without(export_team_trf(ev), "092")
    # TRF16 013 lines, no scoring record (gacrux's defaults), 4 rounds of 7 scheduled (XXR)
    ev = msgspec.structs.replace(generate(8, 6, 4, 46, start="2026/02/01"), rounds=7)
    out["interclubs-013-4-of-7.trf16"] = without(blocks_kept(export_team_trf(ev, trf26=False), 4), "362")
    # TRF16 with team byes (`0000 - U` on the players' lines) and no scoring record: the PAB is worth a draw
    ev = generate(9, 4, 6, 47, team_forfeits=True, start="2026/06/01")
    out["swiss-013-byes.trf16"] = without(export_team_trf(ev, trf26=False), "362")
    return {name: text if text.endswith("\n") else text + "\n" for name, text in out.items()}


if __name__ == "__main__":
    for name, text in shapes().items():
        (FIXTURES / "teams" / name).write_text(text, encoding="utf-8")
        print(name)
