"""Deals in other solvers' formats: Solvitaire's JSON and ShootMe's Klondike-Solver text.

>>> from klondike import Game
>>> text = to_shootme(Game.from_code("KL1-D1N-AAAAAAG"))
>>> len(text), text[:3]  # 52 cards of three digits; the first is column 1's A♦
(156, '012')
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import RANK, RANKS, SUIT, SUITS, Card
from ..errors import KlondikeError
from ..game import Game

# ShootMe's suits: 1 = clubs, 2 = diamonds, 3 = hearts, 4 = spades (ours: S H D C = 0 1 2 3).
_SHOOTME_SUIT = (4, 3, 2, 1)
# ShootMe names foundations by suit letter; ours are F1-F4 in the order S H D C.
_SHOOTME_FOUNDATION = {"S": "F1", "H": "F2", "D": "F3", "C": "F4"}


class NotAFreshDeal(KlondikeError):
    """ShootMe's format holds only a deal as dealt."""

    def __init__(self) -> None:
        ValueError.__init__(self, "this format holds only a deal as dealt, not a game under way")
        self.reason = "not_a_fresh_deal"
        self.params: dict[str, object] = {}


def _solvitaire_card(card: Card, face_up: bool) -> str:
    rank = RANKS[RANK[card] - 1]
    name = ("10" if rank == "T" else rank) + SUITS[SUIT[card]]
    return name if face_up else name.lower()


def to_solvitaire(game: Game) -> dict[str, Any]:
    """Solvitaire's deal JSON: columns bottom card first, face-down cards in lower case,
    and the stock with its last card drawn first (the engine's order)."""
    if game.waste or any(game.foundations):
        raise NotAFreshDeal()
    return {
        "tableau piles": [
            [_solvitaire_card(c, False) for c in down] + [_solvitaire_card(c, True) for c in up]
            for down, up in zip(game.down, game.up, strict=True)
        ],
        "stock": [_solvitaire_card(c, True) for c in game.stock],
    }


def to_shootme(game: Game) -> str:
    """ShootMe's Klondike-Solver deal: 52 cards ``RRS`` (rank 01-13, suit 1 ♣ 2 ♦ 3 ♥ 4 ♠),
    the columns dealt row by row (column 1 first), then the stock in the order drawn."""
    columns = [down + up for down, up in zip(game.down, game.up, strict=True)]
    fresh = all(len(game.down[i]) == i and len(game.up[i]) == 1 for i in range(7))
    if not fresh or game.waste or len(game.stock) != 24:
        raise NotAFreshDeal()
    order = [columns[col][row] for row in range(7) for col in range(row, 7)]
    order += game.stock[::-1]
    return "".join(f"{RANK[c]:02d}{_SHOOTME_SUIT[SUIT[c]]}" for c in order)


def from_shootme_moves(game: Game, moves: str) -> list[str]:
    """ShootMe's solution moves (``DR2 W1 42-4 1D H3 F7 NEW``) as the engine's moves, for
    the position ``game`` (which is played along on a copy).

    Raises :class:`ValueError` for a move it does not know.
    """
    probe = game.copy()
    line: list[str] = []

    def play(text: str) -> None:
        probe.play(text)
        line.append(text)

    for token in moves.split():
        if m := re.fullmatch(r"DR(\d+)", token):
            for _ in range(int(m.group(1))):
                play(str(probe.stock_step() or "W-S"))  # none left: the engine refuses
        elif token == "NEW":
            play("W-S")
        elif re.fullmatch(r"F\d", token):
            continue  # turning a card up: part of the engine's move that freed it
        elif m := re.fullmatch(r"([W1-7CDSH])([1-7CDSH])(?:-\d+)?", token):
            source, target = m.groups()
            source = "W" if source == "W" else _SHOOTME_FOUNDATION.get(source, f"T{source}")
            target = _SHOOTME_FOUNDATION.get(target, f"T{target}")
            play(f"{source}-{target}")
        else:
            raise ValueError(f"unknown ShootMe move {token!r}")
    return line
