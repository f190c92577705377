"""`decide(reveal_first=True)`: ties between choices that win and lose as many layouts go
first to a choice that turns a card up. It peeks no more than today's player, and it is
not today's player's default."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fair.test_fair import hidden_swapped, played_in
from fair.test_honesty import at, twin
from klondike import Game
from klondike.fair import Line, decide, play_out
from klondike.fair.player import _after
from klondike.information import information_set
from klondike.rules import MODES

SCOUTED = at("KL1-D1N-AAAAAAG", "T1-F3 T7-F2 S-W*24")
"""Draw 1 after two cards home and a look through the stock: a waste card home and a
card turned up tie in 8 layouts × 300 positions."""


def turns_up(game: Game, line: Line) -> bool:
    """True if ``line`` turns a face-down card up."""
    after = _after(game, line)
    return sum(map(len, after.down)) < sum(map(len, game.down))


def test_a_tie_goes_to_the_choice_that_turns_a_card_up() -> None:
    today = decide(SCOUTED, samples=8, max_states=300)
    first = decide(SCOUTED, samples=8, max_states=300, reveal_first=True)
    assert not turns_up(SCOUTED, today.line) and turns_up(SCOUTED, first.line)
    assert today.candidates == first.candidates  # the same counts, another tie-break
    assert (first.share.wins, first.share.losses) == (today.share.wins, today.share.losses)
    assert decide(SCOUTED, samples=8, max_states=300, reveal_first=False).line == today.line


def test_twins_of_another_deal_get_the_same_decision() -> None:
    other = twin(SCOUTED, deal=12_345_678, seed=7)
    assert information_set(other) == information_set(SCOUTED)
    mine = decide(SCOUTED, samples=8, max_states=300, reveal_first=True)
    theirs = decide(other, samples=8, max_states=300, reveal_first=True)
    assert dataclasses.replace(mine, seconds=0.0) == dataclasses.replace(theirs, seconds=0.0)


@settings(max_examples=8, deadline=None, derandomize=True)
@given(
    deal=st.integers(0, 2**34),
    mode=st.sampled_from(MODES),
    moves=st.integers(0, 60),
    seed=st.integers(0, 99),
)
def test_positions_the_player_cannot_tell_apart_get_the_same_answers(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    game = played_in(deal, mode, moves, seed)
    other = hidden_swapped(game, random.Random(seed))
    if other is None:
        return
    mine = decide(game, samples=4, max_states=300, reveal_first=True)
    theirs = decide(other, samples=4, max_states=300, reveal_first=True)
    assert dataclasses.replace(mine, seconds=0.0) == dataclasses.replace(theirs, seconds=0.0)


def test_a_game_that_turns_cards_up_first_replays_in_the_engine() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    first = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5, reveal_first=True)
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises if the engine refuses it
    assert first.decisions > 0 and game.moves == 0
