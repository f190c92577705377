"""The fair player's choices: where a move commits, and the lines of moves it weighs.

A move *commits* when the player cannot simply take it back: it turns up a card, plays a
waste card, or leaves a position no single move leads back from. Moves that do not commit
(a run moved between two columns and back, a card home and taken back, a draw where the
stock cycles freely) change what the player can do next, not what it can still win, so
the fair player weighs *choices*: a line of such steps ending in the move that commits
(docs/fair.md). Everything here reads only what the player sees, so every layout the player
cannot tell apart answers alike.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D3N-AAAAAAG")
>>> scouting_move(game), forced_move(game)
(Move('S', 'W'), Move('T1', 'F3'))
"""

from __future__ import annotations

from klondike import Game, Move
from klondike.cards import (
    F0,
    STOCK_NAME,
    T0,
    WASTE_NAME,
    safe_to_play_up,
    source_of,
    target_of,
)
from klondike.information import unseen_stock
from klondike.rules import UNLIMITED

Line = tuple[Move, ...]
"""Moves that commit to nothing, then one that commits: a choice of the fair player."""

MAX_STEPS = 30
"""Steps a choice may take before the move that ends it."""


def forced_move(game: Game) -> Move | None:
    """The move that wins wherever the position can be won, if one is plain to see: the
    only legal move, or a column's card that may go home at once
    (:func:`~klondike.cards.safe_to_play_up`, the solver's own dominance), the first in
    the engine's order. Its outcome in a layout is the position's, without a search.

    >>> from klondike import Game
    >>> forced_move(Game.from_code("KL1-D1N-AAAAAAG"))
    Move('T1', 'F3')
    """
    moves = game.legal_moves()
    for code, move in zip(game.legal_codes(), moves, strict=True):
        source, target = source_of(code), target_of(code)
        home = source >= T0 and F0 <= target < T0
        if home and safe_to_play_up(game.foundations, game.top_card(source)):
            return move
    return moves[0] if len(moves) == 1 else None


def endless_stock(game: Game) -> bool:
    """True if the stock can be gone through again and again in its order, so that drawing
    and turning the waste over cost nothing toward the win: the version keeps the stock's
    order when the waste is turned over, without a limit on turn-overs (the app's Normal
    scoring, Solitär). The score may drop; what can be won does not. (Not the solver's
    ``StockRules.free_stock``: Draw 1 without a pass limit, every card reachable at any
    time.)"""
    return game.rules.recycle == "keep" and game.recycle_limit == UNLIMITED


def stock_cycles(game: Game) -> bool:
    """True if draws and turn-overs lead back to the waste as it lies: the stock is endless
    (`endless_stock`) and, drawn through and turned over, comes round to this waste again. In
    Draw 3 a waste from which cards were played may lie where no pass stops (a pass stops
    at whole draws and at the last card): drawing on from there loses its top cards.

    >>> from klondike import Game
    >>> game = Game.from_code("KL1-D3N-AAAAAAG")
    >>> stock_cycles(game)
    True
    """
    if not endless_stock(game) or not (game.stock or game.waste):
        return False
    walk = game.copy()
    start = len(walk.waste)
    seen: set[int] = set()
    while len(walk.waste) not in seen:
        seen.add(len(walk.waste))
        walk.play(walk.stock_step())
        if len(walk.waste) == start:
            return True
    return False


def scouting_move(game: Game, *, stock_known: bool = False) -> Move | None:
    """The draw that looks through a stock whose order the player has not seen, where the
    stock is endless (`endless_stock`); else None.

    Drawing the stock through and turning the waste over leads back to the cards as they
    lay (drawn again to where the waste was), the stock's order now known and only the
    score and the pass count changed: whatever the player could do from there without
    knowing the stock, it can do knowing it. So looking wins wherever the position can be
    won, and its outcome in a layout is the position's.

    >>> from klondike import Game
    >>> scouting_move(Game.from_code("KL1-D3N-AAAAAAG"))
    Move('S', 'W')
    >>> scouting_move(Game.from_code("KL1-D3V-AAAAAAG")) is None  # one pass only
    True
    """
    if not endless_stock(game) or not unseen_stock(game, stock_known=stock_known):
        return None
    return game.stock_step()


def _public(game: Game) -> tuple[object, ...]:
    """Where the cards lie as the player sees them, to compare positions of one layout."""
    return (
        tuple(tuple(column) for column in game.up),
        tuple(len(column) for column in game.down),
        tuple(game.foundations),
        tuple(game.waste),
        len(game.stock),
    )


def commits(before: Game, move: Move, after: Game, *, stock_known: bool = False) -> bool:
    """True if ``move``, played from ``before`` to ``after``, cannot simply be taken back:
    it turns up a face-down card; it draws or turns the waste over where the stock is not
    yet seen or does not come round to the waste again (`stock_cycles`); or, for any other
    move, no legal move other than a draw leads from ``after`` back to ``before``.
    ``stock_known``: the stock's order is known from the deal (`scouting_move`).

    >>> from klondike import Game
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> after = game.copy(); move = after.play("T5-T4")  # turns up a face-down card
    >>> commits(game, move, after)
    True
    """
    if sum(map(len, after.down)) < sum(map(len, before.down)):
        return True
    if STOCK_NAME in (move.source, move.target):
        return bool(unseen_stock(before, stock_known=stock_known)) or not stock_cycles(before)
    back = _public(before)
    for reverse in after.legal_moves():
        if STOCK_NAME in (reverse.source, reverse.target):
            continue
        again = after.copy()
        again.play(reverse)
        if _public(again) == back:
            return False
    return True


def commitment(layout: Game, line: Line, *, stock_known: bool = False) -> Line | None:
    """The start of ``line`` (moves legal in ``layout``) up to its first move that
    `commits`, or up to `MAX_STEPS` + 1 moves; the whole line when it is shorter and never
    commits; None for an empty line. The moves before its last turn up nothing, so they
    are legal in every layout the player cannot tell apart. ``stock_known`` as in
    `commits`.

    >>> from klondike import Game
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> commitment(game, (Move.from_text("T5-T4"), Move.from_text("T1-F3")))
    (Move('T5', 'T4'),)
    """
    game = layout.copy()
    for index, move in enumerate(line):
        after = game.copy()
        after.play(move)
        if index >= MAX_STEPS or commits(game, move, after, stock_known=stock_known):
            return line[: index + 1]
        game = after
    return line or None


def stock_choices(game: Game, *, stock_known: bool = False) -> list[Line]:
    """Where the stock is seen and comes round again (`stock_cycles`), each waste card the
    draws and turn-overs bring up that has a move there: the draws (steps), then its move,
    the nearest first. None else: a draw there commits, and is a choice of its own.
    ``stock_known`` as in `commits`.

    >>> from klondike import Game
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> for _ in range(24):
    ...     _ = game.play("S-W")
    >>> [text_of(line) for line in stock_choices(game)][:2]
    ['W-S S-W S-W S-W W-F1', 'W-S S-W S-W S-W S-W W-T3']
    """
    if unseen_stock(game, stock_known=stock_known) or not stock_cycles(game):
        return []
    choices: list[Line] = []
    walk = game.copy()
    steps: list[Move] = []
    seen = {len(walk.waste)}
    while True:
        steps.append(walk.play(walk.stock_step()))
        if len(walk.waste) in seen:
            return choices
        seen.add(len(walk.waste))
        for move in walk.legal_moves():
            if move.source == WASTE_NAME and move.target != STOCK_NAME:
                choices.append((*steps, move))


def text_of(line: Line) -> str:
    """A line as text: its moves, spaced (``"T5-T4 W-T2"``)."""
    return " ".join(map(str, line))


def line_of(text: str) -> Line:
    """The line `text_of` wrote."""
    return tuple(Move.from_text(word) for word in text.split())


def after(game: Game, line: Line) -> Game:
    """``game`` (a copy) after the moves of ``line``."""
    played = game.copy()
    for move in line:
        played.play(move)
    return played
