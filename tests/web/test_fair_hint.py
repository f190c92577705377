"""The default hint is the fair player's (docs/fair.md): chosen from what the player has
seen, it is the same for two positions the player cannot tell apart, through the API."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from helpers.api import HOST, TestClient
from klondike import Game
from klondike.codes import format_code
from klondike.fair import decide
from klondike.fair.hint import FAIR_SAMPLES, FAIR_STATES
from klondike.store import database as store
from klondike.web.api import create_app
from klondike.web.workers import SolverWorkers


def hint_in(db: Path, game: Game, **settings: object) -> dict[str, Any]:
    """The hint a fresh server over ``db`` gives for ``game``, the game in progress."""
    conn = store.open_database(db)
    store.insert_game(conn, game)
    conn.close()
    app = create_app(db, allowed_hosts=[HOST], workers=SolverWorkers(processes=False))
    with TestClient(app) as client:
        if settings:
            assert client.put("/api/settings", json=settings).status_code == 200
        view = client.get("/api/game").json()
        answer = client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())


def twin(game: Game, seed: int) -> Game:
    """``game`` with its face-down cards dealt again among themselves, and of another deal
    number: every seen card in its place, the counts the same, another code."""
    snapshot = game.snapshot()
    snapshot["code"] = format_code(game.deal + 1 + seed, game.draw, game.scoring, game.rules.key)
    down = [name for column in snapshot["tableau"] for name in column["down"]]
    random.Random(seed).shuffle(down)
    for column in snapshot["tableau"]:
        column["down"] = [down.pop() for _ in column["down"]]
    snapshot["history"] = []
    return Game.from_snapshot(snapshot)


def test_the_default_hint_is_fair_and_the_same_for_positions_that_look_the_same(
    tmp_path: Path,
) -> None:
    game = Game.from_code("KL1-D3N-XQP2Z65")
    game.play("S-W")
    other = twin(game, 1)
    assert other.snapshot()["tableau"] != game.snapshot()["tableau"]  # hidden cards differ
    assert other.code != game.code
    mine, theirs = hint_in(tmp_path / "a.db", game), hint_in(tmp_path / "b.db", other)
    assert mine["kind"] == "fair" and mine["peeked"] is False and mine["layouts"]["wins"] >= 0
    del mine["seconds"], theirs["seconds"]  # the time it took: the only field that may differ
    assert mine == theirs


def test_a_hint_that_may_look_at_face_down_cards_says_so(tmp_path: Path) -> None:
    answer = hint_in(tmp_path / "a.db", Game.from_code("KL1-D1N-AAAAAAG"), hints_peek=True)
    assert answer["peeked"] is True and answer["kind"] == "winning"
    assert answer["layouts"] is None


def test_fair_and_peeking_hints_are_counted_apart(tmp_path: Path) -> None:
    workers = SolverWorkers(processes=False)
    app = create_app(tmp_path / "a.db", allowed_hosts=[HOST], workers=workers)
    with TestClient(app) as client:
        view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        played = client.post(
            f"/api/games/{view['id']}/actions", json={"version": 0, "action": "move", "move": "S-W"}
        )
        assert played.status_code == 200, played.text
        for peek in (False, True, True):
            assert client.put("/api/settings", json={"hints_peek": peek}).status_code == 200
            answer = client.post(f"/api/games/{view['id']}/hint", json={"version": 1}).json()
            assert answer["peeked"] is peek and answer["move"] is not None
        assert answer["hints"] == 3
        client.post("/api/games", json={"abandon": view["id"]})
        mode = client.get("/api/stats").json()["modes"][0]
        assert (mode["hints"], mode["fair_hints"], mode["peeked_hints"]) == (3, 1, 2)


FOLLOWED = ("KL1-D1N-AAAAAAG", "T1-F3 T7-F2" + " S-W" * 24)
"""A position whose fair choice is a line of several moves: the stock seen, turned over and
drawn to the card the choice plays."""


def test_the_next_hints_follow_the_fair_choice_while_the_player_plays_it(
    tmp_path: Path,
) -> None:
    code, moves = FOLLOWED
    game = Game.from_code(code)
    for move in moves.split():
        game.play(move)
    line = [str(move) for move in decide(game, samples=FAIR_SAMPLES, max_states=FAIR_STATES).line]
    assert len(line) > 2, "the choice here is one move: the test checks nothing"
    conn = store.open_database(tmp_path / "a.db")
    store.insert_game(conn, game)
    conn.close()
    app = create_app(
        tmp_path / "a.db", allowed_hosts=[HOST], workers=SolverWorkers(processes=False)
    )
    with TestClient(app) as client:
        view = client.get("/api/game").json()
        hints = []
        for expected in line:
            answer = client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})
            hints.append(answer.json())
            assert hints[-1]["move"] == expected and hints[-1]["layouts"] == hints[0]["layouts"]
            action = {"version": view["version"], "action": "move", "move": expected}
            view = client.post(f"/api/games/{view['id']}/actions", json=action).json()
        assert all(hint["seconds"] == 0 for hint in hints[1:])  # followed, not searched again
