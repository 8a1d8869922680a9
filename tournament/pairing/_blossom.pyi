# The compiled matching (_blossom.c, built by setup.py): its one function, for mypy.
from typing_extensions import Buffer

def max_weight_matching(n: int, ends: Buffer, weights: Buffer, width: int, maxcardinality: bool, /) -> list[int]: ...
