"""Following the hints makes progress: from a position the solver finds a winning line for,
playing each hinted move (the rest of the line kept, as the server keeps it) wins, and no
position comes twice; when Finish wins, the hint says so; a hint says "none" only when no
move is left."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.positions import small_position
from klondike import Game, Move
from klondike.codes import format_code
from klondike.rules import MODES, rules_for
from klondike.solver import hint

STATES = 100_000
"""The search's bound for each hint: a count, not a clock, so that the test is the same on
every machine."""


def position_key(game: Game) -> tuple[object, ...]:
    """Where the cards lie (not the score, the clock or the counters)."""
    return (
        tuple(game.stock),
        tuple(game.waste),
        tuple(game.foundations),
        tuple(map(tuple, game.down)),
        tuple(map(tuple, game.up)),
        game.recycles,
    )


def follow_hints(game: Game, limit: int = 1_000) -> list[str]:
    """Play hint after hint from ``game`` (the rest of each winning line handed back), until
    the game is won or a hint is not from a winning line (or Finish); the kinds of the
    hints, in order. Fails if a position comes twice."""
    seen = {position_key(game)}
    kinds: list[str] = []
    rest: tuple[Move, ...] = ()
    for _ in range(limit):
        if game.won:
            return kinds
        found = hint(game, budget=None, max_states=STATES, line=rest)
        kinds.append(found.kind)
        if found.move is None or found.kind not in ("winning", "finish"):
            return kinds
        game.play(found.move)
        rest = found.solution.line[1:] if found.kind == "winning" else ()
        key = position_key(game)
        assert key not in seen, f"position repeated after {len(kinds)} hints: {kinds[-6:]}"
        seen.add(key)
    raise AssertionError(f"no end after {limit} hints")


@pytest.mark.parametrize(
    "code",
    [
        "KL1-D3N-YYO3PXY",  # cycled T1/T2 from about move 300
        "KL1-D3N-CPUU7QI",
        "KC1-D3X-SHNSQ4Q",
        "KL1-D1V-HH77E2P",
        "KS1-D3X-CATADIY",  # cycled a take-back F3-T6 / T6-F3
    ],
)
def test_following_the_hints_of_the_issues_deals_wins_without_a_repeat(code: str) -> None:
    game = Game.from_code(code)
    kinds = follow_hints(game)
    assert game.won, kinds[-5:]
    assert "winning" in kinds


@pytest.mark.parametrize("mode", MODES, ids=lambda mode: "-".join(map(str, mode)))
def test_following_the_hints_wins_every_winnable_deal_of_every_mode(
    mode: tuple[str, int, str],
) -> None:
    """Deals of each mode from 0 on: each whose first hint finds a line is won by following
    the hints, with no position twice (up to two a mode, at least one among the first ten)."""
    key, draw, scoring = mode
    won = 0
    for deal in range(10):
        game = Game(deal, draw, scoring, rules_for(key))
        kinds = follow_hints(game)
        if kinds and kinds[0] == "winning":
            assert game.won, (format_code(deal, draw, scoring, key), kinds[-5:])
            won += 1
            if won == 2:
                break
    assert won >= 1


def test_when_finish_wins_the_hint_says_so() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    while not game.can_finish():
        found = hint(game, budget=None, max_states=STATES)
        assert found.kind == "winning" and found.move is not None
        game.play(found.move)
    finishing = hint(game, budget=None, max_states=STATES)
    assert finishing.kind == "finish" and finishing.move == game.finish_move()


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    version=st.sampled_from([("app", 3, "vegas"), ("classic", 3, "none"), ("solitaer", 3, "none")]),
    left=st.integers(6, 30),
)
def test_a_hint_names_no_move_only_when_none_is_left(
    seed: int, version: tuple[str, int, str], left: int
) -> None:
    rules, draw, scoring = version
    game = Game.from_snapshot(small_position(random.Random(seed), draw, scoring, left, rules))
    found = hint(game, budget=None, max_states=200)
    if found.move is None:
        assert found.kind == "unwinnable" or not game.legal_moves() or game.won
    else:
        assert found.move in game.legal_moves()
