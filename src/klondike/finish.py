"""Finish: once every tableau card is face up, the moves that play the rest home by drawing
and putting cards up, and whether they win whatever order the unseen stock lies in
(docs/rules.md, "The Finish button"). Read through :meth:`Game.finish_line`,
:meth:`Game.can_finish` and :meth:`Game.finish_move`.

Each step is a function of the face-up cards alone, so the offer tells nothing of the
unseen stock. (:func:`klondike.solver.finish_move` picks the cheapest finish once every
card is seen, and this one before.)

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> finish_line(game) is None, can_finish(game)
(True, False)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Literal

from .cards import (
    F0,
    PILE_MASK,
    SOURCE_SHIFT,
    STOCK,
    T0,
    WASTE,
    Move,
    MoveCode,
    move_code,
    move_of,
    pair_of,
)
from .errors import IllegalMove
from .information import unseen_stock
from .rules import UNLIMITED

if TYPE_CHECKING:
    from .game import Game

FINISH_ORDERS_TRIED = 4
"""Finish is offered with at most this many unseen stock cards (every order is tried: 24)."""

DRAW, TURN_OVER = move_code(STOCK, WASTE, 0), move_code(WASTE, STOCK, 0)
"""The finish line's draw and turn-over of the waste."""


def finish_line(game: Game) -> list[Move] | None:
    """The moves that play the rest home by drawing and putting cards up, or None.

    Only once every tableau card is face up, and only if drawing from the stock (and
    turning the waste over, where the rules allow it) and putting cards on their
    foundations wins the game; worked out on a copy, so the game is unchanged.
    """
    if game.won or any(game.down):
        return None
    end, _, moves = _play(game.copy(), 0, _patience(game), to_turn_over=False)
    return moves if end == "won" else None


def _play(
    trial: Game, idle: int, patience: int, *, to_turn_over: bool
) -> tuple[Literal["won", "stuck", "turned"], int, list[Move]]:
    """The finish line played on ``trial`` (``idle`` draws and turn-overs in a row so far)
    until it wins, is stuck, or (``to_turn_over``) has turned the waste over: how it ended,
    the draws and turn-overs in a row by then, and the moves played."""
    moves: list[Move] = []
    while not trial.won:
        code, home = _next_step(trial)
        idle = 0 if home else idle + 1
        if not code or idle > patience:
            return "stuck", idle, moves
        trial.push(code)
        moves.append(move_of(code))
        if to_turn_over and pair_of(code) == TURN_OVER:
            return "turned", idle, moves
    return "won", idle, moves


def _patience(game: Game) -> int:
    """The draws and turn-overs in a row, without a card going home, after which the
    finish line is stuck: one pass through stock and waste, and a turn-over."""
    return 2 * (len(game.stock) + len(game.waste)) + 2


def _next_step(trial: Game) -> tuple[MoveCode, bool]:
    """The finish line's next action and whether it puts a card home: the lowest move
    that does, else a draw, else the waste turned over; 0 when none is left."""
    pairs = {pair_of(code): code for code in trial.legal_codes()}
    home = [
        code
        for pair, code in pairs.items()
        if F0 <= pair & PILE_MASK < T0 and not F0 <= pair >> SOURCE_SHIFT < T0
    ]
    if home:
        return min(home), True
    return pairs.get(DRAW) or pairs.get(TURN_OVER, 0), False


def can_finish(game: Game) -> bool:
    """True if :func:`finish_line` wins whatever order the unseen stock lies in.

    In Draw 1 without a pass limit it always does once every tableau card is face up
    (docs/rules.md, "The Finish button"); otherwise every order of the unseen stock cards
    (:func:`klondike.information.unseen_stock`) is tried, as long as there are at most
    :data:`FINISH_ORDERS_TRIED` of them. Where the redeal is shuffled, the order each
    turn-over shuffles the waste into is as unseen (the deal number fixes it): every order
    is tried there too (`_wins_every_order`). So the offer depends only on what the player
    has seen.
    """
    if game.won or any(game.down):
        return False
    if game.draw == 1 and game.recycle_limit == UNLIMITED:
        return finish_line(game) is not None
    if game.rules.recycle == "shuffle":
        return _wins_every_order(game.copy(), 0, _patience(game))
    unseen = unseen_stock(game)
    if not unseen:
        return finish_line(game) is not None
    if len(unseen) > FINISH_ORDERS_TRIED:
        return False
    trial = game.copy()
    for order in itertools.permutations(unseen):
        trial.stock = list(order)
        if finish_line(trial) is None:
            return False
    return True


def _wins_every_order(trial: Game, idle: int, patience: int) -> bool:
    """Where the redeal is shuffled: True if the finish line from ``trial`` (``idle``
    draws and turn-overs in a row so far) wins whatever order its stock lies in, and
    whatever order each turn-over to come shuffles the waste into; False with more than
    :data:`FINISH_ORDERS_TRIED` cards to order."""
    if len(trial.stock) > FINISH_ORDERS_TRIED:
        return False
    for order in itertools.permutations(trial.stock):
        branch = trial.copy()
        branch.stock = list(order)
        end, after, _ = _play(branch, idle, patience, to_turn_over=True)
        if end == "stuck" or (end == "turned" and not _wins_every_order(branch, after, patience)):
            return False
    return True


def finish_move(game: Game) -> Move:
    """The next move of the finish line, when :func:`can_finish`: a card that can go home
    goes (the lowest move code first), else the stock is drawn or turned over — so the
    choice depends only on face-up cards. Raises :class:`IllegalMove` when there is no
    finish.

    >>> from klondike import Game
    >>> finish_move(Game.from_code("KL1-D1N-AAAAAAG"))
    Traceback (most recent call last):
    ...
    klondike.errors.IllegalMove: there is no finish: drawing and putting cards up does \
not win from here whatever order the stock is in
    """
    line = finish_line(game) if can_finish(game) else None
    if not line:
        raise IllegalMove("no_finish")
    return line[0]
