"""`echiquier serve | import-trf | pair-trf | ...`: the command line (serving itself is cli/serve.py)."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from pathlib import Path
from typing import Any

from app.imports import import_trf
from app.settings import DEFAULT_REDIS, ROOT
from cli.data import COMMANDS, add_commands, run
from cli.pair import add_pair_command, run_pair
from cli.papi import add_papi_commands, run_papi
from cli.publish import add_publish_command, run_publish
from i18n import LANGUAGES
from tournament.errors import EchiquierError
from tournament.formats.trf import decode, parse_trf
from tournament.pairing import SYSTEMS, pair_next_round
from tournament.pairing.trf_input import pairing_input


def pair_trf(data: bytes, filename: str, system: str | None, baku: bool | None) -> list[str]:
    """The next round of a TRF file in the JaVaFo / bbpPairings output convention (see docs/pairing.md)."""
    trf, errors = parse_trf(decode(data))
    if errors:
        raise EchiquierError("\n".join(f"{filename}: {e}" for e in errors) + "\nNothing was paired.")
    chosen = system or ("berger" if trf.tournament_type == "round_robin" else "dutch")
    return pair_next_round(pairing_input(trf, baku=baku), chosen).engine_lines()


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="echiquier", description="Chess tournament arbiter event server.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="serve the events folder")
    p_serve.add_argument("--events", default=str(ROOT / "events"), help="events folder (default: ./events)")
    p_serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: 0.0.0.0)")
    p_serve.add_argument("--port", type=int, default=8080, help="port (default: 8080)")
    p_serve.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0],
                         help="default language of the pages, when neither the visitor nor the event chose one "
                              "(default: en)")
    p_serve.add_argument("--host-name", action="append", metavar="NAME",
                         help="a name this server is reached by (repeatable; loopback names and the LAN address are"
                         " always its own): the server machine is admin only under its own names")
    p_serve.add_argument("--forwarded-allow-ips", metavar="IPS",
                         help="behind a reverse proxy: the proxy addresses whose X-Forwarded-For/-Proto are trusted"
                         " (comma-separated, or *); nobody is admin by address then, only by the admin password")
    p_serve.add_argument("--no-cache", action="store_true", help="re-read and re-render on every request "
                         "(the naive baseline of the benchmarks; never in a hall)")
    p_serve.add_argument("--workers", type=positive, default=1,
                         help="worker processes (default: 1; more need redis-server)")
    p_serve.add_argument("--redis", default=None, help=f"Redis of the workers (default: {DEFAULT_REDIS})")
    p_import = sub.add_parser("import-trf", help="create or fill a tournament from a FIDE TRF file")
    p_import.add_argument("file", type=Path)
    p_import.add_argument("--events", default=str(ROOT / "events"))
    p_import.add_argument("--event", required=True, help="event id (file name without .db)")
    p_import.add_argument("--tournament", help="tournament name (default: the TRF 012 line)")
    p_pair = sub.add_parser("pair-trf", help="pair the next round of a TRF file (JaVaFo / bbpPairings output)")
    p_pair.add_argument("file", type=Path)
    p_pair.add_argument("-p", "--pairings", type=Path, help="output file (default: standard output)")
    p_pair.add_argument("--system", choices=SYSTEMS, help="dutch or berger (default: from the 092/192 record)")
    p_pair.add_argument("--baku", action="store_true", default=None, help="Baku acceleration (C.04.5.1)")
    add_commands(sub, str(ROOT / "events"))
    add_pair_command(sub, str(ROOT / "events"))
    add_publish_command(sub, str(ROOT / "events"))
    add_papi_commands(sub, str(ROOT / "events"))
    args = parser.parse_args(argv)
    if args.command == "pair":
        return run_pair(args)
    if args.command == "publish":
        return run_publish(args)
    if args.command == "link-papi":
        return run_papi(args)
    if args.command == "serve":  # the web stack is loaded for this command only (each other one starts fast)
        serving: Any = importlib.import_module("cli.serve")
        return int(serving.serve(args))
    if args.command in COMMANDS:
        return run(args)
    if args.command == "pair-trf":
        try:
            text = "\n".join(pair_trf(args.file.read_bytes(), args.file.name, args.system, args.baku)) + "\n"
            if args.pairings is None:
                sys.stdout.write(text)
            else:
                args.pairings.write_text(text)
        except (EchiquierError, OSError) as exc:
            print(f"echiquier: {exc}", file=sys.stderr)
            return 1
        return 0
    try:
        data = args.file.read_bytes()
        print(asyncio.run(import_trf(data, args.file.name, Path(args.events), args.event, args.tournament)))
    except (EchiquierError, OSError) as exc:
        print(f"echiquier: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
