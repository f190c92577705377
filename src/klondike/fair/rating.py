"""How hard a deal is for a player who cannot see the face-down cards: the share of ``k``
independent fair plays of it that win (docs/fair.md, "Difficulty").

Each play is `play_out` with its own seed, so the plays are independent samples of the fair
player's result on the deal and the rating is the same on every machine; a play is a
function of the deal's start as the player sees it and its own seed, so the rating reveals
no hidden card beyond what playing the deal shows.

>>> from klondike import Game
>>> rating = rate(Game.from_code("KL1-D1N-AAAAAAG"), plays=1, samples=2, max_states=100)
>>> rating.plays, 0 <= rating.low <= rating.rate <= rating.high <= 1
(1, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from klondike import Game
from klondike.solver.survey import wilson_interval

from .player import MAX_STATES, SAMPLES
from .playout import play_out

PLAYS = 8
"""Fair plays a rating takes, by default."""


@dataclass(frozen=True)
class Rating:
    """``wins`` of ``plays`` fair plays won; ``low``–``high`` is the 95% Wilson interval."""

    wins: int
    plays: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def low(self) -> float:
        return wilson_interval(self.wins, self.plays)[0]

    @property
    def high(self) -> float:
        return wilson_interval(self.wins, self.plays)[1]


def rate(
    game: Game,
    *,
    plays: int = PLAYS,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
) -> Rating:
    """The fair player's win rate on ``game`` over ``plays`` plays seeded ``seed`` on."""
    if plays < 1:
        raise ValueError(f"a rating takes at least one play, not {plays}")
    began = time.monotonic()
    wins = sum(
        play_out(game, samples=samples, max_states=max_states, seed=seed + play).won
        for play in range(plays)
    )
    return Rating(wins, plays, time.monotonic() - began)
