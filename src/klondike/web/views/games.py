"""The games and their actions: the game in progress, a new game (its deal the solver's when
asked: proved winnable, of a tier, the daily deal), a game by its id, a restart, the
actions played on a version, and the page's report that it shows a game (the clock)."""

from __future__ import annotations

import datetime
from functools import partial
from typing import Annotated, Literal

from fastapi import BackgroundTasks, Body, FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, BeforeValidator, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from klondike.rules import UNDO_LIMIT
from klondike.tiers import Tier

from ..games import Games
from ..gauge import Gauges
from ..proofs import ProofFigures, ShippedFigures, proof_figures
from ..solving import Solving
from .common import (
    MAX_ID,
    Column,
    GameView,
    Id,
    Last,
    Stock,
    Strict,
    Version,
    Waste,
    errors,
    json_answer,
)
from .daily import daily_day


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


class Restart(Strict):
    """Abandon a game and start its deal again."""

    version: Version


class Tap(Strict):
    """Tap a pile, or a face-up card of it (``card``): with the setting
    ``tap_where_it_fits`` a card under others moves with them, as its double tap."""

    version: Version
    action: Literal["tap"]
    pile: StrictStr = Field(max_length=100)
    card: StrictStr | None = Field(None, max_length=100)


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
    """Take back the last action, or the last ``count`` of them (all or none: the way back
    a lost hint offers)."""

    version: Version
    action: Literal["undo"]
    count: StrictInt = Field(1, ge=1, le=UNDO_LIMIT)


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


class NewGameView(GameView):
    """A new game's view; ``proof`` (only for a winnable deal) says how it was proved: how
    long it took here, or that it is a deal of the shipped pool of rated deals."""

    proof: ProofFigures | ShippedFigures | None = None


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


def add_routes(app: FastAPI, games: Games, solving: Solving, gauges: Gauges) -> None:
    """The routes of the games (``games``), the deal of a new one the solver's
    (``solving``), the gauge started after a move (``gauges``)."""

    @app.get("/api/game", response_model=GameView, responses=errors())
    def game_in_progress() -> JSONResponse:
        """The view of the game in progress (a new Draw 1 Normal game if none is open)."""
        return json_answer(games.view(games.current()))

    @app.post("/api/games", response_model=NewGameView, responses=errors(400, 404, 409))
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
        return json_answer(view)

    @app.get("/api/games/{game_id}", response_model=GameView, responses=errors(404))
    def one_game(game_id: Id) -> JSONResponse:
        """The view of a game."""
        return json_answer(games.view(games.get(game_id)))

    @app.post(
        "/api/games/{game_id}/restart",
        response_model=GameView,
        responses=errors(404, 409),
    )
    def restart(game_id: Id, body: Restart) -> JSONResponse:
        """Abandon the game (if open) and start its deal again."""
        return json_answer(games.view(games.restart(game_id, body.version)))

    @app.post(
        "/api/games/{game_id}/actions",
        response_model=ActionResult,
        responses=errors(400, 404, 409),
    )
    def act(game_id: Id, action: Annotated[Action, Body()], after: BackgroundTasks) -> JSONResponse:
        """Play one action (tap, double_tap, drag, move, undo, redo, finish) on a version."""
        gesture = action.model_dump(exclude={"version", "action"})
        view = games.act(game_id, action.version, action.action, **gesture)
        if view["played"] is not None and view["status"] == "playing":
            after.add_task(gauges.moved, game_id, view["version"])  # once it is answered
        return json_answer(view)

    @app.post(
        "/api/games/{game_id}/presence",
        response_model=GameView,
        responses=errors(404),
    )
    def presence(game_id: Id, body: Presence) -> JSONResponse:
        """The page shows the game (``visible``: the clock of a started game runs) or no
        longer does (it stops). A page that is shown says so every 20 seconds."""
        return json_answer(games.view(games.presence(game_id, visible=body.visible)))
