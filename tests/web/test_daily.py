"""The daily calendar (GET /api/daily) and the daily deal of a past day (docs/api.md)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.api import HOST, TestClient
from helpers.rows import add_game
from klondike.solver.daily import FIRST_DAY
from klondike.store import database as store
from klondike.web.api import create_app
from klondike.web.views.daily import utc_today
from klondike.web.workers import SolverWorkers

FIRST_DAILY_CODE = "KL1-D1N-G7QYKRC"
"""The daily deal of 2000-01-01, Klondike Draw 1 Normal, on every machine (solver/daily.py)."""


@pytest.fixture
def daily_client(db_path: Path) -> Iterator[TestClient]:
    """A test client whose solver runs in threads (quick to start)."""
    app = create_app(db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False))
    with TestClient(app) as client:
        yield client


def seed(db_path: Path, *rows: dict[str, Any]) -> None:
    """Write game rows (`helpers.rows.add_game`'s arguments) into a fresh database."""
    conn = store.open_database(db_path)
    for row in rows:
        add_game(conn, **row)
    conn.commit()
    conn.close()


def calendar(client: TestClient, **query: object) -> dict[str, Any]:
    response = client.get("/api/daily", params=query)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def states(answer: dict[str, Any]) -> dict[str, str]:
    """The days of a calendar that were played, and how."""
    return {day["day"]: day["state"] for day in answer["days"] if day["state"] is not None}


def test_the_calendar_marks_each_day_played_won_or_being_played_per_mode(db_path: Path) -> None:
    seed(
        db_path,
        {"status": "abandoned", "daily": "2026-11-03"},
        {"status": "won", "daily": "2026-11-03"},  # played twice, won once: won
        {"status": "abandoned", "daily": "2026-11-04"},
        {"status": "abandoned", "daily": "2026-11-05", "version": 0},  # left untouched
        {"status": "won", "daily": "2026-11-06", "draw": 3},  # another mode
        {"status": "won", "daily": "2026-11-07", "rules": "classic"},  # another version
        {"status": "won", "daily": "2026-10-31"},  # another month
        {"status": "won"},  # no daily deal
        {"status": "playing", "daily": "2026-11-30"},
        {"status": "won", "daily": "2026-11-08", "counted": 0},  # a reset keeps the history
    )
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        november = calendar(client, month="2026-11")
        assert states(november) == {
            "2026-11-03": "won",
            "2026-11-04": "played",
            "2026-11-08": "won",
            "2026-11-30": "playing",
        }
        assert [day["day"] for day in november["days"]][::29] == ["2026-11-01", "2026-11-30"]
        assert len(november["days"]) == 30 and all(day["playable"] for day in november["days"])
        assert (november["rules"], november["draw"], november["scoring"]) == ("app", 1, "normal")
        assert (november["previous"], november["next"]) == ("2026-10", "2026-12")
        assert states(calendar(client, month="2026-11", draw=3)) == {"2026-11-06": "won"}
        classic = calendar(client, month="2026-11", rules="classic")
        assert states(classic) == {"2026-11-07": "won"}
        assert (classic["draw"], classic["scoring"]) == (1, "none")
        assert states(calendar(client, month="2026-11", scoring="vegas")) == {}
        assert states(calendar(client, month="2026-10")) == {"2026-10-31": "won"}


def test_the_calendar_of_this_month_ends_its_playable_days_today(client: TestClient) -> None:
    today = utc_today()
    answer = calendar(client, today=today.isoformat())
    assert answer["month"] == f"{today:%Y-%m}" and answer["today"] == today.isoformat()
    assert answer["next"] is None
    playable = [day["day"] for day in answer["days"] if day["playable"]]
    assert playable[0] == today.replace(day=1).isoformat() and playable[-1] == today.isoformat()
    first = calendar(client, month=f"{FIRST_DAY:%Y-%m}", rules="solitaer")
    assert (first["previous"], first["next"]) == (None, f"{FIRST_DAY:%Y}-02")
    assert (first["draw"], first["scoring"]) == (3, "none")


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ({"month": "2026-13"}, "bad_month"),
        ({"month": "2026-00"}, "bad_month"),
        ({"month": "1999-12"}, "bad_month"),  # before the first daily deal
        ({"month": "2026-1"}, "bad_month"),
        ({"month": "december"}, "bad_month"),
        ({"month": "２０２６-１１"}, "bad_month"),  # digits of another script
        ({"month": "9999-01"}, "bad_month"),  # after this month
        ({"today": "2000-01-01"}, "bad_today"),  # not today anywhere
        ({"rules": "spider"}, "bad_rules"),
        ({"rules": "solitaer", "draw": 1}, "draw_not_in_rules"),
        ({"rules": "classic", "scoring": "vegas"}, "scoring_not_in_rules"),
        ({"draw": 2}, "bad_draw"),
    ],
)
def test_bad_input_to_the_calendar_is_a_clear_400(
    client: TestClient, query: dict[str, object], reason: str
) -> None:
    response = client.get("/api/daily", params=query)
    error = response.json()["error"]
    assert (response.status_code, error["reason"]) == (400, reason), error
    if reason == "bad_month":
        assert error["message"].startswith(f"“{query['month']}” is no month of the daily deals")
        assert error["params"]["first"] == "2000-01"


@pytest.mark.parametrize("query", [{"draw": "three"}, {"today": "yesterday"}, {"month": "x" * 21}])
def test_a_malformed_calendar_query_is_422(client: TestClient, query: dict[str, object]) -> None:
    response = client.get("/api/daily", params=query)
    assert (response.status_code, response.json()["error"]["reason"]) == (422, "bad_request")


def test_a_past_day_can_be_played_and_is_the_same_deal_everywhere(
    daily_client: TestClient,
) -> None:
    body = {"daily": True, "day": FIRST_DAY.isoformat()}
    view = daily_client.post("/api/games", json=body).json()
    assert (view["code"], view["daily"]) == (FIRST_DAILY_CODE, "2000-01-01")
    answer = calendar(daily_client, month="2000-01")
    assert states(answer) == {"2000-01-01": "playing"}


@pytest.mark.parametrize("days", [-1, 2])
def test_no_daily_deal_before_the_first_day_or_after_today(
    daily_client: TestClient, days: int
) -> None:
    start = FIRST_DAY if days < 0 else utc_today()
    day = start + datetime.timedelta(days=days)
    response = daily_client.post("/api/games", json={"daily": True, "day": day.isoformat()})
    error = response.json()["error"]
    assert (response.status_code, error["reason"]) == (400, "bad_day")
    assert error["message"] == (
        f"there is no daily deal of {day.isoformat()}: they run from 2000-01-01 to today"
    )
