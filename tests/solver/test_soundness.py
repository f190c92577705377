"""Soundness: the search with every pruning never calls a winnable position lost.

The differential check (helpers.differential) holds it against the plain search on seeded
positions of every mode; the positions below were once called lost, each of them winnable
(the lines found here replay in the engine). docs/solver.md, "Why each pruning is sound",
gives the argument the check stands behind.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from helpers.differential import ALL_MODES, Sizes, replays, run_mode
from helpers.positions import position
from klondike import Game
from klondike.cards import CARD_NAMES, move_code, parse_pile
from klondike.rules import Mode
from klondike.solver import solve
from klondike.solver.moves import children
from klondike.solver.search import search
from klondike.solver.variants import under_draw

from .test_solver import replays_to_win

# The check's size per mode: a few seconds each, compiled. Classic Draw 3 follows its
# shuffled redeals a few passes deep, so its positions cost the most: fewer, smaller.
# Vegas deals are seldom won (their winning lines give the most positions): more deals.
SIZES: dict[Mode, Sizes] = {
    mode: Sizes(deals=4 if mode[2] == "vegas" else 2, small=30, full_states=5_000)
    for mode in ALL_MODES
}
SIZES["classic", 3, "none"] = Sizes(
    deals=1, random_moves=30, small=20, full_states=2_000, plain_states=20_000, line_states=20_000
)


@pytest.mark.parametrize("mode", ALL_MODES, ids=lambda mode: "-".join(map(str, mode)))
def test_every_loss_of_the_full_search_is_a_loss_of_the_plain_search(mode: Mode) -> None:
    """Seeded random play, winning lines and positions a few random moves aside from
    them, small positions: no disagreement, and enough losses confirmed to bite."""
    tally = run_mode(mode, seed=2026, sizes=SIZES[mode])
    assert tally.disagreements == []
    assert tally.positions >= 150
    assert tally.confirmed >= 3, tally


# ----------------------------------------------------------------- once called lost


VEGAS_TWELVE_LEFT: dict[str, Any] = {
    "code": "KL1-D3V-AAAAAAG",
    "rules": "app",
    "draw": 3,
    "scoring": "vegas",
    "stock": ["QD", "9D", "KH", "JC", "TC"],
    "waste": ["JS", "8D", "QS", "JH", "QH", "TD", "JD"],
    "foundations": [
        ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"],
        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"],
        ["AD", "2D", "3D", "4D", "5D", "6D", "7D"],
        ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"],
    ],
    "tableau": [{"down": ["QC", "KS", "KC"], "up": ["KD"]}] + [{"down": [], "up": []}] * 6,
    "score": -52,
    "won": False,
    "history": [],
}
"""Draw 3 Vegas, 12 cards left: 10♠ comes back down for the 9♦ that Q♦, played from the
waste first, lets the stock bring up. Called lost after 23 positions when a take-back and
a stock card each had to be used by the very next move: both waited for the same move."""

DRAW_THREE_MIDGAME: dict[str, Any] = {
    "code": "KL1-D3N-OWJVOYM",
    "rules": "app",
    "draw": 3,
    "scoring": "normal",
    "recycles": 5,
    "stock": ["QC", "9H", "6C", "7H", "7D", "8H", "JD", "2D", "7S", "6H", "KD", "5D", "5H"],
    "waste": ["3H", "JC", "KS", "QD"],
    "foundations": [["AS", "2S", "3S", "4S", "5S", "6S"], [], [], ["AC", "2C", "3C"]],
    "tableau": [
        {"down": [], "up": ["QH", "JS"]},
        {"down": ["TH"], "up": ["2H"]},
        {"down": [], "up": ["QS", "JH"]},
        {"down": ["6D"], "up": ["8D"]},
        {"down": ["8S", "7C", "5C"], "up": ["3D"]},
        {"down": ["TD", "AH", "4H", "TS", "9C"], "up": ["9D", "8C"]},
        {"down": ["AD", "4C", "KH", "TC", "9S", "KC"], "up": ["4D"]},
    ],
    "score": 15,
    "won": False,
    "history": [],
}
"""KL1-D3N-OWJVOYM after 57 moves of a winning line: its Draw 1 counterpart was called lost
after 26 positions, and with it, through the Draw 1 help, this winnable Draw 3 position."""


def both_sevens() -> Game:
    """Draw 1: 5♦ must leave its column (4♦, the black sixes and 7♦ lie under it) for 6♠,
    which is home under 7♠: 7♠ comes back onto 8♥, 7♥ comes from the stock onto 8♠, 6♠
    comes down onto 7♥. Before 7♥ is out nothing could follow 7♠ down, and before 7♠ is
    back nothing fits on 7♥ but cards home under others: each of the two waits for the
    other, and a rule that asked either to be of use by itself called this lost (the plain
    search of that time too)."""
    return Game.from_snapshot(
        position(
            tableau=["6H 6D 7D 6C 4D | 5D", "8S", "8H"],
            foundations={"S": 7, "H": 4, "D": 3, "C": 5},
            stock="7H 5H 9S TS JS QS KS 9H TH JH QH KH 8D 9D TD JD QD KD 7C 8C 9C TC JC QC KC",
            draw=1,
        )
    )


@pytest.mark.parametrize(
    "start",
    [
        pytest.param(lambda: Game.from_snapshot(VEGAS_TWELVE_LEFT), id="vegas-twelve-left"),
        pytest.param(lambda: Game.from_code("KL1-D3V-JPI4YBQ"), id="KL1-D3V-JPI4YBQ"),
        pytest.param(lambda: Game.from_snapshot(DRAW_THREE_MIDGAME), id="draw-three-midgame"),
        pytest.param(
            lambda: under_draw(Game.from_snapshot(DRAW_THREE_MIDGAME), 1), id="its-draw-one"
        ),
        pytest.param(both_sevens, id="both-sevens"),
    ],
)
def test_positions_once_called_lost_are_won(start: Any) -> None:
    game = start()
    s = solve(game, max_states=200_000)
    assert s.verdict == "winnable" and replays_to_win(game, s)
    plain = search(game.copy(), max_states=2_000_000, relaxed=False, plain=True)
    assert plain.codes is not None and replays(game, plain.codes)


def test_both_sevens_wait_for_each_other() -> None:
    """In the position above, 7♠'s take-back is tried though only 7♥, still in the stock,
    could take 6♠; and 7♥ goes to a column though only 6♠, home under 7♠, fits on it."""
    game = both_sevens()
    options = children(game)
    while len(options) == 1:  # the safe moves first (5♥ from the stock)
        for code in options[0]:
            game.push(code)
        options = children(game)
    assert (move_code(parse_pile("F1"), parse_pile("T3")),) in options  # 7♠ onto 8♥
    seven = [m for m in options if m[-1] == move_code(parse_pile("W"), parse_pile("T2"))]
    assert len(seven) == 1  # 7♥, drawn, onto 8♠
    for code in seven[0][:-1]:
        game.push(code)
    assert CARD_NAMES[game.waste[-1]] == "7H"


@pytest.mark.parametrize(
    "code", ["KL1-D3N-OWJVOYM", "KL1-D3N-IKWA7PZ", "KL1-D1V-XFBAWVC", "KL1-D1N-AAAAADI"]
)
@pytest.mark.parametrize("cap", [1_000, 3_000, 10_000])
def test_a_cap_on_the_positions_kept_never_proves_a_loss(code: str, cap: int) -> None:
    """Winnable deals (Draw 3, Vegas, Draw 1) searched in two orders (with the Draw 1 help in
    Draw 3), a position cap and a budget (in positions, then in time): a search out of
    room is unknown, never a loss."""
    game = Game.from_code(code)
    for states in (2_000, 20_000, 200_000):
        result = search(game.copy(), max_states=states, max_positions=cap)
        assert result.codes is not None or not result.complete, states
    result = search(game.copy(), deadline=time.monotonic() + 2, max_positions=cap)
    assert result.codes is not None or not result.complete
