"""Moves, macros and pruning: the children of a position the search tries.

A macro move is the engine codes one step of the search pushes (draws and turn-overs,
then one move). :func:`children` builds them from :meth:`Game.legal_codes` and the stock's
stops (:meth:`Game.stock_moves`, or :func:`engine_stops` where draws do more than turn
cards), prunes what cannot help (:func:`safe_to_play_up`, take-backs, partial runs, empty
columns: docs/solver.md) and orders the rest, the most promising last.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from .. import stock
from ..cards import (
    CHILDREN,
    COUNT_SHIFT,
    F0,
    KING,
    PARENT_BITS,
    PARENTS,
    PILE_MASK,
    RANK,
    SOURCE_SHIFT,
    STOCK,
    SUIT,
    SUIT_CARDS,
    T0,
    WASTE,
    move_code,
    safe_to_play_up,
)
from ..compiled import give_way_if_stale
from ..game import Game
from ..rules import UNLIMITED
from .position import StockRules, stock_rules

# A macro move: the engine codes it pushes, in order (draws and recycles, then one move).
Macro = tuple[int, ...]

STOCK_FIRST_BONUS: Final = 100
"""With ``children(stock_first=True)``: added to a stock card's score, above every other
move's (the most promising last)."""

# Without a Truncation (a best move, no search): the redeals beyond the position's that
# engine_stops follows. A shuffled Draw 3 redeal never repeats a state (the pass is part of
# it), so without a bound the stock would be followed for ever.
REDEALS_WITHOUT_TRUNCATION = 1


@dataclass(slots=True)
class Truncation:
    """Set when the search left out a part of the game: with a shuffled Draw 3 redeal,
    the redeals beyond the next one, and any beyond ``recycle_cap``."""

    hit: bool = False
    recycle_cap: int = UNLIMITED


def _foundation_card(code: int, game: Game) -> int:
    suit = ((code >> SOURCE_SHIFT) & PILE_MASK) - F0
    return SUIT_CARDS[suit][game.foundations[suit] - 1]


def engine_stops(
    game: Game, mode: StockRules, truncation: Truncation | None = None
) -> tuple[list[tuple[int, int]], list[tuple[Macro, int, int]], list[Macro]]:
    """The stock followed through the engine itself: draws and recycles pushed and popped.

    Returns the stops ``(steps, card)`` as :meth:`Game.stock_stops` does, the waste moves
    ``(draws, code, card)`` read from :meth:`Game.legal_codes` at each stop, and the draw
    sequences after which an Ace flew home by itself (children of their own). The stock is
    followed until a state comes again, or — with a shuffled redeal — through the current
    pass and the whole next one (every card is seen; in Draw 3 later redeals up to
    ``truncation.recycle_cap`` are followed too, and the cut is recorded in
    ``truncation``; without a ``truncation``, :data:`REDEALS_WITHOUT_TRUNCATION` redeals).
    """
    waste, stock, found = game.waste, game.stock, game.foundations
    draw = game.draw
    stops: list[tuple[int, int]] = []
    moves: list[tuple[Macro, int, int]] = []
    flights: list[Macro] = []
    pushed: list[int] = []
    seen: set[tuple[int, int, int]] = set()
    # A card shown again after a shuffled Draw 3 redeal leads elsewhere: another stock order.
    by_pass = mode.ordered_redeal
    states: set[tuple[int, int, int]] = set()
    start_recycles = game.recycles
    recycle_cap = (
        start_recycles + REDEALS_WITHOUT_TRUNCATION
        if truncation is None
        else truncation.recycle_cap
    )

    def record() -> None:
        home = found[0] + found[1] + found[2] + found[3]
        if not waste:
            return
        card = waste[-1]
        mark = (card, home, game.recycles if by_pass else 0)
        if mark in seen:
            return
        seen.add(mark)
        stops.append((len(pushed), card))
        draws = tuple(pushed)
        if mode.auto_aces:  # draws may have sent Aces home: ask the engine
            codes = [
                c
                for c in game.legal_codes()
                if (c >> SOURCE_SHIFT) & PILE_MASK == WASTE and c & PILE_MASK >= F0
            ]
        else:  # the draws changed only the stock and the waste
            codes = game.waste_card_codes(card, every_empty=False)
        for code in codes:
            moves.append((draws, code, card))

    record()
    while True:
        home = found[0] + found[1] + found[2] + found[3]
        state = (len(waste), home, game.recycles if mode.limited or mode.shuffle else 0)
        if state in states:
            break
        states.add(state)
        if stock:
            code = move_code(STOCK, WASTE, min(draw, len(stock)))
        elif waste and game.can_recycle:
            if game.recycles >= recycle_cap:
                if truncation is not None:
                    truncation.hit = True
                break
            if mode.shuffle:
                if mode.ordered_redeal and truncation is not None:
                    truncation.hit = True  # other redeals would bring other orders
                if game.recycles > start_recycles and not mode.ordered_redeal:
                    break  # Draw 1: the next pass showed every card
            code = move_code(WASTE, STOCK, len(waste))
        else:
            break
        game.push(code)
        pushed.append(code)
        if found[0] + found[1] + found[2] + found[3] != home:
            flights.append(tuple(pushed))  # an Ace flew: a position of its own
        record()
    for _ in pushed:
        game.pop()
    return stops, moves, flights


_SCORE: Final = itemgetter(0)
"""A child's score, the key its children are sorted by."""


def children(
    game: Game,
    truncation: Truncation | None = None,
    mode: StockRules | None = None,
    follow: bool = True,
    plain: bool = False,
    stock_first: bool = False,
) -> list[Macro]:
    """The macro moves worth trying from ``game``, the most promising LAST.

    A safe foundation move, when there is one, is the only child (see
    :func:`safe_to_play_up`). ``truncation`` is set if a part of the game was left out.
    With ``follow``, a run that empties a column comes joined with each King move that
    fills it next (docs/solver.md, "empty columns"); without, alone.

    ``plain`` leaves out the prunings of single moves that the key does not need (for the
    plain search that checks them): every take-back of a card the safe rule would not send
    straight home, every stock card to a column or home, and a run that empties a column
    on its own. (A part of a run moves onto the twin of the card it leaves, a position of
    the same key: it stays joined with that card going home.)

    ``stock_first`` tries the stock's and the waste's cards before every other move but a
    safe foundation move: the same children in another order, for the second Draw 3
    search (docs/solver.md, "two orders").
    """
    if mode is None:
        mode = stock_rules(game)
    follow = follow and not mode.engine_stock and not plain
    emptying: list[tuple[int, int]] = []  # (move, the column it empties)
    found = game.foundations
    down, up = game.down, game.up
    codes = game.legal_codes()
    first_empty = -1
    faceup = 0  # the face-up column cards, as bits (1 << card)
    tops = 0  # the columns' top cards, as bits
    for j in range(7):
        run = up[j]
        if not run:
            if first_empty < 0:
                first_empty = j
            continue
        for c in run:
            faceup |= 1 << c
        tops |= 1 << run[-1]
    scored: list[tuple[int, Macro]] = []
    # the move codes' fields, read into locals once (the hot loop below reads them often)
    shift, mask, count_shift = SOURCE_SHIFT, PILE_MASK, COUNT_SHIFT
    stock_moves: list[tuple[Macro, list[int], int]]
    if game.stock_keeps_order:
        # (With flying Aces, the engine's stops serve again once every Ace is home.)
        # Game.stock_moves, called straight (compiled with this module: a native call)
        stops, stock_moves = stock.stock_moves(
            game.waste, game.stock, found, up, game.draw, game.can_recycle, False
        )
    else:
        stops, waste_moves, flights = engine_stops(game, mode, truncation)
        stock_moves = _waste_macros(game, waste_moves, first_empty)
        for macro in flights:
            scored.append((40 - len(macro), macro))
    at_hand = faceup  # cards that could be put somewhere next: face up, or the stock's stops
    for _, c in stops:
        at_hand |= 1 << c
    # The stock's and the waste's cards: stock cards played meanwhile may bring any of them
    # up (for a take-back or a stock card that waits for one).
    loose = 0
    for c in game.stock:
        loose |= 1 << c
    for c in game.waste:
        loose |= 1 << c
    for code in codes:
        source = (code >> shift) & mask
        target = code & mask
        if source <= WASTE and target <= WASTE:
            continue  # draws and recycles: part of the stock macros below
        if source == WASTE:
            continue  # the waste's top card: stop 0 of the stock macros below
        if target >= T0 and not up[target - T0] and target - T0 != first_empty:
            continue  # empty columns are all alike: only the first one
        if source >= T0:
            i = source - T0
            if target < T0:  # to its foundation
                card = up[i][-1]
                if safe_to_play_up(found, card):
                    return [(code,)]
                reveals = len(up[i]) == 1 and bool(down[i])
                scored.append(((90 if reveals else 60) - RANK[card], (code,)))
            else:
                count = code >> count_shift
                if count == len(up[i]):
                    if down[i]:
                        scored.append((80 + len(down[i]), (code,)))  # reveals a card
                    elif not follow:
                        scored.append((30, (code,)))  # empties the column
                    elif first_empty < 0:
                        # Only for a King to fill it next (docs/solver.md, "empty columns").
                        emptying.append((code, source))
                else:
                    # Part of a run: only worth it when the card it uncovers goes home
                    # now (docs/solver.md, "partial runs": the run moves onto the twin
                    # of the card it leaves, which the key does not tell apart).
                    exposed = up[i][-count - 1]
                    if found[SUIT[exposed]] == RANK[exposed] - 1:
                        home = move_code(source, F0 + SUIT[exposed])
                        scored.append((65, (code, home)))
        else:  # a foundation card back onto a column
            card = _foundation_card(code, game)
            found[SUIT[card]] -= 1
            safe = safe_to_play_up(found, card)
            found[SUIT[card]] += 1
            # A safe card would only go back up; any other is worth taking back only for
            # a card to go on it, or for the card below it to come down (docs/solver.md,
            # "take-backs").
            if not safe and (plain or _can_follow(found, tops, faceup, loose, card)):
                scored.append((0, (code,)))
    draw1_normal = mode.free_stock and not plain
    for draws, codes, card in stock_moves:
        steps = len(draws)
        if draw1_normal and codes[0] & mask < T0 and safe_to_play_up(found, card):
            # In Draw 1 Normal every stock card is as reachable as any other.
            return [(*draws, codes[0])]
        penalty = steps - STOCK_FIRST_BONUS if stock_first else steps
        useful = -1  # not asked yet
        for code in codes:
            if code & mask < T0:
                # In Draw 1 Normal a card goes home from the stock only for the next card
                # of its suit to follow it (docs/solver.md).
                if not draw1_normal or _next_can_follow(at_hand, card):
                    scored.append((55 - penalty, (*draws, code)))
            else:
                # In Draw 1 Normal a card stays as reachable in the stock as anywhere: it
                # goes to a column only for a card to go on it (docs/solver.md).
                if useful < 0:
                    useful = int(
                        not draw1_normal or _child_can_follow(found, tops, faceup | loose, card)
                    )
                if useful:
                    scored.append((50 - penalty, (*draws, code)))
    for code, column in emptying:
        game.push(code)
        for macro in children(game, truncation, mode, follow=False):
            if macro[-1] & mask == column:  # a King into the emptied column
                scored.append((30, (code, *macro)))
        game.pop()
    scored.sort(key=_SCORE)
    return [macro for _, macro in scored]


def _waste_macros(
    game: Game, waste_moves: list[tuple[Macro, int, int]], first_empty: int
) -> list[tuple[Macro, list[int], int]]:
    """The moves :func:`engine_stops` found, grouped by stop as
    :meth:`Game.stock_moves` gives them: the draws that bring a card to the waste's top,
    the codes of its moves there (its foundation first; of the empty columns only the
    first), and the card."""
    result: list[tuple[Macro, list[int], int]] = []
    by_draws: dict[Macro, tuple[list[int], int]] = {}
    for draws, code, card in waste_moves:
        target = code & PILE_MASK
        if target >= T0 and target - T0 != first_empty and not game.up[target - T0]:
            continue  # empty columns are all alike (same after draws: they take no card)
        by_draws.setdefault(draws, ([], card))[0].append(code)
    for draws, (codes, card) in by_draws.items():
        codes.sort(key=lambda c: c & PILE_MASK >= T0)  # the foundation first
        result.append((draws, codes, card))
    return result


def _can_follow(found: list[int], tops: int, faceup: int, loose: int, card: int) -> bool:
    """True if a move could use ``card`` once it comes down from its foundation, with at
    most moves that may wait as well (take-backs and stock cards played to a column) in
    between (docs/solver.md, "take-backs"): a card that fits on it goes on it
    (:func:`_child_can_follow`), or the card below it on the foundation comes down onto
    a column's top card (``tops``), or onto a stock or waste card (``loose``) or a
    foundation's top card that such a move can put on a column's top card first."""
    rank = RANK[card]
    if rank == 1:
        return False
    for parent in PARENTS[card - 1]:
        if tops >> parent & 1:
            return True
        if (loose >> parent & 1 or found[SUIT[parent]] == rank) and _can_go_on(tops, parent):
            return True
    return _child_can_follow(found, tops, faceup | loose, card)


def _can_go_on(tops: int, card: int) -> bool:
    """True if ``card`` fits on a column's top card (``tops``), or is a King."""
    return RANK[card] == KING or bool(tops & PARENT_BITS[card])


def _next_can_follow(at_hand: int, card: int) -> bool:
    """True if the next card of ``card``'s suit is in play: face up in a column (it may go
    home, or a partial run moved off it, next) or a card the stock can bring to the waste
    (``at_hand``, as bits)."""
    return RANK[card] != KING and bool(at_hand >> (card + 1) & 1)


def _child_can_follow(found: list[int], tops: int, at_hand: int, card: int) -> bool:
    """True if a card that fits on ``card`` could be put on it with at most moves that may
    wait in between (docs/solver.md, "take-backs"): a face-up column card or a stock or
    waste card (``at_hand``, as bits), the top card of its foundation, or the card right
    under it when that top card can be taken back onto a column's top card (``tops``)."""
    rank = RANK[card]
    follows = False  # (a loop, not any(): compiled, a generator costs more)
    for child in CHILDREN[card]:
        height = found[SUIT[child]]
        if at_hand >> child & 1 or height == rank - 1:
            follows = True
            break
        if height == rank and _can_go_on(tops, child + 1):
            follows = True
            break
    return follows


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
