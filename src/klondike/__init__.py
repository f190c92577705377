"""Klondike Solitaire as the app plays it: the rules engine.

>>> from klondike import Game
>>> g = Game.from_code("KL1-D1N-AAAAAAG")
>>> g.play("S-W")
Move('S', 'W')
>>> g.undo()
Move('S', 'W')
"""

from .cards import Move
from .errors import IllegalMove, InvalidCode, InvalidSnapshot, KlondikeError
from .game import Game

__all__ = ["Game", "IllegalMove", "InvalidCode", "InvalidSnapshot", "KlondikeError", "Move"]
__version__ = "0.1.0"
