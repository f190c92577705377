"""Load benchmark: many concurrent players playing games through the HTTP API, on loopback.

Starts the real server (``python -m klondike --no-browser --port P --db TMP``) on 127.0.0.1,
then runs ``--players`` threads. Each starts its own game with ``POST /api/games`` and plays
it the way the browser does — drags, taps, double taps, moves, undos, each naming the game
version — plus a few deliberately illegal drags (which must be refused with a 400). A player
whose game is won or stuck starts a new one. A run stops by itself after ``--actions``
requests or ``--seconds`` seconds, whichever comes first; then every player checks that the
server's version of its game is the one of its last response (no action lost or doubled).

Prints, per run and as the median of ``--runs`` runs: requests per second, median and 99th
percentile latency, errors (5xx, transport errors, lost actions), refusals of the deliberately
illegal moves, and any other 4xx or 409.

    python bench/load.py [--players 8] [--actions 6000] [--seconds 30] [--runs 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from klondike.estimates import percentile

HOST = "127.0.0.1"
HEADERS = {"Content-Type": "application/json", "Accept": "application/json"}
TABLEAU = [f"T{i}" for i in range(1, 8)]
FOUNDATIONS = [f"F{i}" for i in range(1, 5)]
MAX_GAME_ACTIONS = 250  # a player abandons its game after this many actions


class Budget:
    """The shared count of requests a run may still make, and its deadline."""

    def __init__(self, actions: int, seconds: float) -> None:
        self.left = actions
        self.seconds = seconds
        self.began = self.deadline = time.perf_counter()
        self.lock = threading.Lock()

    def start(self) -> None:
        """Start the clock (when every player is ready)."""
        self.began = time.perf_counter()
        self.deadline = self.began + self.seconds

    def take(self) -> bool:
        """Take one request from the budget; False once it is spent or the time is up."""
        with self.lock:
            if self.left <= 0 or time.perf_counter() >= self.deadline:
                return False
            self.left -= 1
            return True


@dataclass
class Tally:
    """What one player saw."""

    latencies: list[float] = field(default_factory=list)  # seconds, one per request
    errors: int = 0  # 5xx and transport errors
    lost: int = 0  # the server's version differs from the last one acknowledged
    refused_as_expected: int = 0  # 400 for a deliberately illegal move
    illegal_accepted: int = 0  # a deliberately illegal move that was played
    unexpected_4xx: int = 0  # a 4xx (other than 409) for a move that should have been legal
    conflicts: int = 0  # 409s
    games: int = 0
    first_errors: list[str] = field(default_factory=list)

    def note_error(self, text: str) -> None:
        self.errors += 1
        if len(self.first_errors) < 3:
            self.first_errors.append(text)


class Player(threading.Thread):
    """One player on its own keep-alive connection, playing its own games."""

    def __init__(
        self, index: int, port: int, budget: Budget, start: threading.Barrier, seed: int
    ) -> None:
        super().__init__(name=f"player-{index}", daemon=True)
        self.port = port
        self.budget = budget
        self.start_line = start
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.view: dict[str, Any] = {}
        self.game_actions = 0
        self.idle_taps = 0
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)

    # ------------------------------------------------------------------ requests

    def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        """One request, timed; (status, JSON body), or (0, None) after a transport error."""
        data = None if body is None else json.dumps(body).encode()
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=HEADERS)
            response = self.connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as err:
            self.tally.latencies.append(time.perf_counter() - started)
            self.tally.note_error(f"{method} {path}: {type(err).__name__}: {err}")
            self.connection.close()  # reconnects on the next request
            return 0, None
        self.tally.latencies.append(time.perf_counter() - started)
        try:
            payload = json.loads(raw) if raw else None
        except ValueError:
            payload = None
        if response.status >= 500:
            self.tally.note_error(f"{method} {path} {body}: {response.status} {raw[:200]!r}")
        return response.status, payload

    def new_game(self) -> None:
        """Start a new game (abandoning the current one if it is still open)."""
        body: dict[str, Any] = {
            "draw": self.rng.choice((1, 3)),
            "scoring": self.rng.choice(("normal", "vegas")),
        }
        if self.view and not self.view["won"]:
            body["abandon"] = self.view["id"]
        status, payload = self.request("POST", "/api/games", body)
        if status == 200 and isinstance(payload, dict):
            self.view = payload
            self.tally.games += 1
            self.game_actions = 0
            self.idle_taps = 0
        elif 400 <= status < 500:
            self.tally.unexpected_4xx += 1

    def act(self, action: dict[str, Any], legal: bool) -> None:
        """Send one action on the current game; keep the view the server answers with."""
        body = {"version": self.view["version"], **action}
        status, payload = self.request("POST", f"/api/games/{self.view['id']}/actions", body)
        self.game_actions += 1
        if status == 200 and isinstance(payload, dict):
            if not legal:
                self.tally.illegal_accepted += 1
            self.view = payload
            self.idle_taps = self.idle_taps + 1 if payload.get("played") is None else 0
            return
        if status == 0 or status >= 500:
            return  # counted as an error by request()
        if status == 409:
            self.tally.conflicts += 1
        elif status == 400 and not legal:
            self.tally.refused_as_expected += 1
        else:
            self.tally.unexpected_4xx += 1
            if len(self.tally.first_errors) < 3:
                self.tally.first_errors.append(f"{status} for {action}: {payload}")
        if isinstance(payload, dict) and isinstance(payload.get("game"), dict):
            self.view = payload["game"]

    # ------------------------------------------------------------------ playing

    def source_of(self, card: str) -> str:
        """The pile a movable card of the view lies on."""
        if card in self.view["waste"]["top"][-1:]:
            return "W"
        for name, pile in zip(FOUNDATIONS, self.view["foundations"], strict=True):
            if pile and pile[-1] == card:
                return name
        for name, column in zip(TABLEAU, self.view["tableau"], strict=True):
            if card in column["up"]:
                return name
        raise LookupError(card)

    def play_one(self) -> None:
        """Choose and send one action, as a player in the browser might."""
        view = self.view
        if view["won"] or self.game_actions >= MAX_GAME_ACTIONS or self.idle_taps > 3:
            self.new_game()
            return
        roll = self.rng.random()
        targets: dict[str, list[str]] = view["targets"]
        if roll < 0.08 and view["can_undo"]:
            self.act({"action": "undo"}, legal=True)
        elif roll < 0.14 and targets:
            card = self.rng.choice(sorted(targets))
            source = self.source_of(card)
            wrong = [t for t in TABLEAU if t not in targets[card] and t != source] or ["S"]
            self.act({"action": "drag", "card": card, "target": self.rng.choice(wrong)}, False)
        elif roll < 0.75 and targets:
            card = self.rng.choice(sorted(targets))
            target = self.rng.choice(targets[card])
            source = self.source_of(card)
            kind = self.rng.random()
            if kind < 0.6:
                self.act({"action": "drag", "card": card, "target": target}, legal=True)
            elif kind < 0.8:
                self.act({"action": "move", "move": f"{source}-{target}"}, legal=True)
            else:
                self.act({"action": "double_tap", "pile": source, "card": card}, legal=True)
        else:
            self.act({"action": "tap", "pile": "S"}, legal=True)

    def run(self) -> None:
        self.new_game()
        self.start_line.wait()
        self.tally.latencies.clear()  # the first new game is not part of the timed run
        while self.budget.take():
            try:
                if not self.view:
                    self.new_game()
                else:
                    self.play_one()
            except (LookupError, TypeError, ValueError) as err:  # a view not as documented
                self.tally.note_error(f"unexpected view: {type(err).__name__}: {err}")
                self.view = {}

    def check_version(self) -> None:
        """After the run: the server's game is at the version of the last response."""
        if not self.view:
            return
        status, payload = self.request("GET", f"/api/games/{self.view['id']}")
        self.tally.latencies.pop()  # not part of the timed run
        if status != 200 or payload.get("version") != self.view["version"]:
            self.tally.lost += 1
            self.tally.first_errors.append(
                f"game {self.view['id']}: server at version "
                f"{payload.get('version') if isinstance(payload, dict) else status}, "
                f"last response said {self.view['version']}"
            )


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    """A TCP port that is free on loopback right now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start_server(port: int, db: Path, log: Path, script: str | None) -> subprocess.Popen[bytes]:
    """Start ``python -m klondike`` (or ``python SCRIPT``) on loopback; wait until it answers."""
    program = ["-m", "klondike"] if script is None else [script]
    command = [sys.executable, *program, "--no-browser", "--port", str(port)]
    with log.open("wb") as out:
        server = subprocess.Popen([*command, "--db", str(db)], stdout=out, stderr=out)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped at once:\n{log.read_text()}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/openapi.json")
            if connection.getresponse().status == 200:
                connection.close()
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"the server did not answer within 30 s:\n{log.read_text()}")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop the server (SIGTERM, then SIGKILL after 10 s)."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


# ---------------------------------------------------------------------- a run


@dataclass
class Result:
    """The figures of one run."""

    requests: int
    seconds: float
    median_ms: float
    p99_ms: float
    errors: int
    lost: int
    refused_as_expected: int
    illegal_accepted: int
    unexpected_4xx: int
    conflicts: int
    games: int
    notes: list[str]

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def line(self) -> str:
        return (
            f"{self.requests:6} requests in {self.seconds:5.1f} s = {self.rate:6.0f}/s   "
            f"median {self.median_ms:5.1f} ms   p99 {self.p99_ms:5.1f} ms   "
            f"errors {self.errors}   lost {self.lost}   "
            f"illegal refused {self.refused_as_expected} (accepted {self.illegal_accepted})   "
            f"other 4xx {self.unexpected_4xx}   409 {self.conflicts}   games {self.games}"
        )


def run_once(players: int, actions: int, seconds: float, seed: int, script: str | None) -> Result:
    """Start a server on a fresh database, play, stop it; the figures of the run."""
    with tempfile.TemporaryDirectory(prefix="klondike-load-") as tmp:
        port = free_port()
        server = start_server(port, Path(tmp) / "load.db", Path(tmp) / "server.log", script)
        try:
            budget = Budget(actions, seconds)
            # The clock starts when every player has its first game.
            start = threading.Barrier(players, action=budget.start)
            team = [Player(i, port, budget, start, seed * 1000 + i) for i in range(players)]
            for player in team:
                player.start()
            for player in team:
                player.join()
            elapsed = time.perf_counter() - budget.began
            for player in team:
                player.check_version()
        finally:
            stop_server(server)
    tallies = [p.tally for p in team]
    latencies = sorted(x for t in tallies for x in t.latencies)
    return Result(
        requests=len(latencies),
        seconds=elapsed,
        median_ms=statistics.median(latencies) * 1000 if latencies else 0.0,
        p99_ms=percentile(latencies, 0.99) * 1000 if latencies else 0.0,
        errors=sum(t.errors for t in tallies),
        lost=sum(t.lost for t in tallies),
        refused_as_expected=sum(t.refused_as_expected for t in tallies),
        illegal_accepted=sum(t.illegal_accepted for t in tallies),
        unexpected_4xx=sum(t.unexpected_4xx for t in tallies),
        conflicts=sum(t.conflicts for t in tallies),
        games=sum(t.games for t in tallies),
        notes=[note for t in tallies for note in t.first_errors][:5],
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8, help="concurrent players (8)")
    parser.add_argument("--actions", type=int, default=6000, help="requests per run (6000)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time limit per run (30)")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is reported (3)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument(
        "--server-script",
        metavar="PATH",
        help="run `python PATH ARGS` instead of `python -m klondike ARGS` (to compare a variant)",
    )
    args = parser.parse_args()
    if args.players < 1 or args.actions < 1 or args.seconds <= 0 or args.runs < 1:
        parser.error("--players, --actions, --seconds and --runs must be positive")

    print(
        f"{args.players} players, up to {args.actions} requests or {args.seconds:g} s per run, "
        f"{args.runs} run(s), server on {HOST}"
    )
    results = []
    for run in range(args.runs):
        result = run_once(
            args.players, args.actions, args.seconds, args.seed + run, args.server_script
        )
        print(f"run {run + 1}: {result.line()}")
        for note in result.notes:
            print(f"    {note}")
        results.append(result)

    def median(figure: str) -> float:
        return float(statistics.median(getattr(r, figure) for r in results))

    print(
        f"median of {len(results)}: {median('rate'):.0f} requests/s   "
        f"median latency {median('median_ms'):.1f} ms   p99 {median('p99_ms'):.1f} ms   "
        f"errors {sum(r.errors + r.lost for r in results)} in all runs"
    )
    bad = sum(r.errors + r.lost + r.illegal_accepted for r in results)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
