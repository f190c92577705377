"""`play_out`: the fair player plays a game to its end, the same game for the same seed,
every move legal in the engine."""

from __future__ import annotations

from helpers.positions import position
from klondike import Game
from klondike.fair import play_out


def test_the_same_seed_plays_the_same_legal_game() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    first = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5)
    again = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5)
    assert first.moves == again.moves and first.decisions == 12
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises if the engine refuses it
    assert not replay.won and game.moves == 0


def test_an_open_position_is_won_by_finish_without_a_decision() -> None:
    game = Game.from_snapshot(
        position(tableau=["KS", "QS", "JS", "TS"], foundations=[9, 13, 13, 13], stock="", waste="")
    )
    result = play_out(game)
    assert result.won and result.decisions == 0 and len(result.moves) == 4


def test_a_lost_position_ends_the_game_lost() -> None:
    lost = Game.from_snapshot(
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        )
    )
    result = play_out(lost, samples=4)
    assert not result.won and result.decisions == 1 and result.moves == ()
