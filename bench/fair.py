"""The fair player's strength: it plays fixed deals to the end, deciding from what it can
see, and the win rate is counted.

Deals ``--start`` .. ``--start + --deals - 1`` of the app's rules, Normal scoring, the
draw ``--draw``; each decision solves ``--samples`` layouts, each under ``--states``
positions (a count, so the result does not depend on the machine). A game ends when it is
won, when the fair player has no move or every layout is proved lost, or after
``--max-decisions`` decisions (a loss); `klondike.fair.play_out` plays it.
Games run on a process pool (``--workers``) or a Dask cluster (``--scheduler``). Each
game's result is one JSON line in ``--out`` (``--resume`` skips the deals already there).

Prints the win rate with its 95% Wilson interval, seconds per decision and per game;
``--compare FILE`` (another run's ``--out``) adds the games won by one run only, deal by
deal, and the exact two-sided McNemar p-value of the difference.

    python bench/fair.py --draw 3 --deals 200 [--samples 16] [--states 3000] [--out F]
    python bench/fair.py --draw 3 --summary F [--compare G]   # the figures of a file alone
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from klondike import Game
from klondike.estimates import wilson_interval
from klondike.fair import play_out


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


def mcnemar(only_here: int, only_there: int) -> float:
    """The exact two-sided McNemar p-value: how likely so uneven a split of the games won
    by one run only would be if both runs were as strong."""
    n = only_here + only_there
    if n == 0:
        return 1.0
    k = min(only_here, only_there)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def compared(results: list[dict[str, Any]], other: Path) -> str:
    """The deals both runs played, each run's wins on them, and the games won by one only."""
    theirs = {r["deal"]: r["won"] for r in map(json.loads, other.read_text().splitlines()) if r}
    ours = {r["deal"]: r["won"] for r in results}
    both = sorted(set(ours) & set(theirs))
    here = sum(ours[d] and not theirs[d] for d in both)
    there = sum(theirs[d] and not ours[d] for d in both)
    return (
        f"against {other.name} on the same {len(both)} deals: "
        f"{sum(ours[d] for d in both)} won here, {sum(theirs[d] for d in both)} there; "
        f"{here} only here, {there} only there (McNemar p = {mcnemar(here, there):.2f})"
    )


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
    parser.add_argument("--summary", type=Path, help="print the figures of a results file")
    parser.add_argument("--compare", type=Path, help="another run's results, deal by deal")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    if args.summary:
        results = [json.loads(line) for line in args.summary.read_text().splitlines() if line]
        args.deals = 0
        args.draw, args.samples, args.states = (
            results[0][k] for k in ("draw", "samples", "states")
        )
    elif args.resume and args.out and args.out.exists():
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
    if args.compare:
        print(compared(results, args.compare))


if __name__ == "__main__":
    main()
