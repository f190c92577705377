"""The setting "one tap moves a card where it fits" (issue 35, item 5): off, a tap sends a
card to its foundation only (the app's rule); on, the server plays the move the double tap
would (its foundation first, then the fitting column), also for a card under others."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.api import HOST, TestClient, act
from helpers.positions import every_gesture
from helpers.server import insert_position
from klondike.web.api import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app whose game in progress is `every_gesture` (9♣ 8♥ on column 3,
    10♦ alone on column 6, 7♠ on column 4, A♥ on column 7)."""
    db = tmp_path / "klondike.db"
    insert_position(db, every_gesture())
    with TestClient(create_app(db, allowed_hosts=[HOST])) as test_client:
        yield test_client


def game(client: TestClient) -> dict[str, Any]:
    return client.get("/api/game").json()  # type: ignore[no-any-return]


def test_off_by_default_a_tap_sends_to_the_foundation_only(client: TestClient) -> None:
    assert client.get("/api/settings").json()["tap_where_it_fits"] is False
    view = game(client)
    for pile, card in (("T4", None), ("T3", "9C"), ("T3", "8H")):  # each fits on a column
        fields = {"pile": pile} if card is None else {"pile": pile, "card": card}
        answer = act(client, view, "tap", **fields).json()
        assert answer["played"] is None and answer["version"] == view["version"]
    assert act(client, view, "tap", pile="T7", card="AH").json()["played"] == "T7-F2"


def test_on_a_tap_moves_a_card_where_the_double_tap_would(client: TestClient) -> None:
    assert client.put("/api/settings", json={"tap_where_it_fits": True}).status_code == 200
    view = act(client, game(client), "tap", pile="T7").json()
    assert view["played"] == "T7-F2"  # the foundation first
    view = act(client, view, "tap", pile="T4").json()
    assert view["played"] == "T4-T2"  # 7♠ on 8♦: of the two red 8s, the longer column's
    view = act(client, view, "tap", pile="T3", card="9C").json()  # with the card on it
    assert view["played"] == "T3-T6"
    assert view["tableau"][5]["up"] == ["TD", "9C", "8H"]
    assert act(client, view, "tap", pile="S").json()["played"] == "S-W"  # the stock draws


def test_a_tap_naming_a_card_not_face_up_there_is_refused(client: TestClient) -> None:
    view = game(client)
    answer = act(client, view, "tap", pile="T3", card="TD")
    assert answer.status_code == 400
    assert answer.json()["error"]["reason"] == "card_not_in_pile"
    assert act(client, view, "tap", pile="S", card="5C").status_code == 400
