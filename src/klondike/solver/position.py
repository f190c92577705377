"""The position key and dominance: when two positions of the search are the same, and
when one is lost.

:func:`position_key` names a position by what its future depends on (docs/solver.md, "the
key"); :func:`dominated` says when draws alone reach a position from one already seen
(Draw 3 without a pass limit); :func:`never_home` finds a card that can never go home
(the position is lost); :class:`StockRules` is what a game's rule set means for the key
and for the moves (:mod:`klondike.solver.moves`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from ..cards import F0, KING_BITS, PARENT_BITS, RANK, T0, source_of, target_of
from ..compiled import give_way_if_stale
from ..game import Game
from ..rules import Rules

Key = int
"""A position's key (`position_key`): one number, so that a position kept costs little
memory (docs/solver.md, "Bounded whatever the position")."""

# The fields of a key, from its lowest bit: the face-up column cards (52 bits), two groups
# of columns (52 bits each: the second holds the foundations too), then the stock's part.
_COLUMNS_AT: Final = 52
_REST_AT: Final = 104
STOCK_AT: Final = 156
"""The bit where a key's stock part (`stock_part`) begins; below it, the rest of the key."""
_COLUMNS_WIDTH: Final = _REST_AT - _COLUMNS_AT
_REST_WIDTH: Final = STOCK_AT - _REST_AT
_REST_MASK: Final = (1 << STOCK_AT) - 1
# A shuffled Draw 3 redeal: the stock and the waste's cards (6 bits each, a card + 1),
# their count and the waste's length, then the turn-overs made.
_ORDER_AT: Final = STOCK_AT + 12
_RECYCLES_AT: Final = _ORDER_AT + 6 * 52


@dataclass(frozen=True, slots=True)
class StockRules:
    """What a game's rule set means for the search (see docs/solver.md, "rule sets").

    - ``limited``: a pass limit applies, so the recycles made are part of the position.
    - ``engine_stock``: the stock is followed by pushing the engine's own draws and
      recycles (a shuffled redeal, or Aces that fly by themselves), not by arithmetic.
    - ``free_stock``: Draw 1 without a pass limit: every stock and waste card can be
      brought to the waste's top at any time without changing anything else.
    - ``ordered_redeal``: the redeal is shuffled and its order matters (Draw 3): the stock,
      the waste and the pass are all part of the position, and the search looks one
      redeal ahead only (so it cannot prove a loss by itself).
    """

    limited: bool
    engine_stock: bool
    free_stock: bool
    ordered_redeal: bool
    auto_aces: bool
    shuffle: bool


def stock_rules(game: Game) -> StockRules:
    """The search's :class:`StockRules` for ``game``'s rules, draw and scoring."""
    return _stock_rules(game.rules, game.draw, game.scoring)


@functools.cache
def _stock_rules(rules: Rules, draw: int, scoring: str) -> StockRules:
    limited = rules.pass_limit(scoring) is not None
    shuffle = rules.recycle == "shuffle"
    return StockRules(
        limited=limited,
        engine_stock=shuffle or rules.auto_aces,
        free_stock=draw == 1 and not limited,
        ordered_redeal=shuffle and draw > 1,
        auto_aces=rules.auto_aces,
        shuffle=shuffle,
    )


def position_key(game: Game, mode: StockRules | None = None) -> Key:
    """A key equal for positions with the same future (see docs/solver.md).

    Columns are taken in any order (a column is its face-down pile, named by its top card,
    and the bottom card of its face-up run); of the other face-up column cards only the
    set counts, not which of two twins each lies on (docs/solver.md, "twins"). The stock
    and waste hold the cards found nowhere else, always in the same cyclic order, so only
    the waste's length counts, and only as far as draws and recycles cannot reach one
    position from the other.
    """
    down, up, found = game.down, game.up, game.foundations
    # Each column as one number below 53 * 53: its face-down top (52: none) and its
    # bottom face-up card (52: none); the set of face-up cards as bits.
    columns: list[int] = []
    visible = 0
    for i in range(7):
        pile, run = down[i], up[i]
        columns.append((pile[-1] if pile else 52) * 53 + (run[0] if run else 52))
        for c in run:
            visible |= 1 << c
    columns.sort()
    first = ((columns[0] << 12 | columns[1]) << 12 | columns[2]) << 12 | columns[3]
    rest = ((columns[4] << 12 | columns[5]) << 12 | columns[6]) << 16 | (
        found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12
    )
    if mode is None:
        mode = stock_rules(game)
    if mode.ordered_redeal:
        table = visible | first << _COLUMNS_AT | rest << _REST_AT
        # A shuffled redeal whose order matters: the stock, the waste and the pass count.
        order = 0
        for c in game.stock:
            order = order << 6 | (c + 1)
        for c in game.waste:
            order = order << 6 | (c + 1)
        count = len(game.stock) + len(game.waste)
        return (
            table
            | (count << 6 | len(game.waste)) << STOCK_AT
            | order << _ORDER_AT
            | game.recycles << _RECYCLES_AT
        )
    p = len(game.waste)
    if mode.free_stock and mode.engine_stock:
        p = 0  # Draw 1, no pass limit: the order of the stock changes nothing
    elif mode.limited:
        p += 100 * (game.recycles + 1)  # the passes left count
    elif (p % game.draw == 0 or not game.stock) and not (
        mode.auto_aces and any(RANK[c] == 1 for c in (*game.stock, *game.waste))
    ):
        p = 0  # every such waste length is reachable from every other one
    else:
        p += 60
    # (as ``visible | first << _COLUMNS_AT | rest << _REST_AT | p << STOCK_AT``, with the
    # fewest operations on numbers past 63 bits)
    return ((p << _REST_WIDTH | rest) << _COLUMNS_WIDTH | first) << _COLUMNS_AT | visible


def stock_part(key: Key) -> int:
    """The stock's part of a key (not a shuffled redeal's): 0 for the waste lengths every
    other one reaches by draws and recycles, 60 + the waste's length for the others, and
    100 × the passes left + the waste's length with a pass limit."""
    return key >> STOCK_AT


def place(game: Game) -> tuple[object, ...]:
    """Where every card lies, and the turn-overs made: equal for the same position exactly
    (no two positions alike share it, unlike :func:`position_key`)."""
    return (
        tuple(game.stock),
        tuple(game.waste),
        tuple(game.foundations),
        tuple(tuple(pile) for pile in game.down),
        tuple(tuple(run) for run in game.up),
        game.recycles,
    )


_SEVERAL: Final = 1 << 32
"""A waste-length record above it holds several stock parts as bits (`dominated`)."""


def dominated(waste_lengths: dict[Key, int], key: Key, draw: int) -> bool:
    """True if ``key``'s position was seen, or draws alone lead to it from one seen (then
    it has nothing new: docs/solver.md, "waste lengths"); else it is recorded as seen.

    ``waste_lengths`` holds, for the rest of each key seen (below `STOCK_AT`), the stock
    parts seen with it: the one part itself while there is one (a small number, which
    costs no memory of its own), else `_SEVERAL` plus the parts as bits (bit 0: part 0;
    bit ``1 + n``: part ``60 + n``). Part 0 is the waste lengths that a multiple of
    ``draw`` (or the whole stock) gives — draws and recycles lead there from every length
    — and ``60 + n`` a length ``n`` otherwise, which draws reach only from a shorter length
    by a multiple of ``draw``."""
    rest, p = key & _REST_MASK, key >> STOCK_AT
    seen = waste_lengths.get(rest)
    if seen is None:
        waste_lengths[rest] = p
        return False
    if p == 0 or seen == p:
        return True  # seen, or another length seen leads here
    lengths = seen ^ _SEVERAL if seen >= _SEVERAL else _length_bit(seen)
    bit = _length_bit(p)
    if lengths & bit:
        return True
    q = p - draw
    while q >= 60:
        if lengths & _length_bit(q):
            return True
        q -= draw
    waste_lengths[rest] = _SEVERAL | lengths | bit
    return False


def _length_bit(p: int) -> int:
    """The bit of the stock part ``p`` (0, or 60 + a waste length) in `dominated`'s
    records."""
    return 1 if p == 0 else 2 << (p - 60)


# Cards as bits (1 << card), for never_home: a suit's 13 cards are 13 bits in a row.
_SUIT_BITS: Final = (1 << 13) - 1
_ALL_BITS: Final = (1 << 52) - 1
_ACES: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
_NONE: Final[list[int]] = []  # (never added to: no pairs, without rule 7)


def may_strand(game: Game) -> bool:
    """False if the last move was a card's going home, or coming back from home, that
    turned no card up and sent no Ace flying: the moves after which the search does not
    ask :func:`never_home` (it found no card there in 57 518 asks: docs/solver.md, "cards
    that can never go home"). Leaving it out is sound either way: a card it would have
    found is found after a later move."""
    if not game.history or (game.flights and game.flights[-1]):
        return True
    code, turned, _ = game.history[-1]
    return turned or not (F0 <= target_of(code) < T0 or F0 <= source_of(code) < T0)


def never_home(game: Game, parents_above: bool = True) -> int:
    """A card that can never go home from this position, whatever is played, or -1 if
    none is found: then the position is lost (docs/solver.md, "cards that can never go
    home"). Without ``parents_above`` it leaves out rule 7 (a parent that lies above a
    card serves it only once it has left its place), for the search's positions after
    its first, where it costs more than it saves (docs/solver.md, "Figures").

    Each card's futures are over-estimated by rules every line of play obeys: a column's
    card is uncovered only after the card right on it has moved off as the lowest card of
    a move; a card moves only onto a card that is then a column's top, a King only into a
    column that is then empty; a card goes home only after the card below it in its suit,
    and only from a column's top or the stock and waste; a card home comes back down
    only after the cards on it on its foundation; a column is empty only after its lowest
    card moved off; with no turn-over left (Vegas) a waste card is taken only after the
    card on it. The least sets of events these rules allow (grown until they
    no longer grow) hold every event of every line; a card they never send home never
    goes home.
    """
    down, up, found = game.down, game.up, game.foundations
    home = (  # cards that can go home (those home already first)
        (1 << found[0]) - 1
        | ((1 << found[1]) - 1) << 13
        | ((1 << found[2]) - 1) << 26
        | ((1 << found[3]) - 1) << 39
    )
    faceup = 0  # the face-up column cards
    hidden = 0  # the face-down ones
    shown = 0  # column cards that can be a column's top
    empty = False
    # The face-up cards another one lies on, as bits, by where the card under each lies
    # (a card of the other colour one rank up lies 14 or 27 bits above it, or 12 or 25
    # below): the cards under a set of them are four shifts. (``odd`` holds any other
    # pair, the upper card's bit then the lower's: none in a layout of legal moves.)
    up14 = up27 = down12 = down25 = 0
    odd: list[int] = []
    bare = 0  # the lowest card of each column with no face-down card
    gates: list[int] = []  # of each other column not known emptiable: its lowest card
    piles: list[list[int]] = []  # uncovered, its face-down cards,
    depths: list[int] = []  # and how many of them are still covered
    # A card goes onto a card that lies above it in its column only once that card has
    # left its place: ``blocked`` holds such cards in threes (the card's bit, the bits of
    # all its parents, of those above it); ``carried`` in pairs a face-up parent's bit and
    # the bits of its run's cards under it (it leaves with them).
    blocked = [] if parents_above else _NONE
    carried = [] if parents_above else _NONE
    lifters = 0  # the parents above a card of theirs, as bits
    for i in range(7):
        run = up[i]
        if not run:
            empty = True
            continue
        upper = run[-1]
        shown |= 1 << upper
        faceup |= 1 << upper
        above = 1 << upper  # the column's cards above the one walked
        lifted = 0  # of them, the parents of a card under them
        for j in range(len(run) - 2, -1, -1):
            lower = run[j]
            faceup |= 1 << lower
            if parents_above:
                parents = PARENT_BITS[lower] & above  # (none in a layout of legal moves)
                if parents:
                    blocked += (1 << lower, PARENT_BITS[lower], parents)
                    lifted |= parents
                above |= 1 << lower
            apart = lower - upper
            if apart == 14:
                up14 |= 1 << upper
            elif apart == -12:
                down12 |= 1 << upper
            elif apart == 27:
                up27 |= 1 << upper
            elif apart == -25:
                down25 |= 1 << upper
            else:
                odd += (1 << upper, 1 << lower)
            upper = lower
        pile = down[i]
        if parents_above:
            for k in range(len(pile) - 1, -1, -1):
                c = pile[k]
                hidden |= 1 << c
                parents = PARENT_BITS[c] & above
                if parents:
                    blocked += (1 << c, PARENT_BITS[c], parents)
                    lifted |= parents
                above |= 1 << c
        else:
            for c in pile:
                hidden |= 1 << c
        lifters |= lifted
        if lifted & faceup:  # a face-up one leaves with a card under it in its run
            under = 0
            for c in run:
                if lifted & 1 << c and under:
                    carried += (1 << c, under)
                under |= 1 << c
        if not pile:
            bare |= 1 << upper
            continue
        gates.append(1 << upper)
        piles.append(pile)
        depths.append(len(pile))
    gated = 0  # the gates, as bits
    for gate in gates:
        gated |= gate
    loose = _ALL_BITS & ~(home | faceup | hidden)  # the stock and the waste
    # With no turn-over of the waste left, a waste card is taken only once the cards on
    # it have been taken (draws only add more): the waste is a pile like a column's.
    waste = game.waste if not game.can_recycle else []
    stacked = 0  # the waste cards that can be its top
    for c in waste:
        loose &= ~(1 << c)
    if waste:
        stacked = 1 << waste[-1]
    below = len(waste) - 1  # the waste's lowest card that can be its top
    top = shown  # cards that can be a column's top (for a card to go on)
    leaves = 0  # column cards that can move off as the lowest card of a move
    reached = -1  # the cards ``home`` was grown from last
    away = 0  # column cards that can leave their place for a column's top elsewhere
    while True:
        # The cards with a parent that can be a column's top (a King: an empty column).
        red = ((top >> 13) | (top >> 26)) & _SUIT_BITS
        black = (top | (top >> 39)) & _SUIT_BITS
        red >>= 1
        black >>= 1
        placeable = red | red << 39 | black << 13 | black << 26
        if empty:
            placeable |= KING_BITS
        # A parent that lies above the card in its column is a top for it only elsewhere.
        if lifters & top & ~away:
            for j in range(0, len(blocked), 3):
                card = blocked[j]
                if placeable & card and not blocked[j + 1] & top & ~(blocked[j + 2] & ~away):
                    placeable ^= card
        reachable = loose | shown | stacked
        if reachable != reached:
            reached = reachable
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
        # Each walk down the waste or a column goes on where the round before stopped:
        # the sets only grow, so every card it passed then it would pass again.
        while below > 0 and (1 << waste[below]) & moved:
            below -= 1
            stacked |= 1 << waste[below]
            if (1 << waste[below]) & free:
                moved |= 1 << waste[below]
        # Up a run, a card is uncovered if the card on it moves off.
        uncovered |= (
            (moved & up14) << 14
            | (moved & up27) << 27
            | (moved & down12) >> 12
            | (moved & down25) >> 25
        )
        for j in range(0, len(odd), 2):
            if odd[j] & moved:
                uncovered |= odd[j + 1]
        # Down the face-down cards, each uncovered in turn moves off too if it can go
        # somewhere; a column is empty once its lowest card moves off.
        if bare & moved:
            empty = True
        if gated & moved:
            gated = 0
            for i in range(len(gates) - 1, -1, -1):
                gate, pile, k = gates[i], piles[i], depths[i]
                while k and gate & moved:
                    k -= 1
                    gate = 1 << pile[k]
                    uncovered |= gate
                    if gate & free:
                        moved |= gate
                if gate & moved:
                    empty = True
                    del gates[i], piles[i], depths[i]
                else:
                    gates[i] = gate
                    depths[i] = k
                    gated |= gate
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
        # A column card leaves its place for another column's top as the lowest card of a
        # move, or carried by a card under it in its run.
        gone = moved & placeable & lifters
        for j in range(0, len(carried), 2):
            if carried[j + 1] & moved:
                gone |= carried[j]
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


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
