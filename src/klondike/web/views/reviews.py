"""The reviews of finished games (docs/api.md, "Reviews"): where a review stands, starting
or resuming it, and every card's place along the game; none answers for a game that is
being played."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from ..reviewing import Reviews
from .common import Id, Strict, errors, json_answer


class ReviewStart(Strict):
    """Start or resume the review of a finished game (an empty object)."""


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
