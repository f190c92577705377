"""The stock's arithmetic: where draws and turn-overs lead, and what a waste card may do.

The rules of :class:`~klondike.game.Game` that its lean path and the solver share, on the
position's plain lists (no :class:`~klondike.game.Game` here, so that ``python -m
klondike.solver.build`` can compile this module with the search): the moves of a card on
the waste's top (:func:`waste_card_codes`, which :meth:`Game.legal_codes` asks too), the
cards draws and turn-overs bring up and the codes that do it (:func:`stock_moves`,
:func:`draw_codes`), valid where the stock keeps its order (:attr:`Game.stock_keeps_order`).
Read them through :class:`~klondike.game.Game`'s methods of the same names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import (
    CHILD_BITS,
    COUNT_SHIFT,
    F0,
    KING,
    KING_BITS,
    PAIR_MASK,
    PARENT_BITS,
    RANK,
    SOURCE_SHIFT,
    STOCK,
    SUIT,
    T0,
    WASTE,
    Card,
    MoveCode,
    move_code,
)
from .compiled import give_way_if_stale

Stop = tuple[int, Card]
"""A card the stock can bring to the waste's top: ``(draws and turn-overs, card)``."""
StockMove = tuple[tuple[MoveCode, ...], list[MoveCode], Card]
"""A stop's card with moves there: ``(the codes that bring it up, its moves, card)``."""

ONE_FROM_WASTE: Final = (1 << COUNT_SHIFT) | (WASTE << SOURCE_SHIFT)
"""A move code's count and source for one card from the waste (add the target)."""


def waste_card_codes(
    moving: Card, foundations: list[int], up: list[list[Card]], every_empty: bool
) -> list[MoveCode]:
    """The moves ``moving`` has as the waste's top card over these foundations and
    face-up columns: its foundation first, then the columns left to right (the codes
    :meth:`Game.legal_codes` gives the waste's top card); of the empty columns (all alike
    for a King) only the first unless ``every_empty``. Where the stock keeps its order,
    these are the moves of each card :func:`stock_moves` stops at, once its draws brought
    it up.

    >>> from klondike import Game
    >>> from klondike.cards import PILE_NAMES, parse_card, target_of
    >>> g = Game.from_code("KL1-D1N-AAAAAAG")
    >>> [PILE_NAMES[target_of(c)] for c in g.waste_card_codes(parse_card("8S"))]
    ['T5']
    """
    codes: list[MoveCode] = []
    suit = SUIT[moving]
    if foundations[suit] == RANK[moving] - 1:
        codes.append(ONE_FROM_WASTE | (F0 + suit))
    if RANK[moving] == KING:
        for j in range(7):
            if not up[j]:
                codes.append(ONE_FROM_WASTE | (T0 + j))
                if not every_empty:
                    break
        return codes
    parents = PARENT_BITS[moving]
    for j in range(7):
        run = up[j]
        if run and parents >> run[-1] & 1:
            codes.append(ONE_FROM_WASTE | (T0 + j))
    return codes


def stock_moves(
    waste: list[Card],
    stock: list[Card],
    foundations: list[int],
    up: list[list[Card]],
    draw: int,
    can_recycle: bool,
    every_empty: bool,
) -> tuple[list[Stop], list[StockMove]]:
    """Every card draws and turn-overs alone bring to the waste's top, ``(steps, card)``
    (:meth:`Game.stock_stops`), and for each that has a move there, the codes that bring it
    up (as :func:`draw_codes`), its moves (:func:`waste_card_codes`) and the card: in one
    walk of the stock, for the solver.

    ``steps`` counts the draws and turn-overs; steps 0 is the waste's top card as it is.
    The draws follow the engine's :meth:`Game.push`: ``min(draw, stock left)`` cards a
    draw, a turn-over when the stock is empty (if ``can_recycle``), until a waste length
    comes again. Valid where the stock keeps its order (:attr:`Game.stock_keeps_order`).

    >>> from klondike import Game
    >>> from klondike.cards import CARD_NAMES, PILE_NAMES, count_of, target_of
    >>> stops = Game.from_code("KL1-D3N-AAAAAAG").stock_stops()
    >>> [(steps, CARD_NAMES[c]) for steps, c in stops[:2]]
    [(1, 'AS'), (2, '2C')]
    >>> stops, moves = Game.from_code("KL1-D1N-AAAAAAG").stock_moves()
    >>> [([count_of(d) for d in draws], [PILE_NAMES[target_of(c)] for c in codes],
    ...   CARD_NAMES[c]) for draws, codes, c in moves][:2]
    [([3], ['F1'], 'AS'), ([4], ['T3'], 'QC')]
    """
    stops: list[Stop] = []
    moves: list[StockMove] = []
    start = len(waste)
    n = start + len(stock)
    # The deck's order: the waste bottom to top, then the stock in the order drawn; the
    # card at 1-based place p is waste[p - 1] or stock[n - p].
    done: list[MoveCode] = []  # the codes so far, but the draws since the last turn-over
    drawn = 0  # the cards drawn since the last turn-over
    p = start
    steps = 0
    visited = 1 << start  # the waste lengths met, as bits
    # The cards with a move from the waste's top (waste_card_codes asked only for these):
    # the next card of each suit, the cards that go on a column's top card, and the Kings
    # where a column is empty.
    wanted = 0
    for suit in range(4):
        if foundations[suit] < KING:
            wanted |= 1 << (suit * 13 + foundations[suit])
    for run in up:
        wanted |= CHILD_BITS[run[-1]] if run else KING_BITS
    while True:
        if steps:
            if p < n:
                count = min(draw, n - p)
                drawn += count
                p += count
            elif can_recycle and n:
                if drawn:
                    done.append(move_code(STOCK, WASTE, drawn))  # several draws at once
                    drawn = 0
                done.append(move_code(WASTE, STOCK, n))
                p = 0
            else:
                break
            if visited >> p & 1:
                break
            visited |= 1 << p
        steps += 1
        if not p:
            continue
        moving = waste[p - 1] if p <= start else stock[n - p]
        stops.append((steps - 1, moving))
        if not (wanted >> moving) & 1:
            continue
        codes = waste_card_codes(moving, foundations, up, every_empty)
        if codes:
            draws = (*done, move_code(STOCK, WASTE, drawn)) if drawn else tuple(done)
            moves.append((draws, codes, moving))
    return stops, moves


def draw_codes(waste_length: int, stock_length: int, draw: int, steps: int) -> list[MoveCode]:
    """The codes of the first ``steps`` draws and turn-overs, as :func:`stock_moves` gives
    them: the draws between two turn-overs joined into one S-W code of their count.
    Pushing it changes the position as those draws do, and :func:`split_draws` gives them
    back.

    >>> from klondike import Game
    >>> from klondike.cards import count_of
    >>> [count_of(c) for c in Game.from_code("KL1-D3N-AAAAAAG").draw_codes(2)]
    [6]
    """
    p = waste_length
    n = p + stock_length
    codes: list[MoveCode] = []
    drawn = 0
    for _ in range(steps):
        if p < n:
            count = min(draw, n - p)
            drawn += count
            p += count
        else:
            if drawn:
                codes.append(move_code(STOCK, WASTE, drawn))
                drawn = 0
            codes.append(move_code(WASTE, STOCK, n))
            p = 0
    if drawn:
        codes.append(move_code(STOCK, WASTE, drawn))
    return codes


def split_draws(codes: Iterable[MoveCode], draw: int) -> list[MoveCode]:
    """The engine's codes of a line whose draws :func:`stock_moves` may have joined: each
    S-W of more than ``draw`` cards split into draws of ``draw`` cards (the last one
    fewer when the stock runs out): seven cards drawn three at a time are three draws,
    of 3, 3 and 1 cards."""
    line: list[MoveCode] = []
    for code in codes:
        count = code >> COUNT_SHIFT
        if code & PAIR_MASK == WASTE and count > draw:  # S-W: the stock (0) to the waste
            while count:
                step = min(draw, count)
                line.append(move_code(STOCK, WASTE, step))
                count -= step
        else:
            line.append(code)
    return line


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
