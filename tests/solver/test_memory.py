"""The memory a search keeps: a position kept costs at most `BYTES_PER_POSITION` in a set
(`BYTES_PER_RECORD` a waste-length record), so `MAX_MEMORY` (1 GiB) holds ten million.

The bytes are counted from the objects themselves (the table, every key, every value that
is not one of the interpreter's shared small numbers) at every 20,000 positions searched
past 50,000 kept, where the table's share of a position is largest just after it doubles.
"""

from __future__ import annotations

import sys

import pytest

from klondike import Game
from klondike.solver import search as search_module
from klondike.solver.moves import Truncation
from klondike.solver.position import stock_rules
from klondike.solver.search import (
    BYTES_PER_POSITION,
    BYTES_PER_RECORD,
    MAX_MEMORY,
    MAX_POSITIONS,
    keeps_waste_lengths,
)


def kept_bytes(table: set[int] | dict[int, int]) -> int:
    """The bytes of a search's table of positions kept, with its keys and values."""
    total = sys.getsizeof(table) + sum(sys.getsizeof(key) for key in table)
    if isinstance(table, dict):
        total += sum(sys.getsizeof(value) for value in table.values() if value > 256)
    return total


def test_one_gibibyte_holds_ten_million_positions() -> None:
    assert MAX_MEMORY == 1 << 30
    assert MAX_POSITIONS >= 10_000_000
    # (the set's table doubles once 60% of it is filled: the cap stops short of the
    # doubling that would take 2**25 slots, so that the table stays under the bytes counted)
    assert MAX_POSITIONS < 0.6 * 2**24


@pytest.mark.parametrize(
    ("code", "limit"),
    [("KL1-D1N-AAAAAKC", BYTES_PER_POSITION), ("KL1-D3N-AAAAAAB", BYTES_PER_RECORD)],
)
def test_a_position_kept_takes_at_most_its_bytes(code: str, limit: int) -> None:
    """Draw 1 keeps a set of keys, Draw 3 Normal waste-length records; neither search ends
    within the 300,000 positions searched here, and each keeps over 50,000."""
    game = Game.from_code(code)
    mode = stock_rules(game)
    run = search_module.Search(game, mode, Truncation(), 10**9, True)
    worst = 0.0
    try:
        for step in range(1, 16):
            result = run.resume(None, step * 20_000)
            assert not result.complete
            table = run.waste_lengths if run.waste_lengths is not None else run.seen
            assert (run.waste_lengths is not None) == keeps_waste_lengths(game.draw, mode)
            if run.kept() >= 50_000:
                worst = max(worst, kept_bytes(table) / run.kept())
    finally:
        run.close()
    assert run.kept() >= 50_000
    assert 0 < worst <= limit, worst
