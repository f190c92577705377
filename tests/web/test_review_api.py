"""The review's API (docs/api.md, "Reviews"): finished games only, run in the background,
kept in the database."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.api import HOST, TestClient, act, hidden_cards, leaked
from klondike import Game
from klondike.review import Analysis, Settings
from klondike.solver import solve
from klondike.store import database as store
from klondike.store.database import open_database
from klondike.web.api import create_app
from klondike.web.workers import SolverWorkers

CODE = "KL1-D1N-AAAAAAG"
QUICK = Settings(verdict_states=20_000, samples=2, share_states=200)


def until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.05)


def app_of(db_path: Path) -> Any:
    app = create_app(db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False))
    app.state.reviews.settings = QUICK
    return app


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(app_of(db_path)) as test_client:
        yield test_client


def new_game(client: TestClient, abandon: int | None = None) -> dict[str, Any]:
    response = client.post("/api/games", json={"code": CODE, "abandon": abandon})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def play(client: TestClient, view: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    for move in moves:
        response = act(client, view, "move", move=move)
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def left_game(client: TestClient, moves: list[str]) -> int:
    """A game of ``CODE`` played by ``moves`` and left for a new one; its id."""
    view = play(client, new_game(client), moves)
    new_game(client, abandon=view["id"])
    return int(view["id"])


def done(client: TestClient, game_id: int) -> dict[str, Any]:
    """The review of a game, started and waited for."""
    assert client.post(f"/api/games/{game_id}/review", json={}).status_code == 200
    answers: list[dict[str, Any]] = []

    def finished() -> bool:
        answers.append(client.get(f"/api/games/{game_id}/review").json())
        return answers[-1]["status"] == "done"

    until(finished, 120)
    return answers[-1]


def test_no_review_endpoint_answers_for_a_game_being_played(client: TestClient) -> None:
    view = play(client, new_game(client), ["S-W", "S-W"])
    hidden = hidden_cards(Game.from_code(CODE))
    for method, path in [
        ("GET", "review"),
        ("POST", "review"),
        ("GET", "review/tables"),
    ]:
        url = f"/api/games/{view['id']}/{path}"
        response = client.request(method, url, json={} if method == "POST" else None)
        assert response.status_code == 409, response.text
        body = response.json()
        assert body["error"]["reason"] == "review_playing"
        assert body["error"]["message"] == (
            f"game {view['id']} is still being played: its review opens once the game is over"
        )
        assert not leaked(body, hidden)


def test_a_won_game_is_reviewed_in_the_background_and_kept(db_path: Path) -> None:
    line = [str(move) for move in solve(Game.from_code(CODE), budget=30).line]
    with TestClient(app_of(db_path)) as client:
        view = play(client, new_game(client), line)
        assert view["won"]
        assert client.get(f"/api/games/{view['id']}/review").json()["status"] == "none"
        started = client.post(f"/api/games/{view['id']}/review", json={}).json()
        assert started["status"] in ("running", "done")
        answer = done(client, view["id"])
        review = answer["review"]
        assert review["won"] and review["lost_at"] is None
        assert review["summary"]["moves"] == len(line)
        assert [m["move"] for m in review["moves"]] == line
    with TestClient(app_of(db_path)) as client:  # after a restart: at once, not again
        again = client.get(f"/api/games/{view['id']}/review").json()
        assert again == answer
        assert client.post(f"/api/games/{view['id']}/review", json={}).json() == answer


def test_the_tables_show_every_card_at_every_position(client: TestClient) -> None:
    game_id = left_game(client, ["S-W", "S-W", "T1-F"])
    tables = client.get(f"/api/games/{game_id}/review/tables").json()
    assert len(tables["positions"]) == 4
    start = Game.from_code(CODE).snapshot()
    first = tables["positions"][0]
    assert first["tableau"] == start["tableau"] and first["stock"] == start["stock"]
    assert tables["line"] == []


def test_a_lost_game_shows_the_tables_of_its_winning_line(client: TestClient) -> None:
    game_id = left_game(client, ["S-W", "S-W", "T1-F"])
    review = done(client, game_id)["review"]
    tables = client.get(f"/api/games/{game_id}/review/tables").json()
    assert len(tables["line"]) == len(review["winning_line"])


def test_an_analysis_left_running_is_resumed(client: TestClient, db_path: Path) -> None:
    game_id = left_game(client, ["S-W", "S-W"])
    state = Analysis.of(Game.from_code(CODE), ["S-W", "S-W"], settings=QUICK).state
    conn = open_database(db_path)
    store.save_review(conn, game_id, state)
    conn.close()
    paused = client.get(f"/api/games/{game_id}/review").json()
    assert (paused["status"], paused["part"], paused["total"]) == ("paused", "verdicts", 3)
    assert done(client, game_id)["review"]["summary"]["moves"] == 2


def test_a_damaged_review_row_is_made_again(client: TestClient, db_path: Path) -> None:
    game_id = left_game(client, ["S-W"])
    conn = open_database(db_path)
    conn.execute(
        "INSERT INTO reviews (game_id, status, state, review, updated_at)"
        " VALUES (?, 'done', '{', 'x', '')",
        (game_id,),
    )
    conn.close()
    assert client.get(f"/api/games/{game_id}/review").json()["status"] == "none"
    assert done(client, game_id)["review"]["summary"]["moves"] == 1


def test_an_older_game_whose_moves_are_not_known_is_refused_clearly(
    client: TestClient, db_path: Path
) -> None:
    game = Game.from_code(CODE)
    for _ in range(120):
        game.play("S-W" if game.stock else "W-S")
    conn = open_database(db_path)
    restored = Game.from_snapshot(game.snapshot())  # as an older version kept it
    game_id = store.insert_game(conn, restored, status="abandoned", version=120)
    conn.close()
    for method in ("GET", "POST"):
        response = client.request(
            method, f"/api/games/{game_id}/review", json={} if method == "POST" else None
        )
        assert response.status_code == 409
        error = response.json()["error"]
        assert error["reason"] == "review_unavailable"
        assert error["message"] == (
            f"game {game_id} cannot be reviewed: "
            "an older version of klondike kept only its last moves"
        )


def test_a_game_whose_moves_do_not_replay_is_refused_clearly(
    client: TestClient, db_path: Path
) -> None:
    game_id = left_game(client, ["S-W"])
    conn = open_database(db_path)
    conn.execute("UPDATE games SET line = 'T1-T2' WHERE id = ?", (game_id,))
    conn.close()
    response = client.post(f"/api/games/{game_id}/review", json={})
    assert response.status_code == 409
    assert response.json()["error"]["reason"] == "review_unavailable"
    assert "move 1 (T1-T2)" in response.json()["error"]["message"]


def test_a_damaged_game_row_is_refused_not_failed(client: TestClient, db_path: Path) -> None:
    game_id = left_game(client, ["S-W"])
    conn = open_database(db_path)
    conn.execute("UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps([1]), game_id))
    conn.close()
    response = client.get(f"/api/games/{game_id}/review")
    assert response.status_code == 409
    assert response.json()["error"]["reason"] == "game_damaged"
    assert client.get("/api/games/999/review").status_code == 404


def test_a_game_set_up_from_a_position_is_reviewed_from_there(db_path: Path) -> None:
    from helpers.positions import position

    burying = position(
        tableau=["JH JD JC | QH", "", "KH", "KD", "QC"],
        waste="QD KC",
        foundations={"S": 13, "H": 10, "D": 10, "C": 10},
        rules="classic",
    )
    conn = open_database(db_path)
    store.insert_game(conn, Game.from_snapshot(burying))
    conn.close()
    with TestClient(app_of(db_path)) as client:
        view = play(client, client.get("/api/game").json(), ["W-T2", "W-T2"])
        client.post("/api/games", json={"abandon": view["id"]})
        review = done(client, view["id"])["review"]
    assert review["lost_at"] == 2 and review["mistakes"] == [2]


def test_a_practice_game_starts_before_a_move_and_is_kept_out_of_the_statistics(
    client: TestClient,
) -> None:
    """ "Try again from here": a new game from the position before a move of a finished
    game, marked as practice, its moves counted from there; won or left, it changes no
    figure of the statistics."""
    first = play(client, new_game(client), ["T1-F3", "T7-F2", "S-W"])
    second = new_game(client, abandon=first["id"])
    refused = client.post(f"/api/games/{first['id']}/practice", json={"before": 4})
    assert refused.status_code == 400 and refused.json()["error"]["reason"] == "practice_move"
    answer = client.post(
        f"/api/games/{first['id']}/practice", json={"before": 2, "abandon": second["id"]}
    )
    assert answer.status_code == 200, answer.text
    practice = answer.json()
    assert practice["practice"] is True and practice["moves"] == 0
    assert practice["foundations"][2] == ["AD"] and practice["foundations"][1] == []  # after T1-F3
    assert client.get("/api/game").json()["id"] == practice["id"]  # the game in progress
    before = client.get("/api/stats").json()["modes"][0]
    played = play(client, practice, ["T7-F2"])
    new_game(client, abandon=played["id"])  # the practice left
    after = client.get("/api/stats").json()["modes"][0]
    assert after == before
    assert client.get(f"/api/games/{second['id']}").json()["status"] == "abandoned"


def test_a_game_being_played_has_no_practice(client: TestClient) -> None:
    view = play(client, new_game(client), ["T1-F3"])
    refused = client.post(f"/api/games/{view['id']}/practice", json={"before": 1})
    assert refused.status_code == 409 and refused.json()["error"]["reason"] == "review_playing"
