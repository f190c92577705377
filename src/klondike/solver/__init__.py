"""The solver: proves a position winnable (with a winning line) or unwinnable.

Full information (the solver knows every card, face-down ones included), the engine's
rules exactly (they come from :meth:`klondike.Game.legal_codes`), any rule set the
engine has. ``docs/solver.md`` describes the search.

>>> from klondike import Game
>>> from klondike.solver import solve
>>> solve(Game.from_code("KL1-D1N-AAAAAAG"), budget=30).verdict
'winnable'
"""

from .api import (
    Hint,
    HintKind,
    Solution,
    Verdict,
    best_move,
    describe_line,
    finish_move,
    hint,
    solve,
)

__all__ = [
    "Hint",
    "HintKind",
    "Solution",
    "Verdict",
    "best_move",
    "describe_line",
    "finish_move",
    "hint",
    "solve",
]
