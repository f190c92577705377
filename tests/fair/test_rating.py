"""`rate`: a deal's difficulty is the share of independent fair plays that win it, the same
for anyone who knows the code."""

from __future__ import annotations

import pytest

from helpers.positions import position
from klondike import Game
from klondike.fair import rate


def test_an_open_position_wins_every_play_and_a_lost_one_none() -> None:
    won = Game.from_snapshot(
        position(tableau=["KS", "QS", "JS", "TS"], foundations=[9, 13, 13, 13], stock="", waste="")
    )
    lost = Game.from_snapshot(
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        )
    )
    assert (rate(won, plays=3).wins, rate(lost, plays=3, samples=4).wins) == (3, 0)
    assert rate(won, plays=3).low > 0.4 and rate(lost, plays=3, samples=4).high < 0.6


def test_the_same_position_gets_the_same_rating() -> None:
    snapshot = position(
        tableau=["9S TS | KS", "QS", "JS"], foundations=[8, 13, 13, 13], stock="", waste=""
    )
    first = rate(Game.from_snapshot(snapshot), plays=2, samples=3)
    again = rate(Game.from_snapshot(snapshot), plays=2, samples=3)
    assert (first.wins, first.plays) == (again.wins, again.plays) == (2, 2)


def test_a_rating_needs_a_play() -> None:
    with pytest.raises(ValueError, match="at least one play"):
        rate(Game.from_code("KL1-D1N-AAAAAAG"), plays=0)
