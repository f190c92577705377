"""What the engine says without a game: the versions the New game dialog offers
(``GET /api/rules``) and a game code checked (``GET /api/codes/{code}``)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import FastAPI
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from klondike import Game, KlondikeError
from klondike.rules import PRESETS

from ..refusals import Refusal
from ..view import rules_view
from .common import RulesView, errors, json_answer


class CodeCheck(BaseModel):
    """A game code that can be played, as the engine writes it, with its version, draw and
    scoring."""

    code: str
    rules: str
    draw: int
    scoring: Literal["normal", "vegas", "none"]


def add_routes(app: FastAPI) -> None:
    """The routes of the versions and of the game codes."""

    @app.get("/api/rules", response_model=list[RulesView], responses=errors())
    def rules() -> JSONResponse:
        """Every version the New game dialog offers, the default first."""
        return json_answer([rules_view(preset) for preset in PRESETS])

    @app.get("/api/codes/{code}", response_model=CodeCheck, responses=errors(400))
    def check_code(code: Annotated[str, PathParam(max_length=100)]) -> JSONResponse:
        """Check a game code without starting a game: its canonical form, draw and scoring,
        or 400 with the engine's reason (as `POST /api/games` would answer)."""
        try:
            game = Game.from_code(code)
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        return json_answer(
            {
                "code": game.code,
                "rules": game.rules.key,
                "draw": game.draw,
                "scoring": game.scoring,
            }
        )
