"""`move_share` counts a move's layouts as `decide` does."""

from __future__ import annotations

from helpers.positions import played
from klondike.fair import decide, move_share, winnable_share


def test_move_share_counts_as_winnable_share_and_decide() -> None:
    for seed in (1, 2):
        game = played(moves=12, seed=seed)
        decision = decide(game, samples=6, max_states=400)
        position = winnable_share(game, samples=6, max_states=400)
        for text, share in decision.candidates.items():
            assert move_share(game, text, samples=6, max_states=400) == (position, share)
