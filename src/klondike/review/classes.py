"""How good each move of a review was, as a chess site says it: its class by the drop in the
share of winnable layouts it cost (lichess's thresholds), its accuracy, and the game's.

The drop is in points of the share of layouts the player could not tell apart: the fair
player's own choice there against the move played, counted on the same layouts (docs/review.md,
"Move classes and accuracy").

>>> [move_class(d) for d in (0.0, 4.9, 5.0, 10.0, 15.0)]
['best', 'good', 'inaccuracy', 'mistake', 'blunder']
>>> round(move_accuracy(0.0), 1), round(move_accuracy(10.0), 1)
(100.0, 63.6)
>>> round(game_accuracy([100.0, 100.0, 50.0]), 1)
79.2
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

MoveClass = Literal["best", "good", "inaccuracy", "mistake", "blunder"]

CLASSES: tuple[MoveClass, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""Every class, from the best move to the worst."""

DROPS: tuple[tuple[MoveClass, float], ...] = (
    ("blunder", 15.0),
    ("mistake", 10.0),
    ("inaccuracy", 5.0),
)
"""The least drop, in points of the winnable share, of each class worse than good
(lichess's `Advice.scala`: 0.3, 0.2 and 0.1 of win probability on its -1..1 scale)."""

JUDGED: tuple[MoveClass, ...] = ("mistake", "blunder")
"""The classes whose moves the review explains in words."""


def move_class(drop: float) -> MoveClass:
    """The class of a move that cost ``drop`` points: best when it cost nothing."""
    for name, least in DROPS:
        if drop >= least:
            return name
    return "best" if drop <= 0 else "good"


def move_accuracy(drop: float) -> float:
    """A move's accuracy in percent from the points it cost (lichess's
    `AccuracyPercent.scala`: 103.1668 e^(−0.04354 d) − 3.1669, within 0–100)."""
    value = 103.1668 * math.exp(-0.04354 * max(0.0, drop)) - 3.1669
    return min(100.0, max(0.0, value))


def game_accuracy(accuracies: Sequence[float]) -> float | None:
    """A game's accuracy: the mean of the arithmetic and the harmonic mean of its moves'
    accuracies (the harmonic mean weighs the worst moves most; a move of 0% counts as
    1%); None for a game without moves."""
    if not accuracies:
        return None
    mean = sum(accuracies) / len(accuracies)
    harmonic = len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)
    return (mean + harmonic) / 2
