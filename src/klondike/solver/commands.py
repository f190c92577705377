"""The ``klondike solve`` and ``klondike export`` commands: the solver's data, formatted."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import KlondikeError
from ..game import Game
from .api import describe_line, solve
from .formats import to_shootme, to_solvitaire


def _fail(message: str) -> int:
    print(f"klondike: {message}", file=sys.stderr)
    return 2


def solve_command(args: argparse.Namespace) -> int:
    """Print the verdict, the positions searched, the time and the numbered line."""
    if (args.code is None) == (args.snapshot is None):
        return _fail("give a game code or --snapshot FILE (one of them)")
    if args.budget < 0:
        return _fail("--budget must be at least 0 seconds")
    if args.states is not None and args.states < 1:
        return _fail("--states must be at least 1")
    try:
        if args.snapshot is not None:
            try:
                data = json.loads(Path(args.snapshot).read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                return _fail(f"cannot read the snapshot {args.snapshot}: {err}")
            game = Game.from_snapshot(data)
        else:
            game = Game.from_code(args.code)
    except KlondikeError as err:
        return _fail(str(err))
    solution = solve(game, budget=args.budget, max_states=args.states)
    print(
        f"{game.code}: {solution.verdict} "
        f"({solution.states} positions searched in {solution.seconds:.2f} s)"
    )
    for number, (move, what) in enumerate(
        zip(solution.line, describe_line(game, solution.line), strict=True), start=1
    ):
        print(f"{number:4}. {move!s:<6} {what}")
    return 0


def export_command(args: argparse.Namespace) -> int:
    """Write a deal for Solvitaire, ShootMe's Klondike-Solver, or as the engine's JSON."""
    try:
        game = Game.from_code(args.code)
    except KlondikeError as err:
        return _fail(str(err))
    if args.format == "solvitaire":
        print(json.dumps(to_solvitaire(game)))
    elif args.format == "shootme":
        print(to_shootme(game))
    else:
        print(json.dumps(game.snapshot()))
    return 0
