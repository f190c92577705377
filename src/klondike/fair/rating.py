"""How hard a deal is for a player who cannot see the face-down cards: the share of ``k``
independent fair plays of it that win (docs/fair.md, "Difficulty").

Each play is `play_out` with its own seed, so the plays are independent samples of the fair
player's result on the deal and the rating is the same on every machine; a play is a
function of the deal's start as the player sees it and its own seed, so the rating reveals
no hidden card beyond what playing the deal shows.

A deal's tier (`TIERS`) cuts the ratings at `TIER_CUTS`, chosen per mode from the
measured distribution (docs/fair.md, "Difficulty"): a deal no play won is expert; among the
others, the more plays won, the easier, and among deals won as often, the one whose plays
brought more cards home.

>>> from klondike import Game
>>> rating = rate(Game.from_code("KL1-D1N-AAAAAAG"), plays=1, samples=2, max_states=100)
>>> rating.plays, 0 <= rating.low <= rating.rate <= rating.high <= 1
(1, True)
>>> tier_of(Rating(wins=8, plays=8, seconds=1.0, home=416), ("app", 1, "normal"))
'easy'
>>> tier_of(Rating(wins=0, plays=8, seconds=1.0, home=300), ("app", 3, "normal"))
'expert'
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from itertools import accumulate, combinations, pairwise

from klondike import Game
from klondike.estimates import wilson_interval
from klondike.rules import MODES, Mode, rules_for
from klondike.solver import Solution
from klondike.solver.daily import daily_proved
from klondike.tiers import TIERS, Tier

from .player import Shared
from .playout import play_out

PLAYS = 8
"""Fair plays a rating takes."""

RATING_SAMPLES = 4
"""Layouts each decision of a rating's plays solves."""

RATING_STATES = 200
"""Positions each solve of a layout may search in a rating's plays: a small budget, so that
a deal is rated in seconds (docs/fair.md, "Difficulty")."""

RATING_POOL = 8
"""Layouts of each position the plays of a rating share (`rate`, `Shared`): each decision
takes `RATING_SAMPLES` of them, so that plays that reach the same position solve its layouts
once between them (docs/fair.md, "A cheaper rating")."""

Cut = tuple[int, int]
"""The least ``(wins, cards home)`` of a tier."""

WON_ONCE: Cut = (1, 0)
"""Hard's cut in every mode whose plays win: a deal no play won is expert."""

TIER_CUTS: dict[Mode, tuple[Cut, Cut, Cut]] = dict(
    zip(
        MODES,  # the app's Draw 1 and 3 Normal, Draw 1 and 3 Vegas, then the other versions'
        (
            ((8, 0), (4, 236), WON_ONCE),
            ((6, 0), (2, 165), WON_ONCE),
            ((0, 22), (0, 8), (0, 1)),
            ((0, 28), (0, 16), (0, 8)),
            ((8, 0), (4, 225), WON_ONCE),  # Classic Draw 1
            ((6, 332), (3, 176), WON_ONCE),  # Classic Draw 3
            ((6, 329), (3, 0), WON_ONCE),  # Solitär Draw 3
        ),
        strict=True,
    )
)
"""Per mode, the least ``(wins, cards home)`` of `PLAYS` plays for easy, medium and hard
(below the last: expert; `WON_ONCE` where the plays win), the even cuts of the mode's
measured ratings (`even_cuts`; docs/fair.md, "Difficulty")."""


@dataclass(frozen=True)
class Rating:
    """``wins`` of ``plays`` fair plays won; ``low``–``high`` is the 95% Wilson interval;
    ``home`` the cards the plays brought home, in all."""

    wins: int
    plays: int
    seconds: float
    home: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def low(self) -> float:
        return wilson_interval(self.wins, self.plays)[0]

    @property
    def high(self) -> float:
        return wilson_interval(self.wins, self.plays)[1]


@dataclass(frozen=True)
class RatedDeal:
    """A deal proved winnable (``solution``) and rated (``rating``, of tier ``tier``)."""

    deal: int
    solution: Solution
    rating: Rating
    tier: Tier


MAX_RATED_DAILIES = 40
"""Winnable candidates a day's daily deals per tier rate at most; a tier none of them falls
in has no daily deal that day (said, not searched for ever)."""


def rated_dailies(
    day: date,
    mode: Mode,
    *,
    max_rated: int = MAX_RATED_DAILIES,
    rater: Callable[[Game], Rating] | None = None,
) -> dict[Tier, RatedDeal]:
    """The daily deal of each tier of ``day`` and a mode: the first of the day's winnable
    candidates (`klondike.solver.daily.daily_proved`, in order) that falls in the tier.
    The same on every machine (the rating is a function of the deal alone). A tier missing
    from the answer had none among the first ``max_rated`` winnable candidates. ``rater``
    rates a deal (default: `rate`)."""
    key, draw, scoring = mode
    found: dict[Tier, RatedDeal] = {}
    for rated, (deal, solution) in enumerate(daily_proved(day, mode)):
        if rated >= max_rated or len(found) == len(TIERS):
            break
        rating = (rater or rate)(Game(deal, draw, scoring, rules_for(key)))
        tier = tier_of(rating, mode)
        found.setdefault(tier, RatedDeal(deal, solution, rating, tier))
    return found


def tier_of(rating: Rating, mode: Mode) -> Tier:
    """The tier of a deal of ``mode`` rated ``rating`` (of `PLAYS` plays)."""
    if rating.plays != PLAYS:
        raise ValueError(f"a tier is cut for ratings of {PLAYS} plays, not {rating.plays}")
    found = (rating.wins, rating.home)
    for tier, cut in zip(TIERS, TIER_CUTS[mode], strict=False):
        if found >= cut:
            return tier
    return TIERS[-1]


def even_cuts(keys: Iterable[Cut]) -> tuple[Cut, Cut, Cut] | None:
    """The cuts of a mode whose rated winnable deals are ``keys`` (``(wins, cards home)``):
    `WON_ONCE` for hard, and the least keys of easy and medium that make the three tiers of
    the deals some play won as near a third each as ties allow. Where the deals some play
    won take fewer than three keys (the plays win next to nothing in the mode), the four
    tiers cut all the deals as near a quarter each instead, so by cards home. Deals alike
    stay in one tier, so a cut falls between two keys (the least sum of squared differences
    from an even share); one between two win counts is written ``(wins, 0)``. None if the
    deals take too few keys for that.

    >>> even_cuts([(8, 416)] * 3 + [(5, 300), (4, 200), (2, 100), (0, 10)])
    ((8, 0), (5, 0), (1, 0))
    >>> even_cuts([(0, 40), (0, 30), (0, 20), (0, 10), (1, 60)])
    ((1, 0), (0, 40), (0, 30))
    """
    keys = list(keys)
    won = [key for key in keys if key >= WON_ONCE]
    if len(set(won)) >= 3:
        easy, medium = even_split(won, 3)
        return easy, medium, WON_ONCE
    if len(set(keys)) >= 4:
        easy, medium, hard = even_split(keys, 4)
        return easy, medium, hard
    return None


def even_split(keys: list[Cut], parts: int) -> list[Cut]:
    """The ``parts - 1`` least keys of the easier parts that split ``keys`` (at least
    ``parts`` different ones) into ``parts`` as near equal in size as ties allow."""
    counts = sorted(Counter(keys).items(), reverse=True)  # easiest first
    before = list(accumulate((n for _, n in counts), initial=0))
    share = before[-1] / parts

    def spread(bounds: tuple[int, ...]) -> float:
        edges = (0, *bounds, len(counts))
        return sum((before[b] - before[a] - share) ** 2 for a, b in pairwise(edges))

    def cut(bound: int) -> Cut:
        (wins, home), _ = counts[bound - 1]
        harder = counts[bound][0][0]
        return (wins, 0) if harder < wins else (wins, home)  # between two win counts: wins

    best = min(combinations(range(1, len(counts)), parts - 1), key=spread)
    return [cut(bound) for bound in best]


def rate(
    game: Game,
    *,
    plays: int = PLAYS,
    samples: int = RATING_SAMPLES,
    max_states: int = RATING_STATES,
    seed: int = 0,
    pool: int | None = RATING_POOL,
) -> Rating:
    """The fair player's win rate on ``game`` over ``plays`` plays seeded ``seed`` on,
    sharing a pool of ``pool`` layouts of each position and their solves (`Shared`;
    None: each decision draws its own layouts, nothing is shared)."""
    if plays < 1:
        raise ValueError(f"a rating takes at least one play, not {plays}")
    began = time.monotonic()
    shared = None if pool is None else Shared(pool)
    played = [
        play_out(game, samples=samples, max_states=max_states, seed=seed + play, shared=shared)
        for play in range(plays)
    ]
    wins = sum(play.won for play in played)
    home = sum(play.home for play in played)
    return Rating(wins, plays, time.monotonic() - began, home)
