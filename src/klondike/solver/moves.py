"""Moves, macros and pruning: the children of a position the search tries.

A macro move is the engine codes one step of the search pushes (draws and turn-overs,
then one move). :func:`children` builds them from :meth:`Game.legal_codes` and the stock's
stops (:meth:`Game.stock_moves`, or :func:`engine_stops` where draws do more than turn
cards), prunes what cannot help (:func:`safe_to_play_up`, take-backs, partial runs, empty
columns: docs/solver.md) and orders the rest, the most promising last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .. import stock
from ..cards import (
    CHILDREN,
    COUNT_SHIFT,
    F0,
    KING,
    PARENTS,
    PILE_MASK,
    RANK,
    SOURCE_SHIFT,
    STOCK,
    SUIT,
    SUIT_CARDS,
    T0,
    TWIN_SUIT,
    WASTE,
    move_code,
    safe_to_play_up,
)
from ..compiled import give_way_if_stale
from ..game import UNLIMITED, Game
from .position import StockRules, stock_rules

# A macro move: the engine codes it pushes, in order (draws and recycles, then one move).
Macro = tuple[int, ...]

# Without a Truncation (a best move, no search): the redeals beyond the position's that
# engine_stops follows. A shuffled Draw 3 redeal never repeats a state (the pass is part of
# it), so without a bound the stock would be followed for ever.
REDEALS_WITHOUT_TRUNCATION = 1


# What obligation adds to the card (+ 1) it names: after a take-back, the card below may
# come down instead; after a stock card that cannot wait past the next draw, a stock move
# may come first.
_TAKEN_BACK: Final = 64
_DRAWN: Final = 128
# (children: a run that empties a column, to be joined only with a King from the stock)
_FROM_STOCK: Final = 256


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
    push, pop = game.push, game.pop
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
        push(code)
        pushed.append(code)
        if found[0] + found[1] + found[2] + found[3] != home:
            flights.append(tuple(pushed))  # an Ace flew: a position of its own
        record()
    for _ in pushed:
        pop()
    return stops, moves, flights


def children(
    game: Game,
    truncation: Truncation | None = None,
    mode: StockRules | None = None,
    follow: bool = True,
    owed: int = 0,
) -> list[Macro]:
    """The macro moves worth trying from ``game``, the most promising LAST.

    A safe foundation move, when there is one, is the only child (see
    :func:`safe_to_play_up`). ``truncation`` is set if a part of the game was left out.
    With ``follow``, a run that empties a column comes joined with each King move that
    fills it next (docs/solver.md, "empty columns"); without, alone. With ``owed`` (from
    :func:`obligation`), only the macros whose first move (after draws) puts a card on the
    card owed or on its twin (the key does not tell them apart), or after a take-back
    brings the card below it down from its foundation (docs/solver.md, "used at once").
    """
    if mode is None:
        mode = stock_rules(game)
    follow = follow and not mode.engine_stock
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
    onto: list[int] = []  # with a card owed: the columns a move must put a card on
    below = -1  # after a take-back: the foundation whose next card may come down instead
    restricted = owed != 0  # the moves that do not touch the stock must use the card owed
    stocked = False  # owed after a stock card that may wait no longer than the next draw
    if owed:
        card = (owed - 1) & 63
        twin = TWIN_SUIT[SUIT[card]] * 13 + RANK[card] - 1
        onto = [T0 + j for j in range(7) if up[j] and up[j][-1] in (card, twin)]
        if owed & _TAKEN_BACK:
            below = F0 + SUIT[card]
        stocked = bool(owed & _DRAWN)
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
        if not restricted:
            for macro in flights:
                scored.append((40 - len(macro), macro))
    at_hand = faceup  # cards that could be put somewhere next: face up, or the stock's stops
    for _, c in stops:
        at_hand |= 1 << c
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
                if restricted:
                    continue
                reveals = len(up[i]) == 1 and bool(down[i])
                scored.append(((90 if reveals else 60) - RANK[card], (code,)))
            elif restricted and target not in onto:
                count = code >> count_shift
                if stocked and count == len(up[i]) and not down[i] and follow and first_empty < 0:
                    # A run that empties a column, owed only with a King from the stock to
                    # fill it (a stock move: the card owed cannot wait past it).
                    emptying.append((code, source | _FROM_STOCK))
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
                    # now (docs/solver.md, "partial runs").
                    exposed = up[i][-count - 1]
                    if found[SUIT[exposed]] == RANK[exposed] - 1:
                        home = move_code(source, F0 + SUIT[exposed])
                        scored.append((65, (code, home)))
        elif restricted and target not in onto and source != below:
            continue
        else:  # a foundation card back onto a column
            card = _foundation_card(code, game)
            found[SUIT[card]] -= 1
            safe = safe_to_play_up(found, card)
            found[SUIT[card]] += 1
            # A safe card would only go back up; any other is worth taking back only for
            # a card that goes on it at once (docs/solver.md, "take-backs").
            if not safe and _can_follow(found, tops, at_hand, card):
                scored.append((0, (code,)))
    draw1_normal = mode.free_stock
    for draws, codes, card in stock_moves:
        steps = len(draws)
        if draw1_normal and codes[0] & mask < T0 and safe_to_play_up(found, card):
            # In Draw 1 Normal every stock card is as reachable as any other.
            return [(*draws, codes[0])]
        penalty = steps
        useful = -1  # not asked yet
        for code in codes:
            if code & mask < T0:
                # In Draw 1 Normal a card goes home from the stock only for the next card
                # of its suit to follow it (docs/solver.md).
                if (not restricted or stocked) and (
                    not draw1_normal or _next_can_follow(at_hand, card)
                ):
                    scored.append((55 - penalty, (*draws, code)))
            elif not restricted or stocked or code & mask in onto:
                # In Draw 1 Normal a card stays as reachable in the stock as anywhere: it
                # goes to a column only for a card to go on it (docs/solver.md).
                if useful < 0:
                    useful = int(not draw1_normal or _child_can_follow(found, at_hand, card))
                if useful:
                    scored.append((50 - penalty, (*draws, code)))
    for code, column in emptying:
        from_stock = bool(column & _FROM_STOCK)
        column &= mask
        game.push(code)
        for macro in children(game, truncation, mode, follow=False):
            if macro[-1] & mask == column and (  # a King into the emptied column
                not from_stock or (macro[-1] >> shift) & mask == WASTE
            ):
                scored.append((30, (code, *macro)))
        game.pop()
    scored.sort(key=lambda item: item[0])
    return [macro for _, macro in scored]


def obligation(game: Game, macro: Macro, mode: StockRules) -> int:
    """What the next macro must do after ``macro`` (just pushed), or 0 for nothing: after
    a card is taken back from a foundation onto a column, or played from the stock to a
    column, the next move puts a card on it, or, after a take-back, brings the card below
    it down too, or — where the stock's order matters (Draw 3, Vegas) — after a stock
    card, plays another stock card (docs/solver.md, "used at once"). The number names the
    card, ``card + 1``, plus :data:`_TAKEN_BACK` after a take-back or :data:`_DRAWN` after
    a stock card that may wait no longer than the next stock move."""
    if mode.engine_stock:
        return 0
    code = macro[-1]
    target = code & PILE_MASK
    if target < T0:
        return 0
    source = (code >> SOURCE_SHIFT) & PILE_MASK
    card = game.up[target - T0][-1]
    if source == WASTE:
        return card + 1 + (0 if mode.free_stock else _DRAWN)
    if F0 <= source < T0:
        return card + 1 + _TAKEN_BACK
    return 0


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


# PARENT_BITS[c]: the cards ``c`` may be put on, as bits (1 << card).
_PARENT_BITS: tuple[int, ...] = tuple(sum(1 << p for p in PARENTS[c]) for c in range(52))


def _can_follow(found: list[int], tops: int, at_hand: int, card: int) -> bool:
    """True if something could follow straight after ``card`` comes down from its
    foundation: a card that fits on it (a face-up column card, a waste card the stock can
    reach — together ``at_hand`` — or a foundation's top card) goes on it, or the card
    below it on the foundation comes down too (onto a column's top card: ``tops``)."""
    if RANK[card] == 1:
        return False
    if tops & _PARENT_BITS[card - 1]:
        return True
    return _child_can_follow(found, at_hand, card)


def _next_can_follow(at_hand: int, card: int) -> bool:
    """True if the next card of ``card``'s suit is in play: face up in a column (it may go
    home, or a partial run moved off it, next) or a card the stock can bring to the waste
    (``at_hand``, as bits)."""
    return RANK[card] != KING and bool(at_hand >> (card + 1) & 1)


def _child_can_follow(found: list[int], at_hand: int, card: int) -> bool:
    """True if a card that fits on ``card`` could be put on it next: a face-up column card
    or a waste card the stock can reach (``at_hand``, as bits), or a foundation's top
    card."""
    rank = RANK[card]
    follows = False  # (a loop, not any(): compiled, a generator costs more)
    for child in CHILDREN[card]:
        if found[SUIT[child]] == rank - 1 or at_hand >> child & 1:
            follows = True
            break
    return follows


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
