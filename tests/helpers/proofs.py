"""Proofs as the store keeps them: a deal and its winning line, found by the solver."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from klondike.rules import MODES, Mode
from klondike.store import database as store
from klondike.store.database import KeptProof
from klondike.web.proofs import prove
from klondike.web.proved_deals import POOL_SIZE

KEPT_DEALS: dict[Mode, tuple[int, ...]] = {
    ("app", 1, "normal"): (1, 2, 3),
    ("app", 3, "normal"): (3, 4, 5),
    ("app", 1, "vegas"): (22, 101, 172),
    ("app", 3, "vegas"): (15, 22, 172),
    ("classic", 1, "none"): (2, 3, 4),
    ("classic", 3, "none"): (2, 3, 6),
    ("solitaer", 3, "none"): (3, 5, 6),
}
"""Fixed deals of each mode that the solver proves winnable in a few milliseconds."""


@cache
def proof_of(deal: int, mode: Mode) -> KeptProof:
    """The kept proof of a deal the solver wins in ``mode`` within 30 s."""
    found = prove(deal, mode, 30.0)
    assert found is not None, f"deal {deal} is not proved winnable in {mode}"
    return KeptProof(**found)


def some_proof(mode: Mode) -> KeptProof:
    """The kept proof of the first of the fixed winnable deals of ``mode``."""
    return proof_of(KEPT_DEALS[mode][0], mode)


def keep_proved_deals(db: Path) -> None:
    """Fill the pool of proved deals of the database ``db`` for every mode.

    A server over it starts with its pool full: its filler sleeps, so no solver process
    runs beside the test, and "winnable deals only" serves these fixed deals.
    """
    conn = store.open_database(db)
    try:
        for mode in MODES:
            assert len(KEPT_DEALS[mode]) >= POOL_SIZE, mode
            for deal in KEPT_DEALS[mode][:POOL_SIZE]:
                store.add_proved_deal(conn, mode, proof_of(deal, mode))
        conn.commit()
    finally:
        conn.close()
