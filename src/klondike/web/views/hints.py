"""What the solver says of a game in play: a hint for a version (``POST
/api/games/{id}/hint``) and the winnable layouts gauge (``GET /api/games/{id}/gauge``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse

from ..gauge import GaugeAnswer, Gauges
from ..solving import HintAnswer, Solving
from .common import MAX_ID, Id, Strict, Version, errors, json_answer


class HintRequest(Strict):
    """Ask for a hint on a version of a game."""

    version: Version


def add_routes(app: FastAPI, solving: Solving, gauges: Gauges) -> None:
    """The routes of the hint (``solving``) and of the gauge (``gauges``)."""

    @app.post("/api/games/{game_id}/hint", response_model=HintAnswer, responses=errors(404, 409))
    async def give_hint(game_id: Id, body: HintRequest) -> JSONResponse:
        """The next move of a winning line, or the most useful move; nothing is played."""
        return json_answer(await solving.hint(game_id, body.version))

    @app.get(
        "/api/games/{game_id}/gauge",
        response_model=GaugeAnswer,
        responses=errors(404, 409),
    )
    async def gauge(
        game_id: Id,
        version: Annotated[int, Query(ge=0, le=MAX_ID, description="the version to gauge")],
    ) -> JSONResponse:
        """The share of the layouts the player cannot tell apart in which the version can
        still be won, once computed (``ready``), or what is solved after a wait
        (``computing``: ask again); the setting ``winnable_gauge`` must be on."""
        return json_answer(await gauges.answer(game_id, version))
