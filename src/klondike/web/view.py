"""The game view: what the browser may know of a game, and nothing more.

Face-down cards and the order of the stock never leave the server: the view only counts
them. Everything else a table needs is here: the waste's top cards, the foundations, the
face-up cards of the columns, and for each movable card the piles it may be dropped on.

>>> from klondike import Game
>>> view = game_view(Game.from_code("KL1-D1N-AAAAAAG"), game_id=1, version=0, elapsed_ms=0)
>>> view["stock"], view["waste"], view["tableau"][1]
({'count': 24, 'recycle': 'allowed'}, {'count': 0, 'top': []}, {'down': 1, 'up': ['JC']})
>>> view["targets"]
{'AD': ['F3'], '9D': ['T4'], 'AH': ['F2']}
"""

from __future__ import annotations

from typing import Any

from klondike import Game
from klondike.rules import Rules
from klondike.text import score_text

WASTE_SHOWN = 3
"""How many of the waste's top cards a view shows (the Draw 3 fan)."""


def rules_view(rules: Rules) -> dict[str, Any]:
    """What the page needs to know of a version (docs/api.md, "The rules"), so that it
    holds no rules of its own.

    >>> from klondike.rules import APP
    >>> rules_view(APP)["draws"], rules_view(APP)["score"], rules_view(APP)["right_click_draws"]
    ([1, 3], True, False)
    """
    return {
        "key": rules.key,
        "name": rules.name,
        "seed": rules.seed,
        "draws": list(rules.draws),
        "scorings": list(rules.scorings),
        "score": rules.has_score,
        "take_back": rules.take_back,
        "recycle": rules.recycle,
        "auto_aces": rules.auto_aces,
        "dealt_to_waste": rules.dealt_to_waste,
        "right_click_draws": rules.right_click_draws,
    }


def table_view(game: Game) -> dict[str, Any]:
    """What a move changes in a view: the cards on the table (face-down cards and the stock
    only counted), the score and the moves. A view is this and the rest; a move played by
    itself after the player's (the auto-move setting) is shown as one (docs/api.md, "steps").
    """
    table = game.table()
    return {
        "score": game.score,
        "score_text": score_text(game.score, game.scoring),
        "moves": game.moves,
        "stock": {
            "count": table["stock"],
            "recycle": "allowed" if game.can_recycle else "no_more_passes",
        },
        "waste": {"count": len(table["waste"]), "top": table["waste"][-WASTE_SHOWN:]},
        "foundations": table["foundations"],
        "tableau": table["tableau"],
    }


def game_view(
    game: Game,
    *,
    game_id: int,
    version: int,
    elapsed_ms: int,
    clock_running: bool = True,
    status: str = "playing",
    last: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON-ready view of ``game`` (see docs/api.md, "The game view"): its
    :func:`table_view` and what the page needs besides."""
    return {
        "id": game_id,
        "version": version,
        "status": status,
        "code": game.code,
        "rules": rules_view(game.rules),
        "draw": game.draw,
        "scoring": game.scoring,
        **table_view(game),
        "undos": game.undos,
        "elapsed_ms": elapsed_ms,
        "clock_running": clock_running,
        "won": game.won,
        "can_undo": game.can_undo and status == "playing",
        "can_redo": game.can_redo and status == "playing",
        "targets": game.drop_targets() if status == "playing" else {},
        "finish": status == "playing" and game.can_finish(),
        "last": last,
    }
