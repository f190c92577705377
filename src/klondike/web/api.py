"""The application: `create_app` wires the server's objects (the open games, the solver's
jobs, the gauges, the reviews, the pool of proved deals) to the API's routes
(`klondike.web.views`, one module per resource), and answers every refusal and failure in
one error shape (`error_response`). Every request passes the guard (`klondike.web.security`)
first. See docs/architecture.md for how a request flows.
"""

from __future__ import annotations

import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from klondike.fair.pool import RatedPool
from klondike.rules import MODES, Mode
from klondike.store import database as store

from .games import Games
from .gauge import Gauges
from .proved_deals import ProvedDeals
from .refusals import ECHO_LIMIT, Refusal
from .reviewing import Reviews
from .security import LOOPBACK_NAMES, Guard
from .solving import HINT_BUDGET, Solving
from .views import daily, hints, page, rules, settings, stats, tier_search
from .views import games as game_views
from .views import reviews as review_views
from .views.page import STATIC_DIR
from .workers import SolverWorkers


def error_response(refusal: Refusal) -> JSONResponse:
    """The answer of a refusal: its status, the error body, its headers (every error the
    API gives is built here)."""
    return JSONResponse(refusal.body(), status_code=refusal.status, headers=refusal.headers())


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
    pool: RatedPool | None = None,
) -> FastAPI:
    """The application: API, page and guard, over the database ``db`` (None: the default).

    ``allowed_hosts`` are the names the Host header may carry: ``name:port`` exactly, or a
    bare ``name`` with any port. ``clock`` (monotonic seconds) runs the games' clocks.
    The solver runs in ``workers`` (default: worker processes started when first needed),
    a hint for ``hint_budget`` seconds; ``keep_proved_deals`` keeps a few proved-winnable
    deals per mode ready in the database while the app runs (of ``proved_modes``), and
    rated deals of each tier of ``rated_modes`` (and of the modes a player asks a tier of).
    A tier's deals and dailies come from ``pool`` first (``klondike`` passes the package's,
    `klondike.fair.pool.shipped_pool`; default: none).
    Raises `klondike.store.database.DatabaseError` for a database it cannot use.
    """
    conn = db if isinstance(db, store.Database) else store.open_database(db)
    games = Games(conn, clock)
    games.preload()
    solving = Solving(games, workers, hint_budget=hint_budget, pool=pool)
    gauges = Gauges(games, solving.workers)
    reviews = Reviews(games, solving.workers)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        filler = None
        if keep_proved_deals:
            filler = ProvedDeals(
                conn, solving.workers, modes=proved_modes, rated_modes=rated_modes, pool=pool
            )
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
        except Refusal as err:  # (an action's refusal: say what failed, not "not played")
            detail = err.params.get("detail", err.message)
            print(f"klondike: the time played could not be saved: {detail}", file=sys.stderr)
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
    game_views.add_routes(app, games, solving, gauges)
    hints.add_routes(app, solving, gauges)
    rules.add_routes(app)
    stats.add_routes(app, games)
    daily.add_routes(app, games)
    tier_search.add_routes(app, solving)
    settings.add_routes(app, games)
    review_views.add_routes(app, reviews)
    page.add_routes(app, static_dir)  # and its files, under /static
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
            return error_response(Refusal("not_found", {"what": request.url.path[:ECHO_LIMIT]}))
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


def _methods_of(app: FastAPI, request: Request) -> list[str]:
    """The methods the routes of the request's path answer, sorted."""
    methods: set[str] = set()
    for route in app.routes:
        match, _ = route.matches(request.scope)
        if match != Match.NONE:
            methods.update(getattr(route, "methods", None) or ())
    return sorted(methods)
