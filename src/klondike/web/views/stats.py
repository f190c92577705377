"""The statistics (``GET /api/stats``) and their reset (``POST /api/stats/reset``): per
version and mode, the recent games and the daily deals."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, StrictBool

from klondike.store import stats as statistics
from klondike.store.stats import DailyStats, ModeStats, RecentGame

from ..games import Games
from ..refusals import Refusal
from .common import Strict, errors, json_answer


class ResetStats(Strict):
    confirm: StrictBool = False


class Stats(BaseModel):
    modes: list[ModeStats]
    recent: list[RecentGame]
    daily: list[DailyStats]


def add_routes(app: FastAPI, games: Games) -> None:
    """The statistics' routes, over the games (an open game's time is its running clock)."""

    @app.get("/api/stats", response_model=Stats, responses=errors())
    def stats() -> JSONResponse:
        """Statistics per mode, the recent games and the daily deals."""
        return json_answer(games.stats())

    @app.post("/api/stats/reset", response_model=Stats, responses=errors(400))
    def reset_stats(body: ResetStats) -> JSONResponse:
        """Reset the statistics (the history of recent games stays)."""
        if not body.confirm:
            raise Refusal("confirm_required")
        with games.database("reset") as conn:
            statistics.reset(conn)
        return json_answer(games.stats())
