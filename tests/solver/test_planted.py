"""One rule of the prunings at a time: small constructed positions whose win (or loss)
needs exactly what the rule allows (position.never_home; moves.children: partial runs,
empty columns, stock cards home in Draw 1 Normal). Each test catches a mistake planted in
its rule that the rest of the suite let through, or caught only through a broad net.
docs/solver.md, "Why each pruning is sound", explains each rule."""

from __future__ import annotations

from typing import Any

import pytest

from helpers.exhaustive import brute_force_winnable
from helpers.positions import position
from klondike import Game
from klondike.solver import solve
from klondike.solver.position import never_home

from .test_solver import replays_to_win


def spades_left(**kwargs: Any) -> Game:
    """Only spades in play: hearts, diamonds and clubs home up to their Kings."""
    return Game.from_snapshot(position(foundations={"H": 13, "D": 13, "C": 13}, **kwargs))


def test_a_foundation_top_that_cannot_come_down_keeps_the_cards_under_it_home() -> None:
    """J♠ lies on A♠ and fits only on a red Queen; both are home under their Kings, which
    come down only into an empty column, and no column can ever be emptied (the spades in
    the columns wait for A♠, K♠ has nowhere to go). So A♠ never goes home. K♠ is a
    column's top on which Q♥ would fit, but Q♥ comes down only after K♥. Catches a
    never_home that lets a foundation's top card come down with nothing to go on, or one
    card more than can come down (then Q♥ comes down onto K♠ and A♠ goes home)."""
    columns = ["AS | JS", "KS", "2S", "3S", "4S", "5S", "6S"]
    stuck = spades_left(tableau=columns, stock="7S 8S 9S TS QS")
    assert never_home(stuck) >= 0
    assert brute_force_winnable(stuck) is False
    # With an empty column (6♠ in the stock instead) K♥ comes down, Q♥ onto K♠, J♠ onto
    # Q♥, and A♠ goes home: nothing is stuck, and it is won.
    free = spades_left(tableau=[*columns[:-1], ""], stock="6S 7S 8S 9S TS QS")
    assert never_home(free) == -1
    s = solve(free)
    assert s.verdict == "winnable" and replays_to_win(free, s)


def test_a_partial_run_frees_a_card_that_goes_home_though_not_safely() -> None:
    """J♥ covers A♠ (and 10♦ under it) and carries 10♠, which cannot go home before A♠:
    the only way on is to move 10♠ onto J♦ (a part of J♥'s run) and send J♥ home with it
    in one macro. J♥ is not safe to play up (no spade is home), and the whole run J♥ 10♠
    has no black Queen to go on (Q♠ reaches a column only onto a red King, and no column
    can be emptied for one). Catches a partial-run rule that asks for a card safe to play
    up rather than one that can go home now, and one that forgets the joined move home
    (a lone partial move keeps the key: it is pruned as seen)."""
    game = Game.from_snapshot(
        position(
            tableau=["TD AS | JH TS", "JD", "2S", "3S", "4S", "5S", "6S"],
            foundations={"H": 10, "D": 9, "C": 13},
            stock="7S 8S 9S JS QS KS QH KH QD KD",
        )
    )
    assert never_home(game) == -1
    s = solve(game)
    assert s.verdict == "winnable" and replays_to_win(game, s)
    line = [str(m) for m in s.line]
    assert line[line.index("T1-T2") + 1] == "T1-F2"  # 10♠ onto J♦, J♥ home


@pytest.mark.parametrize(
    ("hidden", "stock", "clubs"),
    [
        pytest.param("KC", "KS", 12, id="king-from-the-stock"),
        pytest.param("KS", "", 13, id="king-from-a-foundation"),
    ],
)
def test_a_column_is_emptied_for_a_king_from_the_stock_or_a_foundation(
    hidden: str, stock: str, clubs: int
) -> None:
    """Q♥ lies on A♠ (J♥ and a black King face down under it) and can go only onto a
    black King: the other one is in the stock (K♠) or on top of its foundation (K♣). No
    column is empty, and only J♠ (alone in its column) can leave one, onto Q♥: that run
    is tried only joined with the King that fills the column next, here the one from the
    stock or the foundation; then Q♥ and J♠ go onto it and A♠ goes home. Catches an
    empty-column rule that joins the run only with a King from a column."""
    game = Game.from_snapshot(
        position(
            tableau=[f"{hidden} JH AS | QH", "2S", "3S", "4S", "5S", "6S", "JS"],
            foundations={"H": 10, "D": 13, "C": clubs},
            stock=f"7S 8S 9S TS QS {stock} KH",
        )
    )
    assert never_home(game) == -1
    s = solve(game)
    assert s.verdict == "winnable" and replays_to_win(game, s)
    assert "T7-T1" in [str(m) for m in s.line]  # J♠ onto Q♥, emptying its column


def test_a_stock_card_goes_home_in_draw_one_for_the_next_card_still_in_the_stock() -> None:
    """Draw 1 Normal: Q♥ covers 8♠ (and J♠, 9♠ and the four Kings under it) and can go
    only home (both black Kings are face down, and no King can fill an empty column): 10♥
    and J♥, both in the stock, must go home first. 10♥ is not safe to play up (8♠ is not
    home), so it goes home from the stock only for J♥ to follow it — and J♥ is a stock
    card, not a face-up column card. Catches the rule for a stock card home that counts
    only face-up column cards as the next card of its suit."""
    game = Game.from_snapshot(
        position(
            tableau=["KC KD KS KH JS 9S 8S | QH"],
            foundations={"S": 7, "H": 9, "D": 12, "C": 12},
            stock="TH JH TS QS",
            draw=1,
        )
    )
    assert never_home(game) == -1
    s = solve(game)
    assert s.verdict == "winnable" and replays_to_win(game, s)
