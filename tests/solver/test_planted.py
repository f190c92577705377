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
from klondike.cards import parse_card
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


def test_a_card_under_its_only_parents_never_moves() -> None:
    """J♠ lies face down under Q♦, over K♠, K♣ and 10♠ (the spades home up to 9♠): it
    can go only onto a red Queen, never home before 10♠. Q♦ is a column's top now, but
    above J♠: it leaves only home or onto a black King, both under J♠, and once home
    comes back down only onto one of them; Q♥ comes down from its foundation only onto
    one of them too. So J♠ never moves and 10♠ never goes home, though every card has a
    parent or a foundation at hand when the tops are taken as tops for ever (the rule
    before: Q♦ a top, J♠ onto it). Catches a never_home without "a parent above a card
    serves it only from elsewhere" (deal 32710300920's 4♠ under 5♦, docs/solver.md)."""
    game = Game.from_snapshot(
        position(
            tableau=["TS KC KS JS | QD"],
            foundations={"S": 9, "H": 13, "D": 11, "C": 12},
            stock="QS KD",
        )
    )
    assert never_home(game) == parse_card("TS")
    assert brute_force_winnable(game, limit=100_000) is False


@pytest.mark.parametrize(
    ("tableau", "foundations", "stock"),
    [
        pytest.param(
            "TS QH KS JS | QD",
            {"S": 9, "H": 11, "D": 11, "C": 12},
            "QS KD KC KH",
            id="moved",
        ),
        pytest.param(
            "JD TS KS JS | KC QD",
            {"S": 9, "H": 13, "D": 10, "C": 11},
            "QS KD QC",
            id="carried",
        ),
    ],
)
def test_a_parent_above_a_card_serves_it_once_it_has_left(
    tableau: str, foundations: dict[str, int], stock: str
) -> None:
    """Q♦ lies above J♠ in its column, and J♠ can go only onto it (10♠ lies under J♠, and
    Q♥ under it too, or home under K♥ with no black King to come down onto): J♠ moves once
    Q♦ has left for a column's top elsewhere — onto K♣ from the stock in an empty column
    ("moved"), or carried there by K♣, the card under it in its run, when Q♦ can neither
    go home (J♦ is face down at the bottom) nor onto a black King before ("carried"). Both
    are won. Catches a never_home that takes a parent above a card for no parent at all
    (both are called lost), or that lets it leave only as the lowest card of a move (then
    "carried" is)."""
    game = Game.from_snapshot(position(tableau=[tableau], foundations=foundations, stock=stock))
    assert never_home(game) == -1
    s = solve(game)
    assert s.verdict == "winnable" and replays_to_win(game, s)


@pytest.mark.parametrize("draw", [1, 3])
def test_the_search_asks_rule_seven_at_its_first_position(draw: int) -> None:
    """Deal 32710300920: 4♠ lies face down under 7♦ and 5♦, over 6♣, 6♠, 9♥ and 3♠ (the
    test above at full size). The search asks rule 7 at its first position, so the deal
    is lost at once, in either draw — the search without it took 1.41 million positions
    in Draw 1 to prove it (docs/solver.md, "Why the four deals are lost")."""
    game = Game(32710300920, draw, "normal")
    assert never_home(game) == parse_card("3S")
    assert never_home(game, parents_above=False) == -1
    s = solve(game, budget=5.0)
    assert s.verdict == "unwinnable" and s.states == 0
