"""A plain exhaustive search for the solver's tests: every legal code of the engine, exact
positions, push and pop, no pruning at all (nothing of the solver's own)."""

from __future__ import annotations

from klondike import Game


def brute_force_winnable(g: Game, limit: int = 10_000) -> bool | None:
    """Plain search over every legal code and exact positions: no pruning at all."""
    probe = g.copy()
    probe.history = []
    # (the count of passes is part of the position where it limits the game; the rules and
    # the scoring, which say so, stay the same all through the search: asked once)
    counted = g.rules.recycle == "shuffle" or bool(g.rules.pass_limit(g.scoring))
    seen: set[tuple[object, ...]] = set()
    stack = [probe.legal_codes()]
    seen.add(_exact(probe, counted))
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                probe.pop()
            continue
        probe.push(stack[-1].pop())
        if probe.won:
            return True
        key = _exact(probe, counted)
        if key in seen:
            probe.pop()
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        stack.append(probe.legal_codes())
    return False


def _exact(g: Game, counted: bool) -> tuple[object, ...]:
    """The position exactly: every pile's cards (a column's face-down and face-up cards
    apart), and the passes through the stock where they are ``counted``."""
    return (
        g.recycles if counted else 0,
        tuple(g.stock),
        tuple(g.waste),
        tuple(g.foundations),
        *map(tuple, g.down),  # (a game has as many columns all through one search)
        *map(tuple, g.up),
    )
