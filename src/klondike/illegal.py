"""Why a move is refused: the :class:`~klondike.errors.IllegalMove` (its reason and the
params that fill its message) for a move that is not legal now, naming the card moved.

:meth:`Game.code_of` decides what is legal (from :meth:`Game.legal_codes`) and asks here
only once a move is refused; the messages themselves are :data:`klondike.errors.MESSAGES`.

>>> from klondike import Game
>>> from klondike.cards import parse_pile
>>> why_illegal(Game.from_code("KL1-D1N-AAAAAAG"), parse_pile("T3"), parse_pile("T2"), None)
IllegalMove('no face-up card of column 3 goes on J♣: only a red 10 goes on it')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CHILDREN, F0, KING, RANK, RED, STOCK, SUIT, T0, WASTE, Card, Pile, card, pretty
from .errors import IllegalMove

if TYPE_CHECKING:
    from .game import Game


def why_illegal(game: Game, source: Pile, target: Pile, dragged: Card | None) -> IllegalMove:
    """The reason the move ``source-target`` is not legal in ``game`` now, naming the card
    moved: ``dragged`` (a face-up card of the source), else the source's top card, or for a
    column the card the move would take."""
    if game.won:
        return IllegalMove("game_won")
    if source == target:
        return IllegalMove("same_pile")
    if source == STOCK:
        if target != WASTE:
            return IllegalMove("stock_only_to_waste")
        return IllegalMove("stock_empty")
    if target == STOCK and source == WASTE:
        if not game.can_recycle:
            return IllegalMove("vegas_one_pass")
        if game.stock:
            return IllegalMove("recycle_stock_not_empty")
        return IllegalMove("waste_empty")
    try:
        top = game.top_card(source)
    except IllegalMove as err:
        return err
    moving = top if dragged is None else dragged
    if target == STOCK:
        return IllegalMove("to_stock", card=pretty(moving))
    if target == WASTE:
        return IllegalMove("to_waste", card=pretty(moving))
    if target < T0:
        if source < T0 and source != WASTE:
            return IllegalMove("foundation_to_foundation", card=pretty(moving))
        if moving != top:
            return IllegalMove("not_top_for_foundation", card=pretty(moving))
        return why_not_foundation(game, moving, target)
    if F0 <= source < T0 and game.foundations[source - F0] <= game.rules.fixed_height:
        reason = "ace_stays" if game.rules.take_back else "no_take_back"
        return IllegalMove(reason, card=pretty(moving))
    column = game.up[target - T0]
    if not column:
        if source >= T0 and dragged is None:
            moving = game.up[source - T0][0]  # only a whole run goes into an empty column
        if RANK[moving] != KING:
            return IllegalMove("king_only", card=pretty(moving))
        return IllegalMove("king_at_bottom", card=pretty(moving), column=source - T0 + 1)
    under = column[-1]
    if RANK[under] == 1:
        return IllegalMove("nothing_on_ace", card=pretty(moving), target=pretty(under))
    fitting = CHILDREN[under][0]  # a card of the other colour, one rank lower
    wanted = {"colour": "red" if RED[fitting] else "black", "rank": pretty(fitting)[:-1]}
    if source >= T0 and dragged is None:
        number = source - T0 + 1
        return IllegalMove("no_card_fits", column=number, target=pretty(under), **wanted)
    return IllegalMove("does_not_fit", card=pretty(moving), target=pretty(under), **wanted)


def why_not_foundation(game: Game, moving: Card, target: Pile) -> IllegalMove:
    """The reason ``moving`` cannot go on foundation ``target`` in ``game`` now."""
    suit = SUIT[moving]
    if target - F0 != suit:
        return IllegalMove("wrong_foundation", card=pretty(moving), foundation=suit + 1)
    needed = card(suit, game.foundations[suit] + 1)  # the card the foundation takes next
    return IllegalMove("foundation_needs", card=pretty(moving), needed=pretty(needed))
