"""The pairing corpus (tests/fixtures/pairing: Swiss tournaments every round of which bbpPairings paired by the
FIDE Dutch rules), read as 001 lines and cut to their first k rounds as the input of the round k+1."""

from __future__ import annotations

from pathlib import Path

from tests.support.files import FIXTURES

CORPUS = FIXTURES / "pairing"
POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}


class Line:
    """A 001 line split into its head (columns 1-91) and its round blocks (opponent, colour, result)."""

    def __init__(self, text: str) -> None:
        self.head = text[:91].ljust(91)
        self.number = int(text[4:8])
        self.blocks: list[tuple[int, str, str]] = []
        rest = text[91:]
        while rest.strip():
            block, rest = rest[:8].ljust(8), rest[10:]
            self.blocks.append((int(block[:4].strip() or 0), block[5], block[7]))

    def cut(self, k: int) -> str:
        kept = self.blocks[:k]
        if len(self.blocks) > k and self.blocks[k][0] == 0 and self.blocks[k][2] != "U":
            kept.append(self.blocks[k])  # an absence declared for the round to pair
        points = sum(POINTS.get(code, 0.0) for _, _, code in kept)
        head = self.head[:80] + f"{points:4.1f}" + self.head[84:]
        return (head + "".join(f"{opp:4d} {col} {code}  " if opp else f"0000 {col} {code}  "
                               for opp, col, code in kept)).rstrip()


def corpus_file(path: Path) -> tuple[list[str], list[Line]]:
    text = path.read_text(encoding="latin-1")
    others = [t for t in text.splitlines() if t.strip() and not t.startswith("001")]
    return others, [Line(t) for t in text.splitlines() if t.startswith("001")]


def first_colour(players: list[Line]) -> str:
    """The initial colour: what the lowest-numbered player with a game in round 1 had."""
    for p in sorted(players, key=lambda p: p.number):
        if p.blocks and p.blocks[0][0]:
            return "white1" if p.blocks[0][1] == "w" else "black1"
    return "white1"


def cut_file(others: list[str], players: list[Line], k: int, total: int) -> str:
    lines = others + [p.cut(k) for p in players] + [f"XXR {total}", f"XXC {first_colour(players)}"]
    return "\n".join(lines) + "\n"


def corpus_cut(name: str, k: int) -> str:
    """A corpus file of tests/fixtures/pairing/ cut before round `k` (the replay's input for that round)."""
    others, players = corpus_file(CORPUS / name)
    return cut_file(others, players, k, max(len(p.blocks) for p in players))
