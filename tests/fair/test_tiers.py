"""Tiers of winnable deals: cut from the fair player's ratings, the same on every machine,
and given only to deals proved winnable."""

from __future__ import annotations

from datetime import date
from functools import partial
from itertools import pairwise

import pytest

from klondike import Game
from klondike.fair import TIERS, Rating, rate, rated_dailies, tier_of
from klondike.fair.pool import shipped_pool
from klondike.fair.rating import PLAYS, TIER_CUTS, WON_ONCE, even_cuts
from klondike.rules import MODES, Mode
from klondike.solver.daily import daily_proved

D1N, D3N = ("app", 1, "normal"), ("app", 3, "normal")

CHEAP = partial(rate, samples=1, max_states=10)
"""A real rating of `PLAYS` plays at a tiny budget: what the daily tests can afford."""


@pytest.mark.parametrize("mode", MODES)
def test_every_tier_is_reached_and_more_wins_never_make_a_deal_harder(mode: Mode) -> None:
    ratings = [
        Rating(wins, PLAYS, 1.0, home)
        for wins in range(PLAYS + 1)
        for home in range(52 * wins, 52 * PLAYS + 1)
    ]
    tiers = [TIERS.index(tier_of(rating, mode)) for rating in ratings]  # easiest first
    assert set(tiers) == set(range(len(TIERS)))
    ranked = sorted(zip(ratings, tiers, strict=True), key=lambda pair: (pair[0].wins, pair[0].home))
    assert all(a[1] >= b[1] for a, b in pairwise(ranked))


def test_every_mode_has_its_cuts_in_order() -> None:
    assert set(TIER_CUTS) == set(MODES)
    for cuts in TIER_CUTS.values():
        assert list(cuts) == sorted(cuts, reverse=True) and len(set(cuts)) == len(cuts)


@pytest.mark.parametrize("mode", [mode for mode in MODES if mode[2] != "vegas"])
def test_where_the_plays_win_expert_is_a_deal_no_play_won(mode: Mode) -> None:
    assert TIER_CUTS[mode][-1] == WON_ONCE
    assert tier_of(Rating(0, PLAYS, 1.0, 52 * PLAYS - 1), mode) == "expert"
    assert tier_of(Rating(1, PLAYS, 1.0, 0), mode) == "hard"


@pytest.mark.parametrize("mode", MODES)
def test_each_modes_cuts_are_the_even_cuts_of_its_shipped_ratings(mode: Mode) -> None:
    """The cuts come from the measured distribution: the shipped pool holds every rated
    winnable deal of the run that measured it, and its even cuts are the mode's."""
    keys = [(entry.wins, entry.home) for entry in shipped_pool().all() if entry.mode == mode]
    assert even_cuts(keys) == TIER_CUTS[mode]


def test_even_cuts_split_the_deals_some_play_won_in_thirds_and_keep_alike_deals_together() -> None:
    keys = [(8, 416)] * 6 + [(6, 390)] * 3 + [(5, 300)] * 3 + [(2, 150)] * 4 + [(1, 99)] * 2
    assert even_cuts([*keys, (0, 50), (0, 10)]) == ((8, 0), (5, 0), WON_ONCE)
    assert even_cuts([(2, 150), (1, 99), (1, 98)]) == ((2, 0), (1, 99), WON_ONCE)
    # two keys won: no thirds, so quarters of them all, by cards home among those none won
    assert even_cuts([(8, 416), (0, 3), (0, 2), (1, 10)]) == ((8, 0), (1, 0), (0, 3))
    assert even_cuts([(0, 3), (0, 2), (0, 1)]) is None


def test_a_tier_is_cut_for_ratings_of_its_plays_alone() -> None:
    with pytest.raises(ValueError, match=f"ratings of {PLAYS} plays"):
        tier_of(Rating(1, PLAYS - 1, 1.0, 52), D1N)


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
    tiers = [tier_of(CHEAP(Game(deal, 1, "normal")), mode) for deal in proved]
    expected = {tier: proved[tiers.index(tier)] for tier in TIERS if tier in tiers}
    assert {tier: rated.deal for tier, rated in found.items()} == expected
    for tier, rated in found.items():
        assert rated.tier == tier and rated.solution.verdict == "winnable"
        game = Game(rated.deal, 1, "normal")
        for move in rated.solution.line:
            game.play(move)
        assert game.won  # proved: the line replays


@pytest.mark.parametrize("mode", MODES)
def test_each_cut_puts_a_rating_at_it_in_the_easier_tier_and_one_below_it_in_the_next(
    mode: Mode,
) -> None:
    """Every cut of each mode from both sides: ``(wins, home)`` at the cut is the easier
    tier; one card home fewer (the same wins) is the next tier, and one win fewer too."""
    for index, (wins, home) in enumerate(TIER_CUTS[mode]):
        easier, harder = TIERS[index], TIERS[index + 1]
        assert tier_of(Rating(wins, PLAYS, 1.0, home), mode) == easier, (wins, home)
        if home > 0:  # cards home tell deals won as often apart
            assert tier_of(Rating(wins, PLAYS, 1.0, home - 1), mode) == harder, (wins, home)
        if wins > 0:
            top = 52 * PLAYS
            assert tier_of(Rating(wins - 1, PLAYS, 1.0, min(top, home + 52)), mode) != easier


def test_the_modes_are_cut_apart() -> None:
    """Each mode is cut by its own cuts: six of eight Draw 3 plays won is easy (Draw 3 is
    harder), the same in Draw 1 is not; no play won, cards home tell Vegas deals apart."""
    rating = Rating(6, PLAYS, 1.0, 350)
    assert (tier_of(rating, D3N), tier_of(rating, D1N)) == ("easy", "medium")
    rating = Rating(0, PLAYS, 1.0, 30)
    assert (tier_of(rating, ("app", 1, "vegas")), tier_of(rating, D1N)) == ("easy", "expert")
