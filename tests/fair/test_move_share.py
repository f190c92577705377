"""`move_share` counts a move's layouts as `decide` does."""

from __future__ import annotations

from helpers.positions import played
from klondike.fair import decide, move_share


def test_move_share_is_the_count_decide_gives_the_move() -> None:
    for seed in (1, 2):
        game = played(moves=12, seed=seed)
        decision = decide(game, samples=6, max_states=400)
        for text, share in decision.candidates.items():
            assert move_share(game, text, samples=6, max_states=400) == share
