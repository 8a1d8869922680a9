"""Pairing a round: the arbiter's draft, the engines' door, a pairing program's output as the next round."""
