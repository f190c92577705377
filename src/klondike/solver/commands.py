"""The ``klondike solve``, ``export`` and ``survey`` commands: the solver's data, formatted."""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib.util import find_spec
from typing import TYPE_CHECKING

from ..codes import DEAL_COUNT
from ..errors import KlondikeError
from ..game import Game
from ..rules import PRESETS, Mode, Rules, mode_of, rules_for
from ..tiers import TIERS
from .api import Solution, describe_line, solve

if TYPE_CHECKING:
    from pathlib import Path

    from .survey import DealResult, SurveySummary

# (the survey and the export formats are imported where they are used: ``klondike solve``
# starts without them)


def _fail(message: str) -> int:
    print(f"klondike: {message}", file=sys.stderr)
    return 2


def _retried(result: DealResult, args: argparse.Namespace) -> bool:
    """Whether ``--retry-unknown`` solves the deal of ``result`` again: it was left unknown
    having searched fewer positions than this run may (a deal that searched them all would
    end the same)."""
    return (
        args.retry_unknown
        and result["verdict"] == "unknown"
        and (args.states is None or result["states"] < args.states)
    )


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
                with open(args.snapshot, encoding="utf-8") as file:
                    data = json.load(file)
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
    from .formats import to_shootme, to_solvitaire

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


def _clock(seconds: float) -> str:
    """Seconds as ``m:ss`` (``h:mm:ss`` from an hour on)."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def progress_line(done: int, total: int, elapsed: float, width: int = 24) -> str:
    """The progress bar: share done, deals per second and the time left.

    >>> progress_line(50, 200, 25.0)
    '[######..................]  50/200  25%  2.0 deals/s  ETA 1:15'
    """
    filled = width * done // total if total else width
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = _clock((total - done) / rate) if rate > 0 else "?"
    share = 100 * done // total if total else 100
    return (
        f"[{'#' * filled}{'.' * (width - filled)}] {done:>{len(str(total))}}/{total}"
        f"  {share}%  {rate:.1f} deals/s  ETA {eta}"
    )


def format_survey(summary: SurveySummary, rules: Rules, draw: int, scoring: str, first: int) -> str:
    """The figures of a survey for the terminal."""
    low, high = summary.interval
    last = first + summary.deals - 1
    mode = f"{rules.name} Draw {draw}" + (f" {scoring.capitalize()}" if rules.has_score else "")
    return "\n".join(
        [
            f"{mode}: {summary.deals} deals ({first}…{last})",
            f"  winnable    {summary.winnable:>7}  {100 * summary.share(summary.winnable):6.2f}%",
            f"  unwinnable  {summary.unwinnable:>7}  "
            f"{100 * summary.share(summary.unwinnable):6.2f}%",
            f"  unknown     {summary.unknown:>7}  {100 * summary.share(summary.unknown):6.2f}%",
            f"  winnable, 95% Wilson interval (unknowns against both bounds): "
            f"{100 * low:.2f}% – {100 * high:.2f}%",
            f"  time per deal: median {summary.median_seconds:.3f} s, "
            f"p95 {summary.p95_seconds:.3f} s, max {summary.max_seconds:.3f} s",
        ]
    )


def default_scheduler() -> str:
    """Where a survey runs without ``--scheduler``: a Dask ``LocalCluster`` on this machine
    when Dask distributed is installed, else a process pool."""
    from .survey import LOCAL_CLUSTER, PROCESS_POOL

    return LOCAL_CLUSTER if find_spec("distributed") is not None else PROCESS_POOL


def add_survey_arguments(survey: argparse.ArgumentParser) -> None:
    """The options of ``klondike survey``."""
    survey.add_argument(
        "--rules", choices=[rules.key for rules in PRESETS], default="app", help="the version"
    )
    survey.add_argument(
        "--draw", type=int, choices=[1, 3], help="cards per draw (default: the version's first)"
    )
    survey.add_argument(
        "--scoring",
        choices=["normal", "vegas", "none"],
        help="the scoring (default: the version's first; none for Classic and Solitär)",
    )
    survey.add_argument("--deals", type=int, required=True, metavar="N", help="how many deals")
    survey.add_argument(
        "--start", type=int, default=0, metavar="K", help="the first deal number (default 0)"
    )
    survey.add_argument(
        "--workers", type=int, metavar="N", help="processes (default: one per core)"
    )
    survey.add_argument(
        "--budget", type=float, default=10.0, metavar="S", help="seconds per deal (default 10)"
    )
    survey.add_argument("--out", metavar="FILE", help="append the results here (JSON lines)")
    survey.add_argument("--resume", action="store_true", help="skip the deals already in --out")
    survey.add_argument(
        "--retry-unknown",
        action="store_true",
        help="with --resume: solve again the deals --out holds as unknown with fewer "
        "positions searched than --states, the fewest first, after the deals not yet solved "
        "(with this run's bounds; the new line counts)",
    )
    survey.add_argument(
        "--confirm",
        type=int,
        default=0,
        metavar="K",
        help="check K of the unwinnable verdicts (a fixed sample) by a second method: the "
        "plain search with ten times the budget, and pyksolve where it is installed",
    )
    survey.add_argument(
        "--states",
        type=int,
        metavar="N",
        help="positions a deal may search (a budget the same on every machine)",
    )
    survey.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on this Dask distributed scheduler (default 'local': a LocalCluster of "
        "--workers processes on this machine; 'processes', or without Dask distributed "
        "installed: a process pool)",
    )
    survey.add_argument(
        "--pool",
        metavar="FILE",
        help="with --rate and --out: make the pool file of rated deals from --out's rated "
        "deals of the mode",
    )
    survey.add_argument(
        "--progress",
        action="store_true",
        help="draw the progress bar even when stderr is not a terminal",
    )
    survey.add_argument(
        "--rate",
        action="store_true",
        help="rate each deal proved winnable by difficulty too (tens of seconds a deal)",
    )


def survey_command(args: argparse.Namespace) -> int:
    """Solve a range of deals in parallel, appending to ``--out``; print the figures."""
    from pathlib import Path

    from .survey import append_result, latest, read_results, summarize, survey, trim_torn_line

    if args.deals < 1:
        return _fail("--deals must be at least 1")
    if not 0 <= args.start < DEAL_COUNT or args.start + args.deals > DEAL_COUNT:
        return _fail(f"the deals must lie in 0…{DEAL_COUNT - 1}")
    if args.workers is not None and args.workers < 1:
        return _fail("--workers must be at least 1")
    if args.budget < 0:
        return _fail("--budget must be at least 0 seconds")
    if args.resume and args.out is None:
        return _fail("--resume needs --out FILE")
    if args.retry_unknown and not args.resume:
        return _fail("--retry-unknown goes with --resume (the deals left unknown in --out)")
    if args.states is not None and args.states < 1:
        return _fail("--states must be at least 1")
    if args.confirm < 0:
        return _fail("--confirm must be at least 0")
    if args.pool is not None and (args.out is None or not args.rate):
        return _fail("--pool needs --rate and --out FILE (the rated deals it is made from)")
    rules = rules_for(args.rules)
    draw = rules.draws[0] if args.draw is None else args.draw
    scoring = rules.scorings[0] if args.scoring is None else args.scoring
    try:
        rules.check(draw, scoring)
    except KlondikeError as err:
        return _fail(str(err))
    wanted = range(args.start, args.start + args.deals)
    kept: list[DealResult] = []
    again: list[DealResult] = []
    if args.out is not None:
        try:
            earlier = read_results(args.out) if args.resume else []
            trim_torn_line(args.out)
        except (OSError, UnicodeDecodeError) as err:
            return _fail(f"cannot read {args.out}: {err}")
        mine = [
            r
            for r in latest(earlier)
            if r["deal"] in wanted
            and r.get("rules", "app") == rules.key
            and r.get("draw") == draw
            and r.get("scoring") == scoring
        ]
        for r in mine:
            (again if _retried(r, args) else kept).append(r)
        again.sort(key=lambda r: r["states"])
        if not args.resume:
            try:
                Path(args.out).write_text("", encoding="utf-8")
            except OSError as err:
                return _fail(f"cannot write {args.out}: {err}")
    skip = {r["deal"] for r in kept} | {r["deal"] for r in again}
    todo = [deal for deal in wanted if deal not in skip] + [r["deal"] for r in again]
    results = list(kept)
    started = time.monotonic()
    total = len(todo)
    show = sys.stderr.isatty() or args.progress
    if kept:
        print(f"resuming: {len(kept)} deals already in {args.out}", file=sys.stderr)
    try:
        for done, result in enumerate(
            survey(
                todo,
                draw,
                scoring,
                budget=args.budget,
                workers=args.workers,
                scheduler=args.scheduler or default_scheduler(),
                rules=rules.key,
                then=rate_winnable if args.rate else None,
                max_states=args.states,
            ),
            start=1,
        ):
            results.append(result)
            if args.out is not None:
                append_result(args.out, result)
            if show:
                line = progress_line(done, total, time.monotonic() - started)
                print(f"\r{line}", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        print(f"interrupted after {len(results)} deals", file=sys.stderr)
        if args.out is not None:
            print("run again with --resume to go on", file=sys.stderr)
        return 130
    except (OSError, RuntimeError) as err:
        print(file=sys.stderr)
        return _fail(f"the survey failed: {err}")
    if show:
        print(file=sys.stderr)
    print(format_survey(summarize(results), rules, draw, scoring, args.start))
    if args.confirm and not confirm_losses(results, args, rules, draw, scoring):
        return 1
    if args.rate:
        print(format_tiers(results))
    if args.pool is not None:
        return write_pool_command(Path(args.pool), (rules.key, draw, scoring), args.out)
    return 0


def confirm_losses(
    results: list[DealResult], args: argparse.Namespace, rules: Rules, draw: int, scoring: str
) -> bool:
    """``--confirm K``: check K of the survey's unwinnable verdicts (a fixed sample) by a
    second method, with ten times the budget; print each, and whether any was contradicted
    (False: one was)."""
    from .survey import confirm_loss, loss_sample

    sample = loss_sample(results, args.confirm, seed=draw)
    budget = 10 * (args.budget or 10.0)
    print(f"confirming {len(sample)} unwinnable verdicts (the plain search, {budget:g} s each):")
    checked = [confirm_loss(deal, draw, scoring, budget, rules.key) for deal in sample]
    for one in checked:
        theirs = f"  pyksolve: {one.pyksolve}" if one.pyksolve is not None else ""
        print(f"  {one.deal:>11}  plain search: {one.plain:<10}{theirs}")
    wrong = [one.deal for one in checked if one.contradicted]
    if wrong:
        print(f"CONTRADICTED: {', '.join(map(str, wrong))} (proved unwinnable, found winnable)")
        return False
    again = sum(one.proved_again for one in checked)
    print(f"  none contradicted; {again} of {len(checked)} proved again by a second method")
    return True


def write_pool_command(path: Path, mode: Mode, results_file: str) -> int:
    """Put the rated winnable deals of ``results_file`` in the pool file at ``path`` as
    the pool of ``mode`` (the other modes' deals kept); print what it holds."""
    from ..fair import pool as fair_pool  # (here: the fair player is slow to import)
    from .survey import latest, read_results

    try:
        kept = list(fair_pool.RatedPool.read(path).all()) if path.exists() else []
    except fair_pool.PoolRefused as err:
        print(f"klondike: {path} is started anew: {err}", file=sys.stderr)
        kept = []
    from ..fair.rating import TIER_CUTS, Rating, even_cuts, tier_of

    results = [
        r
        for r in latest(read_results(results_file))
        if (r["rules"], r["draw"], r["scoring"]) == mode and "line" in r
    ]
    try:
        rated = []
        for r in results:
            tier = tier_of(Rating(r["wins"], r["plays"], 0.0, r["home"]), mode)
            row = [*mode, r["deal"], tier, r["wins"], r["plays"], r["home"], r["line"]]
            rated.append(fair_pool.pool_deal(row))
    except (fair_pool.PoolRefused, KeyError, TypeError, ValueError) as err:
        return _fail(f"{results_file} holds a rated deal the pool cannot take: {err}")
    cuts = even_cuts((r["wins"], r["home"]) for r in results)
    print(f"the even cuts of these ratings: {cuts}; TIER_CUTS of the mode: {TIER_CUTS[mode]}")
    deals = [entry for entry in kept if entry.mode != mode] + rated
    try:
        size = fair_pool.write_pool(path, deals)
    except OSError as err:
        return _fail(f"cannot write {path}: {err}")
    counts = fair_pool.RatedPool(deals).counts()
    tiers = ", ".join(f"{tier} {counts.get((mode, tier), 0)}" for tier in TIERS)
    print(f"{path}: {len(deals)} deals, {size:,} bytes; {'/'.join(map(str, mode))}: {tiers}")
    return 0


def rate_winnable(game: Game, solution: Solution, result: DealResult) -> None:
    """Add to the result of a deal proved winnable its tier, its rating
    (`klondike.fair.rate`) and its winning line: what ``klondike survey --rate`` (and so
    ``--pool``) has the survey run on each deal, in the survey's workers."""
    if result["verdict"] != "winnable":
        return
    from .. import fair  # (here: the fair player is slow to import)

    rating = fair.rate(game)
    result["tier"] = fair.tier_of(rating, mode_of(game))
    result["wins"], result["plays"], result["home"] = rating.wins, rating.plays, rating.home
    result["rating_seconds"] = round(rating.seconds, 3)
    result["line"] = " ".join(map(str, solution.line))


def format_tiers(results: list[DealResult]) -> str:
    """How many of the rated deals fell in each tier, and a rating's median time."""
    rated = [r for r in results if "tier" in r]
    if not rated:
        return "no deal was rated (only deals proved winnable are)"
    counts = {tier: sum(1 for r in rated if r["tier"] == tier) for tier in TIERS}
    times = sorted(r.get("rating_seconds", 0.0) for r in rated)
    parts = ", ".join(f"{tier} {count}" for tier, count in counts.items())
    median = times[len(times) // 2]
    return f"{len(rated)} winnable deals rated: {parts}; median {median:.1f} s a rating"
