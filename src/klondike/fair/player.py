"""The fair player's decision and gauge: solve layouts the player cannot tell apart with
the full-information solver, each under a small bound, and count.

Everything here is a function of the information set (`klondike.information`) and a seed:
the layouts are drawn from the information set alone, their deal numbers too, and the
moves tried are the ones every such layout allows. Bounds are counts of positions, not
seconds, so that an answer does not depend on the machine either.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice

from klondike import Game, Move
from klondike.information import information_key, information_set, position_key
from klondike.solver import best_move, solve
from klondike.solver.survey import winnable_interval

from .sampler import layouts

SAMPLES = 16
"""Layouts a decision solves, by default."""

MAX_STATES = 3_000
"""Positions each solve of a layout may search, by default."""


@dataclass(frozen=True)
class Share:
    """How many of ``samples`` layouts were won, lost or left undecided by the bound.

    ``low`` and ``high`` bound the share of winnable layouts (95%, Wilson) counting the
    undecided ones honestly: as lost for ``low``, as won for ``high``.
    """

    wins: int
    losses: int
    unknown: int

    @property
    def samples(self) -> int:
        return self.wins + self.losses + self.unknown

    @property
    def low(self) -> float:
        return winnable_interval(self.wins, self.unknown, self.samples)[0]

    @property
    def high(self) -> float:
        return winnable_interval(self.wins, self.unknown, self.samples)[1]


@dataclass(frozen=True)
class Decision:
    """The fair player's move (None when no move is left), its share, every candidate's."""

    move: Move | None
    share: Share
    candidates: dict[str, Share] = field(default_factory=dict)
    seconds: float = 0.0


def seed_of(game: Game, seed: int) -> int:
    """The sampler's seed for a position: its information set and ``seed``, nothing else."""
    text = f"{seed}:{information_key(information_set(game))}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _key_after(layout: Game, move: Move) -> str:
    """The position key after ``move`` (a card it turns up makes it a new position)."""
    after = layout.copy()
    after.play(move)
    return position_key(information_set(after))


def _outcome(layout: Game, max_states: int) -> str:
    verdict = solve(layout, max_states=max_states).verdict
    return {"winnable": "win", "unwinnable": "loss"}.get(verdict, "unknown")


def winnable_share(
    game: Game, *, samples: int = SAMPLES, max_states: int = MAX_STATES, seed: int = 0
) -> Share:
    """The share of layouts the player cannot tell apart in which ``game`` can be won."""
    return layout_outcomes(game, 0, samples, max_states=max_states, seed=seed)


def layout_outcomes(
    game: Game, first: int, count: int, *, max_states: int = MAX_STATES, seed: int = 0
) -> Share:
    """The outcomes of layouts ``first`` to ``first + count - 1`` of the ones
    `winnable_share` draws: the shares of consecutive parts add up to its share, so that it
    can be computed part by part.

    >>> from klondike import Game
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> parts = [layout_outcomes(game, first, 2, max_states=200) for first in (0, 2)]
    >>> sum(p.wins for p in parts) == winnable_share(game, samples=4, max_states=200).wins
    True
    """
    if first < 0 or count < 0:
        raise ValueError(f"layouts {first} to {first + count - 1} do not exist")
    counts = {"win": 0, "loss": 0, "unknown": 0}
    drawn = layouts(information_set(game), first + count, seed_of(game, seed))
    for layout in islice(drawn, first, None):
        counts[_outcome(layout, max_states)] += 1
    return Share(counts["win"], counts["loss"], counts["unknown"])


def move_share(
    game: Game,
    move: Move | str,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
) -> tuple[Share, Share]:
    """The position's share (`winnable_share`'s, the same layouts and arguments) and the
    share of those layouts that ``move`` wins, each layout's position solved once: lost
    where the position is lost, won where its winning line starts with the move, else the
    rest solved after it. The move's count is ``decide``'s for it."""
    root = {"win": 0, "loss": 0, "unknown": 0}
    counts = {"win": 0, "loss": 0, "unknown": 0}
    for layout in layouts(information_set(game), samples, seed_of(game, seed)):
        played = str(layout.copy().play(move))
        found = solve(layout, max_states=max_states)
        if found.verdict == "unwinnable":
            root["loss"] += 1
            counts["loss"] += 1
            continue
        root["win" if found.verdict == "winnable" else "unknown"] += 1
        if found.line and str(found.line[0]) == played:
            counts["win"] += 1
        else:
            after = layout.copy()
            after.play(played)
            counts[_outcome(after, max_states)] += 1
    return (
        Share(root["win"], root["loss"], root["unknown"]),
        Share(counts["win"], counts["loss"], counts["unknown"]),
    )


def decide(
    game: Game,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
    visited: set[str] | frozenset[str] = frozenset(),
) -> Decision:
    """The move that wins the most of ``samples`` layouts the player cannot tell apart.

    Each layout is solved once from the position: lost, every move loses in it; won, the
    first move of its line wins in it. Every other move is played in the layout and the
    rest solved. Ties go to the move that loses fewer, then to the one the solver's
    heuristic (`klondike.solver.best_move`) picks in more layouts, then to the engine's
    order.
    ``visited`` holds the `position_key` of positions the player was in already (its own
    memory of the game, counters aside): a move back to one is left out while another move
    is left.
    """
    began = time.monotonic()
    drawn = list(layouts(information_set(game), samples, seed_of(game, seed)))
    if game.won or not drawn:
        return Decision(None, Share(0, 0, 0), seconds=time.monotonic() - began)
    moves = drawn[0].legal_moves()  # what every layout allows: the face-up cards' moves
    fresh = [move for move in moves if _key_after(drawn[0], move) not in visited]
    moves = fresh or moves
    if not moves:
        return Decision(None, Share(0, len(drawn), 0), seconds=time.monotonic() - began)
    tally = {str(move): {"win": 0, "loss": 0, "unknown": 0} for move in moves}
    root = {"win": 0, "loss": 0, "unknown": 0}
    for layout in drawn:
        found = solve(layout, max_states=max_states)
        if found.verdict == "unwinnable":
            root["loss"] += 1
            for counts in tally.values():
                counts["loss"] += 1
            continue
        root["win" if found.verdict == "winnable" else "unknown"] += 1
        first = str(found.line[0]) if found.line else None
        for move in moves:
            if str(move) == first:
                tally[first]["win"] += 1
                continue
            after = layout.copy()
            after.play(move)
            tally[str(move)][_outcome(after, max_states)] += 1
    shares = {text: Share(c["win"], c["loss"], c["unknown"]) for text, c in tally.items()}
    votes = Counter(str(best_move(layout)) for layout in drawn)  # the heuristic's choice
    best = max(moves, key=lambda m: (shares[str(m)].wins, -shares[str(m)].losses, votes[str(m)]))
    return Decision(best, shares[str(best)], shares, time.monotonic() - began)
