"""The review of a finished game, move by move (docs/review.md): where the win was lost
knowing every card, and which moves were mistakes by what the player could see."""

from .analysis import (
    MISTAKE_SHARE,
    Analysis,
    Progress,
    ReviewError,
    Settings,
    analyse,
    replay,
    standing_moves,
    stored_start,
)

__all__ = [
    "MISTAKE_SHARE",
    "Analysis",
    "Progress",
    "ReviewError",
    "Settings",
    "analyse",
    "replay",
    "standing_moves",
    "stored_start",
]
