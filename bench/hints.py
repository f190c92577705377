"""Following the page's hint through the API, from fixed deals: every game must end in a win
or in an answer with no move (docs/fair.md, "Hints that end") within 400 hints, with no
table seen three times. Prints, per mode, the games won and ended without a win, the hints
per game, and the time a hint took (p50, p90), as the page waits for it.

    python bench/hints.py [--deals 200] [--other 50] [--workers 2] [--peek]

The deals are the same every run (drawn once from a fixed seed); ``--deals`` of the app's
Draw 1 and Draw 3 Normal, ``--other`` of Vegas, Classic and Solitär each. Each game runs in
its own server (in process, no network), with the hint the page gets (fair by default;
``--peek``: the solver's).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers.api import HOST, TestClient
from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.estimates import percentile
from klondike.rules import Mode, rules_for
from klondike.web.api import create_app
from klondike.web.workers import SolverWorkers

LIMIT = 400
"""Hints a game may take before the bench calls it endless."""

APP: tuple[Mode, ...] = (("app", 1, "normal"), ("app", 3, "normal"))
OTHER: tuple[Mode, ...] = (
    ("app", 1, "vegas"),
    ("app", 3, "vegas"),
    ("classic", 1, "none"),
    ("classic", 3, "none"),
    ("solitaer", 3, "none"),
)


def deals(count: int) -> list[int]:
    """The bench's deals: the same every run."""
    return random.Random(20261204).sample(range(DEAL_COUNT), count)


def play(job: tuple[Mode, int, bool]) -> dict[str, object]:
    """One game followed by its hints: how it ended, its hints, the seconds each took, and
    how often its most frequent table came."""
    (rules, draw, scoring), deal, peek = job
    code = Game(deal, draw, scoring, rules_for(rules)).code
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            Path(folder) / "bench.db", allowed_hosts=[HOST], workers=SolverWorkers(processes=False)
        )
        with TestClient(app) as client:
            if peek:
                client.put("/api/settings", json={"hints_peek": True})
            view = client.post("/api/games", json={"code": code}).json()
            seconds: list[float] = []
            tables: Counter[str] = Counter()
            end = "endless"
            for _ in range(LIMIT):
                if view["status"] == "won":
                    end = "won"
                    break
                began = time.perf_counter()
                answer = client.post(
                    f"/api/games/{view['id']}/hint", json={"version": view["version"]}
                ).json()
                seconds.append(time.perf_counter() - began)
                if answer["move"] is None:
                    end = f"{answer['kind']}/{answer.get('reason')}"
                    break
                action = {"version": view["version"], "action": "move", "move": answer["move"]}
                view = client.post(f"/api/games/{view['id']}/actions", json=action).json()
                tables[str((view["tableau"], view["waste"], view["foundations"]))] += 1
    return {
        "mode": "-".join(map(str, (rules, draw, scoring))),
        "code": code,
        "end": end,
        "hints": len(seconds),
        "seconds": seconds,
        "most_seen": max(tables.values(), default=0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--other", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--peek", action="store_true")
    args = parser.parse_args()
    jobs = [(mode, deal, args.peek) for mode in APP for deal in deals(args.deals)]
    jobs += [(mode, deal, args.peek) for mode in OTHER for deal in deals(args.other)]
    results: dict[str, list[dict[str, object]]] = {}
    began = time.monotonic()
    with ProcessPoolExecutor(args.workers) as pool:
        for done, result in enumerate(pool.map(play, jobs), 1):
            results.setdefault(str(result["mode"]), []).append(result)
            if result["end"] == "endless" or int(str(result["most_seen"])) >= 3:
                print(f"  FAILED {result['code']}: {result['end']}, a table seen "
                      f"{result['most_seen']} times", flush=True)  # fmt: skip
            if done % 25 == 0:
                print(f"  {done}/{len(jobs)} games, {time.monotonic() - began:.0f} s", flush=True)
    print("mode              games  won  ended  endless  hints/game (median, max)  hint p50  p90")
    for mode, games in results.items():
        ends = Counter(str(game["end"]) for game in games)
        hints = [int(str(game["hints"])) for game in games]
        seconds = [s for game in games for s in game["seconds"]]  # type: ignore[attr-defined]
        ended = len(games) - ends["won"] - ends["endless"]
        print(
            f"{mode:<16} {len(games):>6} {ends['won']:>4} {ended:>6}"
            f" {ends['endless']:>8} {statistics.median(hints):>12.0f} {max(hints):>10}"
            f"   {percentile(seconds, 0.5):>7.3f} {percentile(seconds, 0.9):>6.3f}"
        )
        print("    ends: " + ", ".join(f"{end} {n}" for end, n in ends.most_common()))
    print(f"total {time.monotonic() - began:.0f} s; hint {'peeking' if args.peek else 'fair'}")


if __name__ == "__main__":
    main()
