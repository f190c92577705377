"""The JSON API through FastAPI's test client: games, actions, errors, persistence, clock."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers.api import HOST, TestClient, act, hidden_cards, leaked
from helpers.positions import one_move_to_win, position, won_game
from klondike import Game, gestures
from klondike.codes import format_code
from klondike.store import database as store
from klondike.store.database import insert_game, open_database
from klondike.web import api
from klondike.web.api import create_app
from klondike.web.games import PRESENCE_GRACE_S

UNTAPPABLE_T1 = "KL1-D1N-AAAAAAH"
"""A deal whose column 1 card cannot go home: a tap on it plays nothing."""

BOARD = ("stock", "waste", "foundations", "tableau", "score", "moves", "undos", "targets")


def board(view: dict[str, Any]) -> dict[str, Any]:
    """The part of a view that the position decides (not the clock or the version)."""
    return {key: view[key] for key in BOARD}


def row(db_path: Path, game_id: int) -> store.GameRow:
    """The game's row, read through a connection of its own (what a crash would leave)."""
    conn = sqlite3.connect(db_path)
    try:
        found = store.load_game(conn, game_id)
    finally:
        conn.close()
    assert found is not None
    return found


def server_game(client: TestClient, game_id: int) -> Game:
    """The game the server holds in memory (hidden cards included), for checks."""
    return client.app.state.games.open[game_id].game  # type: ignore[attr-defined,no-any-return]


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds


def insert(db_path: Path, game: Game, **kwargs: Any) -> int:
    conn = store.open_database(db_path)
    try:
        return store.insert_game(conn, game, **kwargs)
    finally:
        conn.close()


# --------------------------------------------------------------------------- games


def test_game_in_progress_is_created_then_kept(client: TestClient, db_path: Path) -> None:
    first = client.get("/api/game")
    assert first.status_code == 200
    view = first.json()
    assert (view["draw"], view["scoring"], view["version"], view["status"]) == (
        1, "normal", 0, "playing",
    )  # fmt: skip
    assert client.get("/api/game").json()["id"] == view["id"]
    assert row(db_path, view["id"]).code == view["code"]
    assert first.headers["cache-control"] == "no-store"


def test_new_game_by_mode_and_by_code(client: TestClient) -> None:
    vegas = client.post("/api/games", json={"draw": 3, "scoring": "vegas"}).json()
    assert (vegas["draw"], vegas["scoring"], vegas["score_text"]) == (3, "vegas", "-$52")
    assert vegas["code"].startswith("KL1-D3V-")
    by_code = client.post("/api/games", json={"code": " kl1-d1v-aaaaaag "}).json()
    assert by_code["code"] == "KL1-D1V-AAAAAAG" and by_code["draw"] == 1
    assert by_code["tableau"] == client.get(f"/api/games/{by_code['id']}").json()["tableau"]
    # the newest open game is the game in progress
    assert client.get("/api/game").json()["id"] == by_code["id"] > vegas["id"]
    # the same code always deals the same cards
    again = client.post("/api/games", json={"code": "KL1-D1V-AAAAAAG"}).json()
    assert board(again) == board(by_code)


@pytest.mark.parametrize(
    ("code", "reason"),
    [("KL1-D2N-AAAAAAG", "code_draw"), ("nonsense", "code_format"), ("KL1-D1N-AAAA1AG", None)],
)
def test_malformed_code_is_refused_with_the_engine_reason(
    client: TestClient, code: str, reason: str | None
) -> None:
    response = client.post("/api/games", json={"code": code})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["reason"].startswith("code_") and (reason is None or error["reason"] == reason)
    assert error["message"] and response.json()["game"] is None


def test_new_game_of_each_version(client: TestClient) -> None:
    """The version is chosen by name or by code; the view carries the rules the page reads."""
    classic = client.post("/api/games", json={"rules": "classic", "draw": 3}).json()
    assert classic["code"].startswith("KC1-D3X-") and classic["scoring"] == "none"
    assert classic["score_text"] == "" and classic["rules"]["score"] is False
    assert classic["rules"]["take_back"] is False and classic["rules"]["recycle"] == "shuffle"
    solitaer = client.post("/api/games", json={"rules": "solitaer"}).json()
    assert solitaer["code"].startswith("KS1-D3X-") and solitaer["draw"] == 3
    assert solitaer["rules"]["right_click_draws"] is True and solitaer["rules"]["auto_aces"]
    assert solitaer["waste"]["count"] + sum(map(len, solitaer["foundations"])) >= 3
    by_code = client.post("/api/games", json={"code": "ks1-d3x-aaaaaag"}).json()
    assert by_code["rules"]["key"] == "solitaer" and by_code["waste"]["top"] == ["QH", "JH"]
    app = client.post("/api/games", json={}).json()
    assert app["rules"]["key"] == "app" and app["code"].startswith("KL1-D1N-")
    assert app["rules"]["right_click_draws"] is False and app["rules"]["score"] is True
    versions = client.get("/api/rules").json()
    assert [v["key"] for v in versions] == ["app", "classic", "solitaer"]
    assert [v["draws"] for v in versions] == [[1, 3], [1, 3], [3]]
    assert [v["scorings"] for v in versions] == [["normal", "vegas"], ["none"], ["none"]]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"rules": "solitaer", "draw": 1}, "draw_not_in_rules"),
        ({"rules": "classic", "scoring": "vegas"}, "scoring_not_in_rules"),
        ({"scoring": "none"}, "scoring_not_in_rules"),
        ({"rules": "spider"}, "bad_rules"),
        ({"code": "KS1-D1X-AAAAAAG"}, "draw_not_in_rules"),
    ],
)
def test_a_mode_the_version_lacks_is_refused(
    client: TestClient, body: dict[str, object], reason: str
) -> None:
    before = client.get("/api/game").json()
    response = client.post("/api/games", json=body)
    assert response.status_code == 400 and response.json()["error"]["reason"] == reason
    assert client.get("/api/game").json()["id"] == before["id"]


def test_classic_take_back_refused_through_the_api(client: TestClient, db_path: Path) -> None:
    conn = open_database(db_path)
    game_id = insert_game(
        conn, Game.from_snapshot(position(rules="classic", tableau=["3H"], foundations={"S": 2}))
    )
    conn.close()
    view = client.get(f"/api/games/{game_id}").json()
    assert "2S" not in view["targets"]
    response = act(client, view, "drag", card="2S", target="T1")
    assert response.status_code == 400
    assert response.json()["error"]["reason"] == "no_take_back"


@pytest.mark.parametrize(
    "body",
    [
        {"draw": 2},
        {"scoring": "easy"},
        {"draw": "1"},
        {"draw": True},  # not taken for 1
        {"winnable": 1},
        {"colour": "red"},
        [],
        {"code": 5},
    ],
)
def test_bad_new_game_bodies_get_422(client: TestClient, body: object) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["error"]["reason"] == "bad_request"
    assert client.get("/api/stats").json()["recent"] == []  # nothing was created


def test_abandon_counts_a_played_game_and_not_an_untouched_one(
    client: TestClient, db_path: Path
) -> None:
    untouched = client.get("/api/game").json()
    second = client.post("/api/games", json={"abandon": untouched["id"]}).json()
    assert (row(db_path, untouched["id"]).status, row(db_path, untouched["id"]).counted) == (
        "abandoned", 0,
    )  # fmt: skip
    played = act(client, second, "tap", pile="S").json()
    third = client.post("/api/games", json={"abandon": played["id"]}).json()
    abandoned = row(db_path, played["id"])
    assert (abandoned.status, abandoned.counted, abandoned.moves) == ("abandoned", 1, 1)
    assert abandoned.ended_at is not None
    modes = client.get("/api/stats").json()["modes"]
    assert modes[0]["played"] == 1 and modes[0]["won"] == 0
    # leaving a game that was left already (another tab started a game from it) is refused:
    # no second game starts, and the current one is untouched
    again = client.post("/api/games", json={"abandon": played["id"]})
    assert again.status_code == 409 and again.json()["error"]["reason"] == "game_over"
    assert again.json()["error"]["params"] == {"id": played["id"], "status": "abandoned"}
    assert client.get("/api/game").json()["id"] == third["id"]
    assert row(db_path, third["id"]).status == "playing"
    # naming a game that does not exist is ignored
    fourth = client.post("/api/games", json={"abandon": 424242}).json()
    assert fourth["id"] > third["id"]
    # an action on the abandoned game is refused
    refused = act(client, played, "tap", pile="S")
    assert refused.status_code == 409 and refused.json()["error"]["reason"] == "game_over"
    assert refused.json()["game"]["status"] == "abandoned"


def test_unknown_game_is_404(client: TestClient) -> None:
    for response in (
        client.get("/api/games/77"),
        client.post("/api/games/77/actions", json={"version": 0, "action": "undo"}),
        client.post("/api/games/77/restart", json={"version": 0}),
    ):
        assert response.status_code == 404
        assert response.json()["error"] == {
            "reason": "game_not_found",
            "message": "there is no game 77",
            "params": {"id": 77},
        }


def test_restart_abandons_and_deals_again(client: TestClient, db_path: Path) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    start = board(view)
    view = act(client, view, "tap", pile="S").json()
    stale = client.post(f"/api/games/{view['id']}/restart", json={"version": 0})
    assert stale.status_code == 409 and stale.json()["error"]["reason"] == "stale_version"
    assert stale.json()["game"]["version"] == 1
    fresh = client.post(f"/api/games/{view['id']}/restart", json={"version": 1}).json()
    assert fresh["id"] != view["id"] and fresh["version"] == 0 and board(fresh) == start
    assert row(db_path, view["id"]).status == "abandoned"
    assert client.get("/api/game").json()["id"] == fresh["id"]
    # a second restart of the same game (a double click, another tab) starts no second game
    twice = client.post(f"/api/games/{view['id']}/restart", json={"version": 1})
    assert twice.status_code == 409 and twice.json()["error"]["reason"] == "game_over"
    assert client.get("/api/game").json()["id"] == fresh["id"]
    assert row(db_path, fresh["id"]).status == "playing"


# --------------------------------------------------------------------------- actions


def test_each_action_kind(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    drawn = act(client, view, "tap", pile="S").json()
    assert drawn["played"] == "S-W" and drawn["version"] == 1
    assert drawn["last"] == {"move": "S-W", "undo": False} and drawn["can_undo"] is True
    assert drawn["stock"]["count"] == 23 and drawn["waste"]["count"] == 1
    moved = act(client, drawn, "move", move="T5-T4").json()
    assert moved["played"] == "T5-T4" and moved["version"] == 2
    dragged = act(client, moved, "drag", card="AD", target="F1").json()  # any foundation
    assert dragged["played"] == "T1-F3" and dragged["foundations"][2] == ["AD"]
    tapped = act(client, dragged, "tap", pile="T7").json()
    assert tapped["played"] == "T7-F2" and tapped["score"] == 5 + 10 + 10 + 5  # turn-ups: T5 and T7
    undone = act(client, tapped, "undo").json()
    assert undone["played"] == "T7-F2" and undone["last"] == {"move": "T7-F2", "undo": True}
    assert board(undone) | {"undos": 0} == board(dragged) and undone["undos"] == 1
    double = act(client, undone, "double_tap", pile="T7").json()
    assert double["played"] == "T7-F2" and double["version"] == 6


def test_a_gesture_that_does_nothing_keeps_the_version(client: TestClient, db_path: Path) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    response = act(client, view, "tap", pile="T2")  # J♣ cannot go home
    assert response.status_code == 200
    body = response.json()
    assert body["played"] is None and body["version"] == 0 and board(body) == board(view)
    assert row(db_path, view["id"]).version == 0


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"action": "move", "move": "T2-T3"}, "no_card_fits"),
        ({"action": "move", "move": "T2-T2"}, "same_pile"),
        ({"action": "move", "move": "hello"}, "bad_move_text"),
        ({"action": "drag", "card": "JC", "target": "F4"}, "foundation_needs"),
        ({"action": "drag", "card": "ZZ", "target": "T1"}, "bad_card"),
        ({"action": "tap", "pile": "T9"}, "bad_pile"),
        ({"action": "tap", "pile": ""}, "bad_pile"),
        ({"action": "undo"}, "nothing_to_undo"),
        ({"action": "double_tap", "pile": "W", "card": "AS"}, "card_not_in_pile"),
    ],
)
def test_illegal_actions_get_400_and_change_nothing(
    client: TestClient, db_path: Path, fields: dict[str, str], reason: str
) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    response = client.post(f"/api/games/{view['id']}/actions", json={"version": 0, **fields})
    assert response.status_code == 400
    body = response.json()
    assert body["error"]["reason"] == reason and body["error"]["message"]
    assert isinstance(body["error"]["params"], dict)
    assert board(body["game"]) == board(view) and body["game"]["version"] == 0
    assert row(db_path, view["id"]).version == 0


def test_engine_message_and_params_are_passed_on(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    body = act(client, view, "move", move="T2-T3").json()
    assert body["error"] == {
        "reason": "no_card_fits",
        "message": "no face-up card of column 2 goes on K♦: only a black Q goes on it",
        "params": {"column": 2, "target": "K♦", "colour": "black", "rank": "Q"},
    }


@pytest.mark.parametrize(
    "body",
    [
        {"version": 0, "action": "fly"},
        {"version": 0, "action": "tap"},
        {"version": 0, "action": "drag", "card": "AD"},
        {"version": -1, "action": "undo"},
        {"version": "0", "action": "undo"},
        {"version": True, "action": "undo"},
        {"version": 0.5, "action": "undo"},
        {"version": 0, "action": "undo", "extra": 1},
        {"version": 0, "action": "tap", "pile": 3},
        {"action": "undo"},
        {"version": 0, "action": "double_tap", "pile": "T1", "card": "x" * 200},
        "undo",
        None,
    ],
)
def test_malformed_actions_get_422(client: TestClient, body: object) -> None:
    view = client.get("/api/game").json()
    response = client.post(
        f"/api/games/{view['id']}/actions",
        content=json.dumps(body),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["reason"] == "bad_request" and error["message"] and error["params"]["errors"]


def test_a_version_written_as_a_whole_float_is_the_integer_it_is(client: TestClient) -> None:
    """``/openapi.json`` calls the version an integer, and JSON's ``0.0`` is one."""
    view = client.get("/api/game").json()
    response = client.post(
        f"/api/games/{view['id']}/actions",
        content=f'{{"version": {view["version"]}.0, "action": "tap", "pile": "S"}}',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 200, response.text
    assert response.json()["version"] == view["version"] + 1


def test_invalid_json_gets_422_with_a_clear_message(client: TestClient) -> None:
    view = client.get("/api/game").json()
    response = client.post(
        f"/api/games/{view['id']}/actions",
        content=b'{"version": 0, "action": ',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 422
    assert response.json()["error"]["message"] == "the body is not valid JSON"


@pytest.mark.parametrize("path", ["/api/games/0", "/api/games/abc", f"/api/games/{2**64}"])
def test_bad_ids_get_422(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 422 and response.json()["error"]["reason"] == "bad_request"


def test_unknown_path_and_method(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json()["error"]["reason"] == "not_found"
    wrong = client.delete("/api/game")
    assert wrong.status_code == 405 and wrong.json()["error"]["reason"] == "method_not_allowed"
    assert wrong.headers["allow"] == "GET"


def test_storage_failure_is_503_and_plays_nothing(
    client: TestClient, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = client.get("/api/game").json()

    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    with monkeypatch.context() as patch:
        patch.setattr(store, "save_game", broken)
        response = act(client, view, "tap", pile="S")
    assert response.status_code == 503
    assert response.json()["error"]["reason"] == "storage_error"
    assert response.json()["game"]["version"] == 0
    assert board(client.get("/api/game").json()) == board(view)
    assert act(client, view, "tap", pile="S").json()["version"] == 1  # works again


def test_openapi_document_lists_the_api(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert {
        "/api/game",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/restart",
        "/api/games/{game_id}/actions",
        "/api/stats",
        "/api/stats/reset",
    } <= set(document["paths"])
    assert client.get("/docs").status_code == 404  # it would load scripts from a CDN


# --------------------------------------------------------------------------- winning


def test_winning_action_ends_the_game_and_stops_the_clock(db_path: Path) -> None:
    game_id = insert(
        db_path,
        Game.from_snapshot(one_move_to_win("KS", score=500)),
        elapsed_ms=60_000,
        version=7,
    )
    clock = FakeClock()
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        view = client.get("/api/game").json()
        assert view["id"] == game_id and view["elapsed_ms"] == 60_000
        view = shown(client, view, True)
        clock.seconds += 5
        won = act(client, view, "tap", pile="T1").json()
        assert won["played"] == "T1-F1" and won["won"] is True and won["status"] == "won"
        assert won["clock_running"] is False and won["elapsed_ms"] == 65_000
        assert won["can_undo"] is False and won["targets"] == {} and won["score"] == 510
        saved = row(db_path, game_id)
        assert (saved.status, saved.elapsed_ms, saved.version) == ("won", 65_000, 8)
        assert saved.ended_at is not None
        clock.seconds += 100
        later = client.get(f"/api/games/{game_id}").json()
        assert later["elapsed_ms"] == 65_000 and later["status"] == "won"
        after = act(client, won, "undo")
        assert after.status_code == 409 and after.json()["error"]["reason"] == "game_over"
        assert client.get("/api/game").json()["id"] != game_id  # no longer in progress
        assert client.get("/api/stats").json()["modes"][0]["won"] == 1
        again = client.post(f"/api/games/{game_id}/restart", json={"version": 8}).json()
        assert again["code"] == won["code"] and again["version"] == 0
        assert row(db_path, game_id).status == "won"  # play again leaves the win alone


# --------------------------------------------------------------------------- clock


def shown(client: TestClient, view: dict[str, Any], visible: bool) -> dict[str, Any]:
    """The page reports whether it shows the game; the view answered."""
    answer = client.post(f"/api/games/{view['id']}/presence", json={"visible": visible})
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_clock_starts_with_the_first_action(db_path: Path) -> None:
    clock = FakeClock()
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        # a deal whose column 1 shows no Ace, so that tapping it plays nothing
        view = client.post("/api/games", json={"code": UNTAPPABLE_T1}).json()
        assert view["elapsed_ms"] == 0 and view["clock_running"] is False
        view = shown(client, view, True)  # a page shows the new deal: no one played yet
        clock.seconds += 210  # a deal left untouched for 3.5 minutes
        view = client.get("/api/game").json()
        assert view["elapsed_ms"] == 0 and view["clock_running"] is False
        nothing = act(client, view, "tap", pile="T1").json()  # a tap that plays nothing
        assert nothing["played"] is None and nothing["clock_running"] is False
        view = act(client, view, "tap", pile="S").json()
        assert view["elapsed_ms"] == 0 and view["clock_running"] is True
        clock.seconds += 2.5
        assert client.get("/api/game").json()["elapsed_ms"] == 2500
        # a game left before its first action counts no time
        fresh = client.post("/api/games", json={"abandon": view["id"]}).json()
        clock.seconds += 30
        left = client.post("/api/games", json={"abandon": fresh["id"]}).json()
        assert left["id"] != fresh["id"] and row(db_path, fresh["id"]).elapsed_ms == 0


def test_clock_stops_while_no_page_shows_the_game(db_path: Path) -> None:
    clock = FakeClock()
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        view = act(client, client.get("/api/game").json(), "tap", pile="S").json()
        clock.seconds += 1
        hidden = shown(client, view, False)  # the tab is hidden, or the browser closed
        assert hidden["elapsed_ms"] == 1000 and hidden["clock_running"] is False
        assert hidden["version"] == view["version"]  # a report is not an action
        clock.seconds += 600
        assert client.get("/api/game").json()["elapsed_ms"] == 1000
        back = shown(client, view, True)
        assert back["elapsed_ms"] == 1000 and back["clock_running"] is True
        clock.seconds += 2
        assert client.get("/api/game").json()["elapsed_ms"] == 3000
    assert row(db_path, view["id"]).elapsed_ms == 3000  # the stop saved the running clock
    clock.seconds += 3600  # the server is down for an hour: not counted
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        view = client.get("/api/game").json()
        assert view["elapsed_ms"] == 3000 and view["clock_running"] is False
        clock.seconds += 50  # no page shows it yet (a browser reloading, or none at all)
        assert client.get("/api/game").json()["elapsed_ms"] == 3000
        shown(client, view, True)
        clock.seconds += 4
        assert client.get("/api/game").json()["elapsed_ms"] == 7000
        # a page that vanished without a word (a crash) adds at most the grace after its
        # last report (4 s ago)
        clock.seconds += 3600
        lost = client.get("/api/game").json()
        assert lost["elapsed_ms"] == 3000 + int(PRESENCE_GRACE_S * 1000)
        assert lost["clock_running"] is False
        assert shown(client, lost, False)["elapsed_ms"] == lost["elapsed_ms"]
    # a crash of the server (no stop) keeps the clock of the last action
    app = create_app(db_path, allowed_hosts=[HOST], clock=clock)
    client = TestClient(app)  # no `with`: the app never hears that it stops
    view = act(client, client.get("/api/game").json(), "tap", pile="S").json()
    assert view["elapsed_ms"] == 63_000 and row(db_path, view["id"]).elapsed_ms == 63_000
    clock.seconds += 10
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        assert client.get("/api/game").json()["elapsed_ms"] == 63_000


def test_presence_of_a_finished_or_missing_game(db_path: Path) -> None:
    game_id = insert(db_path, won_game(), status="won", elapsed_ms=5000, version=3)
    clock = FakeClock()
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        view = client.get(f"/api/games/{game_id}").json()
        clock.seconds += 9
        assert shown(client, view, True)["elapsed_ms"] == 5000
        missing = client.post("/api/games/999/presence", json={"visible": True})
        assert missing.status_code == 404
        assert missing.json()["error"]["reason"] == "game_not_found"
        bad = client.post(f"/api/games/{game_id}/presence", json={"visible": "yes"})
        assert bad.status_code == 422 and bad.json()["error"]["reason"] == "bad_request"


def test_an_open_game_read_later_waits_for_a_page(db_path: Path) -> None:
    older = insert(db_path, Game.from_code("KL1-D1N-AAAAAAG"), elapsed_ms=7000, version=3)
    newer = insert(db_path, Game.from_code("KL1-D1N-AAAAAAG"), elapsed_ms=1000, version=1)
    clock = FakeClock()
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        clock.seconds += 100
        assert client.get("/api/game").json()["id"] == newer  # read at the start
        assert client.get(f"/api/games/{newer}").json()["elapsed_ms"] == 1000
        older_view = client.get(f"/api/games/{older}").json()
        assert older_view["elapsed_ms"] == 7000
        shown(client, older_view, True)
        clock.seconds += 2
        assert client.get(f"/api/games/{older}").json()["elapsed_ms"] == 9000


# --------------------------------------------------------------------------- persistence


def test_every_accepted_action_is_committed_before_the_response(
    client: TestClient, db_path: Path
) -> None:
    view = client.get("/api/game").json()
    rng = random.Random(5)
    for _ in range(60):
        response = random_action(client, view, rng)
        if response.status_code != 200:
            continue
        view = response.json()
        saved = row(db_path, view["id"])
        assert saved.version == view["version"]
        assert (saved.score, saved.moves, saved.undos) == (
            view["score"], view["moves"], view["undos"],
        )  # fmt: skip
        assert saved.elapsed_ms <= view["elapsed_ms"]
        snapshot = json.loads(saved.snapshot)
        assert snapshot == server_game(client, view["id"]).snapshot()


def test_a_restarted_server_continues_the_game_with_its_undo_history(db_path: Path) -> None:
    rng = random.Random(11)
    seen: list[dict[str, Any]] = []
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get("/api/game").json()
        seen.append(view)
        while len(seen) < 40:
            response = random_action(client, view, rng, undo=False)
            if response.status_code == 200 and response.json()["played"]:
                view = response.json()
                seen.append(view)
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        restored = client.get("/api/game").json()
        assert restored["id"] == view["id"] and restored["version"] == view["version"]
        assert board(restored) == board(view) and restored["can_undo"] is True
        for earlier in reversed(seen[:-1]):
            restored = act(client, restored, "undo").json()
            assert board(restored) | {"undos": 0} == board(earlier) | {"undos": 0}
        assert act(client, restored, "undo").json()["error"]["reason"] == "nothing_to_undo"


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda text: '{"broken": 1}', id="not-a-snapshot"),
        pytest.param(lambda text: text[:-1], id="last-byte-cut"),
        pytest.param(lambda text: text[: len(text) // 2] + "\x00" * 40, id="zeros"),
    ],
)
def test_a_damaged_game_is_said_kept_and_never_shown_as_another(
    db_path: Path, damage: Callable[[str], str]
) -> None:
    """The damaged row stays as it is; the player is told what was damaged and what was
    kept; no other position (not the fresh deal) is ever shown as the game."""
    game = Game.from_code("KL1-D1N-AAAAAAG")
    gestures.tap(game, "S")
    game_id = insert(db_path, game)
    conn = store.open_database(db_path)
    conn.execute("UPDATE games SET score = 42, version = 7 WHERE id = ?", (game_id,))
    damaged = damage(row(db_path, game_id).snapshot)
    conn.execute("UPDATE games SET snapshot = ? WHERE id = ?", (damaged, game_id))
    conn.close()
    before = row(db_path, game_id)
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        for path in ("/api/game", f"/api/games/{game_id}"):
            answer = client.get(path)
            assert answer.status_code == 409
            error = answer.json()["error"]
            assert error["reason"] == "game_damaged" and answer.json()["game"] is None
            assert error["params"]["id"] == game_id
            assert error["params"]["code"] == "KL1-D1N-AAAAAAG"
            assert "damaged" in error["message"] and "kept" in error["message"]
        wrong = act(client, {"id": game_id, "version": 7}, "tap", pile="S")
        assert wrong.status_code == 409 and wrong.json()["error"]["reason"] == "game_damaged"
        fresh = client.post("/api/games", json={"abandon": game_id})
        assert fresh.status_code == 200 and fresh.json()["id"] != game_id
        assert client.get("/api/game").json()["id"] == fresh.json()["id"]
    assert row(db_path, game_id) == before  # kept exactly


# --------------------------------------------------------------------------- two tabs


def test_two_tabs_stale_version_gets_409_and_the_current_view(db_path: Path) -> None:
    app = create_app(db_path, allowed_hosts=[HOST])
    with TestClient(app) as tab_a, TestClient(app) as tab_b:
        view_a = tab_a.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        view_b = tab_b.get("/api/game").json()
        assert view_a == view_b | {"elapsed_ms": view_a["elapsed_ms"]}
        view_a = act(tab_a, view_a, "tap", pile="S").json()
        stale = act(tab_b, view_b, "move", move="T5-T4")
        assert stale.status_code == 409
        body = stale.json()
        assert body["error"]["reason"] == "stale_version"
        assert body["error"]["params"] == {"version": 0, "current": 1}
        assert board(body["game"]) == board(view_a) and body["game"]["version"] == 1
        view_b = act(tab_b, body["game"], "move", move="T5-T4").json()
        assert view_b["version"] == 2 and view_b["moves"] == 2
        again = act(tab_a, view_a, "tap", pile="S")  # tab A is now the stale one
        assert again.status_code == 409 and board(again.json()["game"]) == board(view_b)
        # nothing lost, nothing doubled: exactly the two actions, in order
        assert [h[0] for h in server_game(tab_a, view_a["id"]).snapshot()["history"]] == [
            "S-W",
            "T5-T4",
        ]


def test_two_servers_on_one_file_never_lose_or_resurrect_a_move(db_path: Path) -> None:
    """``klondike`` started twice (the second on the next port) shares the file: each server
    writes an action only over the version it read, else answers 409 with the game as the
    file holds it."""
    with (
        TestClient(create_app(db_path, allowed_hosts=[HOST])) as a,
        TestClient(create_app(db_path, allowed_hosts=[HOST])) as b,
    ):
        view_a = a.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        view_b = b.get("/api/game").json()
        assert view_b["id"] == view_a["id"] and view_b["version"] == 0
        view_a = act(a, view_a, "tap", pile="S").json()
        stale = act(b, view_b, "move", move="T5-T4")  # b still holds version 0
        assert stale.status_code == 409
        assert stale.json()["error"]["params"] == {"version": 0, "current": 1}
        assert board(stale.json()["game"]) == board(view_a)
        view_b = act(b, stale.json()["game"], "move", move="T5-T4").json()
        assert view_b["version"] == 2
        refused = act(a, view_a, "tap", pile="S")  # now a is the one behind
        assert refused.status_code == 409 and board(refused.json()["game"]) == board(view_b)
        saved = json.loads(row(db_path, view_a["id"]).snapshot)
        assert [h[0] for h in saved["history"]] == ["S-W", "T5-T4"]
        # b leaves the game; a, which still holds it open, cannot bring it back
        b.post("/api/games", json={"abandon": view_b["id"]})
        over = act(a, refused.json()["game"], "tap", pile="S")
        assert over.status_code == 409 and over.json()["error"]["reason"] == "game_over"
        assert over.json()["game"]["status"] == "abandoned"
        assert (row(db_path, view_a["id"]).status, row(db_path, view_a["id"]).version) == (
            "abandoned", 2,
        )  # fmt: skip
        assert a.get("/api/game").json()["id"] != view_a["id"]
        # a leaves a game it holds at version 0 that b has played: it counts as played
        view_a = a.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        view_b = b.get("/api/game").json()
        assert view_b["id"] == view_a["id"]
        act(b, view_b, "tap", pile="S")
        a.post("/api/games", json={"abandon": view_a["id"]})
        assert row(db_path, view_a["id"]).counted == 1
        assert a.get("/api/stats").json()["modes"][0]["played"] == 2


def test_concurrent_actions_on_one_version_apply_once(client: TestClient, db_path: Path) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    results: list[int] = []
    barrier = threading.Barrier(8)

    def tab() -> None:
        barrier.wait()
        results.append(act(client, view, "tap", pile="S").status_code)

    threads = [threading.Thread(target=tab) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200] + [409] * 7
    now = client.get(f"/api/games/{view['id']}").json()
    assert now["version"] == 1 and now["stock"]["count"] == 23 and now["moves"] == 1
    assert row(db_path, view["id"]).version == 1


def test_many_games_played_concurrently_stay_apart(client: TestClient) -> None:
    views = [client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json() for _ in range(6)]
    errors: list[str] = []

    def player(view: dict[str, Any]) -> None:
        for _ in range(20):
            response = act(client, view, "tap", pile="S")
            if response.status_code != 200:
                errors.append(response.text)
                return
            view = response.json()

    threads = [threading.Thread(target=player, args=(view,)) for view in views]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    finals = [client.get(f"/api/games/{view['id']}").json() for view in views]
    assert all(f["version"] == 20 and f["stock"]["count"] == 4 for f in finals)


# --------------------------------------------------------------------------- privacy


def random_action(
    client: TestClient, view: dict[str, Any], rng: random.Random, *, undo: bool = True
) -> Any:
    """A random gesture: mostly legal drags and taps, sometimes illegal ones or an undo."""
    roll = rng.random()
    if undo and roll < 0.08:
        return act(client, view, "undo")
    if roll < 0.35 or not view["targets"]:
        return act(client, view, "tap", pile=rng.choice(["S", "S", "W", "T1", "T4", "T7"]))
    if roll < 0.45:
        column = rng.randrange(7)
        up = view["tableau"][column]["up"]
        card = rng.choice(up) if up else None
        return act(client, view, "double_tap", pile=f"T{column + 1}", card=card)
    if roll < 0.5:  # a drop somewhere it may not go
        card = rng.choice(sorted(view["targets"]))
        return act(client, view, "drag", card=card, target=f"T{rng.randrange(1, 8)}")
    card = rng.choice(sorted(view["targets"]))
    return act(client, view, "drag", card=card, target=rng.choice(view["targets"][card]))


@pytest.mark.parametrize("seed", range(3))
def test_no_response_ever_shows_a_hidden_card(client: TestClient, seed: int) -> None:
    """Seeded random play on a seeded deal: no answer, played or refused, and no view read
    after it names a card the player has not seen. The walk has both kinds of answer, and
    cards come to light as it goes (fewer are hidden at the end than at the start)."""
    rng = random.Random(seed)
    draw, scoring = [(1, "normal"), (3, "normal"), (3, "vegas")][seed]
    code = format_code(rng.randrange(2**35), draw, scoring)
    view = client.post("/api/games", json={"code": code}).json()
    hidden_at_start = len(hidden_cards(server_game(client, view["id"])))
    answers: set[int] = set()
    for _ in range(150):
        response = random_action(client, view, rng)
        body = response.json()
        current = body["game"] if response.status_code != 200 else body
        assert response.status_code in (200, 400), body
        answers.add(response.status_code)
        hidden = hidden_cards(server_game(client, view["id"]))
        assert leaked(body, hidden) == [], body
        for other in (client.get("/api/game"), client.get(f"/api/games/{view['id']}")):
            assert leaked(other.json(), hidden) == []
        view = current
    assert answers == {200, 400}  # moves played and moves refused were both checked
    assert len(hidden) < hidden_at_start


def test_a_double_tap_does_not_tell_where_a_face_down_card_lies(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    game = server_game(client, view["id"])
    from klondike.cards import CARD_NAMES

    face_down_in_t7 = CARD_NAMES[game.down[6][0]]
    in_stock = CARD_NAMES[game.stock[0]]
    down = act(client, view, "double_tap", pile="T7", card=face_down_in_t7).json()["error"]
    stock = act(client, view, "double_tap", pile="T7", card=in_stock).json()["error"]
    assert down["reason"] == stock["reason"] == "card_not_in_pile"
    drag_down = act(client, view, "drag", card=face_down_in_t7, target="T1").json()["error"]
    drag_stock = act(client, view, "drag", card=in_stock, target="T1").json()["error"]
    assert drag_down["reason"] == drag_stock["reason"]


# --------------------------------------------------------------------------- stats


def test_stats_and_reset(client: TestClient) -> None:
    view = client.get("/api/game").json()
    view = act(client, view, "tap", pile="S").json()
    client.post("/api/games", json={"abandon": view["id"]})
    stats = client.get("/api/stats").json()
    assert [(m["rules"], m["draw"], m["scoring"]) for m in stats["modes"]] == [
        ("app", 1, "normal"), ("app", 3, "normal"), ("app", 1, "vegas"), ("app", 3, "vegas"),
        ("classic", 1, "none"), ("classic", 3, "none"), ("solitaer", 3, "none"),
    ]  # fmt: skip
    assert stats["modes"][0]["played"] == 1
    assert [g["result"] for g in stats["recent"]] == ["playing", "abandoned"]
    refused = client.post("/api/stats/reset", json={})
    assert refused.status_code == 400
    assert refused.json()["error"]["reason"] == "confirm_required"
    assert client.post("/api/stats/reset", json={"confirm": "yes"}).status_code == 422
    assert client.get("/api/stats").json()["modes"][0]["played"] == 1
    after = client.post("/api/stats/reset", json={"confirm": True}).json()
    assert after["modes"][0]["played"] == 0 and len(after["recent"]) == 2


# --------------------------------------------------------------------------- the page


def test_page_and_static_files(db_path: Path, tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>klondike</title>")
    (static / "app.js").write_text("export const x = 1;")
    with TestClient(create_app(db_path, allowed_hosts=[HOST], static_dir=static)) as client:
        page = client.get("/?code=KL1-D1N-AAAAAAG")
        assert page.status_code == 200 and "klondike" in page.text
        assert page.headers["content-type"].startswith("text/html")
        script = client.get("/static/app.js")
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
        assert script.headers["cache-control"] == "no-cache"
        assert client.get("/static/nothing.js").status_code == 404
        assert client.get("/static/../api.py").status_code == 404


def test_a_missing_static_directory_does_not_crash(db_path: Path, tmp_path: Path) -> None:
    app = create_app(db_path, allowed_hosts=[HOST], static_dir=tmp_path / "missing")
    with TestClient(app, raise_server_exceptions=False) as client:
        assert client.get("/").status_code == 404
        assert client.get("/static/app.js").status_code == 404
        assert client.get("/api/game").status_code == 200


def test_the_real_page_is_served(client: TestClient) -> None:
    if not (api.STATIC_DIR / "index.html").is_file():
        pytest.fail("src/klondike/web/static/index.html is missing")
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()


def test_a_body_that_is_not_utf8_gets_422(client: TestClient) -> None:
    response = client.post(
        "/api/games/1/restart",
        content=b"\t\xd9\x99\xd7\x99\xff8\x01#\xf3)\xfe}A",
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 422
    assert response.json()["error"]["reason"] == "bad_request"


@pytest.mark.parametrize("failing", ["insert_game", "load_game", "newest_open_id"])
def test_database_failures_are_503_not_500(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    game_id = insert(db_path, Game.from_code("KL1-D1N-AAAAAAG"))
    app = create_app(db_path, allowed_hosts=[HOST])
    app.state.games.open.clear()  # forget the game restored at start

    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, failing, broken)
    with TestClient(app) as client:
        answers = [
            client.get("/api/game"),
            client.get(f"/api/games/{game_id}"),
            client.post("/api/games", json={}),
        ]
    assert any(a.status_code == 503 for a in answers)
    for answer in answers:
        assert answer.status_code in (200, 503)
        if answer.status_code == 503:
            assert answer.json()["error"]["reason"].startswith("storage_")
            assert "database is locked" in answer.json()["error"]["message"]
    monkeypatch.undo()
    conn = sqlite3.connect(db_path)
    count = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    conn.close()
    assert count == (2 if failing != "insert_game" else 1)


def test_each_storage_failure_says_what_failed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read, an action, a new game and a statistics reset each say what failed."""
    from klondike.store import stats as statistics

    view = client.get("/api/game").json()
    client.app.state.games.open.clear()  # type: ignore[attr-defined]

    def broken(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    cases = [
        (store, "load_game", "GET", f"/api/games/{view['id']}", None, "storage_read_error",
         f"game {view['id']} could not be read from the database: disk I/O error"),
        (statistics, "summary", "GET", "/api/stats", None, "storage_read_error",
         "the statistics could not be read from the database: disk I/O error"),
        (statistics, "reset", "POST", "/api/stats/reset", {"confirm": True},
         "storage_reset_error",
         "the statistics could not be reset, so they are unchanged: disk I/O error"),
        (store, "insert_game", "POST", "/api/games", {}, "storage_new_game_error",
         "the new game could not be saved, so it was not started: disk I/O error"),
        (store, "save_game", "POST", f"/api/games/{view['id']}/actions",
         {"version": 0, "action": "tap", "pile": "S"}, "storage_error",
         "the game could not be saved, so the action was not played: disk I/O error"),
    ]  # fmt: skip
    for module, name, method, path, body, reason, message in cases:
        with monkeypatch.context() as patch:
            patch.setattr(module, name, broken)
            answer = client.request(method, path, json=body)
        assert answer.status_code == 503, (name, answer.json())
        assert answer.json()["error"]["reason"] == reason
        assert answer.json()["error"]["message"] == message
    assert client.get("/api/game").json()["version"] == 0


def test_the_last_100_actions_stay_undoable_across_a_restart(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.post("/api/games", json={"code": "KL1-D3N-AAAAAAG"}).json()
        boards = [board(view)]
        for _ in range(110):  # draws and recycles: every tap of the stock is an action
            view = act(client, view, "tap", pile="S").json()
            boards.append(board(view))
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get("/api/game").json()
        assert view["version"] == 110 and board(view) == boards[-1]
        for back in range(1, 101):
            view = act(client, view, "undo").json()
            assert board(view) | {"undos": 0} == boards[-1 - back] | {"undos": 0}
        refused = act(client, view, "undo")
        assert refused.status_code == 400
        error = refused.json()["error"]
        assert error["reason"] == "undo_limit" and error["params"] == {"limit": 100}
        assert error["message"] == "only the last 100 actions can be undone"
        assert view["can_undo"] is False


def test_a_view_read_during_actions_is_always_one_committed_version(client: TestClient) -> None:
    view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    boards = {0: board(view)}
    seen: list[dict[str, Any]] = []
    done = threading.Event()

    def reader() -> None:
        while not done.is_set():
            seen.append(client.get(f"/api/games/{view['id']}").json())

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for _ in range(80):
            view = act(client, view, "tap", pile="S").json()
            boards[view["version"]] = board(view)
    finally:
        done.set()
        thread.join()
    assert len(seen) > 5
    for read in seen:
        assert board(read) == boards[read["version"]]


def test_recent_games_show_the_running_clock_of_the_open_game(db_path: Path) -> None:
    clock = FakeClock()
    with TestClient(create_app(db_path, allowed_hosts=[HOST], clock=clock)) as client:
        view = act(client, client.get("/api/game").json(), "tap", pile="S").json()
        clock.seconds += 7
        recent = client.get("/api/stats").json()["recent"]
        assert recent[0]["id"] == view["id"] and recent[0]["elapsed_ms"] == 7000


@pytest.mark.parametrize("code", ["KL1-D1N-ſſſſſſſ", "KL1-D1N-AAAAAß"])
def test_a_code_that_is_not_ascii_is_refused_with_its_reason(client: TestClient, code: str) -> None:
    """Unicode case mapping would read them as KL1-D1N-SSSSSSS and KL1-D1N-AAAAASS."""
    answer = client.post("/api/games", json={"code": code})
    assert answer.status_code == 400
    assert answer.json()["error"]["reason"] == "code_not_ascii"
    assert code[-1] in answer.json()["error"]["message"]
    assert client.get("/api/stats").json()["recent"] == []


@pytest.mark.parametrize(
    ("rules", "draw", "scoring"), [("solitaer", 3, "none"), ("app", 3, "vegas")]
)
def test_the_next_game_after_a_win_keeps_the_version_and_mode(
    client: TestClient, db_path: Path, rules: str, draw: int, scoring: str
) -> None:
    last = position(
        tableau=["KC"],
        foundations={"S": 13, "H": 13, "D": 13, "C": 12},
        draw=draw,
        scoring=scoring,
        rules=rules,
    )
    game_id = insert(db_path, Game.from_snapshot(last))
    view = client.get(f"/api/games/{game_id}").json()
    assert act(client, view, "tap", pile="T1").json()["won"]
    after = client.get("/api/game").json()  # a reload after the win
    assert after["id"] != game_id
    assert (after["rules"]["key"], after["draw"], after["scoring"]) == (rules, draw, scoring)
