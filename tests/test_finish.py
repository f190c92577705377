"""Game.finish_line: the moves that play the rest home by drawing and putting cards up."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.positions import almost_won, game, position
from klondike import Game, IllegalMove


def play_out(g: Game) -> None:
    line = g.finish_line()
    assert line is not None
    before = g.snapshot()
    for move in line:
        g.play(move)
    assert g.won
    assert g.moves == before["moves"] + len(line)


def test_no_finish_while_a_card_lies_face_down() -> None:
    assert Game.from_code("KL1-D1N-AAAAAAG").finish_line() is None
    g = game(tableau=["1 | KC"], foundations={"S": 13, "H": 13, "D": 13})
    assert g.finish_line() is None


def test_last_king_home() -> None:
    g = almost_won()
    assert [str(m) for m in g.finish_line() or []] == ["T1-F4"]
    play_out(g)


def test_drawing_and_putting_up_wins_in_draw_3_and_leaves_the_game_alone() -> None:
    g = game(
        tableau=["KC", "KD QC", "JD"],
        foundations={"S": 13, "H": 13, "D": 9, "C": 9},
        stock="TD QD JC",
        waste="TC",
        draw=3,
    )
    before = g.snapshot()
    line = g.finish_line()
    assert line is not None and g.snapshot() == before  # worked out on a copy
    assert {str(m) for m in line} <= {"S-W", "W-S", "W-F3", "W-F4"} | {
        f"T{c}-F{f}" for c in range(1, 8) for f in range(1, 5)
    }
    play_out(g)


def test_vegas_single_pass_may_leave_no_finish() -> None:
    # Draw 1 Vegas: the stock has been gone through; the card needed lies under the waste top
    snapshot = position(
        tableau=["KC", "KD"],
        foundations={"S": 13, "H": 13, "D": 11, "C": 11},
        waste="QD QC",
        scoring="vegas",
    )
    g = Game.from_snapshot(snapshot)
    assert g.finish_line() is not None  # Q♣ then Q♦ come off the waste in order
    stuck = Game.from_snapshot({**snapshot, "waste": ["QC", "QD"]} | {"stock": []})
    line = stuck.finish_line()
    assert line is not None  # Q♦ is on top: it goes first, then Q♣
    blocked = game(
        tableau=["KC", "KD"],
        foundations={"S": 13, "H": 13, "D": 10, "C": 11},
        waste="JD QD QC",
        scoring="vegas",
    )
    # Q♣ up, then Q♦ cannot (J♦ under it) and the waste cannot turn over in Vegas
    assert blocked.finish_line() is None


def test_no_finish_for_a_won_game() -> None:
    g = almost_won()
    g.play("T1-F4")
    assert g.won and g.finish_line() is None


# ------------------------------------------------------------ the offer: what the player saw

# Draw 3 with three Jacks and a Queen left: whether drawing and putting up wins depends on
# the order of the three stock cards (only the waste's top card can go home).
LAST_CARDS: dict[str, Any] = {
    "tableau": ["KC", "KD QC"],
    "foundations": {"S": 13, "H": 13, "D": 10, "C": 10},
}
ORDERS = [" ".join(order) for order in itertools.permutations(["JD", "QD", "JC"])]


@pytest.mark.parametrize(
    ("rules", "scoring"), [("app", "normal"), ("app", "vegas"), ("solitaer", "none")]
)
def test_finish_is_offered_alike_for_stock_orders_the_player_cannot_tell_apart(
    rules: str, scoring: str
) -> None:
    games = [
        game(**LAST_CARDS, stock=order, draw=3, scoring=scoring, rules=rules) for order in ORDERS
    ]
    wins = {g.finish_line() is not None for g in games}
    assert wins == {True, False}, "the full-information line depends on the order"
    assert all(g.unseen_stock() for g in games)
    assert {g.can_finish() for g in games} == {False}  # the same for every order


# Once turned over, the App's stock keeps its order and the player has seen it. The last
# stock card is drawn first and ends under the other two, so one draw of the three lays
# them on the waste with the first card written on top, the last at the bottom; a turn-over
# and a draw lay what is left the same way again. So the waste gives its cards in the order
# written, and only the top one can go home. On the table Q♣ (needs J♣) covers K♦ (needs
# Q♦ and Q♣ gone); K♣ needs Q♣. Finish wins exactly where J♦ comes before Q♦; J♣'s place
# does not matter, as it only frees Q♣, K♣ and K♦ (which waits for Q♦ as well):
FINISHES_BY_ORDER = {
    "JD QD JC": True,  # J♦, Q♦, J♣ up from the waste; then Q♣, K♣, K♦
    "JD JC QD": True,  # J♦, J♣, then Q♣ and K♣; Q♦ from the waste, then K♦
    "JC JD QD": True,  # J♣, then Q♣ and K♣; J♦, Q♦, then K♦
    "JC QD JD": False,  # J♣, Q♣, K♣ go up; Q♦ then lies on J♦, and K♦ waits for Q♦
    "QD JD JC": False,  # Q♦ on top needs J♦, under it; nothing on the table goes up
    "QD JC JD": False,  # the same: Q♦ on top, J♣ and J♦ under it
}


def test_finish_is_offered_once_the_ordered_stock_has_been_turned_over() -> None:
    assert sorted(FINISHES_BY_ORDER) == sorted(ORDERS)
    for order, finishes in FINISHES_BY_ORDER.items():
        seen = Game.from_snapshot(
            position(**LAST_CARDS, stock=order, draw=3) | {"recycles": 1, "score": 100}
        )
        assert seen.unseen_stock() == []
        assert seen.can_finish() is finishes, order
        assert (seen.finish_line() is not None) is finishes, order


def test_a_shuffled_redeal_hides_the_order_again() -> None:
    for order in ORDERS:
        classic = Game.from_snapshot(
            position(**LAST_CARDS, stock=order, draw=3, rules="classic") | {"recycles": 1}
        )
        assert classic.unseen_stock() == classic.stock
        assert not classic.can_finish()


# Draw 1 Vegas, one pass: J♣ Q♣ K♣ left in the stock, K♠ alone on a column. Drawn Q♣, K♣,
# J♣ (in that order), K♣ covers Q♣ on the waste once J♣ has gone home; any other order
# plays out.
CLUBS_LEFT: dict[str, Any] = {
    "tableau": ["KS"],
    "foundations": {"S": 12, "H": 13, "D": 13, "C": 10},
}
CLUB_ORDERS = [" ".join(order) for order in itertools.permutations(["JC", "QC", "KC"])]


def test_draw_one_vegas_finishes_only_where_every_order_of_its_one_pass_wins() -> None:
    """Draw 1 finishes whatever the order only without a pass limit: in Vegas the one
    pass may bury a card, so Finish waits until the stock is seen."""
    games = [game(**CLUBS_LEFT, stock=order, scoring="vegas") for order in CLUB_ORDERS]
    assert {g.finish_line() is not None for g in games} == {True, False}
    assert all(g.unseen_stock() for g in games)
    assert {g.can_finish() for g in games} == {False}


def test_the_orders_of_classics_redeals_to_come_are_as_unseen_as_the_stocks() -> None:
    """Classic Draw 3 with J♠ Q♠ K♠ left in the stock: whether drawing and putting up wins
    depends on the order of each shuffled redeal to come, which the deal number fixes and
    the player cannot see. Finish is offered alike whatever the deal number."""
    offers = {
        deal: game(
            foundations={"S": 10, "H": 13, "D": 13, "C": 13},
            stock="QS KS JS",
            draw=3,
            rules="classic",
            deal=deal,
        ).can_finish()
        for deal in range(12)
    }
    assert set(offers.values()) == {False}, offers


def test_finish_is_offered_when_every_order_of_the_unseen_stock_wins() -> None:
    # Two Jacks that can both go home: whichever lies on top goes first.
    for order in ("JD JC", "JC JD"):
        g = game(
            tableau=["KC QD", "KD QC"],
            foundations={"S": 13, "H": 13, "D": 10, "C": 10},
            stock=order,
            draw=3,
        )
        assert g.can_finish()
        assert str(g.finish_move()) == "S-W"  # the same first move whatever the order
        while not g.won:
            g.play(g.finish_move())
        assert g.won


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.permutations(["TD", "JD", "QD", "TC", "JC", "QC", "9C"]))
def test_draw_one_without_a_pass_limit_always_finishes(order: list[str]) -> None:
    g = game(
        tableau=["KC", "KD"],
        foundations={"S": 13, "H": 13, "D": 9, "C": 8},
        stock=" ".join(order),
    )
    assert g.unseen_stock() and g.can_finish()


def test_finish_move_refuses_without_a_finish() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    before = g.snapshot()
    with pytest.raises(IllegalMove) as refused:
        g.finish_move()
    assert refused.value.reason == "no_finish"
    assert g.snapshot() == before
