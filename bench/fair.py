"""The fair player's strength: it plays fixed deals to the end, deciding from what it can
see, and the win rate is counted.

Deals ``--start`` .. ``--start + --deals - 1`` of the app's rules, Normal scoring, the
draw ``--draw``; each decision solves ``--samples`` layouts, each under ``--states``
positions (a count, so the result does not depend on the machine). A game ends when it is
won, when the fair player has no move or every layout is proved lost, or after
``--max-decisions`` decisions (a loss); `klondike.fair.play_out` plays it.
Games run on a process pool (``--workers``) or a Dask cluster (``--scheduler``). Each
game's result is one JSON line in ``--out`` (``--resume`` skips the deals already there).

Prints the win rate with its 95% Wilson interval, seconds per decision and per game.

    python bench/fair.py --draw 3 --deals 200 [--samples 16] [--states 3000] [--out F]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from klondike import Game
from klondike.fair import play_out
from klondike.solver.survey import wilson_interval


def play(deal: int, draw: int, samples: int, states: int, max_decisions: int) -> dict[str, Any]:
    """One game of ``deal`` played by the fair player; what happened."""
    result = play_out(
        Game(deal, draw, "normal"),
        samples=samples,
        max_states=states,
        max_decisions=max_decisions,
    )
    return {
        "deal": deal,
        "draw": draw,
        "won": result.won,
        "decisions": result.decisions,
        "moves": len(result.moves),
        "seconds": round(result.seconds, 3),
        "decision_median": round(result.decision_median, 4),
        "samples": samples,
        "states": states,
    }


def on_pool(
    task: Callable[..., dict[str, Any]],
    items: list[int],
    options: tuple[Any, ...],
    workers: int,
    scheduler: str | None,
) -> Iterator[dict[str, Any]]:
    """``task(item, *options)`` for every item, on a process pool of ``workers`` or on the
    Dask cluster at ``scheduler``, in the order they finish."""
    if scheduler:
        from distributed import Client
        from distributed import as_completed as dask_completed  # type: ignore[attr-defined]

        with Client(scheduler) as client:  # type: ignore[no-untyped-call]
            futures = [client.submit(task, item, *options, pure=False) for item in items]
            for future in dask_completed(futures):
                yield future.result()
        return
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(task, item, *options) for item in items]
        for future in as_completed(futures):
            yield future.result()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--states", type=int, default=3_000)
    parser.add_argument("--max-decisions", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="a Dask scheduler's address")
    parser.add_argument("--out", type=Path, help="one JSON line per game")
    parser.add_argument("--resume", action="store_true", help="skip the deals in --out")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    if args.resume and args.out and args.out.exists():
        results = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    done = {r["deal"] for r in results}
    todo = [d for d in range(args.start, args.start + args.deals) if d not in done]
    out = args.out.open("a") if args.out else None
    options = (args.draw, args.samples, args.states, args.max_decisions)
    for result in on_pool(play, todo, options, args.workers, args.scheduler):
        results.append(result)
        if out:
            out.write(json.dumps(result) + "\n")
            out.flush()
        print(
            f"deal {result['deal']}: {'won' if result['won'] else 'lost'} "
            f"in {result['decisions']} decisions, {result['seconds']:.1f} s",
            file=sys.stderr,
        )
    wins = sum(r["won"] for r in results)
    low, high = wilson_interval(wins, len(results))
    per_decision = statistics.median(r["decision_median"] for r in results)
    per_game = statistics.median(r["seconds"] for r in results)
    print(
        f"Draw {args.draw}: {wins}/{len(results)} won, {wins / len(results):.1%} "
        f"(95% {low:.1%}–{high:.1%}); median {per_decision:.2f} s a decision, "
        f"{per_game:.1f} s a game; {args.samples} layouts × {args.states} positions"
    )


if __name__ == "__main__":
    main()
