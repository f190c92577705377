"""The ``klondike`` command: start the game in the browser, or inspect a deal.

klondike [--host H] [--port P] [--no-browser] [--db PATH]   start the game
klondike show CODE                                          print a deal's layout
klondike stats [--db PATH]                                  print the statistics
klondike solve CODE|--snapshot FILE [--budget S] [--states N]  solve a deal or position
klondike export CODE --format solvitaire|shootme|json       write a deal for other solvers
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .errors import KlondikeError
from .game import Game


def build_parser() -> argparse.ArgumentParser:
    """The command line: serving options at the top, ``show`` and ``stats`` as subcommands."""
    parser = argparse.ArgumentParser(
        prog="klondike",
        description="Klondike Solitaire in your browser. With no command, start the game: "
        "a local server, opened in the default browser.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=8765,
        help="port to listen on; if taken, the next free one (default 8765)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open the game in the browser"
    )
    parser.add_argument(
        "--db", metavar="PATH", help="the database file (default: in your user data directory)"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    show = commands.add_parser("show", help="print the layout of a game code")
    show.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    stats = commands.add_parser("stats", help="print the statistics")
    stats.add_argument("--db", metavar="PATH", help="the database file")
    solve = commands.add_parser(
        "solve", help="prove a deal or position winnable (with the line) or unwinnable"
    )
    solve.add_argument("code", nargs="?", help="a game code such as KL1-D1N-AAAAAAG")
    solve.add_argument("--snapshot", metavar="FILE", help="a game snapshot (JSON) to solve")
    solve.add_argument(
        "--budget", type=float, default=10.0, metavar="SECONDS", help="time limit (default 10)"
    )
    solve.add_argument("--states", type=int, metavar="N", help="limit on positions searched")
    export = commands.add_parser("export", help="write a deal in another solver's format")
    export.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    export.add_argument("--format", choices=["solvitaire", "shootme", "json"], default="json")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "show":
        try:
            print(Game.from_code(args.code))
        except KlondikeError as err:
            print(f"klondike: {err}", file=sys.stderr)
            return 2
        return 0
    if args.command in ("solve", "export"):
        from .solver.commands import export_command, solve_command

        command = solve_command if args.command == "solve" else export_command
        return command(args)
    if args.command == "stats":
        from .web.stats import print_stats

        return print_stats(args.db)
    from .web.server import serve

    return serve(host=args.host, port=args.port, open_browser=not args.no_browser, db=args.db)


if __name__ == "__main__":
    sys.exit(main())
