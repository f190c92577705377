"""The fair player: decisions from what the player has seen, never from a hidden card
(docs/fair.md). `sampler` deals layouts the player cannot tell from the real one; `player`
solves them with the full-information solver and picks the move that wins the most."""

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
from .rating import Rating, rate
from .sampler import layouts, sample

__all__ = [
    "Decision",
    "Playout",
    "Rating",
    "Share",
    "decide",
    "forced_move",
    "layout_outcomes",
    "layouts",
    "move_share",
    "play_out",
    "rate",
    "sample",
    "winnable_share",
]
