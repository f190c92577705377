"""An independent check: ShootMe's Klondike-Solver (via pyksolve) on our deals."""

from __future__ import annotations

import pytest
from pyksolve.solver import Solitaire

from klondike import Game
from klondike.solver import solve
from klondike.solver.formats import NotAFreshDeal, from_shootme_moves, to_shootme


@pytest.mark.parametrize("draw", [1, 3])
def test_deals_pyksolve_solves_replay_here_and_are_never_called_unwinnable(draw: int) -> None:
    solved = 0
    for deal in range(6, 14):
        g = Game(deal, draw)
        theirs = Solitaire()
        assert theirs.load_solitaire(to_shootme(g))
        theirs.reset_game(draw)
        if not theirs.solve_fast(max_closed_count=300_000).name.startswith("Solved"):
            continue
        solved += 1
        probe = g.copy()
        for move in from_shootme_moves(g, theirs.moves_made()):
            probe.play(move)
        assert probe.won, f"deal {deal}: pyksolve's line does not win here"
        assert solve(g, budget=2).verdict != "unwinnable", f"deal {deal}"
    assert solved >= 4


def test_shootme_orientation_first_cards() -> None:
    # Deal 6: column 1 is A♦ (01 2), then column 2's face-down card, dealt row by row.
    text = to_shootme(Game.from_code("KL1-D1N-AAAAAAG"))
    assert text[:3] == "012"
    theirs = Solitaire()
    assert theirs.load_solitaire(text)
    theirs.reset_game(1)
    assert theirs.game_diagram().splitlines()[1].split() == ["1:", "AD"]


def test_a_game_under_way_has_no_shootme_form() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    g.play("S-W")
    with pytest.raises(NotAFreshDeal):
        to_shootme(g)
