"""`rate`: a deal's difficulty is the share of independent fair plays that win it, the same
for anyone who knows the code."""

from __future__ import annotations

import pytest

from helpers.positions import position
from klondike import Game
from klondike.fair import rate
from klondike.fair.player import Shared
from klondike.fair.playout import play_out
from klondike.solver import Solution, solve


def test_an_open_position_wins_every_play_and_a_lost_one_none() -> None:
    won = Game.from_snapshot(
        position(tableau=["KS", "QS", "JS", "TS"], foundations=[9, 13, 13, 13], stock="", waste="")
    )
    lost = Game.from_snapshot(
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        )
    )
    assert (rate(won, plays=3).wins, rate(lost, plays=3, samples=4).wins) == (3, 0)
    assert rate(won, plays=3).low > 0.4 and rate(lost, plays=3, samples=4).high < 0.6


def test_the_same_position_gets_the_same_rating() -> None:
    snapshot = position(
        tableau=["9S TS | KS", "QS", "JS"], foundations=[8, 13, 13, 13], stock="", waste=""
    )
    first = rate(Game.from_snapshot(snapshot), plays=2, samples=3)
    again = rate(Game.from_snapshot(snapshot), plays=2, samples=3)
    assert (first.wins, first.plays) == (again.wins, again.plays) == (2, 2)


def test_a_rating_needs_a_play() -> None:
    with pytest.raises(ValueError, match="at least one play"):
        rate(Game.from_code("KL1-D1N-AAAAAAG"), plays=0)


def test_shared_solves_are_kept_by_exact_position_and_bound() -> None:
    """`Shared` answers a solve it has seen with the same answer, and a position it has not
    (another bound, another layout, not relaxed) with a search of its own."""
    game = Game.from_code("KL1-D3N-AAAAAAG")
    shared = Shared(pool=4)
    small, large = shared.solve(game, 5, True), shared.solve(game, 20_000, True)
    assert (small.verdict, large.verdict) == ("unknown", "winnable")  # the bound matters
    assert large.line == solve(game, max_states=20_000).line
    assert shared.solve(game, 20_000, True) is large and shared.searched == 2  # kept
    relaxed, strict = shared.solve(game, 100, True), shared.solve(game, 100, False)
    assert (relaxed.verdict, strict.verdict) == ("unknown", "winnable")  # and relaxed does
    assert strict.line == solve(game, max_states=100, relaxed=False).line
    other = next(layout for layout in shared.drawn(game, 4, 0) if layout.down != game.down)
    assert shared.solve(other, 20_000, True).line == solve(other, max_states=20_000).line
    assert shared.searched == 5


class _Unkept(Shared):
    """A `Shared` that keeps no solve: every one searched."""

    def solve(self, layout: Game, max_states: int, relaxed: bool) -> Solution:
        return solve(layout, max_states=max_states, relaxed=relaxed)


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAG", "KL1-D3N-AAAAAAH"])
def test_a_rating_with_shared_solves_is_the_rating_that_searches_each(code: str) -> None:
    """The solves kept change nothing: each play gets the answers a search would give."""
    game = Game.from_code(code)
    shared, unkept = Shared(pool=3), _Unkept(pool=3)
    kept = [play_out(game, samples=2, max_states=60, seed=s, shared=shared) for s in range(3)]
    each = [play_out(game, samples=2, max_states=60, seed=s, shared=unkept) for s in range(3)]
    assert [p.moves for p in kept] == [p.moves for p in each]
    assert shared.searched < shared.solves  # the plays did share solves


def test_a_decision_takes_its_layouts_from_the_shared_pool_by_its_own_seed() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    shared = Shared(pool=6)
    taken = [shared.drawn(game, 3, seed) for seed in range(4)]
    pool = shared.layouts.popitem()[1]
    assert all(layout in pool for layouts in taken for layout in layouts)
    assert len({tuple(map(id, layouts)) for layouts in taken}) > 1  # seeds choose apart
    again = shared.drawn(game, 3, 0)  # the pool drawn anew: from the information set alone
    assert [layout.down for layout in again] == [layout.down for layout in taken[0]]
    with pytest.raises(ValueError, match="pool of 6"):
        shared.drawn(game, 7, 0)
