"""Winnable deals by difficulty in the game: kept ready per mode and tier, dealt with their
tier, refused honestly when none is ready, dailies per tier, statistics per tier."""

from __future__ import annotations

import dataclasses
import datetime
import logging
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import ratings
from helpers.api import HOST, TestClient, act
from helpers.proofs import proof_of
from helpers.server import Server
from helpers.waiting import wait_until
from klondike import Game
from klondike.cli import main
from klondike.fair.pool import PoolDeal, RatedPool
from klondike.rules import MODES
from klondike.store import database as store
from klondike.web.api import create_app
from klondike.web.proofs import prove_and_rate
from klondike.web.proved_deals import ProvedDeals
from klondike.web.workers import NICENESS, SolverWorkers

MODE = ("app", 1, "normal")


def rated(deal: int, tier: str, wins: int = 3) -> store.KeptProof:
    """The kept proof of ``deal`` in `MODE`, as rated ``tier``."""
    return dataclasses.replace(proof_of(deal, MODE), tier=tier, wins=wins)


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    conn = store.open_database(db_path)
    store.add_proved_deal(conn, MODE, rated(2, "hard"))
    store.add_proved_deal(conn, MODE, proof_of(3, MODE))  # not rated
    conn.close()
    app = create_app(db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False))
    with TestClient(app) as test_client:
        yield test_client


def new_game(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json=body)


def test_a_kept_deal_of_the_tier_is_dealt_with_its_tier(client: TestClient) -> None:
    view = new_game(client, winnable=True, tier="hard").json()
    assert (view["code"], view["tier"]) == (Game(2, 1, "normal").code, "hard")
    assert client.get(f"/api/games/{view['id']}").json()["tier"] == "hard"
    assert client.get("/api/stats").json()["recent"][0]["tier"] == "hard"
    plain = new_game(client, winnable=True, abandon=view["id"]).json()  # the unrated pool
    assert (plain["code"], plain["tier"]) == (Game(3, 1, "normal").code, None)


def test_no_deal_of_the_tier_ready_is_refused_with_the_wait_and_changes_nothing(
    client: TestClient,
) -> None:
    before = new_game(client).json()
    refused = new_game(client, winnable=True, tier="expert", abandon=before["id"])
    error = refused.json()["error"]
    assert (refused.status_code, error["reason"]) == (409, "tier_not_ready")
    assert error["params"]["tier"] == "expert" and error["params"]["seconds"] >= 1
    assert "expert" in error["message"] and "about" in error["message"]
    assert client.get("/api/game").json()["id"] == before["id"]  # still in progress
    bad = new_game(client, winnable=True, tier="impossible")
    assert bad.status_code == 422


def test_the_statistics_count_each_tier_apart(client: TestClient) -> None:
    view = new_game(client, winnable=True, tier="hard").json()
    act(client, view, "move", move="S-W")
    new_game(client, abandon=view["id"])  # the hard deal, played and left
    (mode,) = [m for m in client.get("/api/stats").json()["modes"] if m["draw"] == 1][:1]
    tiers = {t["tier"]: (t["played"], t["won"]) for t in mode["tiers"]}
    assert tiers == {"easy": (0, 0), "medium": (0, 0), "hard": (1, 0), "expert": (0, 0)}


def test_the_daily_deal_of_a_tier_is_its_own(db_path: Path) -> None:
    day = datetime.date.today().isoformat()
    conn = store.open_database(db_path)
    store.keep_daily_deal(conn, day, MODE, rated(2, "medium"))
    conn.close()
    app = create_app(db_path, allowed_hosts=[HOST], workers=SolverWorkers())
    with TestClient(app) as client:
        view = new_game(client, daily=True, day=day, tier="medium").json()
        assert (view["code"], view["daily"], view["tier"]) == (
            Game(2, 1, "normal").code,
            day,
            "medium",
        )
        act(client, view, "move", move="S-W")
        restarted = client.post(f"/api/games/{view['id']}/restart", json={"version": 1}).json()
        assert (restarted["daily"], restarted["tier"]) == (day, "medium")  # the same daily
        new_game(client, abandon=restarted["id"])
        (daily,) = [d for d in client.get("/api/stats").json()["daily"] if d["draw"] == 1][:1]
        assert daily["played"] == 0  # the daily deal of any tier was not played
        medium = [t for t in daily["tiers"] if t["tier"] == "medium"]
        assert medium[0]["played"] == 1
        calendar = client.get("/api/daily", params={"tier": "medium"}).json()
        assert calendar["tier"] == "medium"
        assert [d["state"] for d in calendar["days"] if d["day"] == day] == ["played"]
        # a tier not found yet: its search starts in the rating lane, and the answer says so
        waiting = new_game(client, daily=True, day=day, tier="easy")
        assert waiting.json()["error"]["reason"] == "tier_not_ready"
        assert waiting.json()["error"]["params"]["day"] == day


def shipped(*deals: int, line: str | None = None) -> RatedPool:
    """A shipped pool of ``deals`` of `MODE`, all easy (every play won), each with its
    winning line (or ``line``)."""
    return RatedPool(
        PoolDeal(MODE, deal, "easy", 8, 8, 416, line or proof_of(deal, MODE).line) for deal in deals
    )


def test_a_tier_deal_comes_from_the_shipped_pool_one_not_started_here(db_path: Path) -> None:
    pool = shipped(1, 2)
    app = create_app(
        db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False), pool=pool
    )
    with TestClient(app) as client:
        first = new_game(client, winnable=True, tier="easy").json()
        second = new_game(client, winnable=True, tier="easy", abandon=first["id"]).json()
        codes = {first["code"], second["code"]}
        assert codes == {Game(1, 1, "normal").code, Game(2, 1, "normal").code}
        assert (first["tier"], second["tier"]) == ("easy", "easy")
        used_up = new_game(client, winnable=True, tier="easy", abandon=second["id"])
        assert used_up.json()["error"]["reason"] == "tier_not_ready"  # then the filler's
        assert client.get("/api/game").json()["id"] == second["id"]


def test_a_shipped_deal_whose_line_does_not_win_is_never_served(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    pool = shipped(1, line="S-W T1-F1")
    app = create_app(db_path, allowed_hosts=[HOST], workers=SolverWorkers(), pool=pool)
    day = datetime.date.today().isoformat()
    with TestClient(app) as client, caplog.at_level(logging.WARNING):
        refused = new_game(client, winnable=True, tier="easy")
        assert refused.json()["error"]["reason"] == "tier_not_ready"
        daily = new_game(client, daily=True, day=day, tier="easy")
        assert daily.json()["error"]["reason"] == "tier_not_ready"
    assert "shipped deal 1" in caplog.text and "does not replay" in caplog.text


def test_the_daily_deal_of_a_tier_comes_from_the_shipped_pool_at_once(db_path: Path) -> None:
    pool = shipped(1, 2, 3)
    app = create_app(
        db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False), pool=pool
    )
    day = datetime.date.today()
    with TestClient(app) as client:
        view = new_game(client, daily=True, day=day.isoformat(), tier="easy").json()
        expected = pool.daily(day, MODE, "easy")
        assert expected is not None
        assert (view["code"], view["daily"], view["tier"]) == (
            Game(expected.deal, 1, "normal").code,
            day.isoformat(),
            "easy",
        )


def test_the_filler_counts_the_shipped_deals_not_started_yet(db_path: Path) -> None:
    conn = store.open_database(db_path)
    filler = ProvedDeals(
        conn, SolverWorkers(processes=False), modes=(MODE,), rated_modes=(MODE,), pool=shipped(1)
    )
    assert (MODE, "easy") not in filler.missing()  # the shipped deal is ready
    store.insert_game(conn, Game(1, 1, "normal"), started_at=store.utc_now())
    assert (MODE, "easy") in filler.missing()  # started here: the filler rates one
    conn.close()


def test_the_filler_fills_a_pool_a_player_asked_for_first(db_path: Path) -> None:
    conn = store.open_database(db_path)
    filler = ProvedDeals(conn, SolverWorkers(processes=False), modes=(MODE,))
    assert [pool for pool in filler.missing() if pool[1]] == []  # no tiers kept unasked
    filler.want(MODE, "expert")
    assert filler.missing()[0] == (MODE, "expert")
    assert {tier for mode, tier in filler.missing()} == {"", "easy", "medium", "hard", "expert"}
    conn.close()


def test_a_deal_not_proved_winnable_gets_no_tier() -> None:
    assert prove_and_rate(2, MODE, 0.0) is None  # no time to prove it: no rating either


def test_rate_prints_the_tier_the_rate_and_the_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", "KL1-D1N-AAAAAAG"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("KL1-D1N-AAAAAAG: easy — the fair player won 8 of 8 plays (100%")
    assert "95% interval" in out and "rated in" in out
    assert main(["rate", "KL1-D1N-AAAAAAG", "--states", "1"]) == 1  # not proved: no tier
    assert "no tier" in capsys.readouterr().out
    assert main(["rate", "KL9-XXX"]) == 2


def test_the_ratings_run_nicer_than_the_server() -> None:
    workers = SolverWorkers()
    try:
        rating = workers.submit("rating", 30, os.nice, 0).result(60)
        proof = workers.submit("proof", 30, os.nice, 0).result(60)
    finally:
        workers.close()
    assert proof == os.nice(0) and rating == min(19, proof + NICENESS["rating"])


def test_every_tier_and_its_daily_starts_at_once_from_the_first_start(tmp_path: Path) -> None:
    """A fresh data folder and the real ``klondike`` server: every tier of every mode, and
    today's daily deal of each, is dealt from the shipped pool in under a second, without
    waiting for a rating."""
    server = Server(tmp_path / "fresh.db")
    try:
        today = datetime.date.today().isoformat()
        left: int | None = None
        for key, draw, scoring in MODES:
            for tier in ("easy", "medium", "hard", "expert"):
                for daily in (False, True):
                    body: dict[str, Any] = {"rules": key, "draw": draw, "scoring": scoring}
                    body["tier"] = tier
                    body |= {"daily": True, "day": today} if daily else {"winnable": True}
                    if left is not None:
                        body["abandon"] = left
                    began = time.monotonic()
                    answer = server.http.post("/api/games", json=body)
                    took = time.monotonic() - began
                    assert answer.status_code == 200, (body, answer.json())
                    view = answer.json()
                    found = (view["tier"], view["draw"], view["scoring"], took < 1.0)
                    assert found == (tier, draw, scoring, True), (key, took)
                    left = view["id"]
    finally:
        server.kill()


def test_the_wait_said_for_a_tier_is_within_twice_the_real_wait(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a slowed rating (0.4 s; the tiers come round easy, medium, hard, expert:
    `helpers.ratings`), the wait the refusal would say — the rating's median time measured
    here times the ratings a tier takes on average — is within a factor of two of the time a
    taken expert deal takes to be ready again (what the page shows while a player waits:
    tests/web/test_tier_search.py)."""
    monkeypatch.setenv(ratings.SECONDS, str(RATING))
    monkeypatch.delenv(ratings.GATE, raising=False)
    monkeypatch.setattr("klondike.web.proved_deals.prove_and_rate", ratings.slow_prove_and_rate)
    ratings.restart()
    conn = store.open_database(db_path)
    filler = ProvedDeals(
        conn, SolverWorkers(processes=False), size=0, modes=(MODE,), rated_modes=(MODE,)
    )
    filler.start()
    try:
        wait_until(lambda: filler.counts().get((MODE, "expert"), 0) == 1)
        said = filler.rating_seconds() * filler.expected_ratings(MODE, "expert")
        began = time.monotonic()
        assert conn.write(store.take_proved_deal, MODE, "expert") is not None
        filler.wake()
        wait_until(lambda: filler.counts().get((MODE, "expert"), 0) == 1)
        waited = time.monotonic() - began
        assert said / 2 <= waited <= 2 * said, (said, waited)
    finally:
        filler.stop()
        filler.join(10)
        conn.close()


RATING = 0.4
"""Seconds the slowed rating of the wait test takes."""


def test_the_ratings_a_tier_takes_come_from_the_tiers_shares_of_the_mode(db_path: Path) -> None:
    """One over the tier's share of the mode's rated deals, or of the same draw's (any
    scoring) where the pool has none of the mode."""
    deals = [PoolDeal(MODE, deal, "easy", 8, 8, 416, "S-W") for deal in (1, 2, 3)]
    deals.append(PoolDeal(MODE, 4, "expert", 0, 8, 20, "S-W"))
    conn = store.open_database(db_path)
    filler = ProvedDeals(conn, SolverWorkers(processes=False), pool=RatedPool(deals))
    vegas = ("app", 1, "vegas")
    assert filler.expected_ratings(MODE, "expert") == filler.expected_ratings(vegas, "expert") == 4
    assert filler.expected_ratings(MODE, "easy") == 4 / 3
    assert filler.expected_ratings(("app", 3, "normal"), "easy") == 4  # no Draw 3 deals: 1 in 4
    deals += [
        PoolDeal(vegas, 5, "expert", 0, 8, 20, "S-W"),
        PoolDeal(vegas, 6, "hard", 1, 8, 20, ""),
    ]
    filler = ProvedDeals(conn, SolverWorkers(processes=False), pool=RatedPool(deals))
    assert filler.expected_ratings(vegas, "expert") == 2  # the mode's own deals: 1 in 2
    assert filler.expected_ratings(vegas, "easy") == 4  # none of the mode's: 1 in 4
    assert filler.expected_ratings(MODE, "easy") == 4 / 3
    conn.close()
