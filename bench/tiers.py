"""Deal difficulty, measured: the fair player's win rate over ``--plays`` independent plays
of each of ``--deals`` winnable deals (`klondike.fair.rate`), the distribution of those
rates, and where cuts into four tiers of about equal size would fall.

The deals are the first ``--deals`` deals proved winnable (within ``--proof-states``
positions) among numbers drawn once from a fixed seed, of the app's rules, Normal scoring,
the draw ``--draw``. One JSON line per deal in ``--out`` (``--resume`` skips those there);
on a process pool (``--workers``) or a Dask cluster (``--scheduler``), as bench/fair.py.

    python bench/tiers.py --draw 3 --deals 200 --plays 8 [--samples 8] [--states 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from fair import on_pool
from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.fair import rate
from klondike.solver import solve

CANDIDATES: list[int] = random.Random(21).sample(range(DEAL_COUNT), 2000)


def rated(deal: int, draw: int, plays: int, samples: int, states: int) -> dict[str, Any]:
    """The rating of one deal, as a JSON-ready dict."""
    rating = rate(Game(deal, draw, "normal"), plays=plays, samples=samples, max_states=states)
    return {
        "deal": deal,
        "draw": draw,
        "wins": rating.wins,
        "plays": rating.plays,
        "home": rating.home,
        "seconds": round(rating.seconds, 3),
        "samples": samples,
        "states": states,
    }


def winnable_deals(draw: int, count: int, proof_states: int) -> list[int]:
    """The first ``count`` candidates the solver proves winnable."""
    found: list[int] = []
    for deal in CANDIDATES:
        if solve(Game(deal, draw, "normal"), max_states=proof_states).verdict == "winnable":
            found.append(deal)
            if len(found) == count:
                return found
    raise SystemExit(f"only {len(found)} of {len(CANDIDATES)} candidates proved winnable")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--plays", type=int, default=8)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--states", type=int, default=1_000)
    parser.add_argument("--proof-states", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="a Dask scheduler's address")
    parser.add_argument("--out", type=Path, help="one JSON line per deal")
    parser.add_argument("--resume", action="store_true", help="skip the deals in --out")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    if args.resume and args.out and args.out.exists():
        results = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    done = {r["deal"] for r in results}
    deals = winnable_deals(args.draw, args.deals, args.proof_states)
    todo = [deal for deal in deals if deal not in done]
    out = args.out.open("a") if args.out else None
    options = (args.draw, args.plays, args.samples, args.states)
    for result in on_pool(rated, todo, options, args.workers, args.scheduler):
        results.append(result)
        if out:
            out.write(json.dumps(result) + "\n")
            out.flush()
        print(f"deal {result['deal']}: {result['wins']}/{result['plays']}", file=sys.stderr)
    rates = sorted(r["wins"] / r["plays"] for r in results)
    histogram = {k: sum(1 for r in results if r["wins"] == k) for k in range(args.plays + 1)}
    seconds = sorted(r["seconds"] for r in results)
    cuts = statistics.quantiles(rates, n=4, method="inclusive") if len(rates) > 1 else []
    print(f"Draw {args.draw}: {len(results)} winnable deals, {args.plays} fair plays each")
    print("  wins per deal: " + ", ".join(f"{k}: {n}" for k, n in histogram.items()))
    print("  quartile cuts of the win rate: " + ", ".join(f"{cut:.0%}" for cut in cuts))
    print(
        f"  seconds a rating: median {statistics.median(seconds):.1f}, "
        f"p95 {seconds[int(0.95 * (len(seconds) - 1))]:.1f}"
    )


if __name__ == "__main__":
    main()
