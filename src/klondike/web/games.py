"""The open games: held in memory with their locks and clocks, every change committed first.

The application layer between the API and the engine: it takes plain arguments (ids,
versions, the action's words), asks the engine to play, commits each accepted action to
SQLite (`klondike.store.database`) before answering, and refuses with a `Refusal`, which
the API turns into its error shape. Nothing here knows of HTTP.
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from klondike import Game, KlondikeError, Move
from klondike.store import database as store
from klondike.store import stats as statistics

from .solving import HINT_BUDGET, PROOF_BUDGET, Proof, SolverWorkers, daily_of, hint_of, prove_some
from .view import game_view

# The reasons of the registry's refusals (the engine's are in klondike.errors.MESSAGES).
MESSAGES: dict[str, str] = {
    "game_not_found": "there is no game {id}",
    "stale_version": "the game has changed (version {current}, not {version}): "
    "another tab played; the table shows the game as it is now",
    "game_over": "game {id} is over ({status}): start a new game",
    "storage_error": "the game could not be saved, so the action was not played: {detail}",
    "no_proved_deal": "no winnable deal of this mode was proved in time: try again",
    "solver_failed": "the solver could not answer: {detail}",
}


class Refusal(Exception):
    """An action refused: the reason key, its params, the message and (when a game is
    concerned) the game's view as it is, unchanged."""

    def __init__(
        self,
        reason: str,
        params: dict[str, object],
        *,
        game: dict[str, Any] | None = None,
        message: str | None = None,
    ) -> None:
        self.reason = reason
        self.params = params
        self.game = game
        self.message = MESSAGES[reason].format(**params) if message is None else message
        super().__init__(self.message)

    @classmethod
    def from_engine(cls, err: KlondikeError, game: dict[str, Any] | None) -> Refusal:
        """The engine's refusal: its reason, message and params."""
        return cls(err.reason, dict(err.params), game=game, message=str(err))


@dataclass(eq=False)
class OpenGame:
    """A game held in memory, with its clock and the lock that serializes its actions."""

    id: int
    game: Game
    version: int
    status: str
    elapsed_ms: int  # the clock at `since`
    since: float  # time.monotonic() when elapsed_ms was read
    last: dict[str, Any] | None = None
    hints: int = 0
    daily: str | None = None
    proof: Proof | None = None  # how the deal was proved winnable, when it was asked for
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clock(self, now: float) -> int:
        """The game's clock at monotonic time ``now``: it runs only while the game is open."""
        if self.status != "playing":
            return self.elapsed_ms
        return self.elapsed_ms + max(0, int((now - self.since) * 1000))

    def view(self, now: float) -> dict[str, Any]:
        """The game's view (docs/api.md)."""
        view = game_view(
            self.game,
            game_id=self.id,
            version=self.version,
            elapsed_ms=self.clock(now),
            clock_running=self.status == "playing",
            status=self.status,
            last=self.last,
        )
        view["hints"], view["daily"] = self.hints, self.daily
        return view


class Games:
    """The games: open ones in memory, every change committed to SQLite first.

    Lock order, to never deadlock: a game's lock, then ``registry``, then ``db_lock``.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        clock: Callable[[], float] = time.monotonic,
        *,
        workers: SolverWorkers | None = None,
        hint_budget: float = HINT_BUDGET,
    ) -> None:
        self.conn = conn
        self.now = clock  # seconds, monotonic: the games' clocks run on it
        self.db_lock = threading.Lock()
        self.registry = threading.Lock()
        self.open: dict[int, OpenGame] = {}
        self.workers = workers if workers is not None else SolverWorkers()
        self.hint_budget = hint_budget
        self.deal_taken: Callable[[], None] = lambda: None  # wakes the proved-deals filler

    @contextmanager
    def database(self) -> Iterator[sqlite3.Connection]:
        """The connection, to this thread alone; a database error becomes a refusal."""
        with self.db_lock:
            try:
                yield self.conn
            except sqlite3.Error as err:
                raise Refusal("storage_error", {"detail": str(err)}) from err

    # ---- refusals

    def _game_over(self, entry: OpenGame) -> Refusal:
        """The refusal of anything but viewing a finished game, with its view."""
        params: dict[str, object] = {"id": entry.id, "status": entry.status}
        return Refusal("game_over", params, game=entry.view(self.now()))

    def _stale_version(self, entry: OpenGame, version: int) -> Refusal:
        """The refusal of an action on a version that is not the game's, with its view."""
        params: dict[str, object] = {"version": version, "current": entry.version}
        return Refusal("stale_version", params, game=entry.view(self.now()))

    # ---- reading

    def view(self, entry: OpenGame) -> dict[str, Any]:
        """The view of a game, taken under its lock (never half-way through an action)."""
        with entry.lock:
            return entry.view(self.now())

    def get(self, game_id: int) -> OpenGame:
        """The game ``game_id`` (an open one from memory, else from the database)."""
        with self.registry:
            found = self.open.get(game_id)
            if found is not None:
                return found
            with self.database() as conn:
                row = store.load_game(conn, game_id)
            if row is None:
                raise Refusal("game_not_found", {"id": game_id})
            found = self._restore(row)
            if found.status == "playing":
                self.open[game_id] = found
            return found

    def current(self) -> OpenGame:
        """The game in progress (the newest open game); a new Draw 1 Normal one if none."""
        while True:
            with self.registry:
                with self.database() as conn:
                    newest = store.newest_open_id(conn)
                if newest is None:
                    return self._insert_locked(Game.new(), None)
            found = self.get(newest)
            if found.status == "playing":
                return found

    def stats(self) -> dict[str, Any]:
        """``{"modes": ..., "recent": ..., "daily": ...}`` from the statistics; an open game's
        time is its running clock, not the one saved at its last action."""
        with self.database() as conn:
            modes, recent = statistics.summary(conn), statistics.recent(conn)
            daily = statistics.daily_summary(conn, datetime.date.today())
        for game in recent:
            entry = self.open.get(game["id"])
            if game["result"] == "playing" and entry is not None:
                with entry.lock:  # never half-way through an action
                    game["elapsed_ms"] = entry.clock(self.now())
        return {"modes": modes, "recent": recent, "daily": daily}

    def reset_stats(self) -> None:
        """Leave every finished game out of the statistics (the history stays)."""
        with self.database() as conn:
            statistics.reset(conn)

    def save_clocks(self) -> None:
        """Write the running clock of every open game (when the server stops), so the time
        since a game's last action is kept; a game another process changed is left alone."""
        with self.registry:
            entries = list(self.open.values())
        for entry in entries:
            with entry.lock:
                if entry.status != "playing":
                    continue
                with self.database() as conn:
                    store.save_clock(
                        conn, entry.id, version=entry.version, elapsed_ms=entry.clock(self.now())
                    )

    def preload(self) -> None:
        """Restore the game in progress at start (else it is restored when first asked for)."""
        try:
            with self.database() as conn:
                newest = store.newest_open_id(conn)
            if newest is not None:
                self.get(newest)
        except Refusal:
            pass  # the first request meets the problem again and answers it

    def _restore(self, row: store.GameRow) -> OpenGame:
        """The game of a database row; an unreadable open game is set aside (abandoned)."""
        try:
            game = Game.from_snapshot(json.loads(row.snapshot))
        except (ValueError, TypeError, RecursionError) as err:
            print(f"klondike: game {row.id} cannot be restored ({err}); set aside", file=sys.stderr)
            if row.status == "playing":
                with self.database() as conn:
                    store.abandon_game(
                        conn, row.id, version=0, elapsed_ms=row.elapsed_ms, ended_at=store.utc_now()
                    )
            try:
                game = Game.from_code(row.code)
            except KlondikeError:
                game = Game()
            return OpenGame(row.id, game, row.version, "abandoned", row.elapsed_ms, self.now())
        # The clock of an open game resumes where it was saved, from the moment it is read
        # (the game in progress is read at the server's start).
        return OpenGame(
            row.id,
            game,
            row.version,
            row.status,
            row.elapsed_ms,
            self.now(),
            hints=row.hints,
            daily=row.daily,
        )

    def _reload(self, entry: OpenGame) -> None:
        """Read ``entry`` again from its row, which another process (a second server on the
        same file) has changed; a game no longer open leaves memory. Its lock is held."""
        with self.database() as conn:
            row = store.load_game(conn, entry.id)
        if row is None:
            entry.status = "abandoned"
        else:
            fresh = self._restore(row)
            entry.game, entry.version, entry.status = fresh.game, fresh.version, fresh.status
            entry.elapsed_ms, entry.since = fresh.elapsed_ms, fresh.since
            entry.hints = fresh.hints
        entry.last = None
        if entry.status != "playing":
            with self.registry:
                if self.open.get(entry.id) is entry:
                    del self.open[entry.id]

    # ---- creating

    def _insert(
        self, game: Game, abandon: OpenGame | None = None, *, daily: str | None = None
    ) -> OpenGame:
        """Commit a new open game (abandoning ``abandon`` in the same transaction)."""
        with self.registry:
            return self._insert_locked(game, abandon, daily=daily)

    def _insert_locked(
        self, game: Game, abandon: OpenGame | None, *, daily: str | None = None
    ) -> OpenGame:
        """`_insert`, the registry lock held (and ``abandon``'s lock, if any)."""
        now = self.now()
        stamp = store.utc_now()
        with self.database() as conn, store.atomic(conn):
            if abandon is not None:
                store.abandon_game(
                    conn,
                    abandon.id,
                    version=abandon.version,
                    elapsed_ms=abandon.clock(now),
                    ended_at=stamp,
                )
            new_id = store.insert_game(conn, game, started_at=stamp, daily=daily)
        if abandon is not None:
            abandon.elapsed_ms, abandon.since = abandon.clock(now), now
            abandon.status = "abandoned"
            self.open.pop(abandon.id, None)
        created = OpenGame(new_id, game, 0, "playing", 0, now, daily=daily)
        self.open[new_id] = created
        return created

    def new(
        self,
        draw: int = 1,
        scoring: str = "normal",
        code: str | None = None,
        abandon: int | None = None,
        *,
        winnable: bool = False,
        daily: str | None = None,
    ) -> OpenGame:
        """A new game: the deal ``code`` names (its draw and scoring win), else the daily
        deal of ``daily`` (an ISO date), else a deal of the mode the solver proved winnable
        (``winnable``), else a random deal of the mode; abandons the open game ``abandon``,
        refused (``game_over``) if another tab already left it, so that no second game is
        started."""
        proof: Proof | None = None
        try:
            if code is not None:
                game = Game.from_code(code)
                daily = None
            elif daily is not None:
                game = Game(self._daily_deal(daily, draw, scoring), draw, scoring)
            elif winnable:
                proof = self._proved_deal(draw, scoring)
                game = Game(proof["deal"], draw, scoring)
            else:
                game = Game.new(draw, scoring)
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        created = self._start(game, abandon, daily)
        created.proof = proof
        return created

    def _start(self, game: Game, abandon: int | None, daily: str | None) -> OpenGame:
        """Insert ``game``, abandoning the open game ``abandon``."""
        if abandon is None:
            return self._insert(game, daily=daily)
        try:
            old = self.get(abandon)
        except Refusal:
            return self._insert(game, daily=daily)
        with old.lock:
            self._refuse_if_left(old)
            return self._insert(game, old if old.status == "playing" else None, daily=daily)

    def _solver(self, future: Future[Any]) -> Any:
        """The result of a solver task; its failure becomes a refusal."""
        try:
            return future.result()
        except Exception as err:
            raise Refusal("solver_failed", {"detail": str(err) or type(err).__name__}) from err

    def _proved_deal(self, draw: int, scoring: str) -> Proof:
        """A deal of the mode proved winnable: one kept ready, else one proved now."""
        with self.database() as conn:
            kept = store.take_proved_deal(conn, draw, scoring)
        self.deal_taken()
        if kept is not None:
            deal, states, seconds = kept
            return {"deal": deal, "states": states, "seconds": seconds}
        seed = int.from_bytes(os.urandom(8), "big")
        found: Proof | None = self._solver(
            self.workers.now(prove_some, draw, scoring, PROOF_BUDGET, 20, seed)
        )
        if found is None:
            raise Refusal("no_proved_deal", {"draw": draw, "scoring": scoring})
        return found

    def _daily_deal(self, day: str, draw: int, scoring: str) -> int:
        """The daily deal of ``day`` and a mode: found once, then read from the database."""
        with self.database() as conn:
            deal = store.daily_deal_of(conn, day, draw, scoring)
        if deal is None:
            deal = int(self._solver(self.workers.now(daily_of, day, draw, scoring)))
            with self.database() as conn:
                store.keep_daily_deal(conn, day, draw, scoring, deal)
        return deal

    # ---- hints

    def hint(self, game_id: int, version: int) -> dict[str, Any]:
        """A hint for ``version`` of an open game, computed in a solver process (the game
        and the server stay free meanwhile); a hint that suggests a move is counted."""
        entry = self.get(game_id)
        with entry.lock:
            if entry.status != "playing":
                raise self._game_over(entry)
            if version != entry.version:
                raise self._stale_version(entry, version)
            snapshot = entry.game.snapshot()
        answer = dict(self._solver(self.workers.now(hint_of, snapshot, self.hint_budget)))
        if answer["move"] is not None:
            with entry.lock:
                with self.database() as conn:
                    counted = store.count_hint(conn, entry.id)
                if counted:
                    entry.hints += 1
        answer.update(id=entry.id, version=version, hints=entry.hints)
        return answer

    def _refuse_if_left(self, old: OpenGame) -> None:
        """``game_over`` if ``old`` was abandoned already: a new game was started from it."""
        if old.status == "abandoned":
            raise self._game_over(old)

    def restart(self, game_id: int, version: int) -> OpenGame:
        """Abandon a game (if open) and start its deal again."""
        old = self.get(game_id)
        with old.lock:
            if version != old.version:
                raise self._stale_version(old, version)
            self._refuse_if_left(old)
            game = Game.from_code(old.game.code)
            return self._insert(game, old if old.status == "playing" else None)

    # ---- playing

    def act(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        pile: str | None = None,
        card: str | None = None,
        target: str | None = None,
        move: str | None = None,
    ) -> dict[str, Any]:
        """Play one action (``tap``, ``double_tap``, ``drag``, ``move``, ``undo``) on
        ``version`` of a game; the new view (with ``played``), committed before it returns."""
        entry = self.get(game_id)
        with entry.lock:
            if entry.status != "playing":
                raise self._game_over(entry)
            if version != entry.version:
                raise self._stale_version(entry, version)
            game = entry.game.copy()
            try:
                played = _apply(game, action, pile=pile, card=card, target=target, move=move)
            except KlondikeError as err:
                raise Refusal.from_engine(err, entry.view(self.now())) from err
            now = self.now()
            if played is None:
                view = entry.view(now)
                view["played"] = None
                return view
            elapsed = entry.clock(now)
            won = game.won
            status = "won" if won else "playing"
            try:
                with self.database() as conn:
                    saved = store.save_game(
                        conn,
                        entry.id,
                        game,
                        version=entry.version + 1,
                        elapsed_ms=elapsed,
                        status=status,
                        ended_at=store.utc_now() if won else None,
                        expected_version=entry.version,
                    )
            except Refusal as err:
                err.game = entry.view(now)  # unchanged: the action was not played
                raise
            if not saved:  # another server on the same file changed the game: not played
                self._reload(entry)
                if entry.status != "playing":
                    raise self._game_over(entry)
                raise self._stale_version(entry, version)
            entry.game, entry.version, entry.status = game, entry.version + 1, status
            entry.elapsed_ms, entry.since = elapsed, now
            entry.last = {"move": str(played), "undo": action == "undo"}
            view = entry.view(now)
        if won:
            with self.registry:
                self.open.pop(entry.id, None)
        view["played"] = str(played)
        return view


def _apply(
    game: Game,
    action: str,
    *,
    pile: str | None,
    card: str | None,
    target: str | None,
    move: str | None,
) -> Move | None:
    """Ask the engine to play ``action`` on ``game``; raises the engine's errors."""
    if action == "tap":
        return game.tap(pile)
    if action == "double_tap":
        return game.double_tap(pile, card)
    if action == "drag":
        return game.drag(card, target)
    if action == "move":
        return game.play(Move.from_text(move))
    if action == "undo":
        return game.undo()
    raise ValueError(f"unknown action {action!r}")
