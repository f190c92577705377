"""An information-set search for the fair player (issue 37, docs/fair.md "Information-set
search"): single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) over the player's
choices, with the full-information solver as the leaf.

The tree's nodes are what the player sees: a node's children are keyed by the choice made
and by what the player sees after it (the card it turns up), so a node's choice is one
choice for every layout that reaches it. Each iteration takes the next of the decision's
seeded layouts, goes down by UCB1, plays the choices' lines in the layout with the engine,
adds one node and scores the layout there with a small solve. Every figure is a count:
the same answer on every machine, a function of the information set and the seed.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> for move in ["T1-F3", "T7-F2"] + ["S-W"] * 24 + ["W-S"]:
...     _ = game.play(move)
>>> decision = decide_ismcts(game, Search(iterations=16), samples=4, max_states=200)
>>> sum(decision.visits.values())
16
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from klondike import Game, Move
from klondike.information import information_set, seen_key
from klondike.solver import solve

from .choices import Line, commitment, text_of
from .player import (
    MAX_STATES,
    SAMPLES,
    Decision,
    Share,
    candidate_lines,
    fresh_moves,
    key_after,
    seed_of,
)
from .sampler import layouts

ITERATIONS_PER_LAYOUT = 4
"""Iterations a search takes for each layout drawn, by default."""

EXPLORATION = 0.7
"""UCB1's exploration constant, by default (rewards lie in 0–1)."""

UNDECIDED_REWARD = 0.5
"""A leaf the solve's bound left undecided: neither proved won (1) nor lost (0). It ranks
below a proved win and above a proved loss, as today's player ranks wins, then losses."""

MAX_DEPTH = 60
"""Choices an iteration makes at most before it scores the layout where it is."""

REWARD = {"winnable": 1.0, "unwinnable": 0.0, "unknown": UNDECIDED_REWARD}


@dataclass(frozen=True)
class Search:
    """How the information-set search spends its budget: ``iterations`` in all (None:
    `ITERATIONS_PER_LAYOUT` for each layout drawn), UCB1's ``exploration`` constant, and
    the leaf solves' bound, ``leaf_states`` (None: the decision's ``max_states``)."""

    iterations: int | None = None
    exploration: float = EXPLORATION
    leaf_states: int | None = None

    @property
    def name(self) -> str:
        """The search's settings as a name for the benches' records."""
        parts = [f"ismcts_{self.iterations or f'{ITERATIONS_PER_LAYOUT}x'}"]
        parts.append(f"c{self.exploration:g}")
        if self.leaf_states is not None:
            parts.append(f"leaf{self.leaf_states}")
        return "_".join(parts)


@dataclass
class Known:
    """What a solve found of one layout in one node: the verdict, and where it is
    winnable the rest of a winning line (so a choice that line makes wins there unsolved)."""

    verdict: str
    line: tuple[Move, ...] = ()


@dataclass
class Node:
    """What the player sees at one point of the tree: its choices (fixed by the first
    layout that reaches it, plus each later layout's own winning line's first choice), each
    choice's visits and summed reward, its children by choice and what is seen after it,
    and the layouts solved here. ``banned`` holds the positions on the path to it (and the
    game's visited ones): a choice that leads back to one is left out."""

    banned: frozenset[str]
    choices: dict[str, Line] = field(default_factory=dict)
    forced: bool = False
    visits: Counter[str] = field(default_factory=Counter)
    reward: dict[str, float] = field(default_factory=dict)
    children: dict[tuple[str, str], Node] = field(default_factory=dict)
    known: dict[int, Known] = field(default_factory=dict)
    opened: bool = False

    def open(self, state: Game, own: tuple[Move, ...] | None, stock_known: bool) -> None:
        """Fill the choices from ``state`` (any layout of the node: they share the face-up
        cards) and ``own``, the layout's winning line from here if known."""
        lines = [] if own is None else [(state, 1, own)]
        choices, _, forced = candidate_lines(
            state, state.legal_moves(), lines, self.banned, True, stock_known
        )
        self.choices, self.forced, self.opened = choices, forced is not None, True

    def add_own(self, state: Game, own: tuple[Move, ...], stock_known: bool) -> None:
        """Add the first choice of a layout's own winning line, if new (its steps turn up
        nothing, so it is legal in every layout of the node)."""
        made = None if self.forced else commitment(state, own, stock_known=stock_known)
        if made is None or text_of(made) in self.choices:
            return
        if key_after(state, made, stock_known) not in self.banned:
            self.choices[text_of(made)] = made

    def pick(self, exploration: float) -> str:
        """The choice to try: the first never tried, else UCB1's best (ties: the first)."""
        for text in self.choices:
            if not self.visits[text]:
                return text
        total = math.log(sum(self.visits[text] for text in self.choices))

        def ucb(text: str) -> float:
            visits = self.visits[text]
            return self.reward[text] / visits + exploration * math.sqrt(total / visits)

        return max(self.choices, key=ucb)


def decide_ismcts(
    game: Game,
    search: Search = Search(),
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
    visited: set[str] | frozenset[str] = frozenset(),
    stock_known: bool = False,
) -> Decision:
    """The fair player's choice by information-set search over ``samples`` layouts drawn
    as `decide` draws them (the same seed), each solved once at the root within
    ``max_states`` positions to find the candidates (`candidate_lines`: the forced move or
    the look at the stock alone, where one applies, as `decide`). The choice is the root's
    most visited; ties go to the higher mean reward, then to the one more layouts' own
    lines make, then to the first found. ``Decision.visits`` holds the root's visits;
    ``Decision.candidates`` each choice's first leaf outcome in each layout (layouts not
    scored after it count as undecided); ``Decision.share`` and ``position`` the
    position's own outcomes. ``visited``: the player's memory, as for `decide`."""
    began = time.monotonic()
    if game.won:
        return Decision(None, Share(0, 0, 0), seconds=time.monotonic() - began)
    info = information_set(game, stock_known=stock_known)
    drawn = list(layouts(info, samples, seed_of(game, seed, stock_known)))
    found = [solve(layout, max_states=max_states) for layout in drawn]
    position = _share(solution.verdict for solution in found)
    real = drawn[0]
    moves = fresh_moves(real, visited, stock_known)
    own = [(layout, 1, solution.line) for layout, solution in zip(drawn, found, strict=True)]
    choices, votes, forced = (
        candidate_lines(real, moves, own, visited, False, stock_known)
        if moves
        else ({}, Counter(), None)
    )
    if not choices:
        return Decision(None, position, seconds=time.monotonic() - began, position=position)
    order = sorted(choices, key=lambda text: -votes[text])  # stable: then as found
    root = Node(frozenset(visited) | {seen_key(game, stock_known=stock_known)})
    root.choices, root.opened = {text: choices[text] for text in order}, True
    root.known = {
        index: Known(solution.verdict, solution.line) for index, solution in enumerate(found)
    }
    first: dict[str, dict[int, str]] = {text: {} for text in order}
    if forced is None and len(order) > 1:
        leaf_states = search.leaf_states or max_states
        iterations = search.iterations or ITERATIONS_PER_LAYOUT * len(drawn)
        live = [index for index, solution in enumerate(found) if solution.verdict != "unwinnable"]
        for iteration in range(iterations if live else 0):
            index = live[iteration % len(live)]
            _iterate(root, drawn[index], index, search.exploration, leaf_states, stock_known, first)
    best = min(  # min keeps the first of equals: the root's order
        order,
        key=lambda text: (
            -root.visits[text],
            -(root.reward.get(text, 0.0) / max(root.visits[text], 1)),
        ),
    )
    shares = {text: _share(first[text].values(), len(drawn)) for text in order}
    line = choices[best]
    return Decision(
        line[0],
        position,
        shares,
        time.monotonic() - began,
        line=line,
        position=position,
        visits=dict(root.visits),
    )


def _iterate(
    root: Node,
    layout: Game,
    index: int,
    exploration: float,
    leaf_states: int,
    stock_known: bool,
    first: dict[str, dict[int, str]],
) -> None:
    """One iteration in layout ``index``: down the tree by `Node.pick`, one node added,
    the layout scored there, and the reward backed up the path."""
    state = layout.copy()
    node = root
    path: list[tuple[Node, str]] = []
    reward: float | None = None
    for _ in range(MAX_DEPTH):
        known = node.known.get(index)
        if state.won or state.can_finish():
            reward = 1.0
            break
        if known is not None and known.verdict == "unwinnable":
            reward = 0.0
            break
        own = known.line if known is not None and known.verdict == "winnable" else None
        if not node.opened:
            node.open(state, own, stock_known)
        elif own:
            node.add_own(state, own, stock_known)
        if not node.choices:
            reward = 0.0  # every choice leads back where the player was
            break
        text = node.pick(exploration)
        line = node.choices[text]
        for move in line:
            state.play(move)
        path.append((node, text))
        seen = seen_key(state, stock_known=stock_known)
        child = node.children.get((text, seen))
        rest = own[len(line) :] if own is not None and own[: len(line)] == line else None
        if child is None:
            child = Node(node.banned | {seen})
            node.children[(text, seen)] = child
            reward = _score(child, state, index, rest, leaf_states)
            break
        if index not in child.known:
            reward = _score(child, state, index, rest, leaf_states)
            break
        node = child
    if reward is None:
        reward = REWARD[solve(state, max_states=leaf_states, relaxed=False).verdict]
    root_text = path[0][1] if path else None
    if root_text is not None and index not in first[root_text]:
        first[root_text][index] = _verdict(reward)
    for visited_node, text in path:
        visited_node.visits[text] += 1
        visited_node.reward[text] = visited_node.reward.get(text, 0.0) + reward


def _score(
    node: Node, state: Game, index: int, rest: tuple[Move, ...] | None, leaf_states: int
) -> float:
    """The reward of layout ``index`` at ``node`` (its position ``state``): won where the
    layout's own winning line goes on through it (``rest``, the line left), else solved
    within ``leaf_states`` positions (without Draw 3's Draw 1 help, as `decide` solves a
    choice); kept in the node."""
    if state.won or rest is not None:
        node.known[index] = Known("winnable", rest or ())
    else:
        solution = solve(state, max_states=leaf_states, relaxed=False)
        node.known[index] = Known(solution.verdict, solution.line)
    return REWARD[node.known[index].verdict]


def _verdict(reward: float) -> str:
    return {1.0: "winnable", 0.0: "unwinnable"}.get(reward, "unknown")


def _share(verdicts: Iterable[str], samples: int | None = None) -> Share:
    """A share from layouts' verdicts; ``samples`` layouts in all (the rest undecided)."""
    counts = Counter(verdicts)
    total = sum(counts.values()) if samples is None else samples
    wins, losses = counts["winnable"], counts["unwinnable"]
    return Share(wins, losses, total - wins - losses)
