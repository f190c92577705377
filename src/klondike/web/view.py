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
from klondike.game import score_text

WASTE_SHOWN = 3
"""How many of the waste's top cards a view shows (the Draw 3 fan)."""


def _finish(game: Game) -> list[str] | None:
    """The moves of `Game.finish_line` as text, or None."""
    line = game.finish_line()
    return None if line is None else [str(move) for move in line]


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
    """The JSON-ready view of ``game`` (see docs/api.md, "The game view"), from the table
    the engine shows (`Game.table`: face-down cards and the stock only counted)."""
    table = game.table()
    scoring = game.scoring
    return {
        "id": game_id,
        "version": version,
        "status": status,
        "code": game.code,
        "draw": game.draw,
        "scoring": scoring,
        "score": game.score,
        "score_text": score_text(game.score, scoring),
        "moves": game.moves,
        "undos": game.undos,
        "elapsed_ms": elapsed_ms,
        "clock_running": clock_running,
        "won": game.won,
        "can_undo": game.can_undo and status == "playing",
        "stock": {
            "count": table["stock"],
            "recycle": "no_more_passes" if game.vegas else "allowed",
        },
        "waste": {"count": len(table["waste"]), "top": table["waste"][-WASTE_SHOWN:]},
        "foundations": table["foundations"],
        "tableau": table["tableau"],
        "targets": game.drop_targets() if status == "playing" else {},
        "finish": _finish(game) if status == "playing" else None,
        "last": last,
    }
