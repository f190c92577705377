"""What the fair player's tests share: the layouts it hands to the solver."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import klondike.fair.player as player
from klondike import Game
from klondike.solver import Solution, solve


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Game]]:
    """The layouts the fair player hands to the solver, in order."""
    seen: list[Game] = []

    def counting(layout: Game, *, max_states: int, relaxed: bool = True) -> Solution:
        seen.append(layout.copy())
        return solve(layout, max_states=max_states, relaxed=relaxed)

    monkeypatch.setattr(player, "solve", counting)
    yield seen
