"""Undo: the last 100 actions, each restoring position and score exactly; refusals."""

from __future__ import annotations

import random

import pytest

from helpers.positions import game, position_of, refused, won_game
from klondike import Game, Move
from klondike.game import UNDO_LIMIT


def test_nothing_to_undo_on_a_new_game() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    assert not g.can_undo
    refused(g, g.undo, "nothing_to_undo")


def test_undo_on_a_won_game_refused() -> None:
    g = won_game()
    assert not g.can_undo
    refused(g, g.undo, "won_no_undo")


def test_undo_on_a_won_game_refused_vegas() -> None:
    g = won_game(scoring="vegas")
    assert g.score == -52 + 5
    refused(g, g.undo, "won_no_undo")


@pytest.mark.parametrize(
    "kwargs,move",
    [
        ({"tableau": ["5H"], "stock": "AC 2C"}, "S-W"),
        ({"tableau": ["5H"], "stock": "AC 2C 3C 4C", "draw": 3}, "S-W"),
        ({"tableau": ["5H"], "waste": "AC 2C", "rest": "T1", "score": 40}, "W-S"),
        ({"tableau": ["8S"], "waste": "7H"}, "W-T1"),
        ({"tableau": ["", "8S"], "waste": "KH"}, "W-T1"),
        ({"tableau": ["8S"], "waste": "AH"}, "W-F2"),
        ({"tableau": ["3C 4D | 8H", "9S"]}, "T1-T2"),
        ({"tableau": ["3C 4D | 9H 8S 7D", "TS"]}, "T1-T2"),
        ({"tableau": ["3C | KH QS", ""]}, "T1-T2"),
        ({"tableau": ["3C | AH"]}, "T1-F2"),
        ({"tableau": ["4D"], "foundations": {"S": 3}}, "F1-T1"),
        ({"tableau": ["", "4D"], "foundations": {"S": 13}}, "F1-T1"),
    ],
)
@pytest.mark.parametrize("scoring", ["normal", "vegas"])
def test_undo_restores_exactly(kwargs: dict[str, object], move: str, scoring: str) -> None:
    if scoring == "vegas" and move == "W-S":
        return  # no recycle in Vegas (tested in test_moves)
    g = game(scoring=scoring, **kwargs)
    before = g.snapshot()
    played = g.play(move)
    assert g.snapshot() != before
    assert g.undo() == played
    after = g.snapshot()
    assert after["undos"] == 1
    assert position_of(after) == position_of(before)
    assert after["history"] == before["history"]


def test_undo_counts_and_moves() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    g.play("S-W")
    g.play("S-W")
    assert g.moves == 2 and g.undos == 0
    assert g.undo() == Move("S", "W")
    assert g.moves == 1 and g.undos == 1
    assert g.can_undo


def test_the_turned_card_belongs_to_the_move() -> None:
    """One undo takes back the move and turns the freed card face down again."""
    g = game(tableau=["3C 4D | 8H", "9S"], score=10)
    g.play("T1-T2")
    assert g.score == 15
    g.undo()
    assert g.snapshot()["tableau"][0] == {"down": ["3C", "4D"], "up": ["8H"]}
    assert g.score == 10


def test_undo_a_recycle_restores_stock_and_waste() -> None:
    g = game(tableau=["5H"], waste="AC 2C 3C", rest="T1", score=120)
    before = g.snapshot()
    g.play("W-S")
    g.undo()
    assert position_of(g.snapshot()) == position_of(before)


def test_undo_is_refused_after_undoing_everything() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    g.play("S-W")
    g.undo()
    refused(g, g.undo, "nothing_to_undo")


def test_limit_is_100() -> None:
    assert UNDO_LIMIT == 100


@pytest.mark.parametrize("played", [100, 101, 150])
def test_exactly_100_undos(played: int) -> None:
    """After more than 100 actions exactly 100 undos succeed; the 101st is refused."""
    g = game(tableau=["5H"], stock="AC 2C 3C", rest="T1", score=10_000)
    for _ in range(played):
        g.play("S-W" if g.snapshot()["stock"] else "W-S")
    for _ in range(100):
        g.undo()
    assert g.moves == played - 100
    # older actions still lie on the table: the refusal says only the last 100 go back
    refused(g, g.undo, "undo_limit" if played > 100 else "nothing_to_undo")


def test_undo_back_to_the_start_of_a_real_game() -> None:
    g = Game.from_code("KL1-D3N-AAAAAAG")
    start = g.snapshot()
    rng = random.Random(5)
    for _ in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    while g.can_undo:
        g.undo()
    assert position_of(g.snapshot()) == position_of(start)
    assert g.snapshot()["history"] == []


def test_solver_path_goes_deeper_than_the_undo_limit() -> None:
    """push/pop (the solver's path) take back any number of moves; undo stops at 100."""
    g = game(tableau=["5H"], stock="AC 2C 3C", rest="T1", score=10_000)
    start = g.snapshot()
    for _ in range(250):
        g.push(g.legal_codes()[0])
    probe = g.copy()
    for _ in range(250):
        probe.pop()
    assert position_of(probe.snapshot()) == position_of(start)
    assert len(g.snapshot()["history"]) == 100
    for _ in range(100):
        g.undo()
    refused(g, g.undo, "undo_limit")
    g.play("S-W" if g.snapshot()["stock"] else "W-S")
    g.undo()
    refused(g, g.undo, "undo_limit")


def test_undo_window_after_undo_and_play() -> None:
    """150 actions, 10 undone, 20 more: again exactly 100 undos."""
    g = game(tableau=["5H"], stock="AC 2C 3C", rest="T1", score=10_000)

    def act() -> None:
        g.play("S-W" if g.snapshot()["stock"] else "W-S")

    for _ in range(150):
        act()
    for _ in range(10):
        g.undo()
    for _ in range(20):
        act()
    assert len(g.snapshot()["history"]) == 100
    for _ in range(100):
        g.undo()
    assert not g.can_undo
    refused(g, g.undo, "undo_limit")
    assert g.snapshot()["history"] == []
