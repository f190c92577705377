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
