"""Winnability surveys: solve a range of deal numbers in parallel and sum up the verdicts.

The library returns data (`survey` yields one `DealResult` per deal as it is solved,
`summarize` gives the shares, the interval and the times); ``klondike survey`` (in
:mod:`klondike.solver.commands`) draws the progress bar and formats the figures.

A survey runs on a local process pool (all cores by default), or on a Dask distributed
cluster when given a scheduler address (``pip install 'klondike-solitaire[distributed]'``).

>>> result = solve_deal(6, 1, "normal", budget=30)
>>> result["code"], result["verdict"]
('KL1-D1N-AAAAAAG', 'winnable')
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired

from typing_extensions import TypedDict

from ..estimates import percentile, winnable_interval
from ..game import Game
from ..rules import rules_for
from .api import Solution, Verdict, solve
from .search import search

if TYPE_CHECKING:
    from concurrent.futures import Future


LOCAL_CLUSTER = "local"
"""The scheduler address that starts a Dask ``LocalCluster`` on this machine for the run."""

PROCESS_POOL = "processes"
"""The scheduler "address" that runs the survey on a process pool of this machine, no Dask."""


class DealResult(TypedDict):
    """One solved deal: a line of the results file (JSONL)."""

    deal: int
    code: str
    rules: str
    draw: int
    scoring: str
    verdict: Verdict
    states: int
    seconds: float
    budget: float | None
    max_states: NotRequired[int]  # the positions a deal could search, if bounded
    # added by ``klondike survey --rate`` to a deal proved winnable: its tier, its rating
    # and its winning line (klondike.solver.commands.rate_winnable)
    tier: NotRequired[str]
    wins: NotRequired[int]
    plays: NotRequired[int]
    home: NotRequired[int]
    rating_seconds: NotRequired[float]
    line: NotRequired[str]


DealStep = Callable[[Game, Solution, DealResult], None]
"""A step a survey runs on each deal once it is solved (`solve_deal`'s ``then``): given the
deal's game from its start, what the solver found and the result, it adds to the result."""


@dataclass(frozen=True, slots=True)
class SurveySummary:
    """The figures of a survey.

    ``interval`` is the 95% Wilson interval of the winnable share with the unknown deals
    counted against both bounds: the lower bound counts them unwinnable, the upper bound
    winnable. The times are seconds per deal.
    """

    deals: int
    winnable: int
    unwinnable: int
    unknown: int
    interval: tuple[float, float]
    median_seconds: float
    p95_seconds: float
    max_seconds: float

    def share(self, count: int) -> float:
        """``count`` as a share of the deals (0.0 when there are none)."""
        return count / self.deals if self.deals else 0.0


def solve_deal(
    deal: int,
    draw: int,
    scoring: str,
    budget: float | None,
    rules: str = "app",
    then: DealStep | None = None,
    max_states: int | None = None,
) -> DealResult:
    """Solve one deal of the version ``rules`` from its start within ``budget`` seconds and
    ``max_states`` positions; what a survey's worker runs. ``then``, if given, runs on the
    deal's game and its result once it is solved, where it is solved (``klondike survey
    --rate`` rates the deals proved winnable so)."""
    game = Game(deal, draw, scoring, rules_for(rules))
    solution = solve(game, budget=budget, max_states=max_states)
    result: DealResult = {
        "deal": deal,
        "code": game.code,
        "rules": game.rules.key,
        "draw": draw,
        "scoring": scoring,
        "verdict": solution.verdict,
        "states": solution.states,
        "seconds": round(solution.seconds, 4),
        "budget": budget,
    }
    if max_states is not None:
        result["max_states"] = max_states
    if then is not None:
        then(game, solution, result)
    return result


def survey(
    deals: Iterable[int],
    draw: int,
    scoring: str,
    *,
    budget: float | None = 10.0,
    workers: int | None = None,
    scheduler: str | None = None,
    rules: str = "app",
    then: DealStep | None = None,
    max_states: int | None = None,
) -> Iterator[DealResult]:
    """Solve ``deals`` of the version ``rules`` in parallel; yields each result as it comes
    (not in deal order). Raises `klondike.InvalidCode` for a mode the version lacks.
    ``then`` runs on each deal once it is solved, in the process that solved it
    (`solve_deal`): a function of a module, so that the workers can import it.

    ``workers`` processes (None: one per core), or the workers of the Dask distributed
    scheduler at ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``, or a
    ``distributed.Client``'s scheduler; `LOCAL_CLUSTER`: a ``LocalCluster`` of ``workers``
    processes started for the run), which needs the ``distributed`` package; None or
    `PROCESS_POOL`: a process pool.
    """
    version = rules_for(rules)
    version.check(draw, scoring)
    rules = version.key
    if budget is not None and budget < 0:
        raise ValueError("the budget must be at least 0 seconds")
    if workers is not None and workers < 1:
        raise ValueError("workers must be at least 1")
    if max_states is not None and max_states < 1:
        raise ValueError("max_states must be at least 1")
    todo = list(deals)
    task = partial(solve_deal, draw=draw, scoring=scoring, budget=budget, rules=rules)
    task = partial(task, then=then, max_states=max_states)
    if scheduler not in (None, PROCESS_POOL):
        yield from _on_dask(todo, task, scheduler, workers)
        return
    count = workers or os.cpu_count() or 1
    if count == 1:
        for deal in todo:
            yield task(deal)
        return
    # (imported here: the process pool is a survey's alone, and slow to import)
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(max_workers=count) as pool:
        pending: set[Future[DealResult]] = set()
        queue = iter(todo)
        # A bounded window of submitted deals, so that a huge range is not queued at once.
        for deal in queue:
            pending.add(pool.submit(task, deal))
            if len(pending) >= 4 * count:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                following = next(queue, None)
                if following is not None:
                    pending.add(pool.submit(task, following))


def _on_dask(
    deals: Sequence[int],
    task: Callable[[int], DealResult],
    scheduler: str,
    workers: int | None = None,
) -> Iterator[DealResult]:
    """``task`` of each deal on a Dask distributed cluster (`LOCAL_CLUSTER`: one started on
    this machine with ``workers`` processes, one per core by default), yielded as they
    finish."""
    try:
        from distributed import Client
    except ImportError as err:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "--scheduler needs Dask distributed: pip install 'klondike-solitaire[distributed]'"
        ) from err
    if scheduler == LOCAL_CLUSTER:
        from distributed import LocalCluster

        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        )
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield from _mapped(client, deals, task)
        return
    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        yield from _mapped(client, deals, task)


def _mapped(
    client: Any, deals: Sequence[int], task: Callable[[int], DealResult]
) -> Iterator[DealResult]:
    """``task`` of each deal on ``client``'s workers, yielded as they finish."""
    from distributed import as_completed

    futures = client.map(task, deals, pure=False)
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        result: DealResult = future.result()
        yield result


# --------------------------------------------------------------------------- confirming


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A second look at a deal proved unwinnable: the plain search's verdict (no Draw 1
    help, no card that can never go home, none of the prunings of single moves the key does
    not need) and ShootMe's solver's answer (pyksolve, where it is installed and plays these
    rules: the app's Normal scoring; None otherwise)."""

    deal: int
    plain: Verdict
    pyksolve: str | None

    @property
    def contradicted(self) -> bool:
        """True if either method wins the deal."""
        return self.plain == "winnable" or (self.pyksolve or "").startswith("Solved")

    @property
    def proved_again(self) -> bool:
        """True if either method proves the loss by itself."""
        return self.plain == "unwinnable" or self.pyksolve == "Impossible"


PYKSOLVE_CLOSED = 500_000
"""Positions ShootMe's solver may close when it confirms a loss."""


def confirm_loss(
    deal: int, draw: int, scoring: str, budget: float, rules: str = "app"
) -> Confirmation:
    """A second look at a deal a survey proved unwinnable: the plain search within
    ``budget`` seconds, and pyksolve where it can play the deal."""

    game = Game(deal, draw, scoring, rules_for(rules))
    found = search(game, deadline=time.monotonic() + budget, relaxed=False, plain=True)
    plain: Verdict = (
        "unknown" if not found.complete else "winnable" if found.codes else "unwinnable"
    )
    return Confirmation(deal, plain, _pyksolve_answer(game))


def _pyksolve_answer(game: Game) -> str | None:
    """pyksolve's answer for ``game`` from its start ("Solved…", "Impossible", …), or None
    where it is not installed or plays other rules (only the app's Normal scoring)."""
    if (game.rules.key, game.scoring) != ("app", "normal"):
        return None
    try:
        from pyksolve.solver import Solitaire  # type: ignore[import-untyped]
    except ImportError:
        return None
    from .formats import to_shootme

    theirs = Solitaire()
    theirs.load_solitaire(to_shootme(game))
    theirs.reset_game(game.draw)
    return str(theirs.solve_fast(max_closed_count=PYKSOLVE_CLOSED).name)


def loss_sample(results: Iterable[DealResult], count: int, seed: int) -> list[int]:
    """A fixed sample of ``count`` of the deals proved unwinnable in ``results`` (the same
    for the same results and ``seed``)."""
    lost = sorted(r["deal"] for r in results if r["verdict"] == "unwinnable")
    return random.Random(seed).sample(lost, min(count, len(lost)))


# --------------------------------------------------------------------------- the file


def read_results(path: str | Path) -> list[DealResult]:
    """The results in a JSONL file (none if it does not exist); a torn last line (a survey
    killed while writing) is skipped."""
    target = Path(path)
    if not target.exists():
        return []
    results: list[DealResult] = []
    for line in target.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict) and {"deal", "verdict", "seconds"} <= data.keys():
            results.append(data)  # type: ignore[arg-type]
    return results


def latest(results: Iterable[DealResult]) -> list[DealResult]:
    """The last result of each deal and mode (``--retry-unknown`` appends a deal's new
    result after its old one), in the order the deals first came."""
    last: dict[tuple[object, ...], DealResult] = {}
    for row in results:
        last[row.get("rules", "app"), row.get("draw"), row.get("scoring"), row["deal"]] = row
    return list(last.values())


def trim_torn_line(path: str | Path) -> None:
    """Cut a last line that was not finished (a survey killed while writing it), so that the
    results appended next start on a line of their own."""
    target = Path(path)
    if not target.exists():
        return
    data = target.read_bytes()
    if data and not data.endswith(b"\n"):
        with target.open("r+b") as file:
            file.truncate(data.rfind(b"\n") + 1)


def append_result(path: str | Path, result: DealResult) -> None:
    """Append one result as a JSON line, flushed at once so an interrupted survey keeps it."""
    with Path(path).open("a", encoding="utf-8") as file:
        file.write(json.dumps(result, separators=(",", ":")) + "\n")
        file.flush()


def summarize(results: Iterable[DealResult | dict[str, Any]]) -> SurveySummary:
    """The shares, the interval and the times of a survey's results."""
    rows = list(results)
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for row in rows:
        counts[row["verdict"]] += 1
    seconds = [float(row["seconds"]) for row in rows]
    return SurveySummary(
        deals=len(rows),
        winnable=counts["winnable"],
        unwinnable=counts["unwinnable"],
        unknown=counts["unknown"],
        interval=winnable_interval(counts["winnable"], counts["unknown"], len(rows)),
        median_seconds=percentile(seconds, 0.5) if seconds else 0.0,
        p95_seconds=percentile(seconds, 0.95) if seconds else 0.0,
        max_seconds=max(seconds, default=0.0),
    )
