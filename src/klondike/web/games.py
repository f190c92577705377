"""The open games: held in memory with their locks and clocks, every change committed first.

The application layer between the API and the engine: it takes plain arguments (ids,
versions, the action's words), asks the engine to play, commits each accepted action to
SQLite (`klondike.store.database`) before answering, and refuses with a `Refusal`, which
the API turns into its error shape. Nothing here knows of HTTP, nor of the solver: hints and
the deals it proves are `klondike.web.solving`'s, which asks the games for a position and
counts a hint here (`Games.hint_position`, `Games.hint_given`).
"""

from __future__ import annotations

import datetime
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from klondike import Game, IllegalMove, KlondikeError, Move, gestures
from klondike.review import standing_moves
from klondike.solver import finish_move
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.store import stats as statistics
from klondike.tiers import TIERS

from .proofs import Proof
from .refusals import Refusal
from .view import game_view, table_view

# What each use of the database refuses with when the database fails.
STORAGE_REFUSALS: dict[str, str] = {
    "read": "storage_read_error",
    "action": "storage_error",
    "new_game": "storage_new_game_error",
    "reset": "storage_reset_error",
    "settings": "storage_settings_error",
    "review": "storage_review_error",
}
WRITES = frozenset({"action", "new_game", "reset", "settings", "review"})

SAFE_AFTER = frozenset({"tap", "double_tap", "drag", "move"})
"""The player's own moves: with the ``auto_safe`` setting on, the safe cards go home after
each of them (not after an undo, a redo or a Finish move)."""


# How long past the page's last sign of life (an action, or a report that it is shown) the
# clock runs on: a page that is shown reports every 20 s, so a browser that vanished without
# saying so (a crash, a killed process) adds at most this to a game's time.
PRESENCE_GRACE_S = 60.0


@dataclass(eq=False)
class OpenGame:
    """A game held in memory, with its clock and the lock that serializes its actions.

    The clock counts play only: it starts with the game's first accepted action, stops while
    no page shows the game (the page reports when it is hidden or shown), and never runs on
    more than `PRESENCE_GRACE_S` past the last action or report.
    """

    id: int
    game: Game
    version: int
    status: str
    elapsed_ms: int  # the clock at `since`
    since: float  # time.monotonic() when elapsed_ms was read
    last: dict[str, Any] | None = None
    running: bool = False  # started, and a page shows the game
    seen: float = 0.0  # time.monotonic() of the last action or report of a shown page
    hints: int = 0
    daily: str | None = None
    tier: str | None = None  # the deal's difficulty, when it was dealt as one of a tier
    practice: bool = False  # tried again from a reviewed game: not in the statistics
    proof: Proof | None = None  # how the deal was proved winnable, when it was asked for
    line: list[str] | None = field(default_factory=list)  # the moves that stand; None: unknown
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clock(self, now: float) -> int:
        """The game's clock at monotonic time ``now``: it runs only while the game is open,
        started and shown (and not past the grace after the last sign of the page)."""
        if self.status != "playing" or not self.running:
            return self.elapsed_ms
        until = min(now, self.seen + PRESENCE_GRACE_S)
        return self.elapsed_ms + max(0, int((until - self.since) * 1000))

    def clock_running(self, now: float) -> bool:
        """True while the clock counts."""
        return self.status == "playing" and self.running and now < self.seen + PRESENCE_GRACE_S

    def set_clock(self, now: float, *, running: bool) -> None:
        """Fold the time counted so far into ``elapsed_ms`` and run or stop the clock."""
        self.elapsed_ms, self.since = self.clock(now), now
        self.running = running and self.status == "playing"
        if running:
            self.seen = now

    def view(self, now: float) -> dict[str, Any]:
        """The game's view (docs/api.md)."""
        view = game_view(
            self.game,
            game_id=self.id,
            version=self.version,
            elapsed_ms=self.clock(now),
            clock_running=self.clock_running(now),
            status=self.status,
            last=self.last,
        )
        view["hints"], view["daily"], view["tier"] = self.hints, self.daily, self.tier
        view["practice"] = self.practice
        return view


class Games:
    """The games: open ones in memory, every change committed to SQLite first.

    Lock order, to never deadlock: a game's lock, then ``registry``, then the database's
    (`store.Database` takes its own).
    """

    def __init__(
        self,
        conn: store.Database,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.conn = conn
        self.now = clock  # seconds, monotonic: the games' clocks run on it
        self.registry = threading.Lock()
        self.open: dict[int, OpenGame] = {}

    @contextmanager
    def database(self, use: str, what: str = "the game") -> Iterator[store.Database]:
        """The connection, to this thread alone, for ``use`` (a key of `STORAGE_REFUSALS`):
        a write is one transaction on the file opened (`store.Database.writing`). A database
        error becomes that use's refusal (``what`` names what a read was for)."""
        try:
            with self.conn.writing() if use in WRITES else self.conn.reading() as conn:
                yield conn
        except (sqlite3.Error, store.DatabaseError) as err:
            raise _storage_refusal(use, err, what) from err

    def checkpoint(self) -> None:
        """Copy the WAL into the database file (a game ended, the server stops); a failure is
        no refusal: the games are committed, and the next checkpoint copies them."""
        with suppress(sqlite3.Error):
            self.conn.read(store.checkpoint)

    # ---- refusals

    def _game_over(self, entry: OpenGame) -> Refusal:
        """The refusal of anything but viewing a finished game, with its view."""
        params: dict[str, object] = {"id": entry.id, "status": entry.status}
        return Refusal("game_over", params, game=entry.view(self.now()))

    def _damaged(self, row: store.GameRow, err: Exception) -> Refusal:
        """The refusal to show a game whose saved position cannot be read."""
        params: dict[str, object] = {"id": row.id, "code": row.code, "detail": str(err)[:200]}
        return Refusal("game_damaged", params)

    def _stale_version(self, entry: OpenGame, version: int) -> Refusal:
        """The refusal of an action on a version that is not the game's, with its view."""
        params: dict[str, object] = {"version": version, "current": entry.version}
        return Refusal("stale_version", params, game=entry.view(self.now()))

    def _at_version(self, entry: OpenGame, version: int) -> None:
        """Refuse (`stale_version`, with the game's view) an action on ``version`` unless
        it is the game's; before refusing, the row is looked at: a second server on the same
        file may have played it on (it is then read again, and the refusal shows where). Its
        lock is held."""
        if version != entry.version:
            with self.database("read", f"game {entry.id}") as conn:
                stored = store.stored_version(conn, entry.id)
            if stored != entry.version:
                self._reload(entry)
            if version != entry.version:
                raise self._stale_version(entry, version)

    def _open_at(self, entry: OpenGame, version: int) -> None:
        """Refuse an action on ``entry`` unless it is open (`game_over`) and at ``version``
        (`_at_version`, which may find another server ended it). Its lock is held."""
        if entry.status == "playing":
            self._at_version(entry, version)
        if entry.status != "playing":
            raise self._game_over(entry)

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
            with self.database("read", f"game {game_id}") as conn:
                row = store.load_game(conn, game_id)
            if row is None:
                raise Refusal("game_not_found", {"id": game_id})
            found = self._restore(row)
            if found.status == "playing":
                self.open[game_id] = found
            return found

    def current(self) -> OpenGame:
        """The game in progress (the newest open game); if none, a new one in the version
        and mode of the game that ended last (the app's Draw 1 Normal for the first)."""
        while True:
            with self.registry:
                with self.database("read") as conn:
                    newest = store.newest_open_id(conn)
                    last = statistics.recent(conn, 1) if newest is None else []
                if newest is None:
                    created = self._insert_locked(_next_game(last[0] if last else None), None)
                    assert created is not None  # nothing to abandon
                    return created
            found = self.get(newest)
            if found.status == "playing":
                return found

    def stats(self) -> dict[str, Any]:
        """``{"modes": ..., "recent": ..., "daily": ...}`` from the statistics; an open game's
        time is its running clock, not the one saved at its last action."""
        with self.database("read", "the statistics") as conn:
            modes, recent = statistics.summary(conn), statistics.recent(conn)
            daily = statistics.daily_summary(conn, datetime.date.today())
        for game in recent:
            entry = self.open.get(game["id"])
            if game["result"] == "playing" and entry is not None:
                with entry.lock:  # never half-way through an action
                    game["elapsed_ms"] = entry.clock(self.now())
        return {"modes": modes, "recent": recent, "daily": daily}

    def save_clocks(self) -> None:
        """Write the running clock of every open game (when the server stops), so the time
        since a game's last action is kept; a game another process changed is left alone."""
        with self.registry:
            entries = list(self.open.values())
        for entry in entries:
            with entry.lock:
                if entry.status != "playing":
                    continue
                with self.database("action") as conn:
                    store.save_clock(
                        conn, entry.id, version=entry.version, elapsed_ms=entry.clock(self.now())
                    )

    def preload(self) -> None:
        """Restore the game in progress at start (else it is restored when first asked for)."""
        try:
            with self.database("read") as conn:
                newest = store.newest_open_id(conn)
            if newest is not None:
                self.get(newest)
        except Refusal:
            pass  # the first request meets the problem again and answers it

    def _restore(self, row: store.GameRow) -> OpenGame:
        """The game of a database row; `game_damaged` if its snapshot cannot be read (the row
        is left as it is, and no other position is ever shown in its place)."""
        problem = store.row_problem(row)
        if problem is not None:
            raise self._damaged(row, ValueError(problem))
        try:
            game = Game.from_snapshot(json.loads(row.snapshot))
        except (ValueError, TypeError, RecursionError) as err:
            raise self._damaged(row, err) from err
        # The clock of an open game stays where it was saved until a page shows the game
        # again or an action is played: time while no one played is not counted.
        return OpenGame(
            row.id,
            game,
            row.version,
            row.status,
            row.elapsed_ms,
            self.now(),
            hints=row.hints,
            daily=row.daily,
            tier=row.tier if row.tier in TIERS else None,
            practice=bool(row.practice),
            line=standing_moves(row.line, game),
        )

    def _reload(self, entry: OpenGame) -> None:
        """Read ``entry`` again from its row, which another process (a second server on the
        same file) has changed; a game no longer open leaves memory. Its lock is held."""
        with self.database("read", f"game {entry.id}") as conn:
            row = store.load_game(conn, entry.id)
        if row is None:
            entry.status = "abandoned"
        else:
            fresh = self._restore(row)
            entry.game, entry.version, entry.status = fresh.game, fresh.version, fresh.status
            entry.elapsed_ms, entry.since = fresh.elapsed_ms, fresh.since
            entry.running = False
            entry.hints, entry.line = fresh.hints, fresh.line
        entry.last = None
        if entry.status != "playing":
            with self.registry:
                if self.open.get(entry.id) is entry:
                    del self.open[entry.id]

    # ---- creating

    def _insert(
        self,
        game: Game,
        abandon: OpenGame | None = None,
        *,
        daily: str | None = None,
        tier: str | None = None,
        practice: bool = False,
    ) -> OpenGame:
        """Commit a new open game (abandoning ``abandon`` in the same transaction);
        `game_over` if another process left ``abandon`` already (its lock is held)."""
        with self.registry:
            created = self._insert_locked(game, abandon, daily=daily, tier=tier, practice=practice)
        if created is None:
            assert abandon is not None
            self._reload(abandon)
            raise self._game_over(abandon)
        return created

    def _insert_locked(
        self,
        game: Game,
        abandon: OpenGame | None,
        *,
        daily: str | None = None,
        tier: str | None = None,
        practice: bool = False,
    ) -> OpenGame | None:
        """`_insert`, the registry lock held (and ``abandon``'s lock, if any).

        The game ``abandon`` is left only if its row is still open, in the same transaction
        as the insert: if another process (a second server on the file) left it already, no
        game is started and the answer is None (`_insert` refuses with `game_over`).
        """
        now = self.now()
        stamp = store.utc_now()
        with self.database("new_game") as conn:  # one transaction
            left = abandon is None or store.abandon_game(
                conn,
                abandon.id,
                version=abandon.version,
                elapsed_ms=abandon.clock(now),
                ended_at=stamp,
            )
            new_id = (
                store.insert_game(
                    conn, game, started_at=stamp, daily=daily, tier=tier, practice=practice
                )
                if left
                else 0
            )
        if not left:
            return None
        if abandon is not None:
            self.checkpoint()
            abandon.elapsed_ms, abandon.since = abandon.clock(now), now
            abandon.status = "abandoned"
            self.open.pop(abandon.id, None)
        created = OpenGame(
            new_id, game, 0, "playing", 0, now, daily=daily, tier=tier, practice=practice
        )
        self.open[new_id] = created
        return created

    def new(
        self,
        draw: int | None = None,
        scoring: str | None = None,
        code: str | None = None,
        abandon: int | None = None,
        rules: str = "app",
        *,
        daily: str | None = None,
        chosen: Chosen | None = None,
    ) -> OpenGame:
        """A new game: the deal ``code`` names (its version, draw and scoring win), else, in
        the version ``rules`` and the mode (by default the version's first draw and scoring),
        the deal ``chosen`` (the daily deal of ``daily``, an ISO date, or a deal the solver
        proved winnable: `klondike.web.solving.Solving.choose_deal`), else a random deal.
        Abandons the open game ``abandon``, refused (``game_over``) if another tab already
        left it, so that no second game is started."""
        try:
            if code is not None:
                game = Game.from_code(code)
                daily = chosen = None
            else:
                game = Game.new(draw, scoring, rules=rules)  # checks the mode
                if chosen is not None:
                    game = Game.new(game.draw, game.scoring, chosen.deal, rules)
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        tier = None if chosen is None else chosen.tier
        created = self._start(game, abandon, daily, tier)
        created.proof = None if chosen is None else chosen.proof
        return created

    def practice(self, position: Game, abandon: int | None) -> OpenGame:
        """A practice game from ``position`` (a position of a reviewed game: docs/review.md,
        "Try again from here"): marked so, kept out of the statistics, its moves counted
        from there. Abandons the open game ``abandon``, as `new` does."""
        snapshot = position.snapshot()
        snapshot.update(moves=0, undos=0, history=[])
        return self._start(Game.from_snapshot(snapshot), abandon, None, None, practice=True)

    def _start(
        self,
        game: Game,
        abandon: int | None,
        daily: str | None,
        tier: str | None,
        *,
        practice: bool = False,
    ) -> OpenGame:
        """Insert ``game``, abandoning the open game ``abandon``."""
        insert = partial(self._insert, daily=daily, tier=tier, practice=practice)
        if abandon is None:
            return insert(game)
        try:
            old = self.get(abandon)
        except Refusal:
            return insert(game)
        with old.lock:
            self._refuse_if_left(old)
            left = old if old.status == "playing" else None
            return insert(game, left)

    # ---- hints (the solver's: `klondike.web.solving.Solving.hint`)

    def hint_position(self, game_id: int, version: int) -> tuple[OpenGame, dict[str, Any]]:
        """An open game at ``version`` and the snapshot of its position, for the solver;
        `game_over` if it is finished, `stale_version` if it is at another version."""
        entry = self.get(game_id)
        with entry.lock:
            self._open_at(entry, version)
            return entry, entry.game.snapshot()

    def hint_given(self, entry: OpenGame, *, names_move: bool, peeked: bool = False) -> int:
        """A hint was answered for ``entry``: one that names a move is counted, by its kind
        (``peeked``: it looked at the face-down cards; else fair), and only in an open game.
        The game's hints (of both kinds) after."""
        with entry.lock:
            if names_move:
                with self.database("action") as conn:
                    counted = store.count_hint(conn, entry.id, peeked=peeked)
                if counted:
                    entry.hints += 1
            return entry.hints

    def _refuse_if_left(self, old: OpenGame) -> None:
        """``game_over`` if ``old`` was abandoned already: a new game was started from it."""
        if old.status == "abandoned":
            raise self._game_over(old)

    def restart(self, game_id: int, version: int) -> OpenGame:
        """Abandon a game (if open) and start its deal again (the same day's daily deal,
        of the same tier, if it was one)."""
        old = self.get(game_id)
        with old.lock:
            self._at_version(old, version)
            self._refuse_if_left(old)
            game = Game.from_code(old.game.code)
            left = old if old.status == "playing" else None
            return self._insert(game, left, daily=old.daily, tier=old.tier)

    # ---- the clock

    def presence(self, game_id: int, *, visible: bool) -> OpenGame:
        """A page reports that it shows the game (``visible``) or no longer does: the clock
        of a started game runs on, or stops. A finished game is left as it is."""
        entry = self.get(game_id)
        with entry.lock:
            if entry.status == "playing":
                entry.set_clock(self.now(), running=visible and entry.version > 0)
        return entry

    # ---- playing

    def _setting(self, name: str) -> bool:
        """A switch of the player's settings: ``auto_safe`` (the safe cards go home after
        the player's moves), ``tap_where_it_fits`` (a tap moves a card as a double tap)."""
        with self.database("read", "the settings") as conn:
            return bool(preferences.load(conn)[name])

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
        count: int = 1,
    ) -> dict[str, Any]:
        """Play one action (``tap``, ``double_tap``, ``drag``, ``move``, ``undo``, ``redo``,
        ``finish``) on ``version`` of a game; the new view (with ``played``), committed before
        it returns. An ``undo`` takes back ``count`` actions, all or none."""
        entry = self.get(game_id)
        with entry.lock:
            self._open_at(entry, version)
            game = entry.game.copy()
            tap = gestures.tap
            if action == "tap" and self._setting("tap_where_it_fits"):
                tap = gestures.tap_where_it_fits  # the player's choice of what a tap does
            try:
                played = _apply(
                    game,
                    action,
                    pile=pile,
                    card=card,
                    target=target,
                    move=move,
                    count=count,
                    tap=tap,
                )
            except KlondikeError as err:
                raise Refusal.from_engine(err, entry.view(self.now())) from err
            auto: list[str] = []
            steps: list[dict[str, Any]] = []
            if played is not None and action in SAFE_AFTER and self._setting("auto_safe"):
                auto, steps = _play_safe(game, played)
            now = self.now()
            if played is None:
                view = entry.view(now)
                view["played"], view["auto"], view["steps"] = None, [], []
                return view
            elapsed = entry.clock(now)
            won = game.won
            line = entry.line
            if line is not None:
                # an undo takes back ``count`` engine moves; any other action adds its move
                # and the safe cards that went home after it, each a move of its own
                line = line[:-count] if action == "undo" else [*line, str(played), *auto]
            status = "won" if won else "playing"
            try:
                with self.database("action") as conn:
                    saved = store.save_game(
                        conn,
                        entry.id,
                        game,
                        version=entry.version + 1,
                        elapsed_ms=elapsed,
                        status=status,
                        ended_at=store.utc_now() if won else None,
                        expected_version=entry.version,
                        line=None if line is None else " ".join(line),
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
            entry.line = line
            entry.elapsed_ms, entry.since = elapsed, now
            entry.set_clock(now, running=True)  # the first action starts the clock
            entry.last = {"move": auto[-1] if auto else str(played), "undo": action == "undo"}
            view = entry.view(now)
        if won:
            with self.registry:
                self.open.pop(entry.id, None)
            self.checkpoint()
        view["played"], view["auto"], view["steps"] = str(played), auto, steps
        return view


@dataclass(frozen=True)
class Chosen:
    """The deal a new game is dealt (`klondike.web.solving.Solving.choose_deal`), and its
    proof if it was proved."""

    deal: int
    proof: Proof | None
    tier: str | None = None


def _apply(
    game: Game,
    action: str,
    *,
    pile: str | None,
    card: str | None,
    target: str | None,
    move: str | None,
    count: int = 1,
    tap: Callable[[Game, object, object], Move | None] = gestures.tap,
) -> Move | None:
    """Ask the engine to play ``action`` on ``game`` (a tap as ``tap`` says: the app's
    rule, or the player's setting); raises the engine's errors."""
    if action == "tap":
        return tap(game, pile, card)
    if action == "double_tap":
        return gestures.double_tap(game, pile, card)
    if action == "drag":
        return gestures.drag(game, card, target)
    if action == "move":
        return game.play(Move.from_text(move))
    if action == "undo":
        undone = game.undo()  # the first one's refusal says why none can be undone
        for done in range(1, count):
            try:
                undone = game.undo()
            except IllegalMove as err:  # ``game`` is a copy: nothing was undone
                raise IllegalMove("undo_count", count=count, done=done) from err
        return undone
    if action == "redo":
        return game.redo()
    if action == "finish":
        return game.play(finish_move(game))
    raise ValueError(f"unknown action {action!r}")


def _play_safe(game: Game, played: Move) -> tuple[list[str], list[dict[str, Any]]]:
    """Play every safe card home after the player's move ``played``, one ordinary move each
    (`gestures.safe_home`); the moves, and the table before each of them (the first: after
    ``played``) with the move that led there, for the page to show one by one."""
    auto: list[str] = []
    steps: list[dict[str, Any]] = []
    led_here = str(played)
    while True:
        before = table_view(game)
        move = gestures.safe_home(game)
        if move is None:
            return auto, steps
        steps.append(before | {"last": {"move": led_here, "undo": False}})
        led_here = str(move)
        auto.append(led_here)


def _next_game(last: statistics.RecentGame | None) -> Game:
    """A new game in the version and mode of ``last`` (a default one if none, or if the
    row names a mode that cannot be played)."""
    if last is not None:
        with suppress(KlondikeError, TypeError):
            return Game.new(last["draw"], last["scoring"], rules=last["rules"])
    return Game.new()


def _storage_refusal(use: str, err: Exception, what: str) -> Refusal:
    """The refusal of ``use`` (a key of `STORAGE_REFUSALS`) when the database failed."""
    reason = STORAGE_REFUSALS[use]
    params: dict[str, object] = {"detail": str(err)}
    if reason == "storage_read_error":
        params["what"] = what
    return Refusal(reason, params)
