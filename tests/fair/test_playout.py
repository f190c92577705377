"""`play_out`: the fair player plays a game to its end, the same game for the same seed,
every move legal in the engine."""

from __future__ import annotations

from helpers.positions import position
from klondike import Game
from klondike.fair import Decision, play_out


def test_the_same_seed_plays_the_same_legal_game() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    first = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5)
    again = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5)
    assert first.moves == again.moves and first.decisions == 12
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises if the engine refuses it
    assert not replay.won and game.moves == 0


def test_watch_sees_each_decision_where_it_was_taken() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    taken: list[tuple[Game, Decision]] = []
    result = play_out(game, samples=3, max_states=300, max_decisions=6, seed=5, watch=taken.append)
    assert len(taken) == result.decisions == 6
    replay, at = game.copy(), 0
    for seen, decision in taken:  # in the order taken, each where the play was
        while replay.snapshot() != seen.snapshot():
            replay.play(result.moves[at])
            at += 1
        line = tuple(str(move) for move in decision.line)
        assert result.moves[at : at + len(line)] == line  # and its choice was played
    assert game.moves == 0


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
