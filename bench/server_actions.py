"""Server time per action, without the network: the app in process through its test client.

Plays random games through the HTTP API (drags, taps, moves, undos, each naming the version)
on an app over a fresh database file (so each action is committed to SQLite, as in the real
server), one request at a time, and prints the median, 95th and 99th percentile time per
request. Compare with bench/load.py, which adds the network and concurrency.

    python bench/server_actions.py [--actions 2000] [--runs 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from klondike.estimates import percentile
from klondike.web.api import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

HOST = "testserver"


def source_of(view: dict[str, Any], card: str) -> str:
    """The pile a movable card of the view lies on."""
    if card in view["waste"]["top"][-1:]:
        return "W"
    for i, pile in enumerate(view["foundations"]):
        if pile and pile[-1] == card:
            return f"F{i + 1}"
    for i, column in enumerate(view["tableau"]):
        if card in column["up"]:
            return f"T{i + 1}"
    raise LookupError(card)


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One action as a player might make it (legal, or a tap that may do nothing)."""
    targets: dict[str, list[str]] = view["targets"]
    roll = rng.random()
    if roll < 0.1 and view["can_undo"]:
        return {"action": "undo"}
    if roll < 0.75 and targets:
        card = rng.choice(sorted(targets))
        target = rng.choice(targets[card])
        if roll < 0.55:
            return {"action": "drag", "card": card, "target": target}
        return {"action": "move", "move": f"{source_of(view, card)}-{target}"}
    return {"action": "tap", "pile": "S"}


def run_once(actions: int, seed: int) -> list[float]:
    """Seconds per request for ``actions`` requests on a fresh app."""
    rng = random.Random(seed)
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="klondike-actions-") as tmp:
        app = create_app(Path(tmp) / "bench.db", allowed_hosts=[HOST])
        with TestClient(app) as client:
            view = client.post("/api/games", json={"draw": 1}).json()
            idle = 0
            while len(times) < actions:
                if view["won"] or idle > 3 or view["moves"] > 200:
                    body: dict[str, Any] = {"draw": rng.choice((1, 3)), "abandon": view["id"]}
                    started = time.perf_counter()
                    view = client.post("/api/games", json=body).json()
                    times.append(time.perf_counter() - started)
                    idle = 0
                    continue
                body = {"version": view["version"], **choose(view, rng)}
                started = time.perf_counter()
                response = client.post(f"/api/games/{view['id']}/actions", json=body)
                times.append(time.perf_counter() - started)
                if response.status_code != 200:
                    raise RuntimeError(f"{body} refused: {response.status_code} {response.text}")
                view = response.json()
                idle = idle + 1 if view["played"] is None else 0
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="requests per run (2000)")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is reported (3)")
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()
    if args.actions < 1 or args.runs < 1:
        parser.error("--actions and --runs must be positive")
    figures = []
    for run in range(args.runs):
        times = run_once(args.actions, args.seed + run)
        median, p95, p99 = (percentile(times, q) for q in (0.5, 0.95, 0.99))
        figures.append((median, p95, p99))
        print(
            f"run {run + 1}: {len(times)} requests   median {median * 1000:.2f} ms   "
            f"p95 {p95 * 1000:.2f} ms   p99 {p99 * 1000:.2f} ms"
        )
    median, p95, p99 = (statistics.median(f[i] for f in figures) for i in range(3))
    print(
        f"median of {args.runs}: median {median * 1000:.2f} ms   p95 {p95 * 1000:.2f} ms   "
        f"p99 {p99 * 1000:.2f} ms per request (server in process, no network)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
