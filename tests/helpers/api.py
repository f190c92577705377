"""Acting on the app through its test client, and looking for hidden cards in what it says."""

from __future__ import annotations

import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from klondike import Game
from klondike.cards import CARD_NAMES, pretty

__all__ = ["HOST", "TestClient", "act", "hidden_cards", "leaked"]

HOST = "testserver"
"""The Host the test client sends; the apps under test allow it."""


def act(client: TestClient, view: dict[str, Any], action: str, **fields: object) -> Any:
    """POST one action on the game of ``view`` at its version; the response."""
    body = {"version": view["version"], "action": action, **fields}
    return client.post(f"/api/games/{view['id']}/actions", json=body)


def hidden_cards(game: Game) -> set[str]:
    """The names of the cards a view must never show: face-down ones and the stock."""
    cards = set(game.stock)
    for column in game.down:
        cards.update(column)
    return {CARD_NAMES[c] for c in cards}


def leaked(body: Any, hidden: set[str]) -> list[str]:
    """Every string of a JSON body (keys too, the game code aside) naming a hidden card,
    by its name (``'TH'``) or as messages write it (``'10♥'``)."""
    symbols = {pretty(CARD_NAMES.index(name)) for name in hidden}
    found: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif (
            isinstance(value, str)
            and key != "code"
            and (value.upper() in hidden or any(symbol in value for symbol in symbols))
        ):
            found.append(value)

    walk(body)
    return found
