"""Hints that end (docs/fair.md, "Hints that end"): following the hint — fair or peeking —
through the API ends in a win or in an answer with no move that says why, never passing a
table twice; the way back is one undo of several moves; Classic says when only a lucky
shuffle is left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from helpers.api import HOST, TestClient
from helpers.positions import position
from klondike import Game
from klondike.fair.hint import hint_of
from klondike.information import information_set, position_key
from klondike.store import database as store
from klondike.web.api import create_app
from klondike.web.workers import SolverWorkers

# Q♥ lies on J♥ J♦ J♣ face down; K♣ tops the waste, Q♦ under it; K♠ is home for good
# (Classic). K♣ to the empty column, then Q♦ onto it: lost from then on.
BURYING = position(
    tableau=["JH JD JC | QH", "", "KH", "KD", "QC"],
    waste="QD KC",
    foundations={"S": 13, "H": 10, "D": 10, "C": 10},
    rules="classic",
)


def client_with(db: Path, game: Game) -> TestClient:
    conn = store.open_database(db)
    store.insert_game(conn, game)
    conn.close()
    return TestClient(create_app(db, allowed_hosts=[HOST], workers=SolverWorkers(processes=False)))


def follow(client: TestClient, limit: int = 400) -> tuple[dict[str, Any], list[str]]:
    """Ask for hints and play them until one has no move (or the game is won): the last
    answer and every table passed, as the player sees it."""
    view = client.get("/api/game").json()
    tables: list[str] = []
    answer: dict[str, Any] = {}
    for _ in range(limit):
        if view["status"] != "playing":
            return {"kind": "won"}, tables
        answer = client.post(
            f"/api/games/{view['id']}/hint", json={"version": view["version"]}
        ).json()
        if answer["move"] is None:
            return answer, tables
        action = {"version": view["version"], "action": "move", "move": answer["move"]}
        view = client.post(f"/api/games/{view['id']}/actions", json=action).json()
        tables.append(str(view["tableau"]) + str(view["waste"]) + str(view["foundations"]))
    raise AssertionError(f"{limit} hints and no end: {answer}")


@pytest.mark.parametrize(
    ("code", "peek"),
    [
        ("KL1-D3V-IJPIUKY", False),
        ("KL1-D3V-IJPIUKY", True),
        ("KL1-D3N-AAAAAAC", False),
        ("KL1-D3N-AAAAAAC", True),
        ("KL1-D1N-AAAAAAE", False),  # lost after 150 fair hints (a win takes 230)
        ("KL1-D1N-AAAAAAD", True),
    ],
)
def test_following_the_hint_ends_and_passes_no_table_twice(
    tmp_path: Path, code: str, peek: bool
) -> None:
    """To a win, or to an answer with no move that says why; no table comes twice (no
    two-move cycle, no card taken back and put home again, no pass that brings nothing)."""
    with client_with(tmp_path / "a.db", Game.from_code(code)) as client:
        assert client.put("/api/settings", json={"hints_peek": peek}).status_code == 200
        end, tables = follow(client)
    assert end["kind"] in ("won", "lost"), end
    if end["kind"] == "lost":
        assert end["reason"] in ("no_win", "no_new_move") and end["peeked"] is peek
    repeated = [table for table in set(tables) if tables.count(table) > 1]
    # (a table of the same cards may come again with more known: a stock seen; never three)
    assert all(tables.count(table) <= 2 for table in repeated), repeated


def test_the_fair_hint_never_leads_where_the_player_was_with_the_same_knowledge() -> None:
    """After a card is taken back, putting it home again would bring back a position the
    player was in: the hint never suggests it, nor the reverse of the last move."""
    game = Game.from_code("KL1-D3V-IJPIUKY")
    seen = {position_key(information_set(game))}
    kept: Any = ()
    for _ in range(60):
        answer, kept = hint_of(game.snapshot(), 2.0, kept)
        if answer["move"] is None:
            break
        game.play(answer["move"])
        key = position_key(information_set(game))
        assert key not in seen, answer["move"]
        seen.add(key)


def test_a_lost_position_answers_with_no_move_and_the_way_back(tmp_path: Path) -> None:
    """K♣ buried under Q♦: nothing the player can see wins; the answer has no move, says
    so, and offers one undo back to where a win was still possible; undoing the count of
    moves at once gets there."""
    with client_with(tmp_path / "a.db", Game.from_snapshot(BURYING)) as client:
        view = client.get("/api/game").json()
        for move in ("W-T2", "W-T2"):
            action = {"version": view["version"], "action": "move", "move": move}
            view = client.post(f"/api/games/{view['id']}/actions", json=action).json()
        answer = client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})
        lost = answer.json()
        assert (lost["kind"], lost["move"], lost["reason"], lost["back"]) == (
            "lost",
            None,
            "no_win",
            1,
        )
        back = {"version": view["version"], "action": "undo", "count": lost["back"]}
        view = client.post(f"/api/games/{view['id']}/actions", json=back).json()
        assert view["moves"] == 1 and view["tableau"][1]["up"] == ["KC"]
        again = client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})
        assert again.json()["move"] == "T1-T2"  # Q♥ onto K♣: a win again


@pytest.mark.parametrize("count", [0, 101, True, "2"])
def test_an_undo_count_out_of_bounds_is_refused(tmp_path: Path, count: object) -> None:
    with client_with(tmp_path / "a.db", Game.from_snapshot(BURYING)) as client:
        view = client.get("/api/game").json()
        undo = {"version": 0, "action": "undo", "count": count}
        answer = client.post(f"/api/games/{view['id']}/actions", json=undo)
        assert answer.status_code == 422


def test_an_undo_of_more_moves_than_stand_changes_nothing(tmp_path: Path) -> None:
    with client_with(tmp_path / "a.db", Game.from_snapshot(BURYING)) as client:
        view = client.get("/api/game").json()
        action = {"version": 0, "action": "move", "move": "W-T2"}
        view = client.post(f"/api/games/{view['id']}/actions", json=action).json()
        undo = {"version": 1, "action": "undo", "count": 2}
        refused = client.post(f"/api/games/{view['id']}/actions", json=undo)
        assert refused.status_code == 400
        error = refused.json()["error"]
        assert (error["reason"], error["params"]) == ("undo_count", {"count": 2, "done": 1})
        assert error["message"] == "2 actions cannot be undone, only 1: nothing was undone"
        assert client.get(f"/api/games/{view['id']}").json()["moves"] == 1
        undo = {"version": 1, "action": "undo", "count": 1}
        assert client.post(f"/api/games/{view['id']}/actions", json=undo).status_code == 200


def test_classic_says_when_only_a_lucky_shuffle_is_left() -> None:
    """Only 2♠ 3♠ 4♠ … K♠ are left, all in the stock, Draw 3, a shuffled redeal: after a
    pass that brought no 2♠ up, every move leads back; the hint says that a lucky shuffle
    is all that is left and suggests nothing, instead of turning the stock for ever."""
    snapshot = position(
        foundations=[1, 13, 13, 13], stock="4S 3S 2S", draw=3, rules="classic", deal=3
    )
    game = Game.from_snapshot(snapshot)
    kept: Any = ()
    for _ in range(20):
        answer, kept = hint_of(game.snapshot(), 2.0, kept)
        if answer["move"] is None:
            break
        game.play(answer["move"])
    assert (answer["kind"], answer["reason"]) == ("lost", "lucky_shuffle")
    assert game.recycles >= 1 and not game.won
