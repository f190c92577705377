"""The fair player's decision and gauge: solve layouts the player cannot tell apart with
the full-information solver, each under a small bound, and count the layouts each choice
(`klondike.fair.choices`) wins.

Everything here is a function of the information set (`klondike.information`) and a seed:
the layouts are drawn from the information set alone, their deal numbers too, and the
moves tried are the ones every such layout allows. Bounds are counts of positions, not
seconds, so that an answer does not depend on the machine either.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from klondike import Game, Move
from klondike.estimates import winnable_interval
from klondike.information import information_key, information_set, seen_key
from klondike.solver import Solution, solve
from klondike.solver.position import place

from .choices import (
    Line,
    after,
    commitment,
    commits,
    forced_move,
    line_of,
    scouting_move,
    stock_choices,
    text_of,
)
from .sampler import coupled_layouts, layouts

SAMPLES = 16
"""Layouts a decision solves, by default."""

MAX_STATES = 3_000
"""Positions each solve of a layout may search, by default."""

RACE_Z = 2.5
"""A choice trailing the leader by more than this many standard deviations of the paired
difference (the layouts one wins and the other does not) is counted no further."""

RACE_MARGIN = 3
"""The fewest layouts by which a choice must trail the leader, besides trailing it by more
than `RACE_Z` standard deviations, to be counted no further."""

UNDECIDED_SHARE = 4
"""Where a layout's position is left undecided by the bound and no layout was won, each
choice is solved in it within the bound divided by this; where some layout was won, the
undecided ones are not solved again (docs/fair.md, "Counting", says why, with the
counts)."""

NEXT_CHOICES = 3
"""Judged reveals deep (`decide`'s ``reveals``), the next choices weighed in each
group of layouts the player cannot tell apart after a choice: those most of the group's
winning lines make first."""


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
    def high_count(self) -> int:
        """The most layouts that may be won: the wins and the undecided."""
        return self.wins + self.unknown

    @property
    def low(self) -> float:
        return winnable_interval(self.wins, self.unknown, self.samples)[0]

    @property
    def high(self) -> float:
        return winnable_interval(self.wins, self.unknown, self.samples)[1]


@dataclass(frozen=True)
class Decision:
    """The fair player's choice: its ``line`` (the steps, then the move that commits), its
    first ``move`` (None when no move is left), its share, and every candidate's share by
    its text (`klondike.fair.choices.text_of`).

    A candidate in ``ruled_out`` fell so far behind that it could not be chosen, and one in
    ``dropped`` so far behind the leader that it most likely could not (`RACE_Z`): neither
    was solved in the layouts after that; those count as undecided in its share.
    ``position`` is the position's own share: how its layouts were found. Judged
    reveals deep (`decide`'s ``reveals``), ``revealed`` holds the candidates so weighed
    and the layouts each wins when the next choice is made from what the player sees.
    ``visits``: the information-set search's visits of each candidate
    (`klondike.fair.ismcts`).
    """

    move: Move | None
    share: Share
    candidates: dict[str, Share] = field(default_factory=dict)
    seconds: float = 0.0
    ruled_out: tuple[str, ...] = ()
    line: tuple[Move, ...] = ()
    dropped: tuple[str, ...] = ()
    position: Share = Share(0, 0, 0)
    revealed: dict[str, int] = field(default_factory=dict)
    visits: dict[str, int] = field(default_factory=dict)


def seed_of(game: Game, seed: int, stock_known: bool = False) -> int:
    """The sampler's seed for a position: its information set and ``seed``, nothing else
    (``stock_known``: the stock's order known from the deal, `decide`)."""
    text = f"{seed}:{information_key(information_set(game, stock_known=stock_known))}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def key_after(game: Game, line: Line, stock_known: bool = False) -> str:
    """The position key after ``line`` (a card it turns up makes it a new position)."""
    return seen_key(after(game, line), stock_known=stock_known)


def fresh_moves(
    real: Game, visited: set[str] | frozenset[str], stock_known: bool = False
) -> list[Move]:
    """The legal moves of ``real`` that lead where the player has not been (``visited``:
    `position_key`s), or all of them if none does."""
    moves = real.legal_moves()
    fresh = [move for move in moves if key_after(real, (move,), stock_known) not in visited]
    return fresh or moves


_OUTCOME = {"winnable": "win", "unwinnable": "loss", "unknown": "unknown"}


def _outcome(
    layout: Game, max_states: int, *, relaxed: bool = True, shared: Shared | None = None
) -> str:
    return _OUTCOME[_solve(layout, max_states, relaxed, shared).verdict]


def _solve(layout: Game, max_states: int, relaxed: bool, shared: Shared | None) -> Solution:
    """`solve` ``layout`` (a layout: every card known), through ``shared`` if given."""
    if shared is None:
        return solve(layout, max_states=max_states, relaxed=relaxed)
    return shared.solve(layout, max_states, relaxed)


@dataclass
class Shared:
    """What the decisions of one rating's plays share (`klondike.fair.rate`), so that a
    position several plays reach is not solved again for each: each information set's
    pool of ``pool`` layouts, drawn once from the information set alone (`layouts`, its
    own seed), of which each decision takes ``samples`` by its own seed; and every solve,
    by the layout's exact position and the bound (a search is a function of these).

    A decision that takes its layouts so still sees ``samples`` layouts drawn uniformly
    from the information set: a play alone goes as it would without the pool; only plays
    that reach the same position share layouts, and so are less independent.
    """

    pool: int
    layouts: dict[str, list[Game]] = field(default_factory=dict)
    solutions: dict[tuple[object, ...], Solution] = field(default_factory=dict)
    solves: int = 0  # solves asked for
    searched: int = 0  # solves searched (the others were known)

    def drawn(self, game: Game, samples: int, seed: int) -> list[Game]:
        """The ``samples`` layouts of ``game``'s pool that a decision seeded ``seed`` takes,
        in the order it takes them."""
        if not 0 < samples <= self.pool:
            raise ValueError(f"{samples} layouts cannot be taken from a pool of {self.pool}")
        info = information_set(game)
        key = information_key(info)
        pool = self.layouts.get(key)
        if pool is None:
            pool = list(layouts(info, self.pool, seed_of(game, -1)))  # -1: no play's seed
            self.layouts[key] = pool
        taken = random.Random(seed_of(game, seed)).sample(range(self.pool), samples)
        return [pool[index] for index in taken]

    def solve(self, layout: Game, max_states: int, relaxed: bool) -> Solution:
        """`solve` of ``layout`` within ``max_states`` (``relaxed`` as there), searched once
        for each position and bound."""
        shuffled = layout.rules.recycle == "shuffle"  # the deal number orders the redeals
        key = (
            layout.rules.key,
            layout.draw,
            layout.scoring,
            layout.deal if shuffled else -1,
            place(layout),
            max_states,
            relaxed,
        )
        self.solves += 1
        found = self.solutions.get(key)
        if found is None:
            self.searched += 1
            found = solve(layout, max_states=max_states, relaxed=relaxed)
            self.solutions[key] = found
        return found


Won = tuple[int, Game, tuple[Move, ...]]
"""A layout a line wins: its weight, the position the line led to, and the rest of a
winning line from there."""


def _told_apart(members: list[Won], stock_known: bool = False) -> list[list[Won]]:
    """``members`` in groups the player cannot tell apart (the same information set)."""
    groups: dict[str, list[Won]] = {}
    for member in members:
        info = information_set(member[1], stock_known=stock_known)
        groups.setdefault(information_key(info), []).append(member)
    return list(groups.values())


def _seen_wins(
    members: list[Won],
    reveals: int,
    max_states: int,
    next_choices: int,
    shared: Shared | None,
    stock_known: bool = False,
) -> int:
    """What a player who cannot tell ``members`` apart wins of them, choosing each of its
    next ``reveals`` choices from what it sees: the best of the ``next_choices`` next
    choices most of their winning lines make first, each played in every member, its wins
    grouped by what the player then sees and counted so one choice deeper; after the last,
    each layout's own line (full information)."""
    total = sum(weight for weight, _, _ in members)
    votes: Counter[Line] = Counter()
    for weight, reached, rest in members:
        made = commitment(reached, rest, stock_known=stock_known)
        if made is not None:
            votes[made] += weight
    if reveals <= 0 or not votes:
        return total
    best = 0
    for made, _ in votes.most_common(next_choices):
        won: list[Won] = []
        for weight, reached, rest in members:
            then = after(reached, made)
            if rest[: len(made)] == made:
                won.append((weight, then, rest[len(made) :]))
                continue
            solution = _solve(then, max_states, False, shared)
            if solution.verdict == "winnable":
                won.append((weight, then, solution.line))
        if sum(weight for weight, _, _ in won) <= best:
            continue
        deeper = sum(
            _seen_wins(group, reveals - 1, max_states, next_choices, shared, stock_known)
            for group in _told_apart(won, stock_known)
        )
        best = max(best, deeper)
        if best == total:
            break
    return best


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


def winnable_share(
    game: Game,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
    coupled: bool = False,
) -> Share:
    """The share of layouts the player cannot tell apart in which ``game`` can be won
    (``coupled``: the layouts that stay the same from one position to the next, as the
    gauge's)."""
    return layout_outcomes(game, 0, samples, max_states=max_states, seed=seed, coupled=coupled)


def layout_outcomes(
    game: Game,
    first: int,
    count: int,
    *,
    max_states: int = MAX_STATES,
    seed: int = 0,
    coupled: bool = False,
) -> Share:
    """The outcomes of layouts ``first`` to ``first + count - 1`` of the ones
    `winnable_share` draws: the shares of consecutive parts add up to its share, so that it
    can be computed part by part. With ``coupled`` the layouts are the ones that stay the
    same from one position to the next (`klondike.fair.sampler.coupled`: common random
    numbers, ``seed`` unused), so that the share moves with what the player sees, not with
    a new draw.

    >>> from klondike import Game
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> parts = [layout_outcomes(game, first, 2, max_states=200) for first in (0, 2)]
    >>> sum(p.wins for p in parts) == winnable_share(game, samples=4, max_states=200).wins
    True
    """
    if first < 0 or count < 0:
        raise ValueError(f"layouts {first} to {first + count - 1} do not exist")
    counts = {"win": 0, "loss": 0, "unknown": 0}
    info = information_set(game)
    if coupled:
        drawn = islice(coupled_layouts(info, first + count), first, None)
    else:
        drawn = islice(layouts(info, first + count, seed_of(game, seed)), first, None)
    for layout, weight in _alike(list(drawn)):
        counts[_outcome(layout, max_states)] += weight
    return Share(counts["win"], counts["loss"], counts["unknown"])


@dataclass
class _Weighing:
    """The layouts of one position, each solved once, and the choices counted in them."""

    groups: list[tuple[Game, int]]
    found: list[Solution]
    forced: str | None = None
    shared: Shared | None = None
    stock_known: bool = False
    tally: dict[str, dict[str, int]] = field(default_factory=dict)
    won: dict[str, set[int]] = field(default_factory=dict)  # the layouts each choice won
    rests: dict[tuple[str, int], tuple[str, tuple[Move, ...]]] = field(default_factory=dict)

    @property
    def any_won(self) -> bool:
        return any(found.verdict == "winnable" for found in self.found)

    def outcome(self, index: int, text: str, line: Line, max_states: int) -> str:
        """How the choice ``line`` does in layout ``index``: as the position for the forced
        move, lost where the position is lost, won where the layout's own winning line
        starts with it, else the rest solved after it. Where the position itself was left
        undecided: undecided if some layout was won, else the rest solved within a
        `UNDECIDED_SHARE` of the bound."""
        return self.continued(index, text, line, max_states)[0]

    def continued(
        self, index: int, text: str, line: Line, max_states: int
    ) -> tuple[str, tuple[Move, ...]]:
        """`outcome` of the choice in layout ``index``, and where it wins, the rest of a
        winning line after it (kept: asked again, it is not solved again)."""
        known = self.rests.get((text, index))
        if known is not None:
            return known
        layout, found = self.groups[index][0], self.found[index]
        answer: tuple[str, tuple[Move, ...]]
        if text == self.forced or found.verdict == "unwinnable":
            answer = (_OUTCOME[found.verdict], ())
        elif found.verdict == "unknown" and self.any_won:
            answer = ("unknown", ())
        elif found.line[: len(line)] == line:
            answer = ("win", found.line[len(line) :])
        else:
            played = after(layout, line)
            bound = max_states // UNDECIDED_SHARE if found.verdict == "unknown" else max_states
            solution = _solve(played, bound, False, self.shared)
            answer = (_OUTCOME[solution.verdict], solution.line)
        self.rests[(text, index)] = answer
        return answer

    def revealed_wins(
        self, text: str, line: Line, max_states: int, reveals: int, next_choices: int
    ) -> int:
        """The layouts the choice ``line`` wins when each of the next ``reveals`` choices
        after it is made from what the player sees then: the layouts it wins are grouped by
        what the player sees after it (the card it turns up, if any), and each group counts
        what the one next choice that does best in the group wins (`_seen_wins`), instead
        of each layout's own line."""
        members = []
        for index in range(len(self.groups)):
            outcome, rest = self.continued(index, text, line, max_states)
            if outcome == "win":
                members.append((self.groups[index][1], after(self.groups[index][0], line), rest))
        return sum(
            _seen_wins(group, reveals, max_states, next_choices, self.shared, self.stock_known)
            for group in _told_apart(members, self.stock_known)
        )

    def count(self, index: int, text: str, line: Line, max_states: int) -> None:
        weight = self.groups[index][1]
        counts = self.tally.setdefault(text, {"win": 0, "loss": 0, "unknown": 0})
        outcome = self.outcome(index, text, line, max_states)
        counts[outcome] += weight
        if outcome == "win":
            self.won.setdefault(text, set()).add(index)

    def behind(self, text: str, leader: str) -> bool:
        """True if the choice ``text`` trails ``leader`` in the layouts counted for both by
        more than `RACE_Z` standard deviations of the paired difference (and by
        `RACE_MARGIN` layouts at least)."""
        mine, theirs = self.won.get(text, set()), self.won.get(leader, set())
        ahead = sum(self.groups[i][1] for i in mine - theirs)
        trailing = sum(self.groups[i][1] for i in theirs - mine)
        lead = trailing - ahead
        return lead >= RACE_MARGIN and lead > RACE_Z * math.sqrt(ahead + trailing)

    def share(self, text: str) -> Share:
        """A choice's share: layouts it was not solved in count as undecided."""
        counts = self.tally.get(text, {"win": 0, "loss": 0, "unknown": 0})
        done = sum(weight for _, weight in self.groups)
        return Share(counts["win"], counts["loss"], done - counts["win"] - counts["loss"])

    def position(self) -> Share:
        """The position's own share: how its layouts were found."""
        counts = {"win": 0, "loss": 0, "unknown": 0}
        for (_, weight), found in zip(self.groups, self.found, strict=True):
            counts[_OUTCOME[found.verdict]] += weight
        return Share(counts["win"], counts["loss"], counts["unknown"])


def _weigh(
    game: Game,
    samples: int,
    max_states: int,
    seed: int,
    seconds: float | None,
    began: float,
    shared: Shared | None = None,
    stock_known: bool = False,
) -> _Weighing:
    """The position's layouts, each solved once (none begun after ``seconds``, but one);
    taken from ``shared``'s pool, if given."""
    if shared is None:
        info = information_set(game, stock_known=stock_known)
        drawn = list(layouts(info, samples, seed_of(game, seed, stock_known)))
    else:
        drawn = shared.drawn(game, samples, seed)
    groups = _alike(drawn)
    found: list[Solution] = []
    for layout, _ in groups:
        if found and seconds is not None and time.monotonic() - began >= seconds:
            break
        found.append(_solve(layout, max_states, True, shared))
    return _Weighing(groups[: len(found)], found, shared=shared, stock_known=stock_known)


def choice_share(
    game: Game,
    line: Line | Move | str,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
) -> tuple[Share, Share]:
    """The position's share (`winnable_share`'s: the same layouts and arguments) and the
    share of those layouts that the choice ``line`` (a move, or moves spaced in text)
    wins, counted as `decide` counts it."""
    if isinstance(line, (Move, str)):
        line = line_of(str(line))
    replay = game.copy()
    line = tuple(replay.play(move) for move in line)  # canonical, and legal
    weighing = _weigh(game, samples, max_states, seed, None, time.monotonic())
    forced = forced_move(game) or scouting_move(game)
    if forced is not None and line == (forced,):
        weighing.forced = str(forced)
    text = text_of(line)
    for index in range(len(weighing.groups)):
        weighing.count(index, text, line, max_states)
    return weighing.position(), weighing.share(text)


def move_share(
    game: Game,
    move: Move | str,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
) -> tuple[Share, Share]:
    """`choice_share` of the one move ``move``."""
    return choice_share(game, move, samples=samples, max_states=max_states, seed=seed)


def decide(
    game: Game,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
    visited: set[str] | frozenset[str] = frozenset(),
    seconds: float | None = None,
    only_new: bool = False,
    shared: Shared | None = None,
    reveals: int = 0,
    next_choices: int = NEXT_CHOICES,
    stock_known: bool = False,
) -> Decision:
    """The choice that wins the most of ``samples`` layouts the player cannot tell apart.

    A choice is a `~klondike.fair.choices.Line`: steps that commit to nothing, then a move
    that commits. The candidates are every legal move that commits now, the stock's cards
    (`~klondike.fair.choices.stock_choices`), and the choice each layout's own winning line
    makes first (`~klondike.fair.choices.commitment`): a full-information line shows where
    committing pays. Each layout's position is solved once; a choice is lost where it is
    lost, won where the layout's winning line starts with it, and else played in the layout
    and the rest solved. A candidate that can no longer reach the leader's wins, even
    winning every layout left, is solved no further (`Decision.ruled_out`), nor one that
    trails it by `RACE_Z` standard deviations of their paired difference
    (`Decision.dropped`). Ties go to the candidate that loses fewer, then to the one more
    layouts' lines make, then to the shorter, then to the first found. `forced_move` or
    else `scouting_move`, where one applies, is the only candidate, and does as the
    position does.

    ``visited`` holds the `position_key` of positions the player was in already (its own
    memory of the game, counters aside): a candidate that ends in one is left out while
    another is left; with ``only_new``, always (then with none left the decision has no
    move). ``seconds``, if given, makes the decision anytime: no layout is begun
    after that long, and the shares count the layouts solved (the answer then depends on
    the machine; without it, on counts alone). With ``shared`` (`Shared`), the layouts
    come from its pool of the position and every solve goes through it.

    With ``reveals`` above 0, the candidates are then judged that many choices deep
    (`Decision.revealed`): a candidate wins the layouts it wins when each of the next
    ``reveals`` choices after it is made from what the player sees then
    (`_Weighing.revealed_wins`, at most ``next_choices`` next choices weighed for each
    group of layouts the player cannot tell apart), not by each layout's own line. The
    candidates are weighed so from the most layouts won down, until no other can do
    better, and the choice is the one that wins the most so, ties broken as above.

    ``stock_known`` decides under lonelybot's rules, for the benches (the game never asks
    for it): the stock's order is known from the deal, the layouts keep the stock and the
    waste as they lie and deal only the face-down cards, and the stock is never scouted.
    """
    began = time.monotonic()
    if stock_known and shared is not None:
        raise ValueError("a rating's shared layouts are drawn with the stock unseen")
    if game.won:
        return Decision(None, Share(0, 0, 0), seconds=time.monotonic() - began)
    weighing = _weigh(game, samples, max_states, seed, seconds, began, shared, stock_known)
    real = weighing.groups[0][0]  # what every layout allows: the face-up cards' moves
    moves = fresh_moves(real, visited, stock_known)
    own = [
        (layout, weight, found.line)
        for (layout, weight), found in zip(weighing.groups, weighing.found, strict=True)
    ]
    candidates, votes, weighing.forced = (
        candidate_lines(real, moves, own, visited, only_new, stock_known)
        if moves
        else ({}, Counter(), None)
    )
    if not candidates:  # no move, or (only_new) every choice ends where the player was
        position = weighing.position()
        return Decision(None, position, seconds=time.monotonic() - began, position=position)
    texts = list(candidates)
    live = list(texts)
    dropped: list[str] = []
    left = sum(weight for _, weight in weighing.groups)
    for index, (_, weight) in enumerate(weighing.groups):
        if index and seconds is not None and time.monotonic() - began >= seconds:
            weighing.groups, weighing.found = weighing.groups[:index], weighing.found[:index]
            break
        for text in live:
            weighing.count(index, text, candidates[text], max_states)
        left -= weight
        leader = max(live, key=lambda text: weighing.share(text).wins)
        most = weighing.share(leader).wins
        live = [text for text in live if weighing.share(text).wins + left >= most]
        for text in [text for text in live if weighing.behind(text, leader)]:
            live.remove(text)
            dropped.append(text)
    shares = {text: weighing.share(text) for text in texts}

    def rank(text: str) -> tuple[int, int, int, int, int]:
        share = shares[text]
        return (share.wins, -share.losses, votes[text], -len(candidates[text]), -texts.index(text))

    best = max(texts, key=rank)
    revealed: dict[str, int] = {}
    if reveals > 0 and len(texts) > 1 and weighing.forced is None:
        most = -1
        for text in sorted(texts, key=lambda text: (shares[text].high_count, rank(text)))[::-1]:
            if shares[text].high_count <= most:
                break
            revealed[text] = weighing.revealed_wins(
                text, candidates[text], max_states, reveals, next_choices
            )
            most = max(most, revealed[text])
        best = max(revealed, key=lambda text: (revealed[text], *rank(text)))
    ruled_out = tuple(text for text in texts if text not in live and text not in dropped)
    line = candidates[best]
    seconds_taken = time.monotonic() - began
    return Decision(
        line[0],
        shares[best],
        shares,
        seconds_taken,
        ruled_out,
        line,
        tuple(dropped),
        weighing.position(),
        revealed,
    )


def candidate_lines(
    real: Game,
    moves: list[Move],
    lines: list[tuple[Game, int, tuple[Move, ...]]],
    visited: set[str] | frozenset[str],
    only_new: bool = False,
    stock_known: bool = False,
) -> tuple[dict[str, Line], Counter[str], str | None]:
    """The choices weighed in ``real`` among its legal ``moves``, by text; how many layouts'
    own winning ``lines`` (layout, weight, line) make each first; and the forced move or the
    look at the stock, if that is the one candidate. Those that end where the player was
    already are left out; with none left, the legal moves (those that lead somewhere new,
    if any) are the candidates — or, ``only_new``, none."""
    votes: Counter[str] = Counter()
    forced = forced_move(real) or scouting_move(real, stock_known=stock_known)
    if (
        forced is not None
        and str(forced) in {str(move) for move in moves}
        and (not only_new or key_after(real, (forced,), stock_known) not in visited)
    ):
        return {str(forced): (forced,)}, votes, str(forced)
    candidates: dict[str, Line] = {}
    for move in moves:
        if commits(real, move, after(real, (move,)), stock_known=stock_known):
            candidates[str(move)] = (move,)
    for line in stock_choices(real, stock_known=stock_known):
        candidates.setdefault(text_of(line), line)
    for layout, weight, own in lines:
        made = commitment(layout, own, stock_known=stock_known)
        if made is not None:
            votes[text_of(made)] += weight
            candidates.setdefault(text_of(made), made)
    fresh = {
        text: c for text, c in candidates.items() if key_after(real, c, stock_known) not in visited
    }
    if only_new:
        return fresh, votes, None
    return fresh or {str(move): (move,) for move in moves}, votes, None
