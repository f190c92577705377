"""The JSON API of docs/api.md: request and answer models, routes, error handlers, the page.

Every request that acts on a game enters here (`create_app`'s routes) and goes on to the
open games (`klondike.web.games`); every refusal leaves here in one error shape.
See docs/architecture.md for how a request flows.
"""

from __future__ import annotations

import datetime
import os
import re
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable, MutableMapping
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import BackgroundTasks, Body, FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    create_model,
)
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from klondike import Game, KlondikeError
from klondike.rules import MODES, PRESETS, Mode
from klondike.solver.daily import FIRST_DAY
from klondike.store import database as store
from klondike.store import settings
from klondike.store.stats import DailyStats, DayState, ModeStats, RecentGame
from klondike.tiers import Tier

from .games import Games
from .gauge import GaugeAnswer, Gauges
from .proofs import ProofFigures, proof_figures
from .proved_deals import ProvedDeals
from .refusals import Refusal
from .reviewing import Reviews
from .security import LOOPBACK_NAMES, Guard
from .solving import HINT_BUDGET, HintAnswer, Solving
from .view import rules_view
from .workers import SolverWorkers

STATIC_DIR = Path(__file__).parent / "static"
MAX_ID = 2**53 - 1  # ids the browser holds exactly

Id = Annotated[int, PathParam(ge=1, le=MAX_ID, description="the game's id")]


def _whole_number(value: object) -> object:
    """A JSON number with no fraction (``2561.0``) as the integer it is, as the schema's
    ``integer`` allows; ``true``/``false`` and text stay refused."""
    if type(value) is float and value.is_integer():
        return int(value)
    return value


Version = Annotated[
    StrictInt,
    Field(ge=0, le=MAX_ID, description="the version acted on"),
    BeforeValidator(_whole_number),
]


def utc_today() -> datetime.date:
    """Today's date in UTC: the player's today is within a day of it."""
    return datetime.datetime.now(datetime.UTC).date()


def daily_day(day: datetime.date) -> datetime.date:
    """``day`` if a daily deal can be played for it (from `FIRST_DAY` to today somewhere),
    else the refusal ``bad_day``."""
    last = utc_today() + datetime.timedelta(days=1)
    if not FIRST_DAY <= day <= last:
        raise Refusal("bad_day", {"day": day.isoformat(), "first": FIRST_DAY.isoformat()})
    return day


def player_today(day: datetime.date | None) -> datetime.date:
    """The player's calendar day (by default the server's), refused (``bad_today``) if it is
    not today anywhere: more than a day from the server's UTC date."""
    today = utc_today()
    if day is None:
        return datetime.date.today()
    if abs((day - today).days) > 1:
        raise Refusal("bad_today", {"day": day.isoformat(), "today": today.isoformat()})
    return day


MONTH = re.compile(r"([0-9]{4})-([0-9]{2})")
"""A month as the calendar names it: ``2026-12``."""


def month_of(text: str | None, today: datetime.date) -> datetime.date:
    """The first day of the month ``text`` names (``YYYY-MM``; None: the month of ``today``),
    refused (``bad_month``) unless it is a month from `FIRST_DAY`'s to today's."""
    if text is None:
        return today.replace(day=1)
    found = MONTH.fullmatch(text)
    if found is not None:
        year, number = int(found.group(1)), int(found.group(2))
        if 1 <= number <= 12 and (FIRST_DAY.year, FIRST_DAY.month) <= (year, number) <= (
            today.year,
            today.month,
        ):
            return datetime.date(year, number, 1)
    params: dict[str, object] = {
        "month": text,
        "first": f"{FIRST_DAY:%Y-%m}",
        "last": f"{today:%Y-%m}",
    }
    raise Refusal("bad_month", params)


def next_month(month: datetime.date) -> datetime.date:
    """The first day of the month after ``month``'s."""
    return (month.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)


def calendar_of(
    month: datetime.date, today: datetime.date, played: dict[datetime.date, DayState]
) -> list[dict[str, Any]]:
    """Each day of ``month``: its ISO date, how it was played (`played`, else None), and
    whether its daily deal can be played (from `FIRST_DAY` to ``today``)."""
    days = []
    day = month
    while day.month == month.month:
        days.append(
            {
                "day": day.isoformat(),
                "state": played.get(day),
                "playable": FIRST_DAY <= day <= today,
            }
        )
        day += datetime.timedelta(days=1)
    return days


# --------------------------------------------------------------------------- errors


def error_response(refusal: Refusal) -> JSONResponse:
    """The answer of a refusal: its status, the error body, its headers (every error the
    API gives is built here)."""
    return JSONResponse(refusal.body(), status_code=refusal.status, headers=refusal.headers())


# --------------------------------------------------------------------------- models


class Strict(BaseModel):
    """Request bodies: unknown fields are refused, so a typo is not silently ignored."""

    model_config = ConfigDict(extra="forbid")


def _not_a_bool(value: object) -> object:
    """Refuse ``true``/``false`` where a number is asked for (pydantic takes ``true`` for 1)."""
    if isinstance(value, bool):
        raise ValueError("a number is required, not true or false")
    return value


Draw = Annotated[Literal[1, 3], BeforeValidator(_not_a_bool)]
"""Cards per draw in a request body: 1 or 3, never ``true``."""


class NewGame(Strict):
    """Start a game: a random deal of a mode, or the deal a code names."""

    rules: StrictStr = Field(
        "app", max_length=100, description="the version: app, classic or solitaer"
    )
    draw: Draw | None = Field(None, description="default: the version's first")
    scoring: Literal["normal", "vegas", "none"] | None = Field(
        None, description="default: the version's first"
    )
    code: StrictStr | None = Field(
        None, max_length=100, description="a game code; its version, draw and scoring win"
    )
    abandon: Annotated[StrictInt, Field(ge=1, le=MAX_ID)] | None = Field(
        None,
        description="the game to leave: abandoned if open; if another tab already left it, "
        "the request is refused (409 game_over) so that no second game is started",
    )
    winnable: StrictBool = Field(
        False, description="a deal of the mode that the solver proved winnable"
    )
    daily: StrictBool = Field(False, description="the daily deal of the mode")
    tier: Tier | None = Field(
        None,
        description='a winnable deal of this difficulty (docs/fair.md, "Difficulty"); with '
        "``daily``, the day's daily deal of the tier",
    )
    day: datetime.date | None = Field(
        None,
        description="the day of the daily deal, from 2000-01-01 to the player's today "
        "(default: the server's today)",
    )


class HintRequest(Strict):
    """Ask for a hint on a version of a game."""

    version: Version


class ReviewStart(Strict):
    """Start or resume the review of a finished game (an empty object)."""


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


class Redo(Strict):
    version: Version
    action: Literal["redo"]


class Finish(Strict):
    """Play the next move of the finish line (`Game.finish_move`)."""

    version: Version
    action: Literal["finish"]


Action = Annotated[
    Tap | DoubleTap | Drag | PlayMove | Undo | Redo | Finish, Field(discriminator="action")
]


class Presence(Strict):
    """A page says whether it shows the game: the clock counts only while one does."""

    visible: StrictBool


def _setting_type(values: tuple[object, ...]) -> Any:
    """The type of a setting taking ``values``: a strict bool, or one of the words."""
    if all(isinstance(value, bool) for value in values):
        return StrictBool
    return Literal[values]


SETTING_TYPES: dict[str, Any] = {name: _setting_type(v) for name, v in settings.CHOICES.items()}
"""Each setting's type, from the store's `klondike.store.settings.CHOICES` alone."""

_CHANGE_FIELDS: dict[str, Any] = {
    name: (kind, settings.DEFAULTS[name]) for name, kind in SETTING_TYPES.items()
}
_EVERY_FIELD: dict[str, Any] = {name: (kind, ...) for name, kind in SETTING_TYPES.items()}

if TYPE_CHECKING:  # what the models below are, to the type checker
    SettingsChange = Strict
    Settings = BaseModel
else:
    SettingsChange = create_model(
        "SettingsChange",
        __base__=Strict,
        __doc__="Some settings to change (the others stay); unknown names and values are refused.",
        **_CHANGE_FIELDS,
    )
    Settings = create_model(
        "Settings", __doc__='Every setting (docs/api.md, "Settings").', **_EVERY_FIELD
    )


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


class RulesView(BaseModel):
    """A version's rules as the page reads them (docs/api.md, "The rules")."""

    key: str
    name: str
    seed: str
    draws: list[int]
    scorings: list[str]
    score: bool
    take_back: bool
    recycle: Literal["keep", "shuffle"]
    auto_aces: bool
    dealt_to_waste: int
    right_click_draws: bool


class GameView(BaseModel):
    """The view of a game (docs/api.md): no face-down card, no stock order."""

    id: int
    version: int
    status: Literal["playing", "won", "abandoned"]
    code: str
    rules: RulesView
    draw: int
    scoring: Literal["normal", "vegas", "none"]
    score: int
    score_text: str
    moves: int
    undos: int
    elapsed_ms: int
    clock_running: bool
    won: bool
    can_undo: bool
    can_redo: bool
    stock: Stock
    waste: Waste
    foundations: list[list[str]]
    tableau: list[Column]
    targets: dict[str, list[str]]
    finish: bool
    last: Last | None
    hints: int
    daily: str | None
    tier: Tier | None


class NewGameView(GameView):
    """A new game's view; ``proof`` (only for a winnable deal) says how it was proved."""

    proof: ProofFigures | None = None


class Step(BaseModel):
    """The table between the moves of one action: after the player's move, and after each
    safe card that went home by itself but the last (docs/api.md, "Actions")."""

    score: int
    score_text: str
    moves: int
    stock: Stock
    waste: Waste
    foundations: list[list[str]]
    tableau: list[Column]
    last: Last


class ActionResult(GameView):
    """The view after an action, the move it played (null: the gesture did nothing), the
    safe cards' moves that followed by themselves, and the table before each of those."""

    played: str | None
    auto: list[str]
    steps: list[Step]


class ErrorDetail(BaseModel):
    reason: str
    message: str
    params: dict[str, Any]


class ErrorResponse(BaseModel):
    """Every refusal: the reason, and the current view when a game is concerned."""

    error: ErrorDetail
    game: GameView | None


class CodeCheck(BaseModel):
    """A game code that can be played, as the engine writes it, with its version, draw and
    scoring."""

    code: str
    rules: str
    draw: int
    scoring: Literal["normal", "vegas", "none"]


class DailyDay(BaseModel):
    """A day of the daily calendar."""

    day: str
    state: DayState | None
    playable: bool


class DailyMonth(BaseModel):
    """The daily calendar of a month and mode (docs/api.md, "The daily calendar")."""

    month: str
    tier: Tier | None
    rules: str
    draw: int
    scoring: Literal["normal", "vegas", "none"]
    today: str
    previous: str | None
    next: str | None
    days: list[DailyDay]


class ReviewStatus(BaseModel):
    """Where the review of a finished game stands (docs/api.md, "Reviews"); ``review`` once
    ``done`` (its shape: docs/review.md)."""

    id: int
    status: Literal["none", "paused", "running", "done"]
    part: Literal["verdicts", "shares", "done"] | None
    done: int
    total: int
    review: dict[str, Any] | None


class FullColumn(BaseModel):
    down: list[str]
    up: list[str]


class FullTable(BaseModel):
    """A table with every card named: the game is over."""

    stock: list[str]
    waste: list[str]
    foundations: list[list[str]]
    tableau: list[FullColumn]


class ReviewTables(BaseModel):
    """The table at each position of a finished game, and along its review's winning line."""

    id: int
    positions: list[FullTable]
    line: list[FullTable]


class Stats(BaseModel):
    modes: list[ModeStats]
    recent: list[RecentGame]
    daily: list[DailyStats]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorResponse} for code in (403, 413, 415, 422, 503, *codes)}


# --------------------------------------------------------------------------- the app


def create_app(
    db: str | Path | store.Database | None,
    *,
    allowed_hosts: Iterable[str] = LOOPBACK_NAMES,
    static_dir: Path = STATIC_DIR,
    clock: Callable[[], float] = time.monotonic,
    workers: SolverWorkers | None = None,
    hint_budget: float = HINT_BUDGET,
    keep_proved_deals: bool = False,
    proved_modes: tuple[Mode, ...] = MODES,
    rated_modes: tuple[Mode, ...] = (),
) -> FastAPI:
    """The application: API, page and guard, over the database ``db`` (None: the default).

    ``allowed_hosts`` are the names the Host header may carry: ``name:port`` exactly, or a
    bare ``name`` with any port. ``clock`` (monotonic seconds) runs the games' clocks.
    The solver runs in ``workers`` (default: worker processes started when first needed),
    a hint for ``hint_budget`` seconds; ``keep_proved_deals`` keeps a few proved-winnable
    deals per mode ready in the database while the app runs (of ``proved_modes``), and
    rated deals of each tier of ``rated_modes`` (and of the modes a player asks a tier of).
    Raises `klondike.store.database.DatabaseError` for a database it cannot use.
    """
    conn = db if isinstance(db, store.Database) else store.open_database(db)
    games = Games(conn, clock)
    games.preload()
    solving = Solving(games, workers, hint_budget=hint_budget)
    gauges = Gauges(games, solving.workers)
    reviews = Reviews(games, solving.workers)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        filler = None
        if keep_proved_deals:
            filler = ProvedDeals(conn, solving.workers, modes=proved_modes, rated_modes=rated_modes)
            solving.filler = filler
            filler.start()
        app.state.proved_deals = filler
        yield
        gauges.stop()
        if filler is not None:
            filler.stop()
        reviews.stop()
        solving.workers.close()
        try:  # the server stops (Ctrl-C, SIGTERM): keep the time since the last actions
            games.save_clocks()
        except Refusal as err:
            print(f"klondike: the clocks could not be saved: {err}", file=sys.stderr)
        games.checkpoint()  # and copy the WAL into the database file

    app = FastAPI(
        lifespan=lifespan,
        title="klondike",
        version="1",
        summary="Klondike Solitaire by the rules of one real app: the game's JSON API",
        docs_url=None,
        redoc_url=None,
    )
    app.state.games, app.state.solving = games, solving
    app.state.gauges, app.state.reviews = gauges, reviews
    _answer_errors(app)
    _route(app, games, solving, gauges, static_dir)
    _route_reviews(app, reviews)
    app.mount("/static", _Static(directory=static_dir, check_dir=False), name="static")
    app.add_middleware(Guard, allowed_hosts=allowed_hosts)
    return app


def _answer_errors(app: FastAPI) -> None:
    """Every refusal and failure in the one error shape: ours, the games', FastAPI's."""

    @app.exception_handler(Refusal)
    async def refusal(request: Request, exc: Refusal) -> JSONResponse:
        return error_response(exc)

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
        return error_response(Refusal("bad_request", {"detail": detail, "errors": problems}))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return error_response(Refusal("not_found", {"what": request.url.path}))
        if exc.status_code == 400:  # FastAPI could not read the body (e.g. not UTF-8)
            detail = "the body is not valid JSON text"
            response = error_response(Refusal("bad_request", {"detail": detail, "errors": []}))
        elif exc.status_code == 405:
            response = error_response(Refusal("method_not_allowed", {"method": request.method}))
        else:
            detail = str(exc.detail)
            response = error_response(
                Refusal("bad_request", {"detail": detail}, status=exc.status_code)
            )
        response.headers.update(exc.headers or {})
        if exc.status_code == 405:  # every route of the path, not only the first one's
            response.headers["Allow"] = ", ".join(_methods_of(app, request))
        return response

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        return error_response(Refusal("internal_error", {"detail": type(exc).__name__}))


def _route(app: FastAPI, games: Games, solving: Solving, gauges: Gauges, static_dir: Path) -> None:
    """The API's routes over ``games`` (and ``solving``, the solver's jobs; ``gauges``, the
    winnable layouts gauge), and the page."""

    @app.get("/api/game", response_model=GameView, responses=_errors())
    def game_in_progress() -> JSONResponse:
        """The view of the game in progress (a new Draw 1 Normal game if none is open)."""
        return _json(games.view(games.current()))

    @app.post("/api/games", response_model=NewGameView, responses=_errors(400, 404, 409))
    async def new_game(body: NewGame) -> JSONResponse:
        """Start a game, which becomes the game in progress; abandon the named one. The deal
        is the one ``code`` names, else the daily deal (``daily``), else one proved winnable
        (``winnable``), else a random one; all but the code's of the version ``rules``."""
        day = None
        if body.daily and body.code is None:
            day = daily_day(body.day or datetime.date.today())
        daily = None if day is None else day.isoformat()
        chosen = None
        wanted = body.winnable or daily is not None or body.tier is not None
        if body.code is None and wanted:  # the solver's
            chosen = await solving.choose_deal(
                body.draw, body.scoring, body.rules, daily=daily, tier=body.tier
            )
        entry = await run_in_threadpool(
            partial(
                games.new,
                body.draw,
                body.scoring,
                code=body.code,
                abandon=body.abandon,
                rules=body.rules,
                daily=daily,
                chosen=chosen,
            )
        )
        view = await run_in_threadpool(games.view, entry)
        if entry.proof is not None:
            view["proof"] = proof_figures(entry.proof)
        return _json(view)

    @app.post("/api/games/{game_id}/hint", response_model=HintAnswer, responses=_errors(404, 409))
    async def give_hint(game_id: Id, body: HintRequest) -> JSONResponse:
        """The next move of a winning line, or the most useful move; nothing is played."""
        return _json(await solving.hint(game_id, body.version))

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
    def act(game_id: Id, action: Annotated[Action, Body()], after: BackgroundTasks) -> JSONResponse:
        """Play one action (tap, double_tap, drag, move, undo, redo, finish) on a version."""
        gesture = action.model_dump(exclude={"version", "action"})
        view = games.act(game_id, action.version, action.action, **gesture)
        if view["played"] is not None and view["status"] == "playing":
            after.add_task(gauges.moved, game_id, view["version"])  # once it is answered
        return _json(view)

    @app.get(
        "/api/games/{game_id}/gauge",
        response_model=GaugeAnswer,
        responses=_errors(404, 409),
    )
    async def gauge(
        game_id: Id,
        version: Annotated[int, Query(ge=0, le=MAX_ID, description="the version to gauge")],
    ) -> JSONResponse:
        """The share of the layouts the player cannot tell apart in which the version can
        still be won, once computed (``ready``), or what is solved after a wait
        (``computing``: ask again); the setting ``winnable_gauge`` must be on."""
        return _json(await gauges.answer(game_id, version))

    @app.get("/api/rules", response_model=list[RulesView], responses=_errors())
    def rules() -> JSONResponse:
        """Every version the New game dialog offers, the default first."""
        return _json([rules_view(preset) for preset in PRESETS])

    @app.post(
        "/api/games/{game_id}/presence",
        response_model=GameView,
        responses=_errors(404),
    )
    def presence(game_id: Id, body: Presence) -> JSONResponse:
        """The page shows the game (``visible``: the clock of a started game runs) or no
        longer does (it stops). A page that is shown says so every 20 seconds."""
        return _json(games.view(games.presence(game_id, visible=body.visible)))

    @app.get("/api/codes/{code}", response_model=CodeCheck, responses=_errors(400))
    def check_code(code: Annotated[str, PathParam(max_length=100)]) -> JSONResponse:
        """Check a game code without starting a game: its canonical form, draw and scoring,
        or 400 with the engine's reason (as `POST /api/games` would answer)."""
        try:
            game = Game.from_code(code)
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        return _json(
            {
                "code": game.code,
                "rules": game.rules.key,
                "draw": game.draw,
                "scoring": game.scoring,
            }
        )

    @app.get("/api/stats", response_model=Stats, responses=_errors())
    def stats() -> JSONResponse:
        """Statistics per mode, the recent games and the daily deals."""
        return _json(games.stats())

    @app.get("/api/daily", response_model=DailyMonth, responses=_errors(400))
    def daily_calendar(
        month: Annotated[
            str | None, Query(max_length=20, description="YYYY-MM (default: this month)")
        ] = None,
        rules: Annotated[str, Query(max_length=100, description="the version")] = "app",
        draw: Annotated[
            int | None, Query(ge=1, le=3, description="1 or 3 (default: the version's first)")
        ] = None,
        scoring: Annotated[
            Literal["normal", "vegas", "none"] | None,
            Query(description="default: the version's first"),
        ] = None,
        today: Annotated[
            datetime.date | None,
            Query(description="the player's calendar day (default: the server's)"),
        ] = None,
        tier: Annotated[
            Tier | None, Query(description="the daily deals of this tier (default: of any)")
        ] = None,
    ) -> JSONResponse:
        """The daily deals of a month and mode (and tier): each day played, won or being
        played, and whether it can be played; the months before and after that have daily
        deals."""
        try:
            game = Game.new(draw, scoring, rules=rules)  # checks the mode
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        mode: Mode = (game.rules.key, game.draw, game.scoring)
        players_day = player_today(today)
        first = month_of(month, players_day)
        after = next_month(first)
        last = after - datetime.timedelta(days=1)
        before = (first - datetime.timedelta(days=1)).replace(day=1)
        played = games.daily_days(mode, first, last, tier or "")
        return _json(
            {
                "month": f"{first:%Y-%m}",
                "tier": tier,
                "rules": game.rules.key,
                "draw": game.draw,
                "scoring": game.scoring,
                "today": players_day.isoformat(),
                "previous": f"{before:%Y-%m}" if first > FIRST_DAY else None,
                "next": f"{after:%Y-%m}" if after <= players_day else None,
                "days": calendar_of(first, players_day, played),
            }
        )

    @app.post("/api/stats/reset", response_model=Stats, responses=_errors(400))
    def reset_stats(body: ResetStats) -> JSONResponse:
        """Reset the statistics (the history of recent games stays)."""
        if not body.confirm:
            raise Refusal("confirm_required")
        games.reset_stats()
        return _json(games.stats())

    @app.get("/api/settings", response_model=Settings, responses=_errors())
    def get_settings() -> JSONResponse:
        """Every setting: the player's choice, or its default."""
        return _json(games.settings())

    @app.put("/api/settings", response_model=Settings, responses=_errors())
    def put_settings(body: SettingsChange) -> JSONResponse:
        """Change the settings named in the body (all checked first: a bad one changes
        nothing); every setting after."""
        return _json(games.update_settings(body.model_dump(exclude_unset=True)))

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        index = static_dir / "index.html"
        if not index.is_file():
            raise Refusal("not_found", {"what": "the page (static/index.html)"})
        return FileResponse(index, headers={"Cache-Control": "no-cache"})


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


def _route_reviews(app: FastAPI, reviews: Reviews) -> None:
    """The review's routes: none answers for a game that is being played."""

    @app.get(
        "/api/games/{game_id}/review", response_model=ReviewStatus, responses=_errors(404, 409)
    )
    def review_status(game_id: Id) -> JSONResponse:
        """Where the review of a finished game stands, with the review once done."""
        return _json(reviews.status(game_id))

    @app.post(
        "/api/games/{game_id}/review", response_model=ReviewStatus, responses=_errors(404, 409)
    )
    def start_review(game_id: Id, body: ReviewStart) -> JSONResponse:
        """Start or resume the review of a finished game, in the background."""
        return _json(reviews.start(game_id))

    @app.get(
        "/api/games/{game_id}/review/tables",
        response_model=ReviewTables,
        responses=_errors(404, 409),
    )
    def review_tables(game_id: Id) -> JSONResponse:
        """Every card's place at each position of a finished game."""
        return _json(reviews.tables(game_id))


def _methods_of(app: FastAPI, request: Request) -> list[str]:
    """The methods the routes of the request's path answer, sorted."""
    methods: set[str] = set()
    for route in app.routes:
        match, _ = route.matches(request.scope)
        if match != Match.NONE:
            methods.update(getattr(route, "methods", None) or ())
    return sorted(methods)


def _json(content: Any) -> JSONResponse:
    """A JSON answer that no cache keeps."""
    return JSONResponse(content, headers={"Cache-Control": "no-store"})
