"""Game.finish_line: the moves that play the rest home by drawing and putting cards up."""

from __future__ import annotations

from helpers.positions import almost_won, game, position
from klondike import Game


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
