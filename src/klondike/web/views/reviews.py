"""The reviews of finished games (docs/api.md, "Reviews"): where a review stands, starting
or resuming it, and every card's place along the game; none answers for a game that is
being played."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any, Literal

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from ..reviewing import Reviews
from .common import MAX_ID, GameView, Id, Strict, errors, json_answer


class ReviewStart(Strict):
    """Start or resume the review of a finished game (an empty object)."""


class Practice(Strict):
    """Try a finished game again from the position before one of its moves (docs/review.md,
    "Try again from here"): a practice game, kept out of the statistics."""

    before: Annotated[StrictInt, Field(ge=1, le=10_000)] = Field(
        description="the move the practice starts before (1: the start)"
    )
    abandon: Annotated[StrictInt, Field(ge=1, le=MAX_ID)] | None = Field(
        None, description="the open game to leave (as for a new game)"
    )


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


def add_routes(app: FastAPI, reviews: Reviews) -> None:
    """The review's routes, over ``reviews``."""

    @app.get("/api/games/{game_id}/review", response_model=ReviewStatus, responses=errors(404, 409))
    def review_status(game_id: Id) -> JSONResponse:
        """Where the review of a finished game stands, with the review once done."""
        return json_answer(reviews.status(game_id))

    @app.post(
        "/api/games/{game_id}/review", response_model=ReviewStatus, responses=errors(404, 409)
    )
    def start_review(game_id: Id, body: ReviewStart) -> JSONResponse:
        """Start or resume the review of a finished game, in the background."""
        return json_answer(reviews.start(game_id))

    @app.get(
        "/api/games/{game_id}/review/tables",
        response_model=ReviewTables,
        responses=errors(404, 409),
    )
    def review_tables(game_id: Id) -> JSONResponse:
        """Every card's place at each position of a finished game."""
        return json_answer(reviews.tables(game_id))

    @app.post(
        "/api/games/{game_id}/practice", response_model=GameView, responses=errors(400, 404, 409)
    )
    async def practice(game_id: Id, body: Practice) -> JSONResponse:
        """Start a practice game from the position of a finished game before move
        ``before``: it becomes the game in progress, marked as practice and kept out of the
        statistics; the open game ``abandon`` is left."""
        games = reviews.games
        position = await run_in_threadpool(reviews.position_before, game_id, body.before)
        entry = await run_in_threadpool(partial(games.practice, position, body.abandon))
        return json_answer(await run_in_threadpool(games.view, entry))
