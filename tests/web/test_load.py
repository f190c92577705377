"""The load benchmark, bounded, in the test suite: many games at once over real HTTP,
no errors, no action lost or doubled, every deliberately illegal move refused.

Speed is not asserted here (the suite shares the machine with other tests); run
``python bench/load.py`` alone for the figures.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench" / "load.py"


def load_bench() -> ModuleType:
    """bench/load.py as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location("klondike_bench_load", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[spec.name]
        raise
    return module


def test_many_concurrent_games_over_http_without_errors() -> None:
    bench = load_bench()
    result = bench.run_once(players=6, actions=900, seconds=20.0, seed=7, script=None)
    print(result.line())
    assert result.requests >= 300, result.line()  # it really played
    assert result.games >= 6
    assert (result.errors, result.lost, result.illegal_accepted, result.unexpected_4xx) == (
        0, 0, 0, 0,
    ), result.notes  # fmt: skip
    assert result.refused_as_expected > 0  # the illegal drags were sent, and refused
    assert result.conflicts == 0  # each player has its own game: no stale version
    assert result.p99_ms < 2000  # a sanity bound, not the benchmark's aim
