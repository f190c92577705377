"""Every line of the Normal and Vegas scoring tables, the floor, and the won-game identities."""

from __future__ import annotations

import pytest

from helpers.positions import game, win_line
from klondike import Game
from klondike.text import dollars

# ----------------------------------------------------------------- Normal: each line


def test_normal_starts_at_zero() -> None:
    assert Game.from_code("KL1-D1N-AAAAAAG").score == 0
    assert Game.new(draw=3, scoring="normal").score == 0


def test_normal_waste_to_foundation_10() -> None:
    g = game(tableau=["5C"], waste="AH", score=7)
    g.play("W-F")
    assert g.score == 17


def test_normal_column_to_foundation_10() -> None:
    g = game(tableau=["2C AH"], score=7)
    g.play("T1-F")
    assert g.score == 17


def test_normal_waste_to_column_5() -> None:
    g = game(tableau=["8S"], waste="7H", score=7)
    g.play("W-T1")
    assert g.score == 12


def test_normal_turn_up_5_on_top_of_the_move() -> None:
    """Column to column, freeing a face-down card: 0 + 5."""
    g = game(tableau=["3C | 8H", "9S"], score=7)
    g.play("T1-T2")
    assert g.score == 12


def test_normal_turn_up_after_foundation_move_10_plus_5() -> None:
    g = game(tableau=["3C | AH"], score=7)
    g.play("T1-F")
    assert g.score == 22


def test_normal_recycle_minus_100() -> None:
    g = game(tableau=["5H"], waste="AC 2C", rest="T1", score=250)
    g.play("W-S")
    assert g.score == 150


def test_normal_column_to_column_0() -> None:
    g = game(tableau=["| 9H 8S", "TC"], score=7)
    g.play("T1-T2")
    assert g.score == 7


def test_normal_take_back_from_foundation_0() -> None:
    g = game(tableau=["4D"], foundations={"S": 3}, score=30)
    g.play("F1-T1")
    assert g.score == 30


def test_normal_draw_0() -> None:
    g = game(tableau=["5H"], stock="AC", score=7)
    g.play("S-W")
    assert g.score == 7


def test_normal_take_back_then_up_again_scores_again() -> None:
    """The seed says so: putting a taken-back card up again scores again."""
    g = game(tableau=["4D"], foundations={"S": 3}, score=30)
    g.play("F1-T1")
    g.play("T1-F1")
    assert g.score == 40
    g.play("F1-T1")
    g.play("T1-F1")
    assert g.score == 50


# ----------------------------------------------------------------- Normal: the floor


def test_normal_floor_recycle_at_30_leaves_0_and_undo_restores_30() -> None:
    g = game(tableau=["5H"], waste="AC 2C", rest="T1", score=30)
    g.play("W-S")
    assert g.score == 0
    g.undo()
    assert g.score == 30


def test_normal_floor_recycle_at_0_stays_0() -> None:
    g = game(tableau=["5H"], waste="AC", rest="T1")
    g.play("W-S")
    assert g.score == 0
    g.play("S-W")
    g.play("W-S")
    assert g.score == 0
    g.undo()
    g.undo()
    g.undo()
    assert g.score == 0


def test_normal_recycle_at_100_leaves_0() -> None:
    g = game(tableau=["5H"], waste="AC", rest="T1", score=100)
    g.play("W-S")
    assert g.score == 0


def test_normal_recycle_at_101_leaves_1() -> None:
    g = game(tableau=["5H"], waste="AC", rest="T1", score=101)
    g.play("W-S")
    assert g.score == 1


# ----------------------------------------------------------------- Vegas


def test_vegas_starts_at_minus_52() -> None:
    assert Game.from_code("KL1-D1V-AAAAAAG").score == -52
    assert Game.new(draw=3, scoring="vegas").score == -52


@pytest.mark.parametrize("tableau,waste,move", [(["5C"], "AH", "W-F"), (["2C AH"], "", "T1-F")])
def test_vegas_plus_5_per_foundation_card(tableau: list[str], waste: str, move: str) -> None:
    g = game(tableau=tableau, waste=waste, scoring="vegas")
    g.play(move)
    assert g.score == -47


@pytest.mark.parametrize(
    "tableau,waste,move",
    [
        (["8S"], "7H", "W-T1"),  # waste to column
        (["3C | 8H", "9S"], "", "T1-T2"),  # column to column, turning a card: 0 too
        (["| 9H 8S", "TC"], "", "T1-T2"),  # column to column
    ],
)
def test_vegas_everything_else_0(tableau: list[str], waste: str, move: str) -> None:
    g = game(tableau=tableau, waste=waste, scoring="vegas")
    g.play(move)
    assert g.score == -52


def test_vegas_turn_up_after_foundation_move_only_5() -> None:
    g = game(tableau=["3C | AH"], scoring="vegas")
    g.play("T1-F")
    assert g.score == -47


def test_vegas_draw_0() -> None:
    g = game(tableau=["5H"], stock="AC", scoring="vegas")
    g.play("S-W")
    assert g.score == -52


def test_vegas_take_back_0_and_up_again_scores_again() -> None:
    g = game(tableau=["4D"], foundations={"S": 3}, scoring="vegas", score=-37)
    g.play("F1-T1")
    assert g.score == -37
    g.play("T1-F1")
    assert g.score == -32


def test_vegas_no_floor() -> None:
    """Negative while at most 10 cards are home; positive with the 11th."""
    g = game(tableau=["JS"], foundations={"S": 10}, scoring="vegas", score=-52 + 50)
    assert g.score == -2
    g.play("T1-F")
    assert g.score == 3


def test_vegas_dollars() -> None:
    assert dollars(208) == "+$208"
    assert dollars(0) == "$0"
    assert dollars(-52) == "-$52"
    assert "-$52" in str(Game.from_code("KL1-D1V-AAAAAAG"))


def test_vegas_won_game_from_one_card_ends_at_plus_208() -> None:
    g = game(tableau=["KC"], foundations=[13, 13, 13, 12], scoring="vegas", score=203)
    g.play("T1-F")
    assert g.won and g.score == 208


def test_undo_takes_back_the_points() -> None:
    g = game(tableau=["3C | AH", "8S"], waste="7D", score=0)
    g.play("T1-F")
    g.play("W-T2")
    assert g.score == 20
    g.undo()
    assert g.score == 15
    g.undo()
    assert g.score == 0


# ----------------------------------------------------------------- won games from the deal

# Deals the search below wins within its budget (found once with the same search).
WINNABLE = [
    "KL1-D1N-AAAAAAC",
    "KL1-D1N-AAAAAAH",
    "KL1-D1N-AAAAAAK",
    "KL1-D3N-AAAAAAK",
    "KL1-D3N-AAAAAAQ",
    "KL1-D3N-AAAAAAW",
    "KL1-D1V-AAAAAAW",
    "KL1-D1V-AAAAACT",
]


@pytest.mark.parametrize("code", WINNABLE)
def test_won_game_from_the_deal_score_identity(code: str) -> None:
    """Normal: 625 + 5 x (waste to column) - what the recycles cost. Vegas: +208."""
    line = win_line(Game.from_code(code))
    assert line is not None, f"no win found for {code}"
    g = Game.from_code(code)
    waste_to_column = recycle_cost = 0
    for text in line:
        before = g.score
        move = g.play(text)
        assert move.source[0] != "F", "a won line without take-backs"
        if move.source == "W" and move.target[0] == "T":
            waste_to_column += 1
        if str(move) == "W-S":
            recycle_cost += before - g.score
    assert g.won
    if g.scoring == "normal":
        assert g.score == 625 + 5 * waste_to_column - recycle_cost
    else:
        assert g.score == 208
        assert dollars(g.score) == "+$208"


def test_won_lines_exercise_every_term() -> None:
    """A line above has waste-to-column moves and recycles, some cut short by the floor."""
    g = Game.from_code("KL1-D3N-AAAAAAK")
    line = win_line(g)
    assert line is not None
    assert any(m.startswith("W-T") for m in line)
    costs = []
    for text in line:
        before = g.score
        g.play(text)
        if text == "W-S":
            costs.append(before - g.score)
    assert len(costs) >= 2
    assert any(cost < 100 for cost in costs)  # the floor at 0
