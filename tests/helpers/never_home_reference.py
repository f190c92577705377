"""The round-by-round reading of `never_home`'s rules, the oracle its faster walk is
checked against (tests/solver/test_never_home.py): the same sets grown the same way, each
round walking every column and the waste from the top."""

from __future__ import annotations

from klondike import Game
from klondike.cards import PARENTS

_SUIT_BITS = (1 << 13) - 1
_ALL_BITS = (1 << 52) - 1
_ACES = 1 | 1 << 13 | 1 << 26 | 1 << 39
_KINGS = _ACES << 12


def never_home_walked(game: Game, parents_above: bool = True) -> int:
    """:func:`klondike.solver.position.never_home` read round by round: every round walks
    every column whole, from its top card down, and the waste from its top card. Without
    ``parents_above``, rule 7 is left out (a parent above a card serves it like any top:
    `never_home` before it), for the tests to see where it answers otherwise."""
    down, up, found = game.down, game.up, game.foundations
    home = 0  # cards that can go home (those home already first)
    for suit in range(4):
        home |= ((1 << found[suit]) - 1) << (13 * suit)
    faceup = 0  # the face-up column cards
    hidden = 0  # the face-down ones
    shown = 0  # column cards that can be a column's top
    empty = False
    for i in range(7):
        run = up[i]
        if not run:
            empty = True
            continue
        for c in run:
            faceup |= 1 << c
        shown |= 1 << run[-1]
        for c in down[i]:
            hidden |= 1 << c
    loose = _ALL_BITS & ~(home | faceup | hidden)  # the stock and the waste
    # With no turn-over of the waste left, a waste card is taken only once the cards on
    # it have been taken (draws only add more): the waste is a pile like a column's.
    waste = game.waste if not game.can_recycle else []
    stacked = 0  # the waste cards that can be its top
    for c in waste:
        loose &= ~(1 << c)
    if waste:
        stacked = 1 << waste[-1]
    top = shown  # cards that can be a column's top (for a card to go on)
    leaves = 0  # column cards that can move off as the lowest card of a move
    away = 0  # column cards that can leave their place for a column's top elsewhere
    while True:
        # The cards with a parent that can be a column's top (a King: an empty column).
        red = ((top >> 13) | (top >> 26)) & _SUIT_BITS
        black = (top | (top >> 39)) & _SUIT_BITS
        placeable = (red >> 1) | (red >> 1) << 39 | (black >> 1) << 13 | (black >> 1) << 26
        if empty:
            placeable |= _KINGS
        # A parent lying above a card in its column is a top for it only once it has left
        # its place: each column's cards, from the top down, against the cards above.
        for i in range(7 if parents_above else 0):
            column = [*down[i], *up[i]]
            for k, c in enumerate(column):
                if not (1 << c) & placeable or not PARENTS[c]:
                    continue
                if not any(
                    (1 << p) & top and (p not in column[k + 1 :] or (1 << p) & away)
                    for p in PARENTS[c]
                ):
                    placeable &= ~(1 << c)
        reachable = loose | shown | stacked
        while True:
            more = home | (reachable & (((home << 1) & ~_ACES) | _ACES))
            if more == home:
                break
            home = more
        if home == _ALL_BITS:
            return -1
        free = home | placeable
        moved = (faceup | shown | stacked) & free
        uncovered = shown
        taken = stacked
        j = len(waste) - 1
        while j > 0 and (1 << waste[j]) & moved:
            j -= 1
            stacked |= 1 << waste[j]
            if (1 << waste[j]) & free:
                moved |= 1 << waste[j]
        for i in range(7):
            # Up the run, a card is uncovered if the card on it moves off; down the
            # face-down cards, each uncovered in turn moves off too if it can go somewhere.
            run = up[i]
            if not run:
                continue
            upper = 1 << run[-1]
            for j in range(len(run) - 2, -1, -1):
                bit = 1 << run[j]
                if upper & moved:
                    uncovered |= bit
                upper = bit
            pile = down[i]
            k = len(pile) - 1
            while k >= 0 and upper & moved:
                bit = 1 << pile[k]
                uncovered |= bit
                if bit & free:
                    moved |= bit
                upper = bit
                k -= 1
            if k < 0 and upper & moved:
                empty = True
        # A card home now comes back down only after the cards on it on its foundation. (A
        # card that goes home later is a stock or waste card, or a column card that can be
        # a top, so ``uncovered``: it is in ``tops`` whatever ``back`` holds of it.)
        back = loose | stacked
        for suit in range(4):
            height = found[suit]
            while height and (1 << (13 * suit + height - 1)) & placeable:
                height -= 1
                back |= 1 << (13 * suit + height)
        tops = uncovered | (back & placeable)
        # A column card leaves its place as the lowest card of a move onto a column, or
        # carried along by a card under it in its face-up run that moves.
        gone = moved & placeable
        for i in range(7):
            for k, c in enumerate(up[i]):
                if any((1 << b) & moved for b in up[i][:k]):
                    gone |= 1 << c
        # (A column becomes emptiable only in a round that adds its lowest card to
        # ``moved``, so a round that changes nothing leaves no King without its column.)
        if (
            moved == leaves
            and stacked == taken
            and uncovered == shown
            and tops == top
            and gone == away
        ):
            break
        leaves, shown, top, away = moved, uncovered, tops, gone
    missing = _ALL_BITS & ~home
    if not missing:
        return -1
    return (missing & -missing).bit_length() - 1
