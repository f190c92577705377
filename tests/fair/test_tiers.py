"""Tiers of winnable deals: cut from the fair player's ratings, the same on every machine,
and given only to deals proved winnable."""

from __future__ import annotations

from datetime import date
from functools import partial
from itertools import pairwise

import pytest

from klondike import Game
from klondike.fair import TIERS, Rating, rate, rated_dailies, tier_of
from klondike.fair.rating import PLAYS, TIER_CUTS
from klondike.solver.daily import daily_proved

CHEAP = partial(rate, samples=1, max_states=10)
"""A real rating of `PLAYS` plays at a tiny budget: what the daily tests can afford."""


@pytest.mark.parametrize("draw", [1, 3])
def test_every_tier_is_reached_and_more_wins_never_make_a_deal_harder(draw: int) -> None:
    ratings = [
        Rating(wins, PLAYS, 1.0, home)
        for wins in range(PLAYS + 1)
        for home in range(52 * wins, 52 * PLAYS + 1, 13)
    ]
    tiers = [TIERS.index(tier_of(rating, draw)) for rating in ratings]  # easiest first
    assert set(tiers) == set(range(len(TIERS)))
    ranked = sorted(zip(ratings, tiers, strict=True), key=lambda pair: (pair[0].wins, pair[0].home))
    assert all(a[1] >= b[1] for a, b in pairwise(ranked))


def test_the_cuts_are_in_order_for_each_draw() -> None:
    for cuts in TIER_CUTS.values():
        assert list(cuts) == sorted(cuts, reverse=True) and len(set(cuts)) == len(cuts)


def test_a_tier_is_cut_for_ratings_of_its_plays_alone() -> None:
    with pytest.raises(ValueError, match=f"ratings of {PLAYS} plays"):
        tier_of(Rating(1, PLAYS - 1, 1.0, 52), draw=1)


def test_a_rating_is_the_same_for_anyone_who_knows_the_code() -> None:
    """The plays depend on the deal as the player sees it and their seeds alone."""
    first = CHEAP(Game.from_code("KL1-D3N-AAAAAAH"))
    again = CHEAP(Game.from_code("KL1-D3N-AAAAAAH"))
    assert (first.wins, first.home, first.plays) == (again.wins, again.home, again.plays)


def test_each_daily_tier_is_the_first_winnable_candidate_of_that_tier() -> None:
    day, mode = date(2026, 12, 3), ("app", 1, "normal")
    found = rated_dailies(day, mode, max_rated=3, rater=CHEAP)
    candidates = daily_proved(day, mode)
    proved = [next(candidates)[0] for _ in range(3)]
    tiers = [tier_of(CHEAP(Game(deal, 1, "normal")), 1) for deal in proved]
    expected = {tier: proved[tiers.index(tier)] for tier in TIERS if tier in tiers}
    assert {tier: rated.deal for tier, rated in found.items()} == expected
    for tier, rated in found.items():
        assert rated.tier == tier and rated.solution.verdict == "winnable"
        game = Game(rated.deal, 1, "normal")
        for move in rated.solution.line:
            game.play(move)
        assert game.won  # proved: the line replays


@pytest.mark.parametrize("draw", [1, 3])
def test_each_cut_puts_a_rating_at_it_in_the_easier_tier_and_one_below_it_in_the_next(
    draw: int,
) -> None:
    """Every cut of each draw from both sides: ``(wins, home)`` at the cut is the easier
    tier; one card home fewer (the same wins) is the next tier, and one win fewer too."""
    for index, (wins, home) in enumerate(TIER_CUTS[draw]):
        easier, harder = TIERS[index], TIERS[index + 1]
        assert tier_of(Rating(wins, PLAYS, 1.0, home), draw) == easier, (wins, home)
        if home > 0:  # cards home tell deals won as often apart
            assert tier_of(Rating(wins, PLAYS, 1.0, home - 1), draw) == harder, (wins, home)
        if wins > 0:
            top = 52 * PLAYS
            assert tier_of(Rating(wins - 1, PLAYS, 1.0, min(top, home + 52)), draw) != easier


def test_the_draws_are_cut_apart() -> None:
    """Each draw is cut by its own cuts: four of eight Draw 3 plays won is easy (Draw 3 is
    harder), the same in Draw 1 is not."""
    rating = Rating(4, PLAYS, 1.0, 300)
    assert (tier_of(rating, 3), tier_of(rating, 1)) == ("easy", "hard")
