"""Deal difficulty, measured: the fair player's win rate over ``--plays`` independent plays
of each of ``--deals`` winnable deals (`klondike.fair.rate`), the distribution of those
rates, and where the cuts of `klondike.fair.rating.even_cuts` would fall (expert: no play
won; the other three tiers as near equal in size as ties allow).

The deals are the first ``--deals`` deals proved winnable (within ``--proof-states``
positions) among numbers drawn once from a fixed seed, of the app's rules, Normal scoring,
the draw ``--draw``. One JSON line per deal in ``--out`` (``--resume`` skips those there);
on a process pool (``--workers``) or a Dask cluster (``--scheduler``), as bench/fair.py.

    python bench/tiers.py --draw 3 --deals 200 [--plays 8] [--samples 4] [--states 200]
    python bench/tiers.py --draw 3 --summary FILE   # the figures of a results file alone

``--shipped`` rates the shipped pool's deals of the app's Normal instead (fixed numbers,
proved already; ``--every K``: every K-th). The plays share a pool of ``--pool N`` layouts
of each position (`klondike.fair.rate`; default `RATING_POOL`), or nothing with
``--alone``; ``--paired`` rates each deal both ways in one task, one after the other in
turn, and sums up the CPU seconds a rating takes each way, their ratio deal by deal, and
how many deals keep their tier:

    nice python bench/tiers.py --draw 1 --shipped --every 9 --paired --workers 1
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from fair import on_pool
from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.fair import TIERS, Rating, rate, tier_of
from klondike.fair.pool import shipped_pool
from klondike.fair.rating import (
    PLAYS,
    RATING_POOL,
    RATING_SAMPLES,
    RATING_STATES,
    TIER_CUTS,
    even_cuts,
)
from klondike.rules import Mode, rules_for
from klondike.solver import solve


def app_normal(draw: int) -> Mode:
    """The mode this bench rates: the app's rules, Normal scoring, Draw ``draw``."""
    return ("app", draw, "normal")


CANDIDATES: list[int] = random.Random(21).sample(range(DEAL_COUNT), 2000)


def rated(
    deal: int,
    draw: int,
    plays: int,
    samples: int,
    states: int,
    pool: int | None = None,
    paired: bool = False,
    seed: int = 0,
) -> dict[str, Any]:
    """The rating of one deal (of the app's rules, Normal), as a JSON-ready dict; with
    ``paired``, also the rating whose plays share no pool (``alone_*``), taken first or
    second in turn by the deal's number."""
    game = Game(deal, draw, "normal", rules_for("app"))

    def timed(shared: int | None) -> tuple[Rating, float]:
        began = time.process_time()
        rating = rate(game, plays=plays, samples=samples, max_states=states, pool=shared, seed=seed)
        return rating, time.process_time() - began

    if paired and deal % 2:
        alone, alone_cpu = timed(None)
    rating, cpu = timed(pool)
    if paired and not deal % 2:
        alone, alone_cpu = timed(None)
    result = {
        "deal": deal,
        "draw": draw,
        "wins": rating.wins,
        "plays": rating.plays,
        "home": rating.home,
        "seconds": round(rating.seconds, 3),
        "cpu": round(cpu, 3),
        "samples": samples,
        "states": states,
        "pool": pool,
        "seed": seed,
    }
    if paired:
        result |= {"alone_wins": alone.wins, "alone_home": alone.home}
        result["alone_cpu"] = round(alone_cpu, 3)
    return result


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
    parser.add_argument("--samples", type=int, default=RATING_SAMPLES)
    parser.add_argument("--states", type=int, default=RATING_STATES)
    parser.add_argument("--proof-states", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", help="a Dask scheduler's address")
    parser.add_argument("--out", type=Path, help="one JSON line per deal")
    parser.add_argument("--resume", action="store_true", help="skip the deals in --out")
    parser.add_argument("--summary", type=Path, help="only sum up this results file")
    parser.add_argument("--shipped", action="store_true", help="the shipped pool's deals")
    parser.add_argument("--every", type=int, default=1, help="with --shipped: every K-th")
    parser.add_argument("--pool", type=int, default=RATING_POOL, help="shared layouts")
    parser.add_argument("--alone", action="store_true", help="the plays share nothing")
    parser.add_argument("--paired", action="store_true", help="also rate without a pool")
    parser.add_argument("--seed", type=int, default=0, help="the plays are seeded K, K+1, …")
    args = parser.parse_args()
    if args.summary:
        done = [json.loads(line) for line in args.summary.read_text().splitlines() if line]
        print(summary(done, args.draw, args.plays))
        return
    results: list[dict[str, Any]] = []
    if args.resume and args.out and args.out.exists():
        results = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    done = {r["deal"] for r in results}
    if args.shipped:
        mode = app_normal(args.draw)
        deals = sorted(e.deal for e in shipped_pool().all() if e.mode == mode)
        deals = deals[:: args.every][: args.deals]
    else:
        deals = winnable_deals(args.draw, args.deals, args.proof_states)
    todo = [deal for deal in deals if deal not in done]
    out = args.out.open("a") if args.out else None
    pool = None if args.alone else args.pool
    options = (args.draw, args.plays, args.samples, args.states, pool, args.paired, args.seed)
    for result in on_pool(rated, todo, options, args.workers, args.scheduler):
        results.append(result)
        if out:
            out.write(json.dumps(result) + "\n")
            out.flush()
        print(f"deal {result['deal']}: {result['wins']}/{result['plays']}", file=sys.stderr)
    print(summary(results, args.draw, args.plays))
    if args.shipped and args.plays == PLAYS:
        shipped = {e.deal: e.tier for e in shipped_pool().all() if e.mode == mode}
        same = sum(
            tier_of(Rating(r["wins"], r["plays"], r["seconds"], r["home"]), mode)
            == shipped[r["deal"]]
            for r in results
        )
        print(f"  the shipped tier kept: {same} of {len(results)} ({same / len(results):.0%})")


def summary(results: list[dict[str, Any]], draw: int, plays: int) -> str:
    """The histogram of wins, the even cuts, the tiers the cuts in `TIER_CUTS` give,
    and the time a rating took."""
    histogram = {k: sum(1 for r in results if r["wins"] == k) for k in range(plays + 1)}
    keys = [(r["wins"], r["home"]) for r in results]
    seconds = sorted(r["seconds"] for r in results)
    lines = [
        f"Draw {draw}: {len(results)} winnable deals, {plays} fair plays each",
        "  wins per deal: " + ", ".join(f"{k}: {n}" for k, n in histogram.items()),
        f"  even cuts (wins, cards home): {even_cuts(keys)}",
    ]
    if plays == PLAYS:
        tiers = Counter(
            tier_of(Rating(r["wins"], r["plays"], r["seconds"], r["home"]), app_normal(draw))
            for r in results
        )
        lines.append(
            f"  tiers by TIER_CUTS {TIER_CUTS[app_normal(draw)]}: "
            + ", ".join(
                f"{tier} {tiers[tier]} ({tiers[tier] / len(results):.0%})" for tier in TIERS
            )
        )
    lines.append(
        f"  seconds a rating: median {statistics.median(seconds):.1f}, "
        f"p95 {seconds[int(0.95 * (len(seconds) - 1))]:.1f}"
    )
    if all("cpu" in r for r in results):
        lines.append(
            f"  CPU seconds a rating: median {statistics.median(r['cpu'] for r in results):.2f}"
        )
    paired = [r for r in results if "alone_cpu" in r]
    if paired and plays == PLAYS:
        lines.append(paired_summary(paired, draw))
    return "\n".join(lines)


def paired_summary(results: list[dict[str, Any]], draw: int) -> str:
    """Each rating against the one whose plays share no pool, deal by deal: the median CPU
    seconds of each, the median ratio, the deals whose wins, cards home and tier (by
    `TIER_CUTS`) are the same, and the tiers the even cuts of the shared ratings give."""

    def tier(wins: int, home: int) -> str:
        return tier_of(Rating(wins, PLAYS, 0.0, home), app_normal(draw))

    n = len(results)
    same = sum((r["wins"], r["home"]) == (r["alone_wins"], r["alone_home"]) for r in results)
    kept = sum(
        tier(r["wins"], r["home"]) == tier(r["alone_wins"], r["alone_home"]) for r in results
    )
    wins = Counter(r["wins"] for r in results)
    alone = Counter(r["alone_wins"] for r in results)
    ratio = statistics.median(r["alone_cpu"] / r["cpu"] for r in results if r["cpu"])
    return "\n".join(
        [
            f"  paired with plays that share nothing, {n} deals:",
            f"    CPU seconds a rating: median {statistics.median(r['cpu'] for r in results):.2f}"
            f" shared, {statistics.median(r['alone_cpu'] for r in results):.2f} alone;"
            f" median ratio alone / shared {ratio:.2f}",
            f"    the same wins and cards home: {same}; the same tier: {kept} ({kept / n:.0%})",
            "    wins per deal, shared: "
            + ", ".join(f"{k}: {wins[k]}" for k in range(PLAYS + 1))
            + "; alone: "
            + ", ".join(f"{k}: {alone[k]}" for k in range(PLAYS + 1)),
        ]
    )


if __name__ == "__main__":
    main()
