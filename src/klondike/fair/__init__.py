"""The fair player: decisions from what the player has seen, never from a hidden card
(docs/fair.md). `sampler` deals layouts the player cannot tell from the real one; `player`
solves them with the full-information solver and picks the choice that wins the most;
`choices` says where a move commits and what the choices are; `ismcts` searches the choices
by information-set search instead (opt-in, for the benches)."""

from klondike.tiers import TIERS, Tier

from .choices import Line, commitment, commits, forced_move, scouting_move
from .player import (
    Decision,
    Share,
    choice_share,
    decide,
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
    "Line",
    "Playout",
    "RatedDeal",
    "Rating",
    "Share",
    "Tier",
    "choice_share",
    "commitment",
    "commits",
    "decide",
    "forced_move",
    "layout_outcomes",
    "layouts",
    "move_share",
    "play_out",
    "rate",
    "rated_dailies",
    "sample",
    "scouting_move",
    "tier_of",
    "winnable_share",
]
