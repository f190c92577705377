"""The daily calendar (``GET /api/daily``) and the days a daily deal may be played for: a
past day or today somewhere, never before `FIRST_DAY` (the new game's ``day`` is checked
here too)."""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from klondike import Game, KlondikeError
from klondike.rules import mode_of
from klondike.solver.daily import FIRST_DAY
from klondike.store import stats as statistics
from klondike.store.stats import DayState
from klondike.tiers import Tier

from ..games import Games
from ..refusals import Refusal
from .common import errors, json_answer


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


def add_routes(app: FastAPI, games: Games) -> None:
    """The daily calendar's route, over the games' database."""

    @app.get("/api/daily", response_model=DailyMonth, responses=errors(400))
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
        mode = mode_of(game)
        players_day = player_today(today)
        first = month_of(month, players_day)
        after = next_month(first)
        last = after - datetime.timedelta(days=1)
        before = (first - datetime.timedelta(days=1)).replace(day=1)
        with games.database("read", "the daily deals") as conn:
            played = statistics.daily_days(conn, mode, first, last, tier or "")
        return json_answer(
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
