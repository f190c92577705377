"""Solver figures: a fixed set of deals per draw (Normal), one deal at a time.

Prints, per draw, how many deals were proved winnable / unwinnable or left unknown, the
time per deal (median, p95, max) and the positions searched per second.

    python bench/solver.py [--draw 1 3] [--deals 200] [--budget 10] [--states N]
                           [--rules app|classic|solitaer] [--scoring normal]
                           [--set first|second] [--confirm K] [--profile]

The 200 deal numbers of each set are the same every run (drawn once from a fixed seed over
all 2^35 deals; the second set from another seed, for deals no tuning has seen);
``--deals N`` takes the first N of them while developing. ``--confirm K`` checks K of the
deals proved unwinnable (a fixed sample) by second methods: ShootMe's solver (pyksolve)
must not win them (its "Impossible" is an independent proof), and the plain search —
without the Draw 1 help for Draw 3, without cards that can never go home and without the
prunings of single moves the key does not need (``search(relaxed=False, plain=True)``) —
given ten times the budget must not win them either (its "unwinnable" is a second proof).
``KLONDIKE_PURE=1`` runs the pure-Python search where a compiled one is built.
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
from klondike.compiled import runs_compiled
from klondike.estimates import percentile
from klondike.rules import APP, PRESETS, Rules, rules_for
from klondike.solver import search, solve
from klondike.solver.survey import confirm_loss

DEALS: list[int] = random.Random(9).sample(range(DEAL_COUNT), 200)
SECOND_DEALS: list[int] = random.Random(20261202).sample(range(DEAL_COUNT), 200)
SETS = {"first": DEALS, "second": SECOND_DEALS}


def run(
    draw: int,
    scoring: str,
    deals: list[int],
    budget: float,
    states: int | None,
    rules: Rules = APP,
) -> list[int]:
    """Solve each deal, print its line and the summary; the deals proved unwinnable."""
    unwinnable: list[int] = []
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    seconds: list[float] = []
    searched = 0
    for deal in deals:
        solution = solve(Game(deal, draw, scoring, rules), budget=budget, max_states=states)
        counts[solution.verdict] += 1
        if solution.verdict == "unwinnable":
            unwinnable.append(deal)
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
        f"search {'compiled (mypyc)' if runs_compiled(search) else 'pure Python'}"
    )
    return unwinnable


def confirm(
    draw: int, scoring: str, deals: list[int], budget: float, count: int, rules: Rules
) -> None:
    """Check a fixed sample of ``count`` unwinnable verdicts by a second method
    (`klondike.solver.survey.confirm_loss`: the plain search with ten times the budget, and
    pyksolve where it plays these rules)."""
    sample = random.Random(draw).sample(deals, min(count, len(deals)))
    proved = 0
    for deal in sample:
        one = confirm_loss(deal, draw, scoring, 10 * budget, rules.key)
        print(f"  confirm {deal:>11}  plain search: {one.plain:<10}  pyksolve: {one.pyksolve}")
        if one.contradicted:
            raise SystemExit(f"deal {deal}: the unwinnable verdict is contradicted")
        proved += one.proved_again
    print(
        f"  {len(sample)} unwinnable verdicts checked, none contradicted; "
        f"{proved} proved again by a second method"
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
    parser.add_argument("--set", choices=sorted(SETS), default="first", help="the deal set")
    parser.add_argument("--confirm", type=int, default=0, metavar="K", help="confirm K losses")
    args = parser.parse_args()
    deals = SETS[args.set][args.start : args.start + args.deals]
    started = time.monotonic()
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    rules = rules_for(args.rules)
    scoring = args.scoring or rules.scorings[0]
    for draw in args.draw:
        if draw in rules.draws:
            lost = run(draw, scoring, deals, args.budget, args.states, rules)
            if args.confirm:
                confirm(draw, scoring, lost, args.budget, args.confirm, rules)
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    print(f"total {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
