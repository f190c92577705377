"""A slowed rating, for tests of the wait for a deal of a tier: every deal "rated" takes
`SECONDS` (from the environment), the tiers come in turn (easy, medium, hard, expert), and
each tier is always the same fixed deal (`SLOWED_DEALS`), so a test knows which deal a tier
gets. With a gate file (`GATE`), the n-th rating starts only once the file holds a number
of at least n: the test lets the ratings go when it is ready.

``python -m helpers.ratings [klondike's serving options]`` is ``klondike`` serving with this
rating (`helpers.server.Server` starts it when given ``rating``); the worker processes take
it by name, and its settings from the environment.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from klondike.rules import Mode
from klondike.tiers import TIERS
from klondike.web.proofs import RatedProof, prove

SECONDS = "KLONDIKE_TEST_RATING_SECONDS"
"""The environment variable with the seconds a rating takes."""
GATE = "KLONDIKE_TEST_RATING_GATE"
"""The environment variable naming the gate file (none: no gate)."""

SLOWED_DEALS: dict[Mode, tuple[int, ...]] = {
    ("app", 1, "vegas"): (5, 26, 33, 37),
    ("app", 1, "normal"): (1, 2, 3, 6),
}
"""The deal each tier (easiest first) gets, per mode: deals the solver wins in milliseconds."""

rated = 0  # ratings done in this process


def restart() -> None:
    """Start the tiers over at easy."""
    global rated
    rated = 0


def slow_prove_and_rate(deal: int, mode: Mode, budget: float) -> RatedProof:
    """`klondike.web.proofs.prove_and_rate`, slowed: the next tier's fixed deal of the mode
    (``deal`` and ``budget`` are not used), once the gate lets it go and `SECONDS` passed."""
    global rated
    rated += 1
    gate = os.environ.get(GATE)
    while gate is not None and int(Path(gate).read_text() or 0) < rated:
        time.sleep(0.02)
    seconds = float(os.environ[SECONDS])
    time.sleep(seconds)
    index = (rated - 1) % len(TIERS)
    chosen = SLOWED_DEALS[mode][index]
    proof = prove(chosen, mode, 30.0)
    assert proof is not None, (chosen, mode)
    return {**proof, "tier": TIERS[index], "wins": 3, "rating_seconds": seconds}


def main(argv: list[str]) -> int:
    """Serve as ``klondike`` does, every rating slowed."""
    from helpers.pages import serve_as_klondike
    from klondike.web import proved_deals

    proved_deals.prove_and_rate = slow_prove_and_rate  # type: ignore[assignment]
    return serve_as_klondike(argv)


if __name__ == "__main__":  # not when a solver worker process imports this module
    sys.exit(main(sys.argv[1:]))
