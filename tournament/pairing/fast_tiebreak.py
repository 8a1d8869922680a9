"""gacrux's tie-break scores for the Dutch engine, computed with fewer Python-level steps: the same values.

Before pairing, gacrux's crosstable computes every competitor's running scores (points, games, colours, floats...)
with its tie-break module, whose `compute_score` keeps each of them per round through a method call per value and
round (`addtbval`: 26 calls per competitor and round, 200,000 at 1,000 players after 8 rounds, about a tenth of a
large round's time). `FastTiebreak.compute_score` makes the same dicts, the same keys in the same order and the
same values, for individual tournaments (a team tournament's, which also scores its boards, is gacrux's own).
tests/tournament/pairing/test_fast_tiebreak.py compares the whole structure with gacrux's.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from gacrux.tiebreak import tiebreak  # type: ignore[import-untyped]


class FastTiebreak(tiebreak):  # type: ignore[misc]
    """gacrux's tie-break module with a faster `compute_score` for individual tournaments."""

    isteam: bool
    rounds: int

    def compute_score(self, cmps: dict[int, Any], scorename: str, pointtype: str, scoretype: dict[str, Any],
                      norounds: int) -> None:
        if self.isteam:
            super().compute_score(cmps, scorename, pointtype, scoretype, norounds)
            return
        p = pointtype + "_"
        win_points = scoretype["W"]
        keys = [str(rnd) for rnd in range(norounds + 1)]
        for startno, cmp in cmps.items():
            tbscore = cmp["tbval"]
            for name, value in (("nul", 0), ("sno", startno), ("rank", cmp["orgrank"]), ("rnd", cmp["rnd"]),
                                ("rtg", cmp["rating"]), ("cnt", 0), ("points", self.zero(scorename))):
                tbscore[p + name] = {"val": value}
            for name in ("win", "won", "bpg", "bwg", "ge", "rep", "rip", "vur", "cod"):
                tbscore[p + name] = {"val": 0}
            tbscore[p + "csq"] = {"val": ""}
            tbscore[p + "num"] = {"val": 0}
            tbscore[p + "lmp"] = 0
            tbscore[p + "lna"] = 0
            tbscore[p + "pfp"] = Decimal("0")
            tbscore[p + "lg"] = Decimal("0")
            tbscore[p + "bp"] = {}
            total, cnt, win, won, bpg, bwg, ge, rep, rip, vur, cod, csq, num = (
                tbscore[p + name] for name in ("points", "cnt", "win", "won", "bpg", "bwg", "ge", "rep", "rip", "vur",
                                               "cod", "csq", "num"))
            rsts = cmp["rsts"]
            lmp = lna = 0
            pfp, lg = tbscore[p + "pfp"], tbscore[p + "lg"]
            for rnd in range(1, norounds + 1):
                if rnd not in rsts:
                    continue
                rst = rsts[rnd]
                key = keys[rnd]
                points = rst[pointtype] if pointtype in rst else 0
                total[rnd] = points
                total["val"] += points
                played, opponent, colour = rst["played"], rst["opponent"], rst["color"]
                is_win = points == win_points
                # each round's key is new to these dicts (made above, one result per round): set, then add to "val"
                cnt[key] = 1
                cnt["val"] += 1
                if rnd == self.rounds and opponent > 0:
                    lg += points
                win[key] = n = 1 if is_win else 0
                win["val"] += n
                won[key] = n = 1 if is_win and played and opponent > 0 else 0
                won["val"] += n
                bpg[key] = n = 1 if colour == "b" and played else 0
                bpg["val"] += n
                bwg[key] = n = 1 if colour == "b" and played and is_win else 0
                bwg["val"] += n
                ge[key] = rep[key] = n = 1 if played or is_win else 0
                ge["val"] += n
                rep["val"] += n
                rip[key] = n = 1 if played or opponent > 0 else 0
                rip["val"] += n
                vur[key] = n = 1 if rst["vur"] else 0
                vur["val"] += n
                if rnd > lna and n == 0:
                    lna = rnd
                if rnd > lmp and opponent > 0:
                    lmp = rnd
                if played and opponent > 0:
                    cod[key] = n = 1 if colour == "w" else -1
                    cod["val"] += n
                    csq[key] = colour
                    csq["val"] += colour
                if played:
                    num[key] = opponent
                    if opponent > 0:
                        num["val"] += 1
                        pfp += points
                    if rnd > lmp:
                        lmp = rnd
                elif "points" in rst and rst["points"] == win_points:
                    num[key] = 0
            tbscore[p + "lmp"], tbscore[p + "lna"], tbscore[p + "pfp"], tbscore[p + "lg"] = lmp, lna, pfp, lg
            adjtype = p[:-1]
            total["adj"] = adj = sum(a[adjtype] for a in cmp["adjust"] if a["round"] <= norounds and a["pairing"])
            total["top"] = sum(a[adjtype] for a in cmp["adjust"] if not a["pairing"])
            total["val"] += adj

