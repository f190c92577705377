"""The deal: a deal number decides the layout, forever.

The deck starts in card order (♠ A–K, ♥ A–K, ♦ A–K, ♣ A–K), is shuffled by a
Fisher–Yates shuffle driven by SplitMix64 seeded with the deal number, and is dealt as a
person deals: card by card from the top of the deck, row by row across the columns that
still need cards, the last card of each column face up; the other 24 cards form the
stock, the first of them on top. ``docs/deal.md`` gives the algorithm step by step.

>>> from klondike.cards import card_name
>>> stock, down, up = deal_layout(6)
>>> len(stock), [len(d) for d in down], [card_name(u[0]) for u in up][:2]
(24, [0, 1, 2, 3, 4, 5, 6], ['AD', 'JC'])
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import Card

MASK64 = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 (Steele, Lea, Flood 2014): an endless stream of 64-bit numbers."""
    state = seed & MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def _below(stream: Iterator[int], n: int) -> int:
    """A uniform number in ``0 … n-1``, rejecting draws from the uneven top of the range."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def shuffled_deck(deal: int) -> list[Card]:
    """The 52 cards of deal ``deal`` in dealing order (``deck[0]`` is dealt first)."""
    deck = list(range(52))
    stream = splitmix64(deal)
    for i in range(51, 0, -1):
        j = _below(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_layout(deal: int) -> tuple[list[Card], list[list[Card]], list[list[Card]]]:
    """``(stock, down, up)`` of a new game, every list bottom card first.

    Column ``i`` (0-based) gets ``i`` face-down cards and one face-up card; the last
    stock card is the next one drawn.
    """
    deck = shuffled_deck(deal)
    columns: list[list[Card]] = [[] for _ in range(7)]
    position = 0
    for row in range(7):
        for column in range(row, 7):
            columns[column].append(deck[position])
            position += 1
    stock = deck[position:][::-1]
    return stock, [c[:-1] for c in columns], [c[-1:] for c in columns]


def redeal_permutation(deal: int, redeal: int, size: int) -> list[int]:
    """Where each card of a shuffled redeal comes from (a version whose recycle shuffles).

    The ``redeal``-th turn-over of a ``size``-card waste (1 for the first) is the same
    Fisher–Yates shuffle as the deal's, driven by SplitMix64 seeded with
    ``redeal << 35 | deal``: ``new_stock[k] = old_stock[permutation[k]]``, where the old
    stock is the waste turned over. It depends on the deal, the redeal's number and the size
    only, so a code replays identically and a solver can know it.

    >>> redeal_permutation(6, 1, 4)
    [0, 3, 1, 2]
    """
    order = list(range(size))
    stream = splitmix64(redeal << 35 | deal)
    for i in range(size - 1, 0, -1):
        j = _below(stream, i + 1)
        order[i], order[j] = order[j], order[i]
    return order
