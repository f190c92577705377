"""The Finish button's API: offered from what the player saw, played one move at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers.api import TestClient, act, hidden_cards, leaked
from helpers.positions import game
from klondike import Game
from klondike.store import database as store

TWO_JACKS = {
    "tableau": ["KC QD", "KD QC"],
    "foundations": {"S": 13, "H": 13, "D": 10, "C": 10},
    "draw": 3,
}


def opened(client: TestClient, db_path: Path, position: Game) -> dict[str, Any]:
    conn = store.open_database(db_path)
    game_id = store.insert_game(conn, position)
    conn.commit()
    conn.close()
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def test_finish_plays_move_by_move_and_never_sends_the_line(
    client: TestClient, db_path: Path
) -> None:
    position = game(**TWO_JACKS, stock="JD JC")
    view = opened(client, db_path, position)
    assert view["finish"] is True
    played = []
    games = client.app.state.games  # type: ignore[attr-defined]
    while not view["won"]:
        response = act(client, view, "finish")
        assert response.status_code == 200, response.text
        view = response.json()
        assert isinstance(view["finish"], bool)
        if not view["won"]:  # the stock and face-down cards stay unnamed in every answer
            assert leaked(view, hidden_cards(games.open[view["id"]].game)) == []
        played.append(view["played"])
    assert view["won"] and view["moves"] == len(played)
    assert played[0] == "S-W"


def test_orders_the_player_cannot_tell_apart_answer_alike(
    client: TestClient, db_path: Path
) -> None:
    first = opened(client, db_path, game(**TWO_JACKS, stock="JD JC"))
    other = opened(client, db_path, game(**TWO_JACKS, stock="JC JD"))
    assert first["finish"] is other["finish"] is True
    one, two = act(client, first, "finish").json(), act(client, other, "finish").json()
    assert one["played"] == two["played"] == "S-W"


def test_finish_without_an_offer_is_refused_and_changes_nothing(
    client: TestClient, db_path: Path
) -> None:
    view = opened(
        client, db_path, game(**TWO_JACKS | {"tableau": ["KC", "KD QC"]}, stock="JD QD JC")
    )
    assert view["finish"] is False  # wins for some orders of the unseen stock, not all
    response = act(client, view, "finish")
    assert response.status_code == 400
    body = response.json()
    assert body["error"]["reason"] == "no_finish"
    assert body["game"]["version"] == view["version"]
    assert client.get(f"/api/games/{view['id']}").json()["moves"] == view["moves"]


def test_finish_through_the_api_takes_the_fewest_turn_overs(
    client: TestClient, db_path: Path
) -> None:
    """Every card seen: Q♠ goes onto K♥ so that 6♠ comes free without turning the waste
    over (drawing and putting home alone would turn it over once, costing points)."""
    position = game(
        tableau=["KH", "7S", "8S", "9S", "TS", "JS", "KS"],
        waste="6S QS",
        foundations={"S": 5, "H": 12, "D": 13, "C": 13},
    )
    view = opened(client, db_path, position)
    played = []
    while not view["won"]:
        view = act(client, view, "finish").json()
        played.append(view["played"])
    assert played[0] == "W-T1" and "W-S" not in played
