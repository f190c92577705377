"""The app's gestures: a tap, a double tap and a drag, each turned into one legal move; and
the safe cards that go home by themselves when the player chose so (:func:`safe_home`).

Policy of this app, not rules: which move a gesture means is chosen here, over the
engine's public surface (:meth:`Game.legal_codes`, :meth:`Game.code_of`,
:meth:`Game.play_code`); the rules and the refusals' reasons stay the engine's.

>>> from klondike import Game
>>> g = Game.from_code("KL1-D1N-AAAAAAG")
>>> tap(g, "S"), double_tap(g, "T5"), drag(g, "AH", "F1")
(Move('S', 'W'), Move('T5', 'T4'), Move('T7', 'F2'))
"""

from __future__ import annotations

from .cards import (
    F0,
    PILE_NAMES,
    RANK,
    STOCK,
    SUIT,
    T0,
    WASTE,
    Card,
    Move,
    Pile,
    count_of,
    move_code,
    pair_of,
    parse_card,
    parse_pile,
    pretty,
    safe_to_play_up,
    source_of,
    target_of,
)
from .errors import IllegalMove
from .game import Game
from .text import pile_words


def tap(game: Game, pile: object, card: object = None) -> Move | None:
    """Tap a pile: the stock draws (or recycles); a top card goes to its foundation.

    ``card``, if named, is the face-up card of the pile that was tapped: a card under
    others does nothing here (the app's rule; see :func:`tap_where_it_fits`). Returns the
    move played, or None when the tap does nothing.
    """
    source = parse_pile(pile)
    if card is not None:
        chosen = parse_card(card)
        if source == STOCK:
            raise IllegalMove("not_face_up", card=pretty(chosen))
        _check_card_in(game, source, chosen)
        if source >= T0 and game.up[source - T0][-1] != chosen:
            return None
    if game.won:
        return None
    if source == STOCK:
        want = [move_code(STOCK, WASTE, 0), move_code(WASTE, STOCK, 0)]
    elif source == WASTE or source >= T0:
        try:
            want = [move_code(source, F0 + SUIT[game.top_card(source)], 0)]
        except IllegalMove:
            return None
    else:
        return None
    for code in game.legal_codes():
        if pair_of(code) in want:
            return game.play_code(code)
    return None


def tap_where_it_fits(game: Game, pile: object, card: object = None) -> Move | None:
    """Tap a card with the setting "one tap moves a card where it fits" (Microsoft's and
    Google's way): its foundation first, then the column the double tap would choose. A
    card under others (``card`` named) moves with them, as its double tap does; the stock
    draws as ever. Returns the move played, or None.

    >>> from klondike import Game
    >>> g = Game.from_code("KL1-D1N-AAAAAAG")
    >>> tap(g, "T5"), tap_where_it_fits(g, "T5"), tap_where_it_fits(g, "T7")
    (None, Move('T5', 'T4'), Move('T7', 'F2'))
    """
    return double_tap(game, pile, card)


def double_tap(game: Game, pile: object, card: object = None) -> Move | None:
    """Double tap a card (the pile's top card unless ``card`` names a face-up one).

    A top card that can go to its foundation goes there; otherwise the card (with the
    cards on it) goes to the fitting column with the most cards, leftmost on ties,
    or a King to the leftmost empty column. Returns the move, or None.
    """
    source = parse_pile(pile)
    chosen = None if card is None else parse_card(card)
    if source == STOCK:
        if chosen is not None:
            raise IllegalMove("not_face_up", card=pretty(chosen))
        return tap(game, "S")
    if source < T0 and source != WASTE:
        if chosen is not None:
            _check_card_in(game, source, chosen)
        return None
    if chosen is not None:
        _check_card_in(game, source, chosen)
    if game.won:
        return None
    if source == WASTE:
        if not game.waste:
            return None
        moving = game.waste[-1]
    else:
        run = game.up[source - T0]
        if not run:
            return None
        moving = run[-1] if chosen is None else chosen
    pairs = {pair_of(code): code for code in game.legal_codes()}
    foundation = move_code(source, F0 + SUIT[moving], 0)
    top = game.waste[-1] if source == WASTE else game.up[source - T0][-1]
    if moving == top and foundation in pairs:
        return game.play_code(pairs[foundation])
    best, best_size, king_column = -1, -1, -1
    for j in range(7):
        code = pairs.get(move_code(source, T0 + j, 0))
        if code is None or (source >= T0 and game.up[source - T0][-count_of(code)] != moving):
            continue
        size = len(game.down[j]) + len(game.up[j])
        if size == 0:
            if king_column < 0:
                king_column = j
        elif size > best_size:
            best, best_size = j, size
    if best < 0:
        best = king_column
    if best < 0:
        return None
    return game.play_code(pairs[move_code(source, T0 + best, 0)])


def drag(game: Game, card: object, target: object) -> Move:
    """Drop a dragged card (with the cards on it) on a pile; any foundation means its own.

    Raises :class:`IllegalMove` with the reason when the drop is refused.
    """
    moving = parse_card(card)
    destination = parse_pile(target)
    if game.won:
        raise IllegalMove("game_won")
    source = _find_movable(game, moving)
    if destination == STOCK:  # not a recycle, even when the stock is empty
        raise IllegalMove("to_stock", card=pretty(moving))
    if destination == WASTE:
        raise IllegalMove("to_waste", card=pretty(moving))
    if F0 <= destination < T0:
        destination = F0 + SUIT[moving]
    move = f"{PILE_NAMES[source]}-{PILE_NAMES[destination]}"
    return game.play_code(game.code_of(move, card=moving))


def safe_home(game: Game) -> Move | None:
    """Play one card that may go home without losing a win (the engine's
    :func:`~klondike.cards.safe_to_play_up`): the waste's top card or a column's, the first
    such move in the engine's order. An ordinary move, scored and undone as any; None if
    there is no such card.

    >>> from klondike import Game
    >>> g = Game.from_code("KL1-D1N-AAAAAAG")
    >>> safe_home(g), safe_home(g), safe_home(g)
    (Move('T1', 'F3'), Move('T7', 'F2'), None)
    """
    for code in game.legal_codes():
        source, target = source_of(code), target_of(code)
        if not F0 <= target < T0 or not (source == WASTE or source >= T0):
            continue
        if safe_to_play_up(game.foundations, game.top_card(source)):
            return game.play_code(code)
    return None


def _check_card_in(game: Game, pile: Pile, chosen: Card) -> None:
    """Raise :class:`IllegalMove` unless ``chosen`` is a face-up card of ``pile``.

    The answer for a card that lies face down in ``pile`` is the same as for one that
    lies elsewhere, so no one learns where a hidden card is by asking.
    """
    if pile == WASTE:
        if chosen in game.waste:
            if game.waste[-1] != chosen:
                raise IllegalMove("not_top_waste", card=pretty(chosen))
            return
    elif pile >= T0:
        if chosen in game.up[pile - T0]:
            return
    elif pile != STOCK:
        height = game.foundations[pile - F0]
        if SUIT[chosen] == pile - F0 and RANK[chosen] <= height:
            if RANK[chosen] != height:
                raise IllegalMove("not_top_foundation", card=pretty(chosen))
            return
    raise IllegalMove("card_not_in_pile", card=pretty(chosen), pile=pile_words(pile))


def _find_movable(game: Game, moving: Card) -> Pile:
    """The pile a dragged card moves from; :class:`IllegalMove` if it cannot move."""
    if game.waste and game.waste[-1] == moving:
        return WASTE
    if moving in game.waste:
        raise IllegalMove("not_top_waste", card=pretty(moving))
    for i, run in enumerate(game.up):
        if moving in run:
            return T0 + i
    suit = SUIT[moving]
    height = game.foundations[suit]
    if RANK[moving] == height:
        return F0 + suit
    if RANK[moving] < height:
        raise IllegalMove("not_top_foundation", card=pretty(moving))
    raise IllegalMove("not_face_up", card=pretty(moving))
