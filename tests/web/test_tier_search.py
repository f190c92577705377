"""Waiting for a deal of a tier that was not ready: ``GET /api/tier-search`` says where its
search stands and how long it still takes, from the rates measured here; ``POST`` asks for
it again; the day's search for the daily deals of the tiers goes ahead of the filler."""

from __future__ import annotations

import datetime
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import ratings
from helpers.api import HOST, TestClient
from helpers.proofs import keep_proved_deals, proof_of
from helpers.waiting import wait_until
from klondike import Game
from klondike.rules import Mode
from klondike.store import database as store
from klondike.tiers import TIERS
from klondike.web.api import create_app
from klondike.web.proofs import RatedProof
from klondike.web.proved_deals import MAX_TIER_TRIES
from klondike.web.workers import SolverWorkers

MODE: Mode = ("app", 1, "normal")
VEGAS: Mode = ("app", 1, "vegas")
ASK = {"rules": "app", "draw": 1, "scoring": "vegas", "tier": "expert"}
FIELDS = {"tier", "rules", "draw", "scoring", "day", "state", "ratings", "seconds", "progress"}
RATING = 0.4
"""Seconds the slowed rating takes."""


def search(client: TestClient, **query: Any) -> Any:
    return client.get("/api/tier-search", params={**ASK, **query}).json()


@pytest.fixture
def slowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every deal is rated in `RATING` seconds, the tiers in turn (`helpers.ratings`)."""
    monkeypatch.setenv(ratings.SECONDS, str(RATING))
    monkeypatch.delenv(ratings.GATE, raising=False)
    monkeypatch.setattr("klondike.web.proved_deals.prove_and_rate", ratings.slow_prove_and_rate)
    ratings.restart()


@pytest.fixture
def filling(db_path: Path, slowed: None) -> Iterator[TestClient]:
    """An app whose filler runs (its pools of deals not rated full), rating slowly."""
    keep_proved_deals(db_path)
    app = create_app(
        db_path,
        allowed_hosts=[HOST],
        workers=SolverWorkers(processes=False),
        keep_proved_deals=True,
    )
    with TestClient(app) as client:
        yield client


def test_a_tier_ready_answers_ready_and_the_shape_is_fixed(db_path: Path) -> None:
    conn = store.open_database(db_path)
    kept = proof_of(2, MODE)
    store.add_proved_deal(conn, MODE, store.KeptProof(kept.deal, kept.line, tier="hard", wins=3))
    conn.close()
    app = create_app(db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False))
    with TestClient(app) as client:
        ready = search(client, scoring="normal", tier="hard")
        assert set(ready) == FIELDS
        assert ready == {
            **ASK,
            "scoring": "normal",
            "tier": "hard",
            "day": None,
            "state": "ready",
            "ratings": None,
            "seconds": 0.0,
            "progress": 1.0,
        }
        idle = search(client)  # no filler in this app: no one looks for one
        assert (idle["state"], idle["seconds"], idle["progress"]) == ("idle", 120.0, 0.0)
        assert client.post("/api/tier-search", json=ASK).json() == idle  # no one to ask
        defaults = client.get("/api/tier-search", params={"tier": "easy"}).json()
        assert (defaults["rules"], defaults["draw"], defaults["scoring"]) == ("app", 1, "normal")


@pytest.mark.parametrize(
    ("query", "status", "reason"),
    [
        ({"tier": None}, 422, "bad_request"),
        ({"tier": "impossible"}, 422, "bad_request"),
        ({"draw": 2}, 400, "bad_draw"),
        ({"draw": 4}, 422, "bad_request"),
        ({"draw": "one"}, 422, "bad_request"),
        ({"scoring": "golf"}, 422, "bad_request"),
        ({"day": "yesterday"}, 422, "bad_request"),
        ({"rules": "spider"}, 400, "bad_rules"),
        ({"rules": "classic", "scoring": "vegas"}, 400, "scoring_not_in_rules"),
        ({"day": "1999-12-31"}, 400, "bad_day"),
        ({"day": "2999-01-01"}, 400, "bad_day"),
    ],
)
def test_bad_input_is_refused_with_its_reason_never_a_500(
    client: TestClient, query: dict[str, Any], status: int, reason: str
) -> None:
    params = {key: value for key, value in {**ASK, **query}.items() if value is not None}
    answer = client.get("/api/tier-search", params=params)
    assert (answer.status_code, answer.json()["error"]["reason"]) == (status, reason)
    asked = client.post("/api/tier-search", json=params)
    assert asked.status_code in (400, 422), asked.json()
    unknown = client.post("/api/tier-search", json={**ASK, "deal": 3})
    assert unknown.status_code == 422


def test_the_wait_the_page_shows_is_within_twice_the_real_wait(filling: TestClient) -> None:
    """A tier of Draw 1 Vegas with none ready: the refusal asks the filler, which looks for
    it first; the search counts the mode's ratings, and once one was measured here the wait
    it says is within a factor of two of the time the deal then takes to be ready, which
    starts the game at once (expert comes fourth: `helpers.ratings`)."""
    client = filling
    refused = client.post("/api/games", json={**ASK, "winnable": True}).json()["error"]
    assert (refused["reason"], refused["params"]["seconds"]) == ("tier_not_ready", 120)
    first = search(client)
    assert (first["state"], first["ratings"]) == ("searching", 0)
    wait_until(lambda: search(client)["ratings"] >= 1, 10)
    measured = search(client)
    began = time.monotonic()
    assert measured["state"] == "searching" and 0 < measured["progress"] < 1
    said = measured["seconds"]
    wait_until(lambda: search(client)["state"] == "ready", 10)
    waited = time.monotonic() - began
    assert said / 2 <= waited <= 2 * said, (said, waited)
    view = client.post("/api/games", json={**ASK, "winnable": True}).json()
    assert (view["code"], view["tier"]) == (Game(37, 1, "vegas").code, "expert")


def test_asking_again_keeps_the_place_and_a_later_ask_goes_first(filling: TestClient) -> None:
    filler = filling.app.state.proved_deals  # type: ignore[attr-defined]
    filler.stop()  # nothing rated meanwhile: the order alone is looked at
    filling.post("/api/tier-search", json=ASK)
    asked = search(filling)
    assert asked["state"] == "idle"  # the filler stopped: no one looks
    filler.want(VEGAS, "expert")
    filler.want(VEGAS, "hard")
    filler.want(VEGAS, "hard")
    assert filler.missing()[:2] == [(VEGAS, "hard"), (VEGAS, "expert")]


def test_a_tier_the_filler_gave_up_on_is_none(filling: TestClient) -> None:
    filler = filling.app.state.proved_deals  # type: ignore[attr-defined]
    filler.misses[VEGAS, "expert"] = MAX_TIER_TRIES
    assert search(filling)["state"] == "none"
    refused = filling.post("/api/games", json={**ASK, "winnable": True}).json()["error"]
    assert refused["reason"] == "no_tier_deal"


def rated_daily(deal: int, tier: str) -> RatedProof:
    proof = proof_of(deal, MODE)
    return {
        "deal": deal,
        "line": proof.line,
        "states": 1,
        "seconds": 0.0,
        "tier": tier,  # type: ignore[typeddict-item]
        "wins": 3,
        "rating_seconds": RATING,
    }


def test_the_days_search_goes_ahead_of_the_fillers_ratings(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rating lane runs a rating and has the filler's next one queued; the player asks
    for a daily deal of a tier: its search runs next, before the filler's rating. Until it
    ends the search says so (the wait from the rates measured here); then the tiers it
    found are ready, and one it did not find is none."""
    order: list[str] = []
    release = threading.Event()

    def rated_dailies_of(day: str, mode: Mode) -> dict[str, RatedProof]:
        order.append("daily")
        return {"easy": rated_daily(2, "easy"), "hard": rated_daily(3, "hard")}

    monkeypatch.setattr("klondike.web.solving.rated_dailies_of", rated_dailies_of)
    workers = SolverWorkers(processes=False)
    app = create_app(db_path, allowed_hosts=[HOST], workers=workers)
    day = datetime.date.today().isoformat()
    daily = {"scoring": "normal", "tier": "easy", "day": day}
    with TestClient(app) as client:
        running = workers.submit("rating", 60, release.wait, 30)
        queued = workers.submit("rating", 60, order.append, "filler")
        assert search(client, **daily)["state"] == "idle"  # not asked for yet
        body = {"draw": 1, "scoring": "normal", "daily": True, "day": day, "tier": "easy"}
        refused = client.post("/api/games", json=body).json()["error"]
        assert (refused["reason"], refused["params"]["day"]) == ("tier_not_ready", day)
        waiting = search(client, **daily)
        assert (waiting["state"], waiting["day"], waiting["ratings"]) == ("searching", day, None)
        assert waiting["seconds"] == pytest.approx(2 * len(TIERS) * 30, abs=1)  # none measured
        release.set()
        running.result(10), queued.result(10)
        assert order == ["daily", "filler"]
        wait_until(lambda: search(client, **daily)["state"] == "ready", 10)
        assert search(client, **{**daily, "tier": "hard"})["state"] == "ready"
        assert search(client, **{**daily, "tier": "expert"})["state"] == "none"
        view = client.post("/api/games", json=body).json()
        assert (view["code"], view["daily"], view["tier"]) == (Game(2).code, day, "easy")


def test_a_task_that_goes_first_runs_before_those_queued() -> None:
    workers = SolverWorkers(processes=False)
    release = threading.Event()
    order: list[str] = []
    try:
        running = workers.submit("rating", 60, release.wait, 30)
        tasks = [workers.submit("rating", 60, order.append, "later")]
        tasks.append(workers.submit("rating", 60, order.append, "first", first=True))
        tasks.append(workers.submit("rating", 60, order.append, "second", first=True))
        release.set()
        for task in [running, *tasks]:
            task.result(10)
    finally:
        workers.close()
    assert order == ["first", "second", "later"]
