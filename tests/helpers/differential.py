"""The differential check of the solver's prunings, for the tests and ``bench/soundness.py``.

The search with every pruning (:func:`klondike.solver.search.search`) is held against the
plain search (``search(relaxed=False, plain=True)``: no pruning of single moves but the
safe rule, no obligations, no cards that can never go home, no Draw 1 help) on positions
from seeded random play and along winning lines, in every mode. Every "unwinnable" of the
full search must be unwinnable for the plain one; every position a winning line passes
through is winnable, so there the full search must never say otherwise, nor
:func:`~klondike.solver.position.never_home` call it stuck; every winning line replays.
Everything is seeded and bounded by positions, never by time: the same run gives the same
figures on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from klondike import Game
from klondike.cards import F0, RANKS, SUITS, T0, count_of, source_of, target_of
from klondike.codes import DEAL_COUNT
from klondike.rules import MODES, Mode, rules_for
from klondike.solver.position import never_home
from klondike.solver.search import search

from .positions import position, small_position

FULL_STATES = 20_000
"""Positions the full search may take on one position of the check."""
PLAIN_STATES = 200_000
"""Positions the plain search may take to confirm one loss."""


@dataclass
class Tally:
    """What a run of the check found, per mode."""

    positions: int = 0
    winnable: int = 0
    unwinnable: int = 0
    unknown: int = 0
    confirmed: int = 0  # unwinnable for the plain search too
    unconfirmed: int = 0  # the plain search did not decide in its positions
    disagreements: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Count ``other``'s figures in with these."""
        self.positions += other.positions
        self.winnable += other.winnable
        self.unwinnable += other.unwinnable
        self.unknown += other.unknown
        self.confirmed += other.confirmed
        self.unconfirmed += other.unconfirmed
        self.disagreements.extend(other.disagreements)


def replays(game: Game, codes: list[int]) -> bool:
    """True if the engine plays ``codes`` from ``game`` (a copy) to a win."""
    trial = game.copy()
    for code in codes:
        if code not in trial.legal_codes():
            return False
        trial.push(code)
    return trial.won


def check_position(
    game: Game,
    tally: Tally,
    *,
    winnable: bool = False,
    full_states: int = FULL_STATES,
    plain_states: int = PLAIN_STATES,
) -> None:
    """Check the full search on ``game`` (known to be winnable if ``winnable``) and count
    the outcome in ``tally``; a disagreement is recorded with the position's snapshot."""
    tally.positions += 1
    probe = game.copy()
    probe.history = []
    if winnable and never_home(probe) >= 0:
        tally.disagreements.append(f"called stuck on a winning line: {probe.snapshot()}")
        return
    full = search(probe.copy(), max_states=full_states)
    if full.codes is not None:
        tally.winnable += 1
        if not replays(probe, full.codes):
            tally.disagreements.append(f"a winning line that does not replay: {probe.snapshot()}")
        return
    if not full.complete:
        tally.unknown += 1
        return
    tally.unwinnable += 1
    if winnable:
        tally.disagreements.append(f"a winning line's position proved lost: {probe.snapshot()}")
        return
    plain = search(probe.copy(), max_states=plain_states, relaxed=False, plain=True)
    if plain.codes is not None:
        tally.disagreements.append(f"proved lost, won by the plain search: {probe.snapshot()}")
    elif plain.complete:
        tally.confirmed += 1
    else:
        tally.unconfirmed += 1


def deals(seed: int, count: int) -> list[int]:
    """``count`` deal numbers drawn from ``seed``."""
    return random.Random(seed).sample(range(DEAL_COUNT), count)


def game_of(mode: Mode, deal: int) -> Game:
    """The deal in ``mode``, with no history."""
    rules, draw, scoring = mode
    game = Game(deal, draw, scoring, rules_for(rules))
    game.history = []
    return game


def random_play(
    game: Game, rng: random.Random, moves: int, progress: float = 0.5
) -> Iterator[Game]:
    """Positions of a seeded random game from ``game`` (a copy each), ``moves`` at most:
    a share ``progress`` of the moves go to a foundation or turn a card up where one does,
    the others are any legal move (take-backs, draws and all)."""
    probe = game.copy()
    for _ in range(moves):
        codes = probe.legal_codes()
        if not codes or probe.won:
            return
        ahead = [c for c in codes if F0 <= target_of(c) < T0]
        ahead += [
            c
            for c in codes
            if source_of(c) >= T0
            and count_of(c) == len(probe.up[source_of(c) - T0])
            and probe.down[source_of(c) - T0]
        ]
        probe.push(rng.choice(ahead if ahead and rng.random() < progress else codes))
        yield probe.copy()


def winning_line(game: Game, states: int) -> list[int] | None:
    """A winning line from ``game`` found by the full search, or None."""
    found = search(game.copy(), max_states=states)
    return found.codes


def along_line(game: Game, codes: list[int]) -> Iterator[Game]:
    """Every position of the line ``codes`` from ``game`` (a copy each), the last too."""
    probe = game.copy()
    for code in codes:
        probe.push(code)
        yield probe.copy()


@dataclass(frozen=True)
class Sizes:
    """How much of each kind of position a run of the check takes in one mode."""

    deals: int = 2  # deals for random play and for a winning line each
    random_moves: int = 80  # moves of each deal's seeded random game
    side_steps: int = 3  # random moves aside from each position of the winning line
    small: int = 20  # random positions with few cards left
    full_states: int = FULL_STATES
    plain_states: int = PLAIN_STATES
    line_states: int = 200_000  # positions the search may take for a deal's winning line


def run_mode(mode: Mode, seed: int, sizes: Sizes) -> Tally:
    """The check in one mode: each deal's seeded random game, every position of a
    winning line the full search finds and a few random moves aside from each, and small
    random positions (few cards left), all drawn from ``seed``."""
    tally = Tally()
    rng = random.Random(f"{seed}:{mode}")
    budgets = {"full_states": sizes.full_states, "plain_states": sizes.plain_states}
    for deal in deals(seed, sizes.deals):
        game = game_of(mode, deal)
        for played in random_play(game, rng, sizes.random_moves):
            check_position(played, tally, **budgets)
        line = winning_line(game, sizes.line_states)
        if line is None:
            continue
        for passed in along_line(game, line):
            check_position(passed, tally, winnable=True, **budgets)
            for aside in random_play(passed, rng, sizes.side_steps, progress=0):
                check_position(aside, tally, **budgets)
    rules, draw, scoring = mode
    for _ in range(sizes.small):
        snapshot = small_position(rng, draw, scoring, rng.randrange(3, 12), rules)
        check_position(Game.from_snapshot(snapshot), tally, **budgets)
        snapshot = buried_position(rng, mode, rng.randrange(6, 16))
        check_position(Game.from_snapshot(snapshot), tally, **budgets)
    return tally


def buried_position(rng: random.Random, mode: Mode, left: int) -> dict[str, object]:
    """A random position with ``left`` cards not yet home, most of them face down under
    one face-up card in two or three columns, the rest in the stock: often lost."""
    rules, draw, scoring = mode
    heights = [13, 13, 13, 13]
    for _ in range(left):
        heights[rng.choice([s for s in range(4) if heights[s]])] -= 1
    out = [RANKS[r] + SUITS[s] for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(out)
    tableau = []
    for _ in range(rng.randrange(2, 4)):
        if len(out) < 2:
            break
        down = [out.pop() for _ in range(min(len(out) - 1, rng.randrange(1, 6)))]
        tableau.append(" ".join(down) + " | " + out.pop())
    return position(
        tableau=tableau,
        foundations=heights,
        stock=" ".join(out),
        draw=draw,
        scoring=scoring,
        rules=rules,
    )


ALL_MODES: tuple[Mode, ...] = MODES
"""Every version, draw and scoring."""
