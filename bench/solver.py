"""Solver figures: a fixed set of deals per draw (Normal), one deal at a time.

Prints, per draw, how many deals were proved winnable / unwinnable or left unknown, the
time per deal (median, p95, max) and the positions searched per second.

    python bench/solver.py [--draw 1 3] [--deals 200] [--budget 10] [--states N]
                           [--rules app|classic|solitaer] [--scoring normal]
                           [--profile]

The 200 deal numbers are the same every run (drawn from a fixed seed over all 2^35 deals);
``--deals N`` takes the first N of them while developing.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import time

from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.rules import APP, PRESETS, Rules, rules_for
from klondike.solver import search, solve

DEALS: list[int] = random.Random(9).sample(range(DEAL_COUNT), 200)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def run(
    draw: int,
    scoring: str,
    deals: list[int],
    budget: float,
    states: int | None,
    rules: Rules = APP,
) -> None:
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    seconds: list[float] = []
    searched = 0
    for deal in deals:
        solution = solve(Game(deal, draw, scoring, rules), budget=budget, max_states=states)
        counts[solution.verdict] += 1
        seconds.append(solution.seconds)
        searched += solution.states
        print(
            f"  deal {deal:>11}  {solution.verdict:<10} {solution.seconds:7.3f} s "
            f"{solution.states:>9} positions",
            flush=True,
        )
    n = len(deals)
    shares = "  ".join(f"{k} {v} ({100 * v / n:.1f}%)" for k, v in counts.items())
    print(f"{rules.name} Draw {draw} {scoring}, {n} deals, budget {budget} s: {shares}")
    print(
        f"  time per deal: median {statistics.median(seconds):.3f} s, "
        f"p95 {percentile(seconds, 0.95):.3f} s, max {max(seconds):.3f} s; "
        f"{searched / max(sum(seconds), 1e-9):,.0f} positions/s; load {os.getloadavg()[0]:.2f}; "
        f"search {'pure Python' if search.__file__.endswith('.py') else 'compiled (mypyc)'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", type=int, nargs="+", choices=[1, 3], default=[1, 3])
    parser.add_argument("--scoring", choices=["normal", "vegas", "none"])
    parser.add_argument("--rules", choices=[r.key for r in PRESETS], default="app")
    parser.add_argument("--deals", type=int, default=200, help="the first N of the 200 deals")
    parser.add_argument("--start", type=int, default=0, help="skip the first K deals")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--states", type=int, help="positions per deal")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()
    deals = DEALS[args.start : args.start + args.deals]
    started = time.monotonic()
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    rules = rules_for(args.rules)
    scoring = args.scoring or rules.scorings[0]
    for draw in args.draw:
        if draw in rules.draws:
            run(draw, scoring, deals, args.budget, args.states, rules)
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    print(f"total {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
