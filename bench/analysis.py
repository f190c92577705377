"""How long a review takes (docs/review.md): fixed finished games of 60, 120 and 200 moves,
analysed with one worker (this process), timed per part: the full-information verdicts and
the fair shares.

Each game is a deal of the app's rules, Draw 1 Normal, played by the solver's heuristic
(`best_move`, no search) with one move in five chosen at random (seeded), so that it goes
astray as a player does; a game that runs out of moves first is played from the next deal.
The bounds are the review's defaults (counts, so the answers do not depend on the machine).
Prints one row per game and whether the search ran compiled.

    python bench/analysis.py [--moves 60 120 200] [--deal 1] [--samples 24] [--states 50000]
"""

from __future__ import annotations

import argparse
import random
import time

from klondike import Game
from klondike.compiled import COMPILED_SOURCES, runs_compiled
from klondike.review import Analysis, Settings
from klondike.solver import best_move, search


def played_game(moves: int, deal: int) -> tuple[Game, list[str]]:
    """A game of ``moves`` moves from the first deal from ``deal`` on that lasts as long."""
    while True:
        start = Game(deal, 1, "normal")
        game, line = start.copy(), []
        chooser = random.Random(deal)
        while len(line) < moves and not game.won:
            options = game.legal_moves()
            if not options:
                break
            move = best_move(game)
            if move is None or chooser.random() < 0.2:
                move = chooser.choice(options)
            line.append(str(game.play(move)))
        if len(line) == moves:
            return start, line
        deal += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, nargs="+", default=[60, 120, 200])
    parser.add_argument("--deal", type=int, default=1, help="the first deal tried")
    parser.add_argument("--samples", type=int, default=Settings().samples)
    parser.add_argument("--states", type=int, default=Settings().verdict_states)
    args = parser.parse_args()
    settings = Settings(verdict_states=args.states, samples=args.samples)
    print(f"compiled search: {runs_compiled(search)} ({len(COMPILED_SOURCES)} modules); {settings}")
    print(
        "moves  deal         searches  verdicts s  shares s  total s  lost at"
        "  classes (best/good/inaccuracy/mistake/blunder)  accuracy  lost move"
    )
    for count in args.moves:
        start, line = played_game(count, args.deal)
        work = Analysis.of(start, line, settings=settings)
        seconds = {"verdicts": 0.0, "shares": 0.0}
        while True:
            part = work.part
            began = time.monotonic()
            if not work.step():
                break
            seconds[part] += time.monotonic() - began
        review = work.review()
        print(
            f"{count:5}  {start.deal:11}  {review['summary']['searches']:8}"
            f"  {seconds['verdicts']:10.1f}  {seconds['shares']:8.1f}"
            f"  {seconds['verdicts'] + seconds['shares']:7.1f}"
            f"  {review['lost_at'] or review['lost_between'] or '-'!s:>7}"
            f"  {'/'.join(str(n) for n in review['summary']['classes'].values()):>47}"
            f"  {review['summary']['accuracy']:8}"
            f"  {review['lost'] and (review['lost']['class'], review['lost']['why']['kind'])}",
            flush=True,
        )


if __name__ == "__main__":
    main()
