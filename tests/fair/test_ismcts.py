"""`decide_ismcts`: the information-set search peeks no more than today's player — twins
the player cannot tell apart get identical decisions; it is a function of the seed; it
returns a legal move in every mode; its games replay in the engine."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings

from fair.test_fair import PLAYED, played_in, twins
from fair.test_honesty import AFTER, forgetful, twin
from klondike import Game
from klondike.fair import play_out
from klondike.fair.ismcts import Search, decide_ismcts
from klondike.information import information_set
from klondike.rules import MODES

SMALL = Search(iterations=12)
"""A search small enough for a test."""


def decided(game: Game, seed: int = 0) -> object:
    """The search's decision in ``game``, its time left out."""
    decision = decide_ismcts(game, SMALL, samples=4, max_states=200, seed=seed)
    return dataclasses.replace(decision, seconds=0.0)


@settings(max_examples=8, deadline=None, derandomize=True)
@given(**PLAYED)
def test_positions_the_player_cannot_tell_apart_get_the_same_search(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    pair = twins(deal, mode, moves, seed)
    if pair is None:
        return
    game, other = pair
    assert decided(game) == decided(other)


@pytest.mark.parametrize("kind", list(AFTER))
def test_twins_of_another_deal_get_the_same_search(kind: str) -> None:
    mine = forgetful(AFTER[kind]())
    other = twin(mine, deal=12_345_678, seed=7)
    assert information_set(other) == information_set(mine)
    assert decided(mine) == decided(other)


@pytest.mark.parametrize("mode", MODES)
def test_the_search_is_a_function_of_the_seed_and_gives_a_legal_move(
    mode: tuple[str, int, str],
) -> None:
    game = played_in(4_242, mode, 12, 1)
    first = decide_ismcts(game, SMALL, samples=4, max_states=200, seed=3)
    again = decide_ismcts(game, SMALL, samples=4, max_states=200, seed=3)
    assert dataclasses.replace(first, seconds=0.0) == dataclasses.replace(again, seconds=0.0)
    if not game.won and game.legal_moves():
        assert first.move in game.legal_moves()
        assert first.line[0] == first.move
        replay = game.copy()
        for move in first.line:
            replay.play(move)  # raises if the engine refuses it
    if len(first.candidates) > 1:
        searched = sum(first.visits.values()) == SMALL.iterations
        assert searched or first.position.losses == 4 or game.can_finish()


def test_a_searched_play_is_the_same_for_the_same_seed_and_replays_in_the_engine() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    first = play_out(game, samples=4, max_states=200, max_decisions=8, seed=3, search=SMALL)
    again = play_out(game, samples=4, max_states=200, max_decisions=8, seed=3, search=SMALL)
    assert first.moves == again.moves
    assert first.decisions == 8 or first.won
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises if the engine refuses it
