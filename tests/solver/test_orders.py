"""Two orders of the same search taking turns (search._in_turns): the usual order and the
stock-first one (children(stock_first=True)), keeping one table in Draw 3 and the
positions searched out in Draw 1 and in Vegas. docs/solver.md, "two orders", explains why
a loss is only declared when both orders are at their end."""

from __future__ import annotations

import random

import pytest

from klondike import Game
from klondike.solver import solve
from klondike.solver.moves import Truncation, children
from klondike.solver.position import stock_rules
from klondike.solver.search import TWO_ORDERS_FROM, Search, search

from .test_solver import replays_to_win

# Deals the usual order searches long without a win (deep in a lost part of the game it
# entered first) and the two orders win soon (deals 248, 180 and 104 of Draw 3 Normal,
# Draw 1 Vegas and Draw 1 Normal: within 3,289, 5,071 and 1,991 positions), with the
# positions the usual order alone searches without a win.
LATE_WINS = {"KL1-D3N-AAAAAHY": 100_000, "KL1-D1V-AAAAAFU": 100_000, "KL1-D1N-AAAAADI": 100_000}
IN_TWO_ORDERS = [(3, "normal"), (1, "vegas"), (1, "normal")]  # (draw, scoring)


@pytest.mark.parametrize(("code", "states"), LATE_WINS.items())
def test_two_orders_win_where_the_usual_order_alone_is_still_searching(
    code: str, states: int
) -> None:
    game = Game.from_code(code)
    alone = search(game.copy(), max_states=states, relaxed=False)  # the usual order alone
    assert alone.codes is None and not alone.complete
    solution = solve(game, max_states=states)
    assert solution.verdict == "winnable" and replays_to_win(game, solution)


@pytest.mark.parametrize(("draw", "scoring"), IN_TWO_ORDERS)
def test_the_stock_first_order_has_the_same_children(draw: int, scoring: str) -> None:
    """Along random play from a few deals: the same children, in another order."""
    rng = random.Random(draw)
    reordered = 0
    for deal in range(6, 12):
        game = Game(deal, draw, scoring)
        for _ in range(40):
            usual, first = children(game), children(game, stock_first=True)
            assert sorted(usual) == sorted(first)
            reordered += usual != first
            codes = game.legal_codes()
            if not codes:
                break
            game.push(rng.choice(codes))
    assert reordered > 5


def test_one_order_at_its_end_proves_nothing_while_the_other_is_searching() -> None:
    """Draw 3 deal 6 (winnable) has one child, a safe move home. The other order holds it
    on its path, not yet searched out: the usual order, skipping it, ends at once without
    a win. So its end alone is no proof (a loss needs both orders at their end)."""
    game = Game.from_code("KL1-D3N-AAAAAAG")
    assert solve(game, max_states=50_000).verdict == "winnable"
    assert len(children(game)) == 1
    mode = stock_rules(game)
    usual = Search(game, mode, Truncation(), 1_000_000, True)
    other = Search(game.copy(), mode, Truncation(), 1_000_000, True, True, usual)
    other.resume(None, 1)  # the one child, on its path
    assert other.path
    skipping = usual.resume(None, 1_000)
    assert skipping.codes is None and skipping.complete  # ended, though the deal is won
    usual.close()
    other.close()


SMALL_WINS = [
    *(f"KL1-D3N-AAAAAA{letter}" for letter in "GHIJKLMN"),
    *(f"KL1-D1V-AAAAAA{letter}" for letter in "IJK"),
    *(f"KL1-D1N-AAAAAA{letter}" for letter in "GHIJKLMN"),
]
"""Deals 6-13 of each mode searched in two orders that are won within 50,000 positions
(Draw 1 Vegas deals 6, 7 and 11-13 are lost or not decided so soon)."""


def test_the_small_wins_are_won() -> None:
    for code in SMALL_WINS:
        assert solve(Game.from_code(code), max_states=50_000).verdict == "winnable", code


@pytest.mark.parametrize("code", SMALL_WINS)
def test_a_winnable_deal_is_never_called_lost_whatever_the_turns(code: str) -> None:
    """Searched with caps on the positions from `TWO_ORDERS_FROM` up, half again each time
    (so the turns of the two orders fall everywhere), and below it (the usual order
    alone), a winnable deal is winnable or unknown, never lost."""
    game = Game.from_code(code)
    for states in [20, 500, *(int(TWO_ORDERS_FROM * 1.5**k) for k in range(7))]:
        result = search(game.copy(), max_states=states)
        assert result.codes is not None or not result.complete, states
