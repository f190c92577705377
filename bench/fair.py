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

``--reveals N`` plays with the choices judged N choices deep, each made from what the
player sees then (`klondike.fair.decide`'s ``reveals``); ``--paired`` plays each deal with
both players, today's and that one, one after the other in the same process, and prints
each one's wins, interval and median seconds a decision, and McNemar's p on the games won
by one only. ``--new-set`` takes the deals from `NEW_SET` (400 a draw, drawn once from a
fixed seed, never tuned on): ``--start`` and ``--deals`` then count places in it
(``--start 1 --deals 60``: its first 60).

``--ismcts N`` plays by information-set search, N iterations a decision
(`klondike.fair.ismcts`; ``--exploration``, ``--leaf-states``); with ``--paired``, today's
player is the other.

``--stock-known`` plays under lonelybot's rules: the player knows the stock's order from
the deal, and its layouts deal only the face-down cards (`klondike.fair.decide`'s
``stock_known``; the game never plays so). With ``--paired``, today's player is the other.

    python bench/fair.py --draw 3 --deals 200 [--samples 16] [--states 3000] [--out F]
    python bench/fair.py --draw 3 --summary F [--compare G]   # the figures of a file alone
    python bench/fair.py --draw 3 --new-set --deals 60 --samples 64 --states 500 \\
        --reveals 1 --paired
    python bench/fair.py --draw 3 --new-set --deals 100 --samples 64 --states 500 \\
        --stock-known --workers 1
    python bench/fair.py --draw 3 --start 2001 --deals 48 --samples 32 --states 300 \\
        --ismcts 128 --paired --workers 1
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.estimates import wilson_interval
from klondike.fair import play_out
from klondike.fair.ismcts import EXPLORATION, Search

NEW_SET_SIZE = 400
"""Deals per draw in `NEW_SET`."""

NEW_SET: dict[int, list[int]] = {
    draw: random.Random(37_000 + draw).sample(range(DEAL_COUNT), NEW_SET_SIZE) for draw in (1, 3)
}
"""Issue 37's fixed set: 400 deal numbers per draw of the app's rules, Normal scoring, drawn
once from the seeds 37 001 and 37 003, in the order drawn (its first N are a random part of
it). No tuning has seen them: tune on other deals."""

TODAY = "today"
"""Today's player, in the records: its choices judged by each layout's own line."""


def player_name(reveals: int, stock_known: bool = False, search: Search | None = None) -> str:
    """The player's name in the records: `TODAY`, or what it does otherwise
    (``reveals_N``, ``stock_known``, the search's `Search.name`), joined by ``_``."""
    parts = [f"reveals_{reveals}"] if reveals else []
    if search is not None:
        parts.append(search.name)
    if stock_known:
        parts.append("stock_known")
    return "_".join(parts) or TODAY


def play(
    deal: int,
    draw: int,
    samples: int,
    states: int,
    max_decisions: int,
    reveals: int = 0,
    stock_known: bool = False,
    search: Search | None = None,
) -> dict[str, Any]:
    """One game of ``deal`` played by the fair player (``search``: by information-set
    search); what happened."""
    result = play_out(
        Game(deal, draw, "normal"),
        samples=samples,
        max_states=states,
        max_decisions=max_decisions,
        reveals=reveals,
        stock_known=stock_known,
        search=search,
    )
    return {
        "deal": deal,
        "draw": draw,
        "player": player_name(reveals, stock_known, search),
        "won": result.won,
        "decisions": result.decisions,
        "moves": len(result.moves),
        "seconds": round(result.seconds, 3),
        "decision_median": round(result.decision_median, 4),
        "samples": samples,
        "states": states,
    }


def play_paired(
    deal: int,
    draw: int,
    samples: int,
    states: int,
    max_decisions: int,
    reveals: int,
    stock_known: bool = False,
    search: Search | None = None,
) -> dict[str, Any]:
    """``deal`` played by today's player, then by the other (``reveals``, ``stock_known``
    and ``search`` as in `play`): the two games' records."""
    games = [
        play(deal, draw, samples, states, max_decisions),
        play(deal, draw, samples, states, max_decisions, reveals, stock_known, search),
    ]
    return {"deal": deal, "games": games}


def paired_figures(records: list[dict[str, Any]]) -> str:
    """Each player's wins, 95% interval and median seconds a decision over the deals both
    played, and McNemar's p on the games won by one only."""
    by_player: dict[str, dict[int, dict[str, Any]]] = {}
    for record in records:
        by_player.setdefault(record.get("player", TODAY), {})[record["deal"]] = record
    names = sorted(by_player, key=lambda name: name != TODAY)
    if len(names) != 2 or names[0] != TODAY:
        return f"a paired run has today's player and one other, not {names}"
    today, deep = (by_player[name] for name in names)
    both = sorted(set(today) & set(deep))
    if not both:
        return "no deal was played by both players"
    lines = []
    for name, games in zip(names, (today, deep), strict=True):
        wins = sum(games[d]["won"] for d in both)
        low, high = wilson_interval(wins, len(both))
        median = statistics.median(games[d]["decision_median"] for d in both)
        lines.append(
            f"{name}: {wins}/{len(both)} won, {wins / len(both):.1%} (95% {low:.1%}–{high:.1%}), "
            f"median {median:.3f} s a decision"
        )
    only_deep = sum(deep[d]["won"] and not today[d]["won"] for d in both)
    only_today = sum(today[d]["won"] and not deep[d]["won"] for d in both)
    lines.append(
        f"won by one only: {only_deep} {names[1]}, {only_today} {TODAY} "
        f"(McNemar p = {mcnemar(only_deep, only_today):.2f})"
    )
    return "\n".join(lines)


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
    parser.add_argument("--reveals", type=int, default=0, help="judge choices N choices deep")
    parser.add_argument("--paired", action="store_true", help="play each deal with both players")
    parser.add_argument("--new-set", action="store_true", help="deals from NEW_SET")
    parser.add_argument(
        "--stock-known", action="store_true", help="lonelybot's rules: the stock's order known"
    )
    parser.add_argument(
        "--ismcts", type=int, default=0, help="information-set search, N iterations a decision"
    )
    parser.add_argument("--exploration", type=float, default=EXPLORATION, help="its UCB1 constant")
    parser.add_argument("--leaf-states", type=int, help="its leaf solves' bound (--states)")
    args = parser.parse_args()
    search = Search(args.ismcts, args.exploration, args.leaf_states) if args.ismcts else None
    results: list[dict[str, Any]] = []
    if args.summary:
        results = [json.loads(line) for line in args.summary.read_text().splitlines() if line]
        args.deals = 0
        args.draw, args.samples, args.states = (
            results[0][k] for k in ("draw", "samples", "states")
        )
    elif args.resume and args.out and args.out.exists():
        results = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    players = {r.get("player", TODAY) for r in results}
    paired = args.paired or bool(args.summary and len(players) > 1)
    counted = [r["deal"] for r in results]
    done = {d for d in counted if not paired or counted.count(d) == 2}
    if args.new_set:
        deals = NEW_SET[args.draw][args.start - 1 : args.start - 1 + args.deals]
    else:
        deals = list(range(args.start, args.start + args.deals))
    todo = [d for d in deals if d not in done]
    out = args.out.open("a") if args.out else None
    options = (
        args.draw,
        args.samples,
        args.states,
        args.max_decisions,
        args.reveals,
        args.stock_known,
        search,
    )
    task = play_paired if args.paired else play
    for answer in on_pool(task, todo, options, args.workers, args.scheduler):
        for result in answer["games"] if args.paired else [answer]:
            results.append(result)
            if out:
                out.write(json.dumps(result) + "\n")
                out.flush()
            print(
                f"deal {result['deal']} ({result['player']}): "
                f"{'won' if result['won'] else 'lost'} "
                f"in {result['decisions']} decisions, {result['seconds']:.1f} s",
                file=sys.stderr,
            )
    if paired:
        print(
            f"Draw {args.draw}, {args.samples} layouts × {args.states} positions, paired:\n"
            + paired_figures(results)
        )
        return
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
