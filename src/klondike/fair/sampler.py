"""Layouts consistent with an information set: every seen card where the player knows it
is, each unseen card in an unseen slot uniformly at random.

>>> import random
>>> from klondike import Game
>>> from klondike.information import information_set
>>> real = Game.from_code("KL1-D1N-AAAAAAG")
>>> other = sample(information_set(real), random.Random(1))
>>> information_set(other) == information_set(real)
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from klondike import Game
from klondike.codes import DEAL_COUNT, format_code
from klondike.information import InformationSet


def sample(info: InformationSet, rng: random.Random) -> Game:
    """One layout the player of ``info`` cannot tell from the real game.

    The unseen cards are shuffled into the unseen slots: the face-down slots of the
    columns, and the stock's while its cards are unseen; after a shuffled redeal the
    stock's known cards are shuffled among the stock's slots. The layout's deal number
    (which orders Classic's future redeals) is drawn from ``rng`` too, so nothing of the
    real deal remains.
    """
    unseen = list(info["unseen"])
    rng.shuffle(unseen)
    tableau = []
    for column in info["tableau"]:
        down = [unseen.pop() for _ in range(column["down"])]
        tableau.append({"down": down, "up": list(column["up"])})
    if isinstance(info["stock"], list):
        stock = list(info["stock"])
    elif info["stock_cards"] is not None:
        stock = list(info["stock_cards"])
        rng.shuffle(stock)
    else:
        stock = [unseen.pop() for _ in range(info["stock"])]
    assert not unseen, "the unseen cards fill the unseen slots exactly"
    deal = rng.randrange(DEAL_COUNT)
    return _layout(info, deal, stock, tableau)


def _layout(
    info: InformationSet, deal: int, stock: list[str], tableau: list[dict[str, list[str]]]
) -> Game:
    """The layout of ``info`` with these unseen cards in place."""
    return Game.from_snapshot(
        {
            "code": format_code(deal, info["draw"], info["scoring"], info["rules"]),
            "rules": info["rules"],
            "draw": info["draw"],
            "scoring": info["scoring"],
            "recycles": info["recycles"],
            "stock": stock,
            "waste": list(info["waste"]),
            "foundations": [list(pile) for pile in info["foundations"]],
            "tableau": tableau,
            "score": info["score"],
            "won": info["won"],
            "moves": info["moves"],
            "undos": 0,
            "history": [],
        }
    )


def layouts(info: InformationSet, count: int, seed: int) -> Iterator[Game]:
    """``count`` layouts of ``info``, the same for the same seed."""
    rng = random.Random(seed)
    for _ in range(count):
        yield sample(info, rng)


def coupled(info: InformationSet, index: int) -> Game:
    """Layout ``index`` of the layouts that stay the same from one position to the next
    (common random numbers). Each unseen slot has a name that does not change while it
    stays unseen (a column and its depth from the bottom; the stock's place from the
    bottom), and in turn, in a fixed order, takes the unseen card it likes best of those
    left, by a liking fixed by ``index``, the slot and the card alone. A move that turns up
    no card and shows no stock card leaves every layout as it was; one that does changes
    few slots: the one the card seen had taken, and those that wanted what it takes
    instead. A function of ``info`` and ``index`` only, like `sample`.

    >>> from klondike import Game
    >>> from klondike.information import information_set
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> before = coupled(information_set(game), 3)
    >>> _ = game.play("T1-F3")  # the ace of diamonds home: nothing new is seen
    >>> after = coupled(information_set(game), 3)
    >>> before.down == after.down
    True
    """
    left = set(info["unseen"])

    def take(slot: str, cards: set[str]) -> str:
        best = max(cards, key=lambda card: _liking(index, slot, card))
        cards.discard(best)
        return best

    tableau = []
    for j, column in enumerate(info["tableau"]):
        down = [take(f"T{j}:{k}", left) for k in range(column["down"])]
        tableau.append({"down": down, "up": list(column["up"])})
    if isinstance(info["stock"], list):
        stock = list(info["stock"])
    elif info["stock_cards"] is not None:
        known = set(info["stock_cards"])
        stock = [take(f"S:{k}", known) for k in range(len(info["stock_cards"]))]
    else:
        stock = [take(f"S:{k}", left) for k in range(info["stock"])]
    assert not left, "the unseen cards fill the unseen slots exactly"
    deal = int.from_bytes(_liking(index, "deal", "")[:8], "big") % DEAL_COUNT
    return _layout(info, deal, stock, tableau)


def _liking(index: int, slot: str, card: str) -> bytes:
    """How much slot ``slot`` of layout ``index`` likes ``card``: fixed, and unpredictable."""
    return hashlib.blake2b(f"{index}:{slot}:{card}".encode(), digest_size=8).digest()


def coupled_layouts(info: InformationSet, count: int) -> Iterator[Game]:
    """``count`` layouts of ``info`` that stay the same from one position to the next
    (`coupled`)."""
    for index in range(count):
        yield coupled(info, index)
