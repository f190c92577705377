"""Finish's line with the fewest turn-overs of the waste (so the fewest points lost)."""

from __future__ import annotations

import pytest

from helpers.positions import game
from klondike import Game, IllegalMove
from klondike.solver import finish_move

# Every card is face up and the stock is empty: the player has seen everything. Drawing and
# putting cards home turns the waste over once (6♠ lies under Q♠); Q♠ onto K♥ frees 6♠
# without a turn-over.
CHEAPER_WITH_A_COLUMN = {
    "tableau": ["KH", "7S", "8S", "9S", "TS", "JS", "KS"],
    "waste": "6S QS",
    "foundations": {"S": 5, "H": 12, "D": 13, "C": 13},
}


def turn_overs(moves: list[str]) -> int:
    return sum(1 for move in moves if move == "W-S")


def play_finish(g: Game) -> list[str]:
    """Finish played to the end, one move a request as the server plays it."""
    played = []
    while not g.won:
        assert g.can_finish()
        played.append(str(g.play(finish_move(g))))
    return played


def test_finish_takes_the_line_with_the_fewest_turn_overs() -> None:
    greedy = game(**CHEAPER_WITH_A_COLUMN)
    line = greedy.finish_line()
    assert line is not None and turn_overs([str(m) for m in line]) == 1
    for move in line:
        greedy.play(move)
    assert greedy.won
    cheapest = game(**CHEAPER_WITH_A_COLUMN)
    played = play_finish(cheapest)
    assert played[0] == "W-T1"  # Q♠ onto K♥
    assert turn_overs(played) == 0 and cheapest.recycles == 0
    assert cheapest.score > greedy.score  # Normal: a turn-over costs points


def test_while_some_stock_order_is_unseen_finish_draws_and_puts_home() -> None:
    """Before the first turn-over the stock's order is unseen: the move depends only on
    face-up cards (drawing and putting home), whatever a cheaper line would be."""
    g = game(
        tableau=["KH", "7S", "8S", "9S", "TS", "JS", "KS"],
        stock="6S QS",
        foundations={"S": 5, "H": 12, "D": 13, "C": 13},
    )
    assert g.unseen_stock() and g.can_finish()
    assert finish_move(g) == g.finish_move()


def test_without_a_cheaper_line_finish_is_the_engine_s() -> None:
    g = game(
        tableau=["7S", "8S", "9S", "TS", "JS", "QS", "KS"],
        waste="6S",
        foundations={"S": 5, "H": 13, "D": 13, "C": 13},
    )
    assert finish_move(g) == g.finish_move()
    assert turn_overs(play_finish(g)) == 0


def test_no_finish_is_refused_as_the_engine_refuses_it() -> None:
    """Every card seen, Draw 1 Vegas (one pass): 6♠ lies in the waste under Q♠, so drawing
    and putting cards home does not win (Q♠ onto K♥ would), and Finish says so with the
    engine's reason."""
    stuck = game(
        tableau=["KH", "7S", "8S", "9S", "TS", "JS", "KS"],
        waste="6S QS",
        foundations={"S": 5, "H": 12, "D": 13, "C": 13},
        scoring="vegas",
    )
    assert not stuck.unseen_stock() and stuck.finish_line() is None
    with pytest.raises(IllegalMove) as engine:
        stuck.finish_move()
    with pytest.raises(IllegalMove) as solver:
        finish_move(stuck)
    assert str(solver.value) == str(engine.value)
