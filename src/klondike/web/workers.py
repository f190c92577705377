"""Where the solver runs: `SolverWorkers` owns one worker process per lane (`LANES`), each
with its own bounded queue, so that the server keeps answering while the solver thinks and
one lane never waits behind another. A worker that dies or hangs past its task's time limit
is replaced and the task answers `SolverFailed`; a full lane refuses with `SolverBusy`.
A task a player waits for may go `first`: ahead of every task queued in its lane but
those that went first before it.
The process's own side is `klondike.web.worker_process`.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from contextlib import suppress
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from .worker_process import serve_tasks

T = TypeVar("T")


LANES = ("hint", "proof", "background", "rating")
"""The worker processes: the player's hints, deals proved while a player waits (winnable
deals only, the daily deal), the background (the proved-deal filler, the winnable
layouts gauge, `klondike.web.gauge`, and the reviews of finished games,
`klondike.web.reviewing`) and the ratings (deals by difficulty: the filler's and the daily
deals of each tier, each rating tens of seconds). Each has its own process and queue, so
that one never waits behind another."""

PENDING: dict[str, int] = {"hint": 4, "proof": 4, "background": 4, "rating": 4}
"""Tasks (queued or running) a lane takes at most; past it a request is refused with 503
`solver_busy` and a ``Retry-After`` header. The background lane holds the filler's one
task and the gauge's part (and, for a moment, the part of a gauge just superseded)."""

NICENESS: dict[str, int] = {"rating": 10}
"""How much nicer than the server a lane's process runs: the ratings, minutes of work no
player waits for, give way to everything else on the machine."""

MARGIN = 5.0
"""Seconds past a task's own time limit after which its worker counts as stuck: the
process is killed, a new one started, and the task answers `SolverFailed`."""

START_SECONDS = 60.0
"""Seconds a new worker process may take to start (import the solver)."""

PRELOAD = ("klondike.fair.hint", "klondike.web.proofs")
"""The modules a new worker process imports before it says it is ready (the solver, the
fair player, the hint and the proofs), so that a task's time limit is the task's own."""

log = logging.getLogger(__name__)


class SolverFailed(Exception):
    """The solver could not answer: its worker died, hung, or the server stops."""


class SolverBusy(Exception):
    """A lane has `PENDING` tasks already: come back in ``retry_after`` seconds."""

    def __init__(self, lane: str, retry_after: int) -> None:
        self.lane, self.retry_after = lane, retry_after
        super().__init__(f"the {lane} solver has {PENDING.get(lane)} tasks waiting")


@dataclass(eq=False)
class _Task:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    limit: float  # seconds it may run
    first: bool = False  # ahead of the tasks queued that are not
    future: Future[Any] = field(default_factory=Future)


def _settle(future: Future[Any], *, value: Any = None, error: BaseException | None = None) -> None:
    """Answer ``future`` unless it was answered already (withdrawn)."""
    with suppress(InvalidStateError):
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)


class _Lane:
    """One worker process (or, for tests, a thread) and its bounded queue, served by a
    thread of the server that sends one task at a time and waits at most its time limit
    plus `MARGIN` for the answer."""

    def __init__(self, name: str, *, processes: bool, pending: int, margin: float) -> None:
        self.name, self.processes, self.pending, self.margin = name, processes, pending, margin
        self.changed = threading.Condition()
        self.queue: deque[_Task] = deque()
        self.current: _Task | None = None
        self.stopping = False
        self.process: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.thread = threading.Thread(target=self._serve, name=f"solver-{name}", daemon=True)
        self.thread.start()

    def submit(self, task: _Task) -> None:
        with self.changed:
            if self.stopping:
                raise SolverFailed("the server stops")
            waiting = [*self.queue, *([self.current] if self.current else [])]
            if len(waiting) >= self.pending:
                ahead = sum(min(queued.limit, 60.0) for queued in waiting)
                raise SolverBusy(self.name, max(1, math.ceil(ahead)))
            if task.first:  # after the tasks that went first (they lead the queue)
                self.queue.insert(sum(queued.first for queued in self.queue), task)
            else:
                self.queue.append(task)
            self.changed.notify_all()

    def withdraw(self, future: Future[Any], error: BaseException) -> None:
        """Answer ``error`` to a task no one wants any more (dropped if not yet started)."""
        with self.changed:
            for task in self.queue:
                if task.future is future:
                    self.queue.remove(task)
                    break
        _settle(future, error=error)

    def pid(self) -> int | None:
        with self.changed:
            process = self.process
        return process.pid if process is not None and process.is_alive() else None

    def busy(self) -> bool:
        with self.changed:
            return self.current is not None

    def queued(self) -> int:
        with self.changed:
            return len(self.queue)

    def stop(self) -> None:
        with self.changed:
            self.stopping = True
            queued, self.queue = list(self.queue), deque()
            self.changed.notify_all()
        for task in queued:
            _settle(task.future, error=SolverFailed("the server stops"))

    def _serve(self) -> None:
        while True:
            with self.changed:
                while not self.queue and not self.stopping:
                    self.changed.wait()
                if self.stopping:
                    break
                task = self.current = self.queue.popleft()
            try:
                if task.future.done():  # withdrawn while it waited
                    continue
                if self.processes:
                    _settle(task.future, value=self._in_process(task))
                else:
                    _settle(task.future, value=task.function(*task.args))
            except Exception as err:
                _settle(task.future, error=err)
            finally:
                with self.changed:
                    self.current = None
        self._end_process()

    def _worker(self) -> Connection:
        """The pipe to a live worker process, started (again) if there is none."""
        if self.process is not None and self.conn is not None and self.process.is_alive():
            return self.conn
        if self.process is not None:
            log.warning(
                "klondike: the %s solver process ended (exit code %s): starting a new one",
                self.name,
                self.process.exitcode,
            )
        self._end_process()
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(
            target=serve_tasks,
            args=(
                theirs,
                os.getpid(),
                f"klondike-{self.name}",
                NICENESS.get(self.name, 0),
                PRELOAD,
            ),
            name=f"klondike-{self.name}",
            daemon=True,
        )
        process.start()
        theirs.close()
        with self.changed:
            self.process, self.conn = process, ours
        if not ours.poll(START_SECONDS):
            self._end_process()
            raise SolverFailed(f"the {self.name} solver process did not start")
        ours.recv()  # ("ready", pid)
        return ours

    def _in_process(self, task: _Task) -> Any:
        try:
            conn = self._worker()
            conn.send((task.function, task.args))
            waited = max(0.0, task.limit) + self.margin
            if not conn.poll(waited):
                self._end_process()
                log.warning(
                    "klondike: the %s solver gave no answer in %.1f s: its process was "
                    "killed and a new one is started",
                    self.name,
                    waited,
                )
                raise SolverFailed(f"no answer in {waited:.1f} s: the solver process was replaced")
            status, value = conn.recv()
        except (EOFError, OSError) as err:
            code = self.process.exitcode if self.process is not None else None
            self._end_process()
            with self.changed:
                stopping = self.stopping
            if stopping:  # the server stops, and its workers with it: no death to report
                raise SolverFailed("the server stops") from err
            log.warning(
                "klondike: the %s solver process died (exit code %s): a new one is started",
                self.name,
                code,
            )
            raise SolverFailed(f"the solver process died (exit code {code})") from err
        if status == "error":
            raise value
        return value

    def _end_process(self) -> None:
        with self.changed:
            process, conn = self.process, self.conn
            self.process = self.conn = None
        if conn is not None:
            conn.close()
        if process is not None and process.is_alive():
            process.kill()
            process.join(5)


class SolverWorkers:
    """Where the solver runs: one worker process per lane (`LANES`), each with its own
    bounded queue; a worker that dies or hangs is replaced.

    ``processes=False`` runs them in threads instead (quick to start, for tests that do not
    measure responsiveness; no time limit is enforced then). ``pending`` bounds each lane's
    queue (`PENDING`); ``margin`` is `MARGIN`. The processes start when first used.
    """

    def __init__(
        self,
        *,
        processes: bool = True,
        pending: dict[str, int] | None = None,
        margin: float = MARGIN,
    ) -> None:
        self.processes, self.margin = processes, margin
        self.limits = {**PENDING, **(pending or {})}
        self._lock = threading.Lock()
        self._lanes: dict[str, _Lane] = {}
        self.closed = False

    def _lane(self, name: str) -> _Lane:
        with self._lock:
            if self.closed:
                raise SolverFailed("the server stops")
            lane = self._lanes.get(name)
            if lane is None:
                lane = _Lane(
                    name,
                    processes=self.processes,
                    pending=self.limits[name],
                    margin=self.margin,
                )
                self._lanes[name] = lane
            return lane

    def submit(
        self,
        lane: str,
        limit: float,
        function: Callable[..., T],
        *args: Any,
        first: bool = False,
    ) -> Future[T]:
        """Run ``function(*args)`` in ``lane``, allowed ``limit`` seconds (plus the margin);
        the future answers its result, its error or `SolverFailed`. ``first``: ahead of the
        lane's queued tasks (after those that went first too). Raises `SolverBusy` if the
        lane's queue is full."""
        task = _Task(function, args, limit, first)
        self._lane(lane).submit(task)
        return task.future

    def withdraw(self, lane: str, future: Future[Any], error: BaseException) -> None:
        """Answer ``error`` to a task of ``lane`` that no one waits for any more; not yet
        started, it is dropped."""
        self._lane(lane).withdraw(future, error)

    def pids(self) -> dict[str, int]:
        """The process id of each lane's live worker process (to watch them, in tests)."""
        with self._lock:
            lanes = dict(self._lanes)
        found = {name: lane.pid() for name, lane in lanes.items()}
        return {name: pid for name, pid in found.items() if pid is not None}

    def busy(self, lane: str) -> bool:
        """True while ``lane`` runs a task."""
        return self._lane(lane).busy()

    def queued(self, lane: str) -> int:
        """The tasks waiting in ``lane``'s queue (the one it runs not counted)."""
        return self._lane(lane).queued()

    def close(self) -> None:
        """Stop the lanes: queued tasks answer `SolverFailed`, a running one is left to finish
        in its process (which exits with the server)."""
        with self._lock:
            lanes, self._lanes, self.closed = list(self._lanes.values()), {}, True
        for lane in lanes:
            lane.stop()
