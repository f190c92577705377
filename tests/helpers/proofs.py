"""Proofs as the store keeps them: a deal and its winning line, found by the solver."""

from __future__ import annotations

from functools import cache

from klondike.rules import Mode
from klondike.store.database import KeptProof
from klondike.web.solving import prove, prove_some


@cache
def proof_of(deal: int, mode: Mode) -> KeptProof:
    """The kept proof of a deal the solver wins in ``mode`` within 30 s."""
    found = prove(deal, mode, 30.0)
    assert found is not None, f"deal {deal} is not proved winnable in {mode}"
    return KeptProof(**found)


@cache
def some_proof(mode: Mode) -> KeptProof:
    """The kept proof of the first deal of a fixed seed proved winnable in ``mode``."""
    found = prove_some(mode, 1.0, 60.0, seed=1)
    assert found is not None, f"no deal proved winnable in {mode}"
    return KeptProof(**found)
