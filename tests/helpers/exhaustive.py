"""A plain exhaustive search for the solver's tests: every legal code of the engine, exact
positions, push and pop, no pruning at all (nothing of the solver's own)."""

from __future__ import annotations

from klondike import Game


def brute_force_winnable(g: Game, limit: int = 10_000) -> bool | None:
    """Plain search over every legal code and exact positions: no pruning at all."""
    probe = g.copy()
    probe.history = []
    seen: set[tuple[object, ...]] = set()
    stack = [probe.legal_codes()]
    seen.add(_exact(probe))
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                probe.pop()
            continue
        probe.push(stack[-1].pop())
        if probe.won:
            return True
        key = _exact(probe)
        if key in seen:
            probe.pop()
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        stack.append(probe.legal_codes())
    return False


def _exact(g: Game) -> tuple[object, ...]:
    return (
        g.recycles if g.rules.recycle == "shuffle" or g.rules.pass_limit(g.scoring) else 0,
        tuple(g.stock),
        tuple(g.waste),
        tuple(g.foundations),
        tuple(map(tuple, g.down)),
        tuple(map(tuple, g.up)),
    )
