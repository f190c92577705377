"""What `decide` leaves unsolved changes nothing it answers: a choice it rules out could
not have been chosen, the forced move does as the position does, layouts drawn alike are
solved once, and a time limit only shortens the count."""

from __future__ import annotations

import pytest

from helpers.positions import played, position
from klondike import Game
from klondike.fair import choice_share, decide, forced_move, move_share, winnable_share
from klondike.information import information_set

OPEN_CHOICES = (
    (
        "KL1-D1N-AAAAAAG",
        "T1-F3 T7-F2" + " S-W" * 24 + " W-S S-W S-W S-W W-F1 S-W S-W W-F1 T6-F1" + " S-W" * 4,
    ),
    ("KL1-D3N-AAAAAAH", "T7-F1" + " S-W" * 8 + " T5-T1 T4-T6 T2-T6 W-S" + " S-W" * 6 + " W-T3"),
)
"""Positions with several choices open, and the stock seen: the moves that lead there."""


def open_positions() -> list[Game]:
    games = []
    for code, moves in OPEN_CHOICES:
        game = Game.from_code(code)
        for move in moves.split():
            game.play(move)
        games.append(game)
    return games


@pytest.mark.parametrize(
    ("samples", "left_out", "margin"),
    [(12, "ruled_out", 1), (48, "dropped", 0)],
    ids=["ruled out: fewer wins", "dropped by the race: no more wins"],
)
def test_a_choice_counted_no_further_wins_fewer_layouts_than_the_choice_made(
    samples: int, left_out: str, margin: int
) -> None:
    """Counted in every layout, a choice ruled out (it could not catch up) wins fewer
    layouts than the choice made; one the race dropped (it trailed by 2.5 standard
    deviations) wins no more."""
    seen = 0
    for game in open_positions():
        decision = decide(game, samples=samples, max_states=400)
        texts = getattr(decision, left_out)
        seen += len(texts)
        for text in texts:
            _, share = choice_share(game, text, samples=samples, max_states=400)
            assert share.wins <= decision.share.wins - margin
    assert seen, f"no choice was {left_out}: the test checks nothing"


def test_every_choice_not_ruled_out_is_counted_in_every_layout() -> None:
    for game in open_positions():
        decision = decide(game, samples=6, max_states=400)
        position_share = winnable_share(game, samples=6, max_states=400)
        assert len(decision.candidates) > 1
        for text, share in decision.candidates.items():
            if text not in decision.ruled_out + decision.dropped:
                assert choice_share(game, text, samples=6, max_states=400) == (
                    position_share,
                    share,
                )


def test_a_card_that_may_go_home_is_played_and_does_as_the_position_does() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")  # an Ace lies face up on T1
    forced = forced_move(game)
    assert str(forced) == "T1-F3" and len(game.legal_moves()) > 1
    decision = decide(game, samples=6, max_states=400)
    assert decision.move == forced and list(decision.candidates) == ["T1-F3"]
    assert decision.share == winnable_share(game, samples=6, max_states=400)
    assert move_share(game, "T1-F3", samples=6, max_states=400)[1] == decision.share


def test_no_forced_move_where_the_choice_is_open() -> None:
    game = Game.from_snapshot(position(tableau=["7S", "6H"], foundations=[4, 4, 4, 4]))
    assert len(game.legal_moves()) > 1 and forced_move(game) is None


def test_layouts_drawn_alike_are_solved_once(solves: list[Game]) -> None:
    """With every card seen, every layout is the game itself: one solve from the position
    and one after each move, whatever the number of layouts."""
    game = Game.from_snapshot(
        position(tableau=["KS", "QS", "JS", "TS"], foundations=[9, 13, 13, 13], stock="", waste="")
    )
    assert information_set(game)["unseen"] == []
    decision = decide(game, samples=8)
    assert decision.share.samples == 8
    assert len(solves) <= 1 + len(game.legal_moves())
    solves.clear()
    assert winnable_share(game, samples=8).samples == 8 and len(solves) == 1


def test_a_time_limit_counts_the_layouts_solved_in_it() -> None:
    game = played(moves=10, seed=1)
    whole = decide(game, samples=8, max_states=300)
    cut = decide(game, samples=8, max_states=300, seconds=0)  # no layout after the first
    assert whole.share.samples == 8
    assert 1 <= cut.share.samples < 8
