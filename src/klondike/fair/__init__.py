"""The fair player: decisions from what the player has seen, never from a hidden card
(docs/fair.md). `sampler` deals layouts the player cannot tell from the real one; `player`
solves them with the full-information solver and picks the move that wins the most."""

from klondike.tiers import TIERS, Tier

from .player import (
    Decision,
    Share,
    decide,
    forced_move,
    layout_outcomes,
    move_share,
    winnable_share,
)
from .playout import Playout, play_out
from .rating import RatedDeal, Rating, rate, rated_dailies, tier_of
from .sampler import layouts, sample

__all__ = [
    "TIERS",
    "Decision",
    "Playout",
    "RatedDeal",
    "Rating",
    "Share",
    "Tier",
    "decide",
    "forced_move",
    "layout_outcomes",
    "layouts",
    "move_share",
    "play_out",
    "rate",
    "rated_dailies",
    "sample",
    "tier_of",
    "winnable_share",
]
