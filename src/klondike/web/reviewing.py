"""The reviews of finished games for the API (docs/review.md, docs/api.md "Reviews"): an
analysis started or resumed here runs in the solver's ``background`` lane, a chunk of its
steps at a time, so that play never waits for it; its state is kept in the database after
each chunk (left and resumed, even across a restart), and its review once done, so that it
opens at once the second time.

Nothing here answers for a game that is being played: a review names every card.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from functools import partial
from typing import Any

from klondike import Game, KlondikeError
from klondike.review import Analysis, ReviewError, Settings, stored_start
from klondike.store import database as store

from .background import Background, Turn
from .games import Games, OpenGame
from .refusals import Refusal
from .workers import SolverBusy, SolverFailed, SolverWorkers

log = logging.getLogger(__name__)

CHUNK_SECONDS = 1.0
"""How long a worker runs steps of an analysis before the state is kept."""

STEP_LIMIT = 120.0
"""Seconds a chunk may take at most (its last step may run past `CHUNK_SECONDS`)."""

BUSY_WAIT = 0.5
"""Seconds to wait before asking again when the background lane is full."""


def run_steps(
    state: dict[str, Any], seconds: float
) -> tuple[dict[str, Any], tuple[str, int, int], dict[str, Any] | None]:
    """In a worker: steps of the analysis ``state`` for about ``seconds``; the new state,
    its progress and, once done, the review."""
    work = Analysis(state)
    until = time.monotonic() + seconds
    while time.monotonic() < until and work.step():
        pass
    progress = work.progress()
    return work.state, progress, work.review() if progress[0] == "done" else None


def full_table(game: Game) -> dict[str, Any]:
    """The table with every card named (the game is over): the stock (the next card drawn
    last), the waste, the foundations and each column's face-down and face-up cards."""
    snapshot = game.snapshot()
    return {key: snapshot[key] for key in ("stock", "waste", "foundations", "tableau")}


class Reviews:
    """The analyses of finished games: one runs at a time, on a thread of its own (started
    with the first), the others wait in order."""

    def __init__(
        self,
        games: Games,
        workers: SolverWorkers,
        *,
        chunk: float = CHUNK_SECONDS,
        settings: Settings | None = None,
    ) -> None:
        self.games, self.workers, self.chunk = games, workers, chunk
        self.settings = settings or Settings()  # the bounds of a new analysis
        self.lock = threading.Condition()
        self.queue: deque[int] = deque()
        self.progress: dict[int, tuple[str, int, int]] = {}  # queued or running
        self.background = Background("reviews", self._next_review, self.lock)

    # ---- what the API asks

    def _finished(self, game_id: int) -> tuple[OpenGame, list[str]]:
        """A finished game and its moves; refused while it is played, or when its moves
        are not known (`review_unavailable`)."""
        entry = self.games.get(game_id)
        with entry.lock:
            if entry.status == "playing":
                raise Refusal("review_playing", {"id": game_id})
            if entry.line is None:
                detail = "an older version of klondike kept only its last moves"
                raise Refusal("review_unavailable", {"id": game_id, "detail": detail})
            return entry, list(entry.line)

    def _start_of(self, game_id: int) -> Game:
        """The position a finished game started from."""
        with self.games.database("read", f"game {game_id}") as conn:
            row = store.load_game(conn, game_id)
        if row is None:
            raise Refusal("game_not_found", {"id": game_id})
        try:
            return stored_start(row.start, row.code)
        except ReviewError as err:
            raise Refusal("review_unavailable", {"id": game_id, "detail": str(err)}) from err

    def position_before(self, game_id: int, number: int) -> Game:
        """The position of a finished game before its move ``number`` (1: the start), for
        a practice game from there; `practice_move` for a move it does not have."""
        _, moves = self._finished(game_id)
        if not 1 <= number <= len(moves):
            raise Refusal("practice_move", {"id": game_id, "moves": len(moves)})
        position = self._start_of(game_id)
        for move in moves[: number - 1]:
            position.play(move)
        return position

    def _kept(self, game_id: int) -> store.KeptReview | None:
        with self.games.database("read", f"the review of game {game_id}") as conn:
            return store.load_review(conn, game_id)

    def status(self, game_id: int) -> dict[str, Any]:
        """Where the review of a finished game stands: ``none`` (not started), ``paused``
        (started, not running now: resume it), ``running`` with its progress, or ``done``
        with the review."""
        self._finished(game_id)
        kept = self._kept(game_id)
        with self.lock:
            running = self.progress.get(game_id)
        if kept is not None and kept.review is not None:
            return _status(game_id, "done", ("done", 1, 1), kept.review)
        if running is not None:
            return _status(game_id, "running", running, None)
        if kept is None:
            return _status(game_id, "none", None, None)
        return _status(game_id, "paused", _progress_of(kept.state), None)

    def start(self, game_id: int) -> dict[str, Any]:
        """Start the review of a finished game, or resume it; where it stands."""
        entry, moves = self._finished(game_id)
        kept = self._kept(game_id)
        if kept is not None and kept.review is not None:
            return _status(game_id, "done", ("done", 1, 1), kept.review)
        with self.lock:
            if game_id in self.progress:
                return _status(game_id, "running", self.progress[game_id], None)
        state = kept.state if kept is not None else None
        if state is None or not _resumable(state):
            state = self._new_state(entry, moves)
            with self.games.database("review") as conn:
                store.save_review(conn, game_id, state)
        with self.lock:
            if self.background.stopping:
                raise Refusal("solver_failed", {"detail": "the server stops"})
            self.progress[game_id] = _progress_of(state)
            self.queue.append(game_id)
            self.background.start()
            self.background.wake()
            return _status(game_id, "running", self.progress[game_id], None)

    def tables(self, game_id: int) -> dict[str, Any]:
        """Every card's place at each position of a finished game, and along the winning
        line of its review (once done)."""
        _, moves = self._finished(game_id)
        start = self._start_of(game_id)
        kept = self._kept(game_id)
        try:
            work = Analysis.of(start, moves)
        except (ReviewError, KlondikeError) as err:
            raise Refusal("review_unavailable", {"id": game_id, "detail": str(err)}) from err
        line: list[dict[str, Any]] = []
        review = kept.review if kept is not None else None
        if review is not None and review.get("lost_at"):
            position = work.positions[int(review["lost_at"]) - 1].copy()
            try:
                for step in review.get("winning_line", []):
                    position.play(str(step["move"]))
                    line.append(full_table(position))
            except (KlondikeError, KeyError, TypeError):
                line = []
        return {"id": game_id, "positions": [full_table(p) for p in work.positions], "line": line}

    def stop(self) -> None:
        self.background.stop()

    # ---- the runner

    def _new_state(self, entry: OpenGame, moves: list[str]) -> dict[str, Any]:
        start = self._start_of(entry.id)
        try:
            work = Analysis.of(
                start, moves, hints=entry.hints, undos=entry.game.undos, settings=self.settings
            )
            return work.state
        except (ReviewError, KlondikeError) as err:
            params: dict[str, object] = {"id": entry.id, "detail": str(err)[:200]}
            raise Refusal("review_unavailable", params) from err

    def _next_review(self) -> Turn | None:
        """The review first in the queue (``lock`` held), or None."""
        return partial(self._review, self.queue[0]) if self.queue else None

    def _review(self, game_id: int) -> None:
        """Run the analysis of a game to its end (or until it fails, or the server stops);
        then the next in the queue."""
        try:
            self._analyse(game_id)
        except Exception as err:  # said in the log; the review is left paused
            log.warning("klondike: the review of game %d stopped: %r", game_id, err)
        with self.lock:
            self.queue.popleft()
            self.progress.pop(game_id, None)

    def _analyse(self, game_id: int) -> None:
        """Run the analysis of a game chunk by chunk, keeping its state after each."""
        kept = self._kept(game_id)
        if kept is None:
            return
        state = kept.state
        while True:
            with self.lock:
                if self.background.stopping:
                    return
            try:
                future = self.workers.submit("background", STEP_LIMIT, run_steps, state, self.chunk)
            except SolverBusy:
                self.background.pause(BUSY_WAIT)
                continue
            try:
                state, progress, review = future.result()
            except SolverFailed:
                return
            with self.games.database("review") as conn:
                store.save_review(conn, game_id, state, review)
            with self.lock:
                self.progress[game_id] = progress
            if review is not None:
                return


def _resumable(state: dict[str, Any]) -> bool:
    """True if a kept state can be resumed (an edited or damaged one starts again)."""
    try:
        Analysis(state)
    except (ReviewError, KlondikeError, KeyError, TypeError, ValueError):
        return False
    return True


def _progress_of(state: dict[str, Any]) -> tuple[str, int, int]:
    try:
        return Analysis(state).progress()
    except (ReviewError, KlondikeError, KeyError, TypeError, ValueError):
        return ("verdicts", 0, 0)


def _status(
    game_id: int,
    status: str,
    progress: tuple[str, int, int] | None,
    review: dict[str, Any] | None,
) -> dict[str, Any]:
    part, done, total = progress if progress is not None else (None, 0, 0)
    return {
        "id": game_id,
        "status": status,
        "part": part,
        "done": done,
        "total": total,
        "review": review,
    }
