"""`decide(reveals=N)`: choices judged N choices deep, each next choice made from what the
player sees then. It peeks no more than today's player: twins the player cannot
tell apart get the same answers; with nothing unseen it is today's player; its games replay
in the engine."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings

from fair.test_fair import PLAYED, twins
from fair.test_honesty import AFTER, forgetful, twin
from helpers.positions import position
from klondike import Game
from klondike.fair import decide, forced_move, play_out
from klondike.information import information_set


@settings(max_examples=10, deadline=None, derandomize=True)
@given(**PLAYED)
def test_positions_the_player_cannot_tell_apart_get_the_same_deep_answers(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    pair = twins(deal, mode, moves, seed)
    if pair is None:
        return
    game, other = pair
    mine = decide(game, samples=6, max_states=300, reveals=2)
    theirs = decide(other, samples=6, max_states=300, reveals=2)
    assert dataclasses.replace(mine, seconds=0.0) == dataclasses.replace(theirs, seconds=0.0)


@pytest.mark.parametrize("kind", list(AFTER))
def test_twins_of_another_deal_get_the_same_deep_decision(kind: str) -> None:
    mine = forgetful(AFTER[kind]())
    other = twin(mine, deal=12_345_678, seed=7)
    assert information_set(other) == information_set(mine)
    mine_decision = decide(mine, samples=8, max_states=300, reveals=2)
    their_decision = decide(other, samples=8, max_states=300, reveals=2)
    assert dataclasses.replace(mine_decision, seconds=0.0) == dataclasses.replace(
        their_decision, seconds=0.0
    )


def test_with_every_card_seen_the_deep_judgement_is_the_full_information_one() -> None:
    """Nothing is unseen, so no choice can depend on a card not yet seen: every candidate
    weighed deep wins as many layouts as counted by the layout's own line, and the choice
    is today's."""
    game = Game.from_snapshot(
        position(
            tableau=[
                "KS QH JS TH 9S 8H 7S 6H 5S",
                "KH QS JH TS 9H 8S 7H 6S",
                "KD QC JD TC 9D 8C 7D 6C",
                "KC QD JC TD 9C 8D 7C 6D 5C",
            ],
            foundations={"S": 2, "H": 5, "D": 5, "C": 2},
            waste="3S 4C 3C 4S",
            stock="",
            scoring="normal",
        )
    )
    assert information_set(game)["unseen"] == []
    assert forced_move(game) is None  # a choice to weigh
    today = decide(game, samples=4, max_states=2000)
    deep = decide(game, samples=4, max_states=2000, reveals=3)
    assert deep.revealed
    assert all(deep.candidates[text].wins == wins for text, wins in deep.revealed.items())
    assert deep.line == today.line


def test_a_deep_play_is_the_same_for_the_same_seed_and_replays_in_the_engine() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    first = play_out(game, samples=4, max_states=300, max_decisions=10, seed=3, reveals=2)
    again = play_out(game, samples=4, max_states=300, max_decisions=10, seed=3, reveals=2)
    assert first.moves == again.moves
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises if the engine refuses it
