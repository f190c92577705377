"""What every view of the API shares: the game's id and version as a request names them,
the strict request body, the view of a game and the one error shape as the OpenAPI document
describes them, and the JSON answer that no cache keeps."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt

from klondike.tiers import Tier

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


class Strict(BaseModel):
    """Request bodies: unknown fields are refused, so a typo is not silently ignored."""

    model_config = ConfigDict(extra="forbid")


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
    practice: bool = Field(
        description="tried again from a reviewed game: kept out of the statistics"
    )


class ErrorDetail(BaseModel):
    reason: str
    message: str
    params: dict[str, Any]


class ErrorResponse(BaseModel):
    """Every refusal: the reason, and the current view when a game is concerned."""

    error: ErrorDetail
    game: GameView | None


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route documents: those of every route (the guard's, a malformed
    request's, a storage failure's) and ``codes``."""
    return {code: {"model": ErrorResponse} for code in (403, 413, 415, 422, 503, *codes)}


def json_answer(content: Any) -> JSONResponse:
    """A JSON answer that no cache keeps."""
    return JSONResponse(content, headers={"Cache-Control": "no-store"})
