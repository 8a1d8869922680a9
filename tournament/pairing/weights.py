"""gacrux's Dutch weights made exact numerals, so that every optimal bracket matching gives gacrux the same pairs.

gacrux pairs a bracket (`pairing_dutch.pair_weighted_round`) with `networkx.min_weight_matching`: among the
matchings of maximum cardinality, one of least total weight. Each pair's weight is a numeral in a mixed radix
(`crosstable_dutch.cascade_weights`): one digit q_d per criterion d (QC6 ... QC21, then HE1-HE2 or HO1-HO5, most
important first; a criterion indexed by a bracket sequence number is one digit per index), digit d worth
W_d = the product of the depths of all the digits after it. A matching's total is then sum_d s_d W_d, where the
digit sum s_d is the sum of q_d over its pairs.

**Lemma (numerals).** If 0 <= s_d < depth_d for every digit d, the total determines every s_d: the s_d are the
digits of the total in that mixed radix (the last digit is the total modulo its depth, and so on upwards).

**The bounds.** For every matching M of a bracket graph, each digit sum stays below its depth, with the
depths gacrux gives them except for the four digits this mixin widens (B residents of the bracket, numbered
1..B; S the number of resident pairs looked for; M moved-down players (MDPs), numbered 1..M; a player is in one
pair at most, so a digit counting pairs that each hold a player of some kind is at most the number of such
players):
- QC6 (downfloaters: pairs of a bracket player with a lower one) <= bracket size < depth; QC7[i], QC8[i],
  QC18-QC21[i] count pairs holding an MDP of one score difference: <= their number (mdp[i]) < depth; QC8's
  last digit counts residents: <= B < depth; QN8 counts players of this or the next level; QC10, QC11 pairs of
  two bracket players one of whom is a topscorer; QC14-QC17 players with a float of one kind; QMM, QC12, QC13
  pairs: each below its depth as gacrux sets it.
- QC9 is the unplayed games (at most rnd - 1) of the player given the pairing-allocated bye (one pair holds
  the bye). gacrux's depth is bracket size + 1 at score level <= 1 and **1** at higher levels (its pab flag is
  a bool compared with the level), so a bye receiver's unplayed games were worth as much as QC8's last digit:
  widened here to max(depth, rnd).
- HE1[i] (MDP i paired below the bracket) is 0 or 1 < 2; HE2[i] (MDP i's resident partner's number minus M)
  <= B < B + 1 = depth.
- HO1 counts resident pairs whose lower number is > S: at most (B - S) / 2 of them, which can exceed S; HO2 is
  the sum of (lower number - 1) over the resident pairs: at most (B - 2) + (B - 4) + ... over all B / 2 pairs,
  while gacrux's depth assumes S pairs at most: both widened to those bounds.
- HO3[i], one per lower number <= S: 0 or 1 < 2. HO4: gacrux gives every pair the weight of all HO4 digits set
  (its "baseline") and clears digit k for the resident pair whose lower number is S + 1 + k. All candidate
  matchings have the same number P of pairs, so their totals share the constant P * (sum of HO4 weights); what
  is left, plus the constant sum of HO4 weights, has HO4 digit 1 - (0 or 1 pair) in {0, 1} < 2.
- HO5[i]: the resident pair whose lower number is i + 1 has digit (higher number - lower number) <= B - 1 - i,
  which gacrux's depth list(range(B - 1, 0, -1)) reaches (depth B - 1 - i): pair (i + 1, B) weighs as much as
  one unit of digit i - 1. (Within one matching's total this alone makes no tie: HO3 and HO4 mark which lower
  numbers hold a pair, and on those the digits 1..depth are distinct modulo the depth; but the proof below is
  digit by digit.) Depth B - i here.

**The theorem.** Two optimal matchings M1, M2 of one bracket graph have the same cardinality and the same total
(both are minima of the same objective), so by the lemma the same digit sums. gacrux keeps from the matching:
- HE: the (MDP, resident) pairs: MDP i's partner is resident M + HE2[i] if HE2[i] > 0 (else not a resident);
  and the number of resident pairs: B = 2 * (resident pairs) + (MDP-resident pairs) + (residents paired
  below, QC6 - sum HE1) + (residents left unmatched). The last term is 0 when the matching is perfect (every
  node paired, as is every bracket graph of the replay corpus and of the generated 1,000-player open);
  FastDutch (matching.bracket_matching) lets networkx choose for a graph without a perfect matching.
- HO: the resident pairs: (i + 1, i + 1 + HO5[i]) for each i with HO5[i] > 0; their number, for its rerun test.
- the bracket's quality: sums of digits over the kept pairs and, in HO mode, over all pairs (digit sums).
Everything gacrux keeps is the same for M1 and M2: **any exact matcher gives gacrux's pairing**, whichever
optimum it returns. Widening a depth changes no optimum of a graph none of whose matchings had a digit at or
over gacrux's depth (the totals are then ordered as the digit sums, lexicographically, with either depths);
the replay corpus (267 rounds) and the generated 1,000-player open (9 rounds) pair identically with gacrux's
depths and with these, with networkx's matching and with the compiled one.
"""

from __future__ import annotations

from typing import Any

from gacrux.crosstabledutch import (  # type: ignore[import-untyped]
    HO0,
    HO1,
    HO2,
    HO3,
    HO4,
    HO5,
    QC9,
    crosstable_dutch,
    qdefs,
)


def widened_depths(B: int, S: int) -> dict[str, Any]:
    """The depths of the homogeneous digits HO1-HO5 for B residents and S pairs looked for: gacrux's, widened
    to bounds that hold for every matching (see the module's docstring)."""
    gacrux_ho2 = sum(list(range(B - 1, S, -2))[:S])
    return {
        HO1: max(S, (B - S) // 2) + 1,
        HO2: max(gacrux_ho2, sum(range(B - 2, 0, -2))) + 1,
        HO3: [2] * S,
        HO4: [2] * (B - S),
        HO5: list(range(B, 1, -1)),
    }


class ExactDigits(crosstable_dutch):  # type: ignore[misc]
    """gacrux's Dutch crosstable with every digit of its weights below its depth (QC9, HO1, HO2, HO5 widened)."""

    def init_howeights(self, scorelevel: int, S: int, mdp: int) -> None:
        super().init_howeights(scorelevel, S, mdp)  # gacrux's attributes and display template, then our depths
        self.depth.update(widened_depths(self.B, S))
        self.weight[HO0] = self.cascade_weights(self.depth, qdefs.HO1, qdefs.HO5)

    def cascade_weights(self, depth: dict[str, Any], start: Any, stop: Any) -> int:
        if start is qdefs.QC6 and self.pablevel:  # QC9 holds the bye receiver's unplayed games (< rnd)
            depth[QC9] = max(depth[QC9], self.rnd)
        weight: int = super().cascade_weights(depth, start, stop)
        return weight
