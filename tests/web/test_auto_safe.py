"""The ``auto_safe`` setting (issue 17, item 14): off unless the player turns it on; on, the
server puts the safe cards home after each of the player's moves, each an ordinary move:
scored, counted, and taken back one undo at a time."""

from __future__ import annotations

from typing import Any

import pytest

from helpers.api import TestClient, act
from helpers.positions import game
from klondike import gestures

CODE = "KL1-D1N-AAAAAAG"  # A♦ lies face up on T1, A♥ on T7


def start(client: TestClient, code: str = CODE) -> dict[str, Any]:
    return client.post("/api/games", json={"code": code}).json()


def cards_home(view: dict[str, Any]) -> int:
    return sum(len(f) for f in view["foundations"])


def test_off_by_default_nothing_moves_by_itself(client: TestClient) -> None:
    assert client.get("/api/settings").json()["auto_safe"] is False
    view = start(client)
    after = act(client, view, "tap", pile="S").json()
    assert after["played"] == "S-W"
    assert after["auto"] == [] and after["steps"] == []
    assert cards_home(after) == 0 and after["moves"] == 1
    assert after["tableau"][0]["up"] == ["AD"] and after["tableau"][6]["up"] == ["AH"]


def test_on_the_safe_cards_go_home_after_the_players_move_scored(client: TestClient) -> None:
    client.put("/api/settings", json={"auto_safe": True})
    view = start(client)
    assert cards_home(view) == 0  # a new deal is dealt as it is: only a move sends cards up
    after = act(client, view, "tap", pile="S").json()
    assert after["played"] == "S-W"
    assert after["auto"] == ["T1-F3", "T7-F2"]
    assert after["foundations"][1] == ["AH"] and after["foundations"][2] == ["AD"]
    assert after["moves"] == 3  # the draw and two moves of their own
    assert after["score"] == 2 * 10 + 5  # two cards home, one card turned up (Normal)
    assert after["version"] == view["version"] + 1  # one action, one commit
    assert after["last"] == {"move": "T7-F2", "undo": False}
    # the table before each move that went by itself: after the draw, after the first Ace
    first, second = after["steps"]
    assert first["last"] == {"move": "S-W", "undo": False}
    assert first["waste"]["count"] == 1 and first["tableau"][0]["up"] == ["AD"]
    assert first["moves"] == 1 and first["score"] == 0
    assert second["last"] == {"move": "T1-F3", "undo": False}
    assert second["foundations"][2] == ["AD"] and second["tableau"][6]["up"] == ["AH"]
    assert second["moves"] == 2 and second["score"] == 10


def test_one_undo_takes_back_one_auto_move_then_the_players(client: TestClient) -> None:
    client.put("/api/settings", json={"auto_safe": True})
    view = act(client, start(client), "tap", pile="S").json()
    scores = []
    for taken_back in ("T7-F2", "T1-F3", "S-W"):
        view = act(client, view, "undo").json()
        assert view["played"] == taken_back
        assert view["auto"] == []  # an undo is never followed by a move of its own
        scores.append(view["score"])
    assert scores == [10, 0, 0]
    assert view["moves"] == 0 and cards_home(view) == 0
    # a redo plays the undone move again, and nothing after it
    view = act(client, view, "redo").json()
    assert view["played"] == "S-W" and view["auto"] == [] and cards_home(view) == 0


def test_a_gesture_that_does_nothing_plays_nothing_by_itself(client: TestClient) -> None:
    client.put("/api/settings", json={"auto_safe": True})
    view = start(client)
    after = act(client, view, "tap", pile="T2").json()  # J♣ has nowhere to go
    assert after["played"] is None and after["auto"] == []
    assert after["version"] == view["version"] and cards_home(after) == 0


def test_turned_off_again_nothing_moves(client: TestClient) -> None:
    client.put("/api/settings", json={"auto_safe": True})
    client.put("/api/settings", json={"auto_safe": False})
    after = act(client, start(client), "move", move="S-W").json()
    assert after["auto"] == [] and cards_home(after) == 0


@pytest.mark.parametrize(
    ("foundations", "card", "safe"),
    [
        ({"S": 1, "C": 1, "H": 2}, "3H", True),  # both black foundations at 1
        ({"S": 1, "C": 0, "H": 2}, "3H", False),  # a black Two might still need the 3♥
        ({"S": 4, "C": 4, "H": 5, "D": 2}, "6H", False),  # the diamonds too far behind
        ({"S": 4, "C": 4, "H": 5, "D": 3}, "6H", True),
    ],
)
def test_only_the_engines_safe_cards_go(foundations: dict[str, int], card: str, safe: bool) -> None:
    g = game(tableau=[card, "KS"], foundations=foundations)
    before = g.score
    move = gestures.safe_home(g)
    assert (move is not None) == safe
    if safe:
        assert g.score == before + 10 and g.moves == 1
        g.undo()
        assert g.score == before and g.moves == 0
