"""The search for a deal of a tier that was not ready (docs/api.md, "Waiting for a deal of
a tier"): ``GET /api/tier-search`` says where it stands, for the page to show while the
player waits; ``POST`` asks for it again when no one looks for one any more. Neither deals."""

from __future__ import annotations

import datetime
from functools import partial
from typing import Annotated, Literal

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, StrictStr
from starlette.concurrency import run_in_threadpool

from klondike import Game, KlondikeError
from klondike.rules import mode_of
from klondike.tiers import Tier

from ..refusals import Refusal
from ..solving import Solving
from ..tier_waits import WaitState
from .common import Strict, errors, json_answer
from .daily import daily_day
from .games import Draw

Scoring = Literal["normal", "vegas", "none"]


class TierSearchAnswer(BaseModel):
    """Where the search for a deal of a tier (the daily deal of ``day``) stands."""

    tier: Tier
    rules: str
    draw: int
    scoring: Scoring
    day: str | None
    state: WaitState = Field(
        description="ready (starting it deals it at once), searching, idle (no one looks "
        "for one: POST asks again) or none (none was found)"
    )
    ratings: int | None = Field(
        description="the mode's deals rated since the player asked (null: not counted)"
    )
    seconds: float = Field(
        description="about how long finding one still takes, in tenths (0: nothing to wait for)"
    )
    progress: float = Field(description="the share of the expected wait gone by, 0 to 1")


class TierSearch(Strict):
    """Ask for a deal of a tier (the daily deal of ``day``) to be looked for."""

    tier: Tier
    rules: StrictStr = Field("app", max_length=100, description="the version")
    draw: Draw | None = Field(None, description="default: the version's first")
    scoring: Scoring | None = Field(None, description="default: the version's first")
    day: datetime.date | None = Field(None, description="the daily deal of that day")


def add_routes(app: FastAPI, solving: Solving) -> None:
    """The routes of the search for a deal of a tier (``solving``'s)."""

    async def answer(search: TierSearch, *, ask: bool) -> JSONResponse:
        try:
            game = Game.new(search.draw, search.scoring, rules=search.rules)  # checks the mode
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        mode = mode_of(game)
        day = None if search.day is None else daily_day(search.day).isoformat()
        wait = await run_in_threadpool(partial(solving.tier_wait, mode, search.tier, day, ask=ask))
        key, draw, scoring = mode
        asked = {"tier": search.tier, "rules": key, "draw": draw, "scoring": scoring}
        return json_answer({**asked, "day": day, **wait})

    @app.get("/api/tier-search", response_model=TierSearchAnswer, responses=errors(400))
    async def tier_search(
        tier: Annotated[Tier, Query(description="the tier")],
        rules: Annotated[str, Query(max_length=100, description="the version")] = "app",
        draw: Annotated[
            int | None, Query(ge=1, le=3, description="1 or 3 (default: the version's first)")
        ] = None,
        scoring: Annotated[
            Scoring | None, Query(description="default: the version's first")
        ] = None,
        day: Annotated[
            datetime.date | None, Query(description="the daily deal of that day")
        ] = None,
    ) -> JSONResponse:
        """Where the search for a deal of a tier stands, how long it still takes about."""
        search = TierSearch.model_construct(  # checked as the query was read
            tier=tier, rules=rules, draw=draw, scoring=scoring, day=day
        )
        return await answer(search, ask=False)

    @app.post("/api/tier-search", response_model=TierSearchAnswer, responses=errors(400))
    async def ask_tier_search(body: TierSearch) -> JSONResponse:
        """Have a deal of a tier looked for (first) if no one looks for one; answers as
        ``GET``. Nothing is dealt."""
        return await answer(body, ask=True)
