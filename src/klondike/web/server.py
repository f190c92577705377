"""The FastAPI server: the JSON API of docs/api.md, the static page, and ``serve``.

The engine decides every action; this module keeps the open games in memory (one process),
commits each accepted action to SQLite before answering, and answers every refusal with
one error shape. See docs/architecture.md for how a request flows.
"""

from __future__ import annotations

import errno
import ipaddress
import json
import os
import socket
import sqlite3
import sys
import threading
import time
import webbrowser
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, MutableMapping
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Body, FastAPI, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException

from klondike import Game, KlondikeError, Move
from klondike.errors import MESSAGES as ENGINE_MESSAGES

from . import stats as statistics
from . import store
from .security import LOOPBACK_NAMES, Guard
from .view import game_view

STATIC_DIR = Path(__file__).parent / "static"
DEFAULT_PORT = 8765
PORT_TRIES = 50
MAX_ID = 2**53 - 1  # ids the browser holds exactly

# Reasons of the server's own refusals (the engine's are in klondike.errors.MESSAGES).
MESSAGES: dict[str, str] = {
    "not_found": "{what} was not found",
    "game_not_found": "there is no game {id}",
    "method_not_allowed": "{method} is not allowed here",
    "stale_version": "the game has changed (version {current}, not {version}): "
    "another tab played; the table shows the game as it is now",
    "game_over": "game {id} is over ({status}): start a new game",
    "bad_request": "{detail}",
    "confirm_required": 'resetting the statistics needs {{"confirm": true}}',
    "storage_error": "the game could not be saved, so the action was not played: {detail}",
    "internal_error": "the server failed: {detail}",
}

Id = Annotated[int, PathParam(ge=1, le=MAX_ID, description="the game's id")]
Version = Annotated[StrictInt, Field(ge=0, le=MAX_ID, description="the version acted on")]


# --------------------------------------------------------------------------- errors


class ApiError(Exception):
    """A refusal: status, reason key, params and (when there is one) the game's view."""

    def __init__(
        self,
        status: int,
        reason: str,
        params: dict[str, object] | None = None,
        *,
        game: dict[str, Any] | None = None,
        message: str | None = None,
    ) -> None:
        self.status = status
        self.reason = reason
        self.params = params or {}
        self.game = game
        if message is None:
            template = MESSAGES.get(reason) or ENGINE_MESSAGES.get(reason, reason)
            message = template.format(**self.params)
        self.message = message
        super().__init__(message)

    @classmethod
    def from_engine(cls, err: KlondikeError, game: dict[str, Any] | None) -> ApiError:
        """A 400 carrying the engine's reason, message and params."""
        return cls(400, err.reason, dict(err.params), game=game, message=str(err))

    def response(self) -> JSONResponse:
        """The error as the API answers it."""
        body = {
            "error": {"reason": self.reason, "message": self.message, "params": self.params},
            "game": self.game,
        }
        return JSONResponse(body, status_code=self.status, headers={"Cache-Control": "no-store"})


# --------------------------------------------------------------------------- models


class Strict(BaseModel):
    """Request bodies: unknown fields are refused, so a typo is not silently ignored."""

    model_config = ConfigDict(extra="forbid")


class NewGame(Strict):
    """Start a game: a random deal of a mode, or the deal a code names."""

    draw: Literal[1, 3] = 1
    scoring: Literal["normal", "vegas"] = "normal"
    code: StrictStr | None = Field(
        None, max_length=100, description="a game code; its draw and scoring win"
    )
    abandon: Annotated[StrictInt, Field(ge=1, le=MAX_ID)] | None = Field(
        None,
        description="the game to leave: abandoned if open; if another tab already left it, "
        "the request is refused (409 game_over) so that no second game is started",
    )


class Restart(Strict):
    """Abandon a game and start its deal again."""

    version: Version


class Tap(Strict):
    version: Version
    action: Literal["tap"]
    pile: StrictStr = Field(max_length=100)


class DoubleTap(Strict):
    version: Version
    action: Literal["double_tap"]
    pile: StrictStr = Field(max_length=100)
    card: StrictStr | None = Field(None, max_length=100)


class Drag(Strict):
    version: Version
    action: Literal["drag"]
    card: StrictStr = Field(max_length=100)
    target: StrictStr = Field(max_length=100)


class PlayMove(Strict):
    version: Version
    action: Literal["move"]
    move: StrictStr = Field(max_length=100)


class Undo(Strict):
    version: Version
    action: Literal["undo"]


Action = Annotated[Tap | DoubleTap | Drag | PlayMove | Undo, Field(discriminator="action")]


class ResetStats(Strict):
    confirm: StrictBool = False


class Stock(BaseModel):
    count: int
    recycle: Literal["allowed", "no_more_passes"]


class Waste(BaseModel):
    count: int
    top: list[str]


class Column(BaseModel):
    down: int
    up: list[str]


class Last(BaseModel):
    move: str
    undo: bool


class GameView(BaseModel):
    """The view of a game (docs/api.md): no face-down card, no stock order."""

    id: int
    version: int
    status: Literal["playing", "won", "abandoned"]
    code: str
    draw: int
    scoring: Literal["normal", "vegas"]
    score: int
    score_text: str
    moves: int
    undos: int
    elapsed_ms: int
    clock_running: bool
    won: bool
    can_undo: bool
    stock: Stock
    waste: Waste
    foundations: list[list[str]]
    tableau: list[Column]
    targets: dict[str, list[str]]
    last: Last | None


class ActionResult(GameView):
    """The view after an action, and the move it played (null: the gesture did nothing)."""

    played: str | None


class ErrorDetail(BaseModel):
    reason: str
    message: str
    params: dict[str, Any]


class ErrorResponse(BaseModel):
    """Every refusal: the reason, and the current view when a game is concerned."""

    error: ErrorDetail
    game: GameView | None


class Stats(BaseModel):
    modes: list[statistics.ModeStats]
    recent: list[statistics.RecentGame]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorResponse} for code in (403, 413, 415, 422, 503, *codes)}


# --------------------------------------------------------------------------- games


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
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clock(self, now: float) -> int:
        """The game's clock at monotonic time ``now``: it runs only while the game is open."""
        if self.status != "playing":
            return self.elapsed_ms
        return self.elapsed_ms + max(0, int((now - self.since) * 1000))

    def view(self, now: float) -> dict[str, Any]:
        """The game's view (docs/api.md)."""
        return game_view(
            self.game,
            game_id=self.id,
            version=self.version,
            elapsed_ms=self.clock(now),
            clock_running=self.status == "playing",
            status=self.status,
            last=self.last,
        )


class Games:
    """The games: open ones in memory, every change committed to SQLite first.

    Lock order, to never deadlock: a game's lock, then ``registry``, then ``db_lock``.
    """

    def __init__(
        self, conn: sqlite3.Connection, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.conn = conn
        self.now = clock  # seconds, monotonic: the games' clocks run on it
        self.db_lock = threading.Lock()
        self.registry = threading.Lock()
        self.open: dict[int, OpenGame] = {}

    @contextmanager
    def database(self) -> Iterator[sqlite3.Connection]:
        """The connection, to this thread alone; a database error becomes a 503."""
        with self.db_lock:
            try:
                yield self.conn
            except sqlite3.Error as err:
                raise ApiError(503, "storage_error", {"detail": str(err)}) from err

    # ---- reading

    def view(self, entry: OpenGame) -> dict[str, Any]:
        """The view of a game, taken under its lock (never half-way through an action)."""
        with entry.lock:
            return entry.view(self.now())

    def get(self, game_id: int) -> OpenGame:
        """The game ``game_id`` (an open one from memory, else from the database); 404."""
        with self.registry:
            found = self.open.get(game_id)
            if found is not None:
                return found
            with self.database() as conn:
                row = store.load_game(conn, game_id)
            if row is None:
                raise ApiError(404, "game_not_found", {"id": game_id})
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
                    conn.execute(
                        "UPDATE games SET elapsed_ms = ? WHERE id = ? AND version = ?"
                        " AND status = 'playing'",
                        (entry.clock(self.now()), entry.id, entry.version),
                    )

    def preload(self) -> None:
        """Restore the game in progress at start (else it is restored when first asked for)."""
        try:
            with self.database() as conn:
                newest = store.newest_open_id(conn)
            if newest is not None:
                self.get(newest)
        except ApiError:
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
        return OpenGame(row.id, game, row.version, row.status, row.elapsed_ms, self.now())

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
        entry.last = None
        if entry.status != "playing":
            with self.registry:
                if self.open.get(entry.id) is entry:
                    del self.open[entry.id]

    # ---- creating

    def _insert(self, game: Game, abandon: OpenGame | None = None) -> OpenGame:
        """Commit a new open game (abandoning ``abandon`` in the same transaction)."""
        with self.registry:
            return self._insert_locked(game, abandon)

    def _insert_locked(self, game: Game, abandon: OpenGame | None) -> OpenGame:
        """`_insert`, the registry lock held (and ``abandon``'s lock, if any)."""
        now = self.now()
        stamp = store.utc_now()
        with self.database() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if abandon is not None:
                    store.abandon_game(
                        conn,
                        abandon.id,
                        version=abandon.version,
                        elapsed_ms=abandon.clock(now),
                        ended_at=stamp,
                    )
                new_id = store.insert_game(conn, game, started_at=stamp)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        if abandon is not None:
            abandon.elapsed_ms, abandon.since = abandon.clock(now), now
            abandon.status = "abandoned"
            self.open.pop(abandon.id, None)
        created = OpenGame(new_id, game, 0, "playing", 0, now)
        self.open[new_id] = created
        return created

    def new(self, body: NewGame) -> OpenGame:
        """A new game as ``POST /api/games`` asks; abandons the named open game."""
        try:
            game = (
                Game.from_code(body.code)
                if body.code is not None
                else Game.new(body.draw, body.scoring)
            )
        except KlondikeError as err:
            raise ApiError.from_engine(err, None) from err
        if body.abandon is None:
            return self._insert(game)
        try:
            old = self.get(body.abandon)
        except ApiError:
            return self._insert(game)
        with old.lock:
            self._refuse_if_left(old)
            return self._insert(game, old if old.status == "playing" else None)

    def _refuse_if_left(self, old: OpenGame) -> None:
        """409 ``game_over`` if ``old`` was abandoned already: a new game was started from it."""
        if old.status == "abandoned":
            raise self._game_over(old)

    def _game_over(self, entry: OpenGame) -> ApiError:
        """The 409 refusal of anything but viewing a finished game, with its view."""
        return ApiError(
            409, "game_over", {"id": entry.id, "status": entry.status}, game=entry.view(self.now())
        )

    def restart(self, game_id: int, version: int) -> OpenGame:
        """Abandon a game (if open) and start its deal again."""
        old = self.get(game_id)
        with old.lock:
            if version != old.version:
                raise ApiError(
                    409,
                    "stale_version",
                    {"version": version, "current": old.version},
                    game=old.view(self.now()),
                )
            self._refuse_if_left(old)
            game = Game.from_code(old.game.code)
            return self._insert(game, old if old.status == "playing" else None)

    # ---- playing

    def act(self, game_id: int, action: Tap | DoubleTap | Drag | PlayMove | Undo) -> dict[str, Any]:
        """Play one action; the new view (with ``played``), committed before it returns."""
        entry = self.get(game_id)
        with entry.lock:
            if entry.status != "playing":
                raise self._game_over(entry)
            if action.version != entry.version:
                raise ApiError(
                    409,
                    "stale_version",
                    {"version": action.version, "current": entry.version},
                    game=entry.view(self.now()),
                )
            game = entry.game.copy()
            try:
                played = _apply(game, action)
            except KlondikeError as err:
                raise ApiError.from_engine(err, entry.view(self.now())) from err
            now = self.now()
            if played is None:
                view = entry.view(now)
                view["played"] = None
                return view
            elapsed = entry.clock(now)
            won = game.won
            status = "won" if won else "playing"
            version = entry.version + 1
            try:
                with self.database() as conn:
                    saved = store.save_game(
                        conn,
                        entry.id,
                        game,
                        version=version,
                        elapsed_ms=elapsed,
                        status=status,
                        ended_at=store.utc_now() if won else None,
                        expected_version=entry.version,
                    )
            except ApiError as err:
                err.game = entry.view(now)  # unchanged: the action was not played
                raise
            if not saved:  # another server on the same file changed the game: not played
                self._reload(entry)
                if entry.status != "playing":
                    raise self._game_over(entry)
                raise ApiError(
                    409,
                    "stale_version",
                    {"version": action.version, "current": entry.version},
                    game=entry.view(self.now()),
                )
            entry.game, entry.version, entry.status = game, version, status
            entry.elapsed_ms, entry.since = elapsed, now
            entry.last = {"move": str(played), "undo": isinstance(action, Undo)}
            view = entry.view(now)
        if won:
            with self.registry:
                self.open.pop(entry.id, None)
        view["played"] = str(played)
        return view


def _apply(game: Game, action: Tap | DoubleTap | Drag | PlayMove | Undo) -> Move | None:
    """Ask the engine to play ``action`` on ``game``; raises the engine's errors."""
    if isinstance(action, Tap):
        return game.tap(action.pile)
    if isinstance(action, DoubleTap):
        return game.double_tap(action.pile, action.card)
    if isinstance(action, Drag):
        return game.drag(action.card, action.target)
    if isinstance(action, PlayMove):
        return game.play(action.move)
    return game.undo()


# --------------------------------------------------------------------------- the app


def create_app(
    db: str | Path | sqlite3.Connection | None,
    *,
    allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
    static_dir: Path = STATIC_DIR,
    clock: Callable[[], float] = time.monotonic,
) -> FastAPI:
    """The application: API, page and guard, over the database ``db`` (None: the default).

    ``allowed_hosts`` are the names the Host header may carry: ``name:port`` exactly, or a
    bare ``name`` with any port. ``clock`` (monotonic seconds) runs the games' clocks.
    Raises `store.DatabaseError` for a database it cannot use.
    """
    conn = db if isinstance(db, sqlite3.Connection) else store.open_database(db)
    games = Games(conn, clock)
    games.preload()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        try:  # the server stops (Ctrl-C, SIGTERM): keep the time since the last actions
            games.save_clocks()
        except ApiError as err:
            print(f"klondike: the clocks could not be saved: {err}", file=sys.stderr)

    app = FastAPI(
        lifespan=lifespan,
        title="klondike",
        version="1",
        summary="Klondike Solitaire by the rules of one real app: the game's JSON API",
        docs_url=None,
        redoc_url=None,
    )
    app.state.games = games

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {
                "field": ".".join(str(part) for part in err.get("loc", ())),
                "problem": str(err.get("msg", "")),
            }
            for err in exc.errors()
        ]
        if any(err.get("type") == "json_invalid" for err in exc.errors()):
            detail = "the body is not valid JSON"
        elif problems:
            detail = f"{problems[0]['field']}: {problems[0]['problem']}"
        else:
            detail = "the request is malformed"
        return ApiError(422, "bad_request", {"detail": detail, "errors": problems}).response()

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return ApiError(404, "not_found", {"what": request.url.path}).response()
        if exc.status_code == 400:  # FastAPI could not read the body (e.g. not UTF-8)
            detail = "the body is not valid JSON text"
            response = ApiError(422, "bad_request", {"detail": detail, "errors": []}).response()
        elif exc.status_code == 405:
            response = ApiError(405, "method_not_allowed", {"method": request.method}).response()
        else:
            detail = str(exc.detail)
            response = ApiError(exc.status_code, "bad_request", {"detail": detail}).response()
        response.headers.update(exc.headers or {})
        return response

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        return ApiError(500, "internal_error", {"detail": type(exc).__name__}).response()

    @app.get("/api/game", response_model=GameView, responses=_errors())
    def game_in_progress() -> JSONResponse:
        """The view of the game in progress (a new Draw 1 Normal game if none is open)."""
        return _json(games.view(games.current()))

    @app.post("/api/games", response_model=GameView, responses=_errors(400, 409))
    def new_game(body: NewGame) -> JSONResponse:
        """Start a game, which becomes the game in progress; abandon the named one."""
        return _json(games.view(games.new(body)))

    @app.get("/api/games/{game_id}", response_model=GameView, responses=_errors(404))
    def one_game(game_id: Id) -> JSONResponse:
        """The view of a game."""
        return _json(games.view(games.get(game_id)))

    @app.post(
        "/api/games/{game_id}/restart",
        response_model=GameView,
        responses=_errors(404, 409),
    )
    def restart(game_id: Id, body: Restart) -> JSONResponse:
        """Abandon the game (if open) and start its deal again."""
        return _json(games.view(games.restart(game_id, body.version)))

    @app.post(
        "/api/games/{game_id}/actions",
        response_model=ActionResult,
        responses=_errors(400, 404, 409),
    )
    def act(game_id: Id, action: Annotated[Action, Body()]) -> JSONResponse:
        """Play one action (tap, double_tap, drag, move, undo) on the version named."""
        return _json(games.act(game_id, action))

    @app.get("/api/stats", response_model=Stats, responses=_errors())
    def stats() -> JSONResponse:
        """Statistics per mode and the recent games."""
        return _json(_stats(games))

    @app.post("/api/stats/reset", response_model=Stats, responses=_errors(400))
    def reset_stats(body: ResetStats) -> JSONResponse:
        """Reset the statistics (the history of recent games stays)."""
        if not body.confirm:
            raise ApiError(400, "confirm_required")
        with games.database() as conn:
            statistics.reset(conn)
        return _json(_stats(games))

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        index = static_dir / "index.html"
        if not index.is_file():
            raise ApiError(404, "not_found", {"what": "the page (static/index.html)"})
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    app.mount("/static", _Static(directory=static_dir, check_dir=False), name="static")
    app.add_middleware(Guard, allowed_hosts=allowed_hosts)
    return app


class _Static(StaticFiles):
    """Static files that answer 404 (not a crash) when the directory is missing, and that
    the browser revalidates (so a new version of the page is never mixed with an old one)."""

    async def check_config(self) -> None:
        if Path(str(self.directory)).is_dir():
            await super().check_config()

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: MutableMapping[str, Any],
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        return response


def _json(content: Any) -> JSONResponse:
    """A JSON answer that no cache keeps."""
    return JSONResponse(content, headers={"Cache-Control": "no-store"})


def _stats(games: Games) -> dict[str, Any]:
    """``{"modes": ..., "recent": ...}`` from the statistics module; an open game's time is
    its running clock, not the one saved at its last action."""
    with games.database() as conn:
        modes, recent = statistics.summary(conn), statistics.recent(conn)
    for game in recent:
        entry = games.open.get(game["id"])
        if game["result"] == "playing" and entry is not None:
            with entry.lock:  # never half-way through an action
                game["elapsed_ms"] = entry.clock(games.now())
    return {"modes": modes, "recent": recent}


# --------------------------------------------------------------------------- serve


def is_loopback(host: str) -> bool:
    """True for an address or name of this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_names(host: str, port: int) -> list[str]:
    """The Host header values the server answers to when listening on ``host:port``.

    >>> host_names("127.0.0.1", 8765)
    ['127.0.0.1:8765', 'localhost:8765', '[::1]:8765']
    """
    names = list(LOOPBACK_NAMES)
    bare = host.strip("[]")
    if ":" in bare:
        bare = f"[{bare}]"
    extra = [bare]
    if bare in ("0.0.0.0", "[::]", ""):  # every interface: this machine's names too
        hostname = socket.gethostname()
        extra = [hostname, f"{hostname}.local"]
        try:
            for info in socket.getaddrinfo(hostname, None):
                address = str(info[4][0])
                extra.append(f"[{address}]" if ":" in address else address)
        except OSError:
            pass
    for name in extra:
        if name.lower() not in names:
            names.append(name.lower())
    result = [f"{name}:{port}" for name in names]
    if port == 80:
        result += names
    return result


def bind(host: str, port: int, tries: int = PORT_TRIES) -> socket.socket:
    """A listening socket on ``port``, or the next free one; OSError if none is free."""
    bare = host.strip("[]")
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    last: OSError | None = None
    for candidate in range(port, min(port + tries, 65536)):
        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only then (without
        # it, Nagle and delayed ACKs add 40 ms to every answer)
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((bare, candidate))
            sock.listen(128)
        except OSError as err:
            sock.close()
            last = err
            if err.errno in (errno.EADDRINUSE, errno.EACCES):
                continue
            raise
        sock.set_inheritable(True)
        return sock
    raise last or OSError(f"no free port from {port}")


def has_display() -> bool:
    """False on Linux without a graphical session (no DISPLAY or WAYLAND_DISPLAY)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _open_when_started(server: Any, url: str, wait: float = 10.0) -> None:
    """Open ``url`` in the default browser once the server accepts connections."""
    deadline = time.monotonic() + wait
    while not server.started and not server.should_exit and time.monotonic() < deadline:
        time.sleep(0.05)
    if server.started and not server.should_exit:
        webbrowser.open(url)


def serve(
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    db: str | Path | None = None,
) -> int:
    """Run the game's server until Ctrl-C; returns the exit status."""
    import uvicorn

    if not 0 <= port <= 65535:
        print(f"klondike: the port is a number from 0 to 65535, not {port}", file=sys.stderr)
        return 2
    try:
        conn = store.open_database(db)
    except store.DatabaseError as err:
        print(f"klondike: {err}", file=sys.stderr)
        return 2
    try:
        sock = bind(host, port)
    except OSError as err:
        conn.close()
        print(f"klondike: cannot listen on {host} port {port}: {err}", file=sys.stderr)
        return 2
    bound = sock.getsockname()[1]
    app = create_app(conn, allowed_hosts=host_names(host, bound))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    url = f"http://{shown}:{bound}/"
    if not is_loopback(host):
        print(
            f"klondike: warning: listening on {host}, not only on this machine: "
            "anyone who can reach it can play and read your games",
            file=sys.stderr,
        )
    print(f"klondike: playing at {url}  (Ctrl-C stops)", flush=True)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3
    )
    server = uvicorn.Server(config)
    if open_browser and has_display():
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        with app.state.games.db_lock:
            conn.close()
    print("klondike: stopped", flush=True)
    return 0
