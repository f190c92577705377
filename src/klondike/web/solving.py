"""The solver behind the game: hints, proved-winnable deals and the daily deal, computed in
worker processes so that the server keeps answering while the solver thinks.

`SolverWorkers` owns two single-process pools: one for what a player waits for (a hint, a
deal proved on demand), one for the background (filling the pool of proved deals, the
daily deal). `ProvedDeals` is the thread that keeps a few proved deals per mode ready in the
database, so that "winnable deals only" starts at once.

What leaves this module for the browser names only a move: its source and target pile and
the face-up card it moves (none for turning the stock), never a face-down card or the
stock's order.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from datetime import date
from typing import Any, TypedDict, TypeVar

from klondike import Game
from klondike.cards import PILE_NAMES, STOCK
from klondike.codes import DEAL_COUNT
from klondike.errors import KlondikeError
from klondike.rules import MODES, Mode, rules_for
from klondike.solver import describe_line, hint, solve
from klondike.solver.daily import daily_deal
from klondike.store import database as store

STOCK_NAME = PILE_NAMES[STOCK]

HINT_BUDGET = 2.0
"""Seconds the solver may take for a hint."""

PROOF_BUDGET = 1.0
"""Seconds the solver may take to prove a deal winnable; deals that take longer are skipped."""

SEARCH_SECONDS = 20.0
"""How long a player who asked for a winnable deal, with none kept ready, waits at most."""

POOL_SIZE = 3
"""Proved deals kept ready per mode."""

T = TypeVar("T")


class HintAnswer(TypedDict):
    """A hint as the API gives it (docs/api.md)."""

    kind: str
    move: str | None
    card: str | None
    source: str | None
    target: str | None
    states: int
    seconds: float


class Proof(TypedDict):
    """How a deal was proved winnable: its winning line (move texts, spaced), replayed by
    `replays` before the deal is served, and what the search took."""

    deal: int
    line: str
    states: int
    seconds: float


# --------------------------------------------------------------- run in a worker process


def hint_of(snapshot: dict[str, Any], budget: float) -> HintAnswer:
    """The hint for a position: the move, the face-up card it moves, why it is suggested."""
    game = Game.from_snapshot(snapshot)
    found = hint(game, budget=budget)
    answer: HintAnswer = {
        "kind": found.kind,
        "move": None,
        "card": None,
        "source": None,
        "target": None,
        "states": found.solution.states,
        "seconds": round(found.solution.seconds, 3),
    }
    move = found.move
    if move is None:
        return answer
    answer["move"], answer["source"], answer["target"] = str(move), move.source, move.target
    if STOCK_NAME not in (move.source, move.target):
        answer["card"] = describe_line(game, (move,))[0]  # the face-up card it moves
    return answer  # a draw or a recycle names no card: it turns the stock


def prove(deal: int, mode: Mode, budget: float) -> Proof | None:
    """The proof that a deal can be won in ``mode`` within ``budget`` seconds, or None."""
    key, draw, scoring = mode
    solution = solve(Game(deal, draw, scoring, rules_for(key)), budget=budget)
    if solution.verdict != "winnable":
        return None
    return {
        "deal": deal,
        "line": " ".join(map(str, solution.line)),
        "states": solution.states,
        "seconds": round(solution.seconds, 3),
    }


def replays(deal: int, line: str, mode: Mode) -> bool:
    """True if ``line`` (move texts, spaced) wins ``deal`` in ``mode`` when played in the
    engine: the check of a kept proof, microseconds long."""
    key, draw, scoring = mode
    game = Game(deal, draw, scoring, rules_for(key))
    try:
        for text in line.split():
            game.play(text)
    except KlondikeError:
        return False
    return game.won


def prove_some(mode: Mode, budget: float, seconds: float, seed: int) -> Proof | None:
    """The first random deal proved winnable within ``budget`` seconds, trying deals for
    at most about ``seconds`` in all (a mode with few winnable deals, Draw 3 Vegas, needs
    dozens of tries); None if none was proved in that time."""
    chooser = random.Random(seed)
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        proof = prove(chooser.randrange(DEAL_COUNT), mode, min(budget, left))
        if proof is not None:
            return proof


def daily_of(day: str, mode: Mode) -> Proof:
    """The daily deal of ``day`` (ISO date) and a mode, with its proof."""
    deal, solution = daily_deal(date.fromisoformat(day), mode)
    return {
        "deal": deal,
        "line": " ".join(map(str, solution.line)),
        "states": solution.states,
        "seconds": round(solution.seconds, 3),
    }


# --------------------------------------------------------------- the pools


def _end_with_parent(parent: int) -> None:
    """In a worker process: exit as soon as the server ``parent`` that started it is gone
    (even killed, even before the worker was ready), so that no solver is left running and
    no pipe of the server is held open."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class SolverWorkers:
    """Where the solver runs: a process for what a player waits for, one for the background.

    ``processes=False`` runs them in threads instead (quick to start, for tests that do not
    measure responsiveness). The pools start when first used.
    """

    def __init__(self, *, processes: bool = True) -> None:
        self.processes = processes
        self._lock = threading.Lock()
        self._pools: dict[str, Executor] = {}

    def _pool(self, name: str) -> Executor:
        with self._lock:
            pool = self._pools.get(name)
            if pool is None:
                if self.processes:
                    context = multiprocessing.get_context("spawn")
                    pool = ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=context,
                        initializer=_end_with_parent,
                        initargs=(os.getpid(),),
                    )
                else:
                    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"solver-{name}")
                self._pools[name] = pool
            return pool

    def now(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``function(*args)`` for a player who waits for it."""
        return self._pool("now").submit(function, *args)

    def background(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``function(*args)`` when nobody waits for it."""
        return self._pool("background").submit(function, *args)

    def close(self) -> None:
        """Stop the pools (a task under way is left to finish in its process)."""
        with self._lock:
            pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            pool.shutdown(wait=False, cancel_futures=True)


class ProvedDeals(threading.Thread):
    """Keeps `POOL_SIZE` proved-winnable deals per mode in the database, in the background.

    Woken by `wake` when a deal is taken; sleeps while every mode is full.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        db_lock: threading.Lock,
        workers: SolverWorkers,
        *,
        size: int = POOL_SIZE,
        budget: float = PROOF_BUDGET,
        modes: tuple[Mode, ...] = MODES,
    ) -> None:
        super().__init__(name="proved-deals", daemon=True)
        self.conn, self.db_lock, self.workers = conn, db_lock, workers
        self.size, self.budget, self.modes = size, budget, modes
        self.stopping = threading.Event()
        self.wanted = threading.Event()
        self.wanted.set()

    def wake(self) -> None:
        """A deal was taken: fill the pool again."""
        self.wanted.set()

    def stop(self) -> None:
        self.stopping.set()
        self.wanted.set()

    def missing(self) -> list[Mode]:
        """The modes with fewer proved deals than `size`, the emptiest first."""
        with self.db_lock:
            counts = store.proved_deal_counts(self.conn)
        short = [mode for mode in self.modes if counts.get(mode, 0) < self.size]
        return sorted(short, key=lambda mode: counts.get(mode, 0))

    def run(self) -> None:
        chooser = random.SystemRandom()
        while not self.stopping.is_set():
            self.wanted.wait()
            try:
                modes = self.missing()
            except sqlite3.Error:
                modes = []
            if not modes:
                self.wanted.clear()
                continue
            deal = chooser.randrange(DEAL_COUNT)
            try:
                proof = self.workers.background(prove, deal, modes[0], self.budget).result()
            except Exception:  # the pool was shut down, or a worker died: stop quietly
                return
            if proof is None or self.stopping.is_set():
                continue
            try:
                with self.db_lock:
                    store.add_proved_deal(self.conn, modes[0], store.KeptProof(**proof))
            except sqlite3.Error:
                continue
