"""The review of a finished game, move by move (docs/review.md): where the win was lost
knowing every card, and which moves were mistakes by what the player could see."""

from .analysis import (
    Analysis,
    Progress,
    ReviewError,
    Settings,
    analyse,
    replay,
    standing_moves,
    stored_start,
)
from .classes import CLASSES, DROPS, game_accuracy, move_accuracy, move_class
from .why import why

__all__ = [
    "CLASSES",
    "DROPS",
    "Analysis",
    "Progress",
    "ReviewError",
    "Settings",
    "analyse",
    "game_accuracy",
    "move_accuracy",
    "move_class",
    "replay",
    "standing_moves",
    "stored_start",
    "why",
]
