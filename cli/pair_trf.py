"""`echiquier pair-trf FILE [-p OUT]`: the next round of a TRF file in the JaVaFo / bbpPairings output convention
(docs/pairing.md); no event file is involved.

Exit status as bbpPairings gives it, so that a caller can tell the cases apart: 0 paired, 1 no pairing respects the
rules (the file is valid), 3 an invalid file (its problems on standard error), 5 a file that cannot be read or
written. Nothing is written but on success.
"""

from __future__ import annotations

import argparse
import sys

from tournament.errors import Conflict, EchiquierError
from tournament.formats.trf import decode, parse_trf
from tournament.pairing.engines import pair_next_round
from tournament.pairing.trf_input import pairing_input

PAIRED, NO_PAIRING, INVALID_INPUT, FILE_ACCESS = 0, 1, 3, 5


def pair_trf(data: bytes, filename: str, system: str | None, baku: bool | None) -> list[str]:
    trf, errors = parse_trf(decode(data))
    if errors:
        raise EchiquierError("%s\nNothing was paired.", "\n".join(f"{filename}: {e}" for e in errors))
    chosen = system or ("berger" if trf.tournament_type == "round_robin" else "dutch")
    return pair_next_round(pairing_input(trf, baku=baku), chosen).engine_lines()


def run(args: argparse.Namespace) -> int:
    try:
        text = "\n".join(pair_trf(args.file.read_bytes(), args.file.name, args.system, args.baku)) + "\n"
        if args.pairings is None:
            sys.stdout.write(text)
        else:
            args.pairings.write_text(text)
    except (EchiquierError, OSError) as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return NO_PAIRING if isinstance(exc, Conflict) else INVALID_INPUT if isinstance(exc, EchiquierError) \
            else FILE_ACCESS
    return PAIRED
