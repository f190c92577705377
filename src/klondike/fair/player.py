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
from typing import Any

from klondike import Game, Move
from klondike.cards import F0, T0, safe_to_play_up, source_of, target_of
from klondike.information import information_key, information_set, position_key
from klondike.solver import Solution, best_move, solve
from klondike.solver.survey import winnable_interval

from .sampler import layouts

SAMPLES = 16
"""Layouts a decision solves, by default."""

MAX_STATES = 3_000
"""Positions each solve of a layout may search, by default."""

UNDECIDED_SHARE = 4
"""Where a layout's position is left undecided by the bound, each move is solved within
this fraction of it: nine in ten of those solves stay undecided with the whole bound
(docs/fair.md), and the quick ones are found within the fraction."""


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
    """The fair player's move (None when no move is left), its share, every candidate's.

    A move in ``ruled_out`` fell so far behind that it was not solved in the layouts
    after that; those count as undecided in its share.
    """

    move: Move | None
    share: Share
    candidates: dict[str, Share] = field(default_factory=dict)
    seconds: float = 0.0
    ruled_out: tuple[str, ...] = ()


def seed_of(game: Game, seed: int) -> int:
    """The sampler's seed for a position: its information set and ``seed``, nothing else."""
    text = f"{seed}:{information_key(information_set(game))}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _key_after(layout: Game, move: Move) -> str:
    """The position key after ``move`` (a card it turns up makes it a new position)."""
    after = layout.copy()
    after.play(move)
    return position_key(information_set(after))


_OUTCOME = {"winnable": "win", "unwinnable": "loss", "unknown": "unknown"}


def _outcome(layout: Game, max_states: int) -> str:
    return _OUTCOME[solve(layout, max_states=max_states).verdict]


def forced_move(game: Game) -> Move | None:
    """The move that wins wherever the position can be won, if one is plain to see: the
    only legal move, or a column's card that may go home at once
    (:func:`~klondike.cards.safe_to_play_up`, the solver's own dominance), the first in
    the engine's order. Its outcome in a layout is the position's, without a search.

    >>> from klondike import Game
    >>> forced_move(Game.from_code("KL1-D1N-AAAAAAG"))
    Move('T1', 'F3')
    """
    moves = game.legal_moves()
    for code, move in zip(game.legal_codes(), moves, strict=True):
        source, target = source_of(code), target_of(code)
        home = source >= T0 and F0 <= target < T0
        if home and safe_to_play_up(game.foundations, game.top_card(source)):
            return move
    return moves[0] if len(moves) == 1 else None


def _alike(drawn: list[Game]) -> list[tuple[Game, int]]:
    """The distinct layouts of ``drawn``, each with how many times it was drawn, in the
    order first drawn. Layouts differ only in their unseen slots (and, where the redeal
    is shuffled, in the deal number that orders it); with nothing unseen they are one."""
    groups: dict[tuple[object, ...], list[Any]] = {}
    for layout in drawn:
        shuffled = layout.rules.recycle == "shuffle"
        key = (
            tuple(tuple(column) for column in layout.down),
            tuple(layout.stock),
            layout.code if shuffled else "",
        )
        groups.setdefault(key, [layout, 0])[1] += 1
    return [(layout, weight) for layout, weight in groups.values()]


def _move_outcome(
    layout: Game, move: Move, found: Solution, forced: Move | None, max_states: int
) -> str:
    """How ``move`` does in a layout whose position the solver found ``found``: lost where
    the position is lost, won where the winning line starts with it, the position's own
    outcome for the forced move, else the rest solved after it: within the bound, or a
    `UNDECIDED_SHARE` of it where the position itself was left undecided."""
    if found.verdict == "unwinnable":
        return "loss"
    if found.line and str(found.line[0]) == str(move):
        return "win"
    if forced is not None and str(move) == str(forced):
        return _OUTCOME[found.verdict]
    after = layout.copy()
    after.play(move)
    if found.verdict == "unknown":  # the bound did not suffice from the position: seldom after
        return _outcome(after, max_states // UNDECIDED_SHARE)
    return _outcome(after, max_states)


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
    for layout, weight in _alike(list(islice(drawn, first, None))):
        counts[_outcome(layout, max_states)] += weight
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
    move = game.copy().play(move)  # its canonical text
    forced = forced_move(game)
    root = {"win": 0, "loss": 0, "unknown": 0}
    counts = {"win": 0, "loss": 0, "unknown": 0}
    drawn = list(layouts(information_set(game), samples, seed_of(game, seed)))
    for layout, weight in _alike(drawn):
        found = solve(layout, max_states=max_states)
        root[_OUTCOME[found.verdict]] += weight
        counts[_move_outcome(layout, move, found, forced, max_states)] += weight
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
    seconds: float | None = None,
) -> Decision:
    """The move that wins the most of ``samples`` layouts the player cannot tell apart.

    Each layout is solved once from the position: lost, every move loses in it; won, the
    first move of its line wins in it; the `forced_move` does as the position does. Every
    other move is played in the layout and the rest solved. Layouts drawn alike are
    solved once and counted as often as drawn. A move that can no longer reach the
    leader's wins, even winning every layout left, is not solved further (`Decision.
    ruled_out`): the move chosen is the same. Ties go to the move that loses fewer, then
    to the one the solver's heuristic (`klondike.solver.best_move`) picks in more
    layouts, then to the engine's order.

    ``visited`` holds the `position_key` of positions the player was in already (its own
    memory of the game, counters aside): a move back to one is left out while another move
    is left. ``seconds``, if given, makes the decision anytime: no layout is begun after
    that long, and the shares count the layouts solved (the answer then depends on the
    machine; without it, on counts alone).
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
    forced = forced_move(drawn[0])
    if forced is not None and str(forced) in {str(move) for move in moves}:
        moves = [forced]
    texts = [str(move) for move in moves]
    tally = {text: {"win": 0, "loss": 0, "unknown": 0} for text in texts}
    live = list(moves)
    groups = _alike(drawn)
    left = len(drawn)
    solved: list[tuple[Game, int]] = []
    for layout, weight in groups:
        if seconds is not None and solved and time.monotonic() - began >= seconds:
            break
        found = solve(layout, max_states=max_states)
        for move in live:
            tally[str(move)][_move_outcome(layout, move, found, forced, max_states)] += weight
        solved.append((layout, weight))
        left -= weight
        leader = max(tally[str(move)]["win"] for move in live)
        live = [move for move in live if tally[str(move)]["win"] + left >= leader]
    done = sum(weight for _, weight in solved)
    for text in texts:  # layouts a move was not solved in are undecided for it
        counts = tally[text]
        counts["unknown"] += done - sum(counts.values())
    shares = {text: Share(c["win"], c["loss"], c["unknown"]) for text, c in tally.items()}
    votes: Counter[str] = Counter()
    for layout, weight in solved:  # the heuristic's choice
        votes[str(best_move(layout))] += weight
    best = max(moves, key=lambda m: (shares[str(m)].wins, -shares[str(m)].losses, votes[str(m)]))
    ruled_out = tuple(text for text in texts if text not in {str(move) for move in live})
    return Decision(best, shares[str(best)], shares, time.monotonic() - began, ruled_out)
