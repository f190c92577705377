"""What the player has seen of a game: its information set (docs/fair.md).

The player sees every face-up card and where it lies, how many cards lie face down in
each column, the waste and the foundations, and how many cards the stock holds. The stock's
order is known once the stock was turned over in a version that keeps its order (each of
its cards then lay face up on the waste, in that order); after a shuffled redeal the cards
of the stock are known, not their order. Every other card is *unseen*: it lies in one of the
face-down slots (or, before the first turn-over, the stock's), in an order the player
cannot know.

The information set is a plain JSON-able dict, derived from the game's public state alone.
Two games the player cannot tell apart have equal information sets, and everything the fair
player computes (`klondike.fair`) is a function of it and a seed.

>>> from klondike import Game
>>> info = information_set(Game.from_code("KL1-D1N-AAAAAAG"))
>>> info["stock"], info["tableau"][6]["down"], len(info["unseen"])
(24, 6, 45)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .cards import Card, parse_card

if TYPE_CHECKING:
    from .game import Game

InformationSet = dict[str, Any]
"""An information set: see the module docstring for its keys."""


def unseen_stock(game: Game, *, stock_known: bool = False) -> list[Card]:
    """The stock cards whose order the player has not seen, top last: the whole stock
    before its first turn-over and after a shuffled redeal; none once a stock that keeps
    its order has been turned over (each of its cards lay face up on the waste).

    The player knows which cards the stock holds (every card found nowhere else), only
    not, for these, in which order. With ``stock_known`` (lonelybot's rules, for the
    benches: the stock's order is known from the deal) none is unseen.

    >>> from klondike import Game
    >>> len(unseen_stock(Game.from_code("KL1-D1N-AAAAAAG")))
    24
    """
    if stock_known or (game.recycles and game.rules.recycle != "shuffle"):
        return []
    return game.stock[:]


def stock_order_known(game: Game) -> bool:
    """True if the player knows the stock's order (it was turned over, order kept)."""
    return not unseen_stock(game)


def stock_cards_known(game: Game) -> bool:
    """True if the player knows which cards the stock holds (it was turned over at least
    once: every one of its cards lay face up on the waste)."""
    return game.recycles > 0


def information_set(game: Game, *, stock_known: bool = False) -> InformationSet:
    """What the player of ``game`` has seen (the module docstring says what that is).
    With ``stock_known`` (lonelybot's rules, for the benches; never the game's own), the
    player knows the stock's order from the deal: the stock is always its cards in order
    and only the face-down cards are unseen.

    Keys: ``rules``, ``draw``, ``scoring``, ``score``, ``moves``, ``recycles``, ``won``;
    ``waste`` and ``foundations`` (card names, bottom first); ``tableau`` (each column's
    face-down count ``down`` and face-up cards ``up``); ``stock``, the stock's cards top
    last when their order is known, else their count; ``stock_cards``, the stock's cards
    (sorted) when they are known but not their order, else None; ``unseen``, the cards whose
    place the player does not know (sorted).
    """
    snapshot = game.snapshot()
    order_known = stock_known or stock_order_known(game)
    cards_known = stock_known or stock_cards_known(game)
    unseen = [name for column in snapshot["tableau"] for name in column["down"]]
    if not cards_known:
        unseen += snapshot["stock"]
    return {
        "rules": game.rules.key,
        "draw": game.draw,
        "scoring": game.scoring,
        "score": game.score,
        "moves": game.moves,
        "recycles": game.recycles,
        "won": game.won,
        "waste": list(snapshot["waste"]),
        "foundations": [list(pile) for pile in snapshot["foundations"]],
        "tableau": [
            {"down": len(column["down"]), "up": list(column["up"])}
            for column in snapshot["tableau"]
        ],
        "stock": list(snapshot["stock"]) if order_known else len(snapshot["stock"]),
        "stock_cards": sorted(snapshot["stock"], key=parse_card)
        if cards_known and not order_known
        else None,
        "unseen": sorted(unseen, key=parse_card),
    }


def information_key(info: InformationSet) -> str:
    """The information set as canonical text: equal for positions the player cannot tell
    apart, and a seed for what is computed from it."""
    return json.dumps(info, sort_keys=True, separators=(",", ":"))


COUNTERS = ("score", "moves", "recycles")
"""What an information set counts rather than shows of the cards' places."""


def position_key(info: InformationSet) -> str:
    """Where the cards lie as the player sees them, without the counters: the same when a
    player comes back to a position (after a pass through the stock, a move and its reverse)."""
    return information_key({k: v for k, v in info.items() if k not in COUNTERS})


def seen_key(game: Game, *, stock_known: bool = False) -> str:
    """`position_key` of what the player sees of ``game`` (``stock_known`` as for
    `information_set`)."""
    return position_key(information_set(game, stock_known=stock_known))
