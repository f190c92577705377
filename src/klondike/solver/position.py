"""The position key and dominance: when two positions of the search are the same.

:func:`position_key` names a position by what its future depends on (docs/solver.md, "the
key"); :func:`dominated` says when draws alone reach a position from one already seen
(Draw 3 without a pass limit); :class:`StockRules` is what a game's rule set means for
both and for the moves (:mod:`klondike.solver.moves`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..cards import RANK
from ..compiled import give_way_if_stale
from ..game import Game
from ..rules import Rules

# A position's key (position_key): numbers only.
Key = tuple[int, ...]


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
    first = ((columns[0] * 4096 + columns[1]) * 4096 + columns[2]) * 4096 + columns[3]
    rest = ((columns[4] * 4096 + columns[5]) * 4096 + columns[6]) * 65536 + (
        found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12
    )
    if mode is None:
        mode = stock_rules(game)
    if mode.ordered_redeal:
        # A shuffled redeal whose order matters: the stock, the waste and the pass count.
        return (visible, first, rest, game.recycles, len(game.waste), *game.stock, *game.waste)
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
    return (visible, first, rest, p)


def dominated(waste_lengths: dict[Key, list[int]], key: Key, draw: int) -> bool:
    """True if draws alone lead to the position of ``key`` from one already seen (then it
    has nothing new: docs/solver.md, "waste lengths"); else it is recorded as seen.

    ``key[-1]`` is 0 for the waste lengths that a multiple of ``draw`` (or the whole
    stock) gives — draws and recycles lead there from every length — and 60 + the length
    otherwise, which draws reach only from a shorter length by a multiple of ``draw``."""
    rest, p = key[:-1], key[-1]
    lengths = waste_lengths.get(rest)
    if lengths is None:
        waste_lengths[rest] = [p]
        return False
    if p == 0:
        return True  # (the same key is caught before: another length is seen)
    for q in lengths:
        if q and q < p and (p - q) % draw == 0:
            return True
    lengths.append(p)
    return False


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
