"""The "winnable layouts" gauge: the share of the layouts the player cannot tell apart in
which the position on the table can still be won (`klondike.fair.winnable_share`), computed
in the solver's background lane after each move, never on a move's path.

`Gauges` runs on a thread of the server (`klondike.web.background`). A move
(`Gauges.moved`, with the setting ``winnable_gauge`` on) or a request for a version's gauge
(`Gauges.ask`) starts a job for that version of the game; the job is cut into parts of
`PART` layouts, each one task of the ``background`` lane, sent one at a time. A new
version of the game supersedes the old job: its part waiting in the lane is dropped, no
further part is sent, and its waiters answer `gauge_superseded`. A part already running
ends within its bound of positions (a few hundredths of a second per layout), so the
worker is free for the new job at once.

Everything answered is a function of the information set: the parts draw their layouts
from it (`klondike.fair.layout_outcomes`), the same layouts from one position to the next
(common random numbers: the gauge moves with what the player sees, not with a new draw),
and a finished share is kept by its information key, so that a position seen again (an
undo) answers at once.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

import anyio.to_thread
from typing_extensions import TypedDict

from klondike import Game
from klondike.fair import Share, layout_outcomes
from klondike.information import information_key, information_set
from klondike.store import settings as preferences

from .background import Background, Turn
from .games import Games
from .refusals import Refusal
from .workers import SolverBusy, SolverFailed, SolverWorkers

SAMPLES = 24
"""Layouts a gauge solves."""

MAX_STATES = 2_000
"""Positions each layout of a gauge may search."""

PART = 4
"""Layouts per task of the background lane: a part runs in well under a second."""

PART_SECONDS = 10.0
"""Seconds a part may take in its worker (it takes a fraction of one)."""

WAIT_SECONDS = 10.0
"""How long a request for a gauge waits for it before answering what is done so far."""

BUSY_RETRY_SECONDS = 0.2
"""How long the gauge waits before it sends a part again to a full background lane."""

KEPT = 256
"""Finished shares kept by information key."""

log = logging.getLogger(__name__)


class GaugeLayouts(TypedDict):
    """Of the layouts solved so far: those won, lost, and left undecided by the bound."""

    wins: int
    losses: int
    unknown: int


class GaugeAnswer(TypedDict):
    """A version's gauge as the API answers it (docs/api.md, "The gauge")."""

    id: int
    version: int
    status: Literal["ready", "computing"]
    samples: int
    layouts: GaugeLayouts
    low: float
    high: float


def gauge_part(snapshot: dict[str, Any], first: int, count: int, max_states: int) -> Share:
    """In a worker process: the outcomes of layouts ``first`` to ``first + count - 1`` of
    the position's gauge."""
    return layout_outcomes(
        Game.from_snapshot(snapshot), first, count, max_states=max_states, coupled=True
    )


@dataclass(eq=False)
class _Job:
    """The gauge of one version of a game: the layouts solved so far, the part in the
    lane, and the future its waiters share (a `Share`, or the refusal that ended it)."""

    game_id: int
    version: int
    snapshot: dict[str, Any]
    key: str
    solved: Share = field(default_factory=lambda: Share(0, 0, 0))
    part: Future[Any] | None = None
    over: bool = False  # superseded, failed or finished: no part is sent any more
    done: Future[Share] = field(default_factory=Future)


def _failed(job: _Job) -> bool:
    """True if ``job`` ended without a share (superseded, failed): a new one is started."""
    return job.done.done() and job.done.exception() is not None


def _plus(one: Share, other: Share) -> Share:
    return Share(one.wins + other.wins, one.losses + other.losses, one.unknown + other.unknown)


class Gauges:
    """The gauges of the open games, computed part by part in the ``background`` lane of
    ``workers`` by a thread of their own (started with the first gauge); one part in the
    lane at a time, the games taking turns."""

    def __init__(
        self,
        games: Games,
        workers: SolverWorkers,
        *,
        samples: int = SAMPLES,
        max_states: int = MAX_STATES,
        part: int = PART,
    ) -> None:
        self.games, self.workers = games, workers
        self.samples, self.max_states, self.part = samples, max_states, part
        self.changed = threading.Condition()
        self.jobs: dict[int, _Job] = {}  # game: its newest version's job
        self.turns: list[int] = []  # the games with a job to go on with, in turn
        self.kept: OrderedDict[str, Share] = OrderedDict()
        self.background = Background("gauges", self._next_part, self.changed)

    # ---- asked by the API

    def moved(self, game_id: int, version: int) -> None:
        """A move made ``version`` of a game: start its gauge if the setting is on (a game
        that moved on already, or ended, is left alone)."""
        try:
            if self._on():
                self.start_job(game_id, version)
        except Refusal:
            pass  # the version is gone (another tab played), or the game ended: no gauge

    def ask(self, game_id: int, version: int) -> _Job:
        """The job of ``version`` of an open game (started if there is none): refused with
        `gauge_off` while the setting is off, `stale_version` or `game_over` like a hint."""
        if not self._on():
            raise Refusal("gauge_off")
        return self.start_job(game_id, version)

    def _on(self) -> bool:
        """The setting ``winnable_gauge``."""
        with self.games.database("read", "the settings") as conn:
            return bool(preferences.load(conn)["winnable_gauge"])

    async def answer(self, game_id: int, version: int, wait: float = WAIT_SECONDS) -> GaugeAnswer:
        """The gauge of ``version`` of a game once it is ready, or after ``wait`` seconds
        what is solved so far (``status`` computing)."""
        job = await anyio.to_thread.run_sync(self.ask, game_id, version)
        try:
            share = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(job.done)), wait)
        except TimeoutError:
            with self.changed:
                share = job.solved
            return self._answer(job, share, "computing")
        return self._answer(job, share, "ready")

    def start_job(self, game_id: int, version: int) -> _Job:
        """The job of ``version`` of a game: the one there is, else a new one, which
        supersedes the game's older one."""
        entry, snapshot = self.games.hint_position(game_id, version)
        key = information_key(information_set(Game.from_snapshot(snapshot)))
        with self.changed:
            if self.background.stopping:
                raise Refusal("solver_failed", {"detail": "the server stops"})
            job = self.jobs.get(game_id)
            if job is not None and job.version == version and not _failed(job):
                return job
            if job is not None and job.version > version:  # a move came meanwhile
                params: dict[str, object] = {"version": version, "current": job.version}
                raise Refusal("stale_version", params)
            if job is not None:
                self._supersede(job, version)
            job = self.jobs[game_id] = _Job(entry.id, version, snapshot, key)
            known = self.kept.get(key)
            if known is not None:
                self._finish(job, known)
            else:
                self.turns.append(game_id)
                self.background.wake()
                self.background.start()
            self._forget_finished_games()
            return job

    def stop(self) -> None:
        """Stop sending parts: every job not finished answers `solver_failed`."""
        with self.changed:
            self.background.stop()
            for job in self.jobs.values():
                self._end(job, Refusal("solver_failed", {"detail": "the server stops"}))

    # ---- the thread's turns

    def _next_part(self) -> Turn | None:
        """The next game's next part, sent to the lane (``changed`` held): the turn waits
        for it; a full lane, a pause (the game's turn again after it); None: no game has
        a part to send."""
        while self.turns:
            job = self.jobs[self.turns.pop(0)]
            first = job.solved.samples
            count = min(self.part, self.samples - first)
            try:
                part = self.workers.submit(
                    "background",
                    PART_SECONDS,
                    gauge_part,
                    job.snapshot,
                    first,
                    count,
                    self.max_states,
                )
            except SolverBusy:
                self.turns.insert(0, job.game_id)  # its turn again, after a pause
                return partial(self.background.pause, BUSY_RETRY_SECONDS)
            except SolverFailed as err:
                self._end(job, Refusal("solver_failed", {"detail": str(err)}))
                continue
            job.part = part
            return partial(self._solved, job, part)
        return None

    def _solved(self, job: _Job, part: Future[Any]) -> None:
        """Wait for ``part`` of ``job``, and add its layouts (unless the job is over)."""
        try:
            solved: Share | None = part.result()
            failure = None
        except Exception as err:  # withdrawn (superseded), or the part failed
            solved, failure = None, err
        with self.changed:
            job.part = None
            if job.over:
                return
            if solved is None:
                detail = str(failure) or type(failure).__name__
                log.warning("klondike: a gauge could not be computed: %s", detail)
                self._end(job, Refusal("solver_failed", {"detail": detail}))
                return
            job.solved = _plus(job.solved, solved)
            if job.solved.samples >= self.samples:
                self._finish(job, job.solved)
            else:
                self.turns.append(job.game_id)

    # ---- the jobs (``changed`` held)

    def _finish(self, job: _Job, share: Share) -> None:
        job.solved, job.over = share, True
        self.kept[job.key] = share
        self.kept.move_to_end(job.key)
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        if not job.done.done():
            job.done.set_result(share)

    def _end(self, job: _Job, refusal: Refusal) -> None:
        """End ``job`` with ``refusal``: its waiters answer it, its part in the lane is
        dropped if it has not started."""
        job.over = True
        if self.jobs.get(job.game_id) is job and job.game_id in self.turns:
            self.turns.remove(job.game_id)
        if job.part is not None:
            self.workers.withdraw("background", job.part, refusal)
        if not job.done.done():
            job.done.set_exception(refusal)

    def _supersede(self, job: _Job, newer: int) -> None:
        params: dict[str, object] = {"id": job.game_id, "version": job.version, "newer": newer}
        self._end(job, Refusal("gauge_superseded", params))

    def _forget_finished_games(self) -> None:
        """Drop the jobs of games no longer open (won, abandoned)."""
        for game_id in [g for g in self.jobs if g not in self.games.open]:
            self._end(self.jobs[game_id], Refusal("game_over", {"id": game_id, "status": "over"}))
            del self.jobs[game_id]

    def _answer(
        self, job: _Job, share: Share, status: Literal["ready", "computing"]
    ) -> GaugeAnswer:
        low, high = (share.low, share.high) if share.samples else (0.0, 1.0)
        return {
            "id": job.game_id,
            "version": job.version,
            "status": status,
            "samples": self.samples,
            "layouts": {"wins": share.wins, "losses": share.losses, "unknown": share.unknown},
            "low": round(low, 4),
            "high": round(high, 4),
        }
