"""`echiquier COMMAND …`: parses the command line, then imports and runs the one module the command needs.

COMMANDS names, for each command, the function that runs it ("module:function", called with the parsed
arguments, returning the exit status); the module is imported once the command is known. So `--help` loads
nothing of the project but app.settings and i18n (their defaults and choices), `check-trf` the TRF linter alone,
and only `serve` the web stack (Litestar, uvicorn, Jinja2): bench/cli_start.py measures each command's start.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path

from app.settings import DEFAULT_REDIS, default_events
from cli import VERSION
from i18n import LANGUAGES

#: tournament.pairing.engines.SYSTEMS (tests/cli checks they agree), spelled here: that module loads the engines.
SYSTEMS = ("dutch", "berger")

Parser = argparse.ArgumentParser
#: command: (the function that runs it, its help line)
COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("cli.serve:serve", "serve the events folder"),
    "import-trf": ("cli.data:run", "create or fill a tournament from a FIDE TRF file"),
    "check-trf": ("cli.check_trf:run", "list the problems of a TRF file (line, column, explanation)"),
    "pair-trf": ("cli.pair_trf:run", "pair the next round of a TRF file (JaVaFo / bbpPairings output)"),
    "export-trf": ("cli.data:run", "write a tournament as a TRF file (results entered on screens included)"),
    "import-papi": ("cli.data:run", "create or re-sync a tournament from a Papi (.papi) file"),
    "import-chessevent": ("cli.data:run", "import players from a saved ChessEvent JSON file"),
    "import-pairing": ("cli.import_pairing:run", "publish the next round from a pairing program's -p output file "
                       "(JaVaFo, bbpPairings)"),
    "standings": ("cli.data:run", "standings with FIDE tie-breaks, as JSON or CSV"),
    "pair": ("cli.pair:run", "pair the next round of a tournament in an event file and publish it"),
    "publish": ("cli.publish:run", "publish an event's public site to an rclone remote"),
    "link-papi": ("cli.papi:run", "link a tournament to its Papi file: re-synced when Papi saves it, results "
                  "written back"),
    "export-papi": ("cli.papi:run_export", "write a tournament as a new Papi (.papi) file, e.g. for the FFE"),
    "import-ratings": ("cli.ratings:run", "import FIDE's rating list (TXT or XML, zipped or not) into the events "
                       "folder, where the player forms look players up"),
}


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535 (the system would silently take a larger number modulo 65536)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text}")
    return value


def events_arg(p: Parser, *, event: bool = True) -> None:
    p.add_argument("--events", type=Path, default=default_events(),
                   help="events folder (default: %(default)s; see README, 'Command line')")
    if event:
        p.add_argument("--event", required=True, help="event id (file name without .db)")


def tournament_arg(p: Parser, default: str = "the only one", *, required: bool = False) -> None:
    p.add_argument("--tournament", required=required,
                   help="tournament uniq id or name" + ("" if required else f" (default: {default})"))


def serve_args(p: Parser) -> None:
    events_arg(p, event=False)
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: %(default)s)")
    p.add_argument("--port", type=port_number, default=8080, help="port, 1 to 65535 (default: %(default)s)")
    p.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0],
                   help="default language of the pages, when neither the visitor nor the event chose one "
                        "(default: %(default)s)")
    p.add_argument("--host-name", action="append", metavar="NAME",
                   help="a name this server is reached by (repeatable; loopback names and the LAN address are"
                        " always its own): the server machine is admin only under its own names")
    p.add_argument("--forwarded-allow-ips", metavar="IPS",
                   help="behind a reverse proxy: the proxy addresses whose X-Forwarded-For/-Proto are trusted"
                        " (comma-separated, or *); nobody is admin by address then, only by the admin password")
    p.add_argument("--no-cache", action="store_true", help="re-read and re-render on every request "
                   "(the naive baseline of the benchmarks; never in a hall)")
    p.add_argument("--workers", type=positive, default=1, help="worker processes (default: 1; more need redis-server)")
    p.add_argument("--redis", default=None, help=f"Redis of the workers (default: {DEFAULT_REDIS})")


def import_trf_args(p: Parser) -> None:
    p.add_argument("file", type=Path)
    events_arg(p)
    p.add_argument("--tournament", help="tournament name (default: the TRF 012 line)")


def file_arg(p: Parser) -> None:
    p.add_argument("file", type=Path)


def pair_trf_args(p: Parser) -> None:
    p.add_argument("file", type=Path)
    p.add_argument("-p", "--pairings", type=Path, help="output file (default: standard output)")
    p.add_argument("--system", choices=SYSTEMS, help="dutch or berger (default: from the 092/192 record)")
    p.add_argument("--baku", action="store_true", default=None, help="Baku acceleration (C.04.5.1)")


def export_trf_args(p: Parser) -> None:
    events_arg(p)
    tournament_arg(p, required=True)
    p.add_argument("--trf26", action="store_true", help="TRF-2026 (142, 152, 192, 202, 240 records)")
    p.add_argument("--output", "-o", type=Path, help="file to write (default: standard output)")


def export_papi_args(p: Parser) -> None:
    events_arg(p)
    tournament_arg(p)
    p.add_argument("--output", "-o", type=Path, required=True, help="the .papi file to write (never overwritten)")


def import_file_args(source: str) -> Callable[[Parser], None]:
    def add(p: Parser) -> None:
        p.add_argument("file", type=Path)
        events_arg(p)
        tournament_arg(p, f"the {source} name")
    return add


def import_pairing_args(p: Parser) -> None:
    p.add_argument("file", type=Path)
    events_arg(p)
    tournament_arg(p)
    p.add_argument("--confirm", action="store_true", help="publish although results of earlier rounds are missing")


def standings_args(p: Parser) -> None:
    events_arg(p)
    tournament_arg(p)
    p.add_argument("--tiebreaks", help='e.g. "BH/C1,BH,SB,PS" (default: the tournament\'s list)')
    p.add_argument("--edition", choices=("2024-08", "2026-03"), help="C.07 edition (default: the tournament's)")
    p.add_argument("--round", type=int, help="after this round (default: the last complete one)")
    p.add_argument("--format", choices=("json", "csv"), default="json")


def pair_args(p: Parser) -> None:
    events_arg(p)
    tournament_arg(p)
    p.add_argument("--force", action="store_true", help="pair although earlier games have no result")
    p.add_argument("--declared-lineups", action="store_true",
                   help="team tournament: field each team's declared board order (the games are created at once)")


def import_ratings_args(p: Parser) -> None:
    p.add_argument("file", type=Path)
    events_arg(p, event=False)


def publish_args(p: Parser) -> None:
    events_arg(p)
    p.add_argument("--remote", help="rclone destination name:path (default: the event's 'publish to' setting)")
    p.add_argument("--once", action="store_true", help="publish once and stop (default: keep following changes)")


ARGUMENTS: dict[str, Callable[[Parser], None]] = {
    "serve": serve_args, "import-trf": import_trf_args, "check-trf": file_arg, "pair-trf": pair_trf_args,
    "export-trf": export_trf_args, "import-papi": import_file_args("Papi"),
    "import-chessevent": import_file_args("ChessEvent"), "import-pairing": import_pairing_args,
    "standings": standings_args, "pair": pair_args, "publish": publish_args, "link-papi": import_file_args("Papi"),
    "export-papi": export_papi_args,
    "import-ratings": import_ratings_args,
}


def parser() -> Parser:
    top = Parser(prog="echiquier", description="Chess tournament arbiter event server.")
    top.add_argument("--version", action="version", version=f"echiquier {VERSION}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (_target, text) in COMMANDS.items():
        ARGUMENTS[name](sub.add_parser(name, help=text, description=text))
    return top


def runner(command: str) -> Callable[[argparse.Namespace], int]:
    """The function that runs `command`, its module imported now (and not before)."""
    module, _, function = COMMANDS[command][0].partition(":")
    found: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), function)
    return found


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if not arguments and getattr(sys, "frozen", False):  # the one-file build started by a double click: serve
        arguments = ["serve"]
    args = parser().parse_args(arguments)
    try:
        return int(runner(args.command)(args))
    except KeyboardInterrupt:  # Ctrl+C while a command loads or runs: stop quietly
        return 0


if __name__ == "__main__":
    sys.exit(main())
