"""The solver's public API: :func:`solve`, :func:`hint`, :func:`best_move`."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from ..cards import (
    CARD_NAMES,
    F0,
    PAIR_MASK,
    PILE_NAMES,
    STOCK,
    T0,
    Move,
    count_of,
    pair_of,
    source_of,
    target_of,
)
from ..errors import IllegalMove, KlondikeError
from ..game import Game
from ..information import unseen_stock
from .moves import children
from .position import place
from .search import search
from .variants import within_passes

Verdict = Literal["winnable", "unwinnable", "unknown"]
HintKind = Literal["winning", "finish", "unwinnable", "unknown", "none"]


@dataclass(frozen=True, slots=True)
class Solution:
    """What :func:`solve` found.

    ``verdict`` is ``'winnable'`` (``line`` then wins when played from the position),
    ``'unwinnable'`` (proved by exhaustive search; ``line`` is empty) or ``'unknown'``
    (the budget ran out). ``states`` counts the positions searched.
    """

    verdict: Verdict
    line: tuple[Move, ...]
    states: int
    seconds: float

    @property
    def first_move(self) -> Move | None:
        """The first move of the winning line, or None."""
        return self.line[0] if self.line else None


@dataclass(frozen=True, slots=True)
class Hint:
    """A move to suggest and why.

    ``kind``: ``'winning'`` (``move`` starts a proved winning line, ``solution.line``),
    ``'finish'`` (Finish wins from here, whatever order the unseen stock lies in; ``move``
    is its next move), ``'unwinnable'`` (no line wins any more; ``move`` is the most useful
    move all the same, or None), ``'unknown'`` (the budget ran out; ``move`` is the most
    useful move, a turn of the stock if nothing else is), ``'none'`` (no move is left at
    all; ``move`` is None).
    """

    move: Move | None
    kind: HintKind
    solution: Solution


def _game_of(position: Game | Mapping[str, Any]) -> Game:
    """A private copy of the position to search on."""
    game = position.copy() if isinstance(position, Game) else Game.from_snapshot(position)
    game.history = []  # the search needs only its own moves
    return game


def _move(code: int) -> Move:
    """The move of a move code (one `Move` per source and target: it is immutable)."""
    return _move_of_pair(pair_of(code))


@cache
def _move_of_pair(pair: int) -> Move:
    return Move(PILE_NAMES[source_of(pair)], PILE_NAMES[target_of(pair)])


def solve(
    position: Game | Mapping[str, Any],
    *,
    budget: float | None = None,
    max_states: int | None = None,
    relaxed: bool = True,
) -> Solution:
    """Solve a position (a :class:`Game` or a snapshot dict), knowing every card.

    ``budget`` limits the time in seconds and ``max_states`` the positions searched;
    either running out gives ``'unknown'``. The position itself is not changed. Without
    ``relaxed``, a Draw 3 search is not helped by the same position in Draw 1 (which
    proves losses, never wins): all the positions go to finding a win.

    >>> from klondike import Game
    >>> s = solve(Game.from_code("KL1-D1N-AAAAAAG"), budget=30)
    >>> s.verdict
    'winnable'
    >>> g = Game.from_code("KL1-D1N-AAAAAAG")
    >>> for move in s.line:
    ...     _ = g.play(move)
    >>> g.won
    True
    """
    if budget is not None and budget < 0:
        raise ValueError("the budget must be at least 0 seconds")
    if max_states is not None and max_states < 1:
        raise ValueError("max_states must be at least 1")
    game = _game_of(position)
    start = time.monotonic()
    deadline = None if budget is None else start + budget
    result = search(game, deadline=deadline, max_states=max_states, relaxed=relaxed)
    seconds = time.monotonic() - start
    if result.codes is not None:
        line = tuple(map(_move_of_pair, [code & PAIR_MASK for code in result.codes]))
        return Solution("winnable", line, result.states, seconds)
    verdict: Verdict = "unwinnable" if result.complete else "unknown"
    return Solution(verdict, (), result.states, seconds)


def best_move(position: Game | Mapping[str, Any]) -> Move | None:
    """The move a good player would try first, without searching; None if none helps.

    Foundation moves that cannot hurt come first, then moves that turn up a face-down
    card, then the rest; drawing from the stock only to reach a card that can be played.
    """
    game = _game_of(position)
    if game.won:
        return None
    options = children(game)
    return _move(options[-1][0]) if options else None


def hint(
    position: Game | Mapping[str, Any],
    *,
    budget: float | None = 2.0,
    max_states: int | None = None,
    line: tuple[Move, ...] | None = None,
) -> Hint:
    """The next move to suggest: from a winning line if the solver finds one in budget.

    ``line`` is a winning line the caller already knows from this position (the rest of
    the last hint's line, once its move was played): if it still wins here, its first move
    is the hint, with no search. Following the hints so from any position a line was found
    for wins, and no position comes twice: the line's positions are all different.
    """
    began = time.monotonic()
    game = _game_of(position)
    if not game.won and game.can_finish():
        return Hint(finish_move(game), "finish", Solution("winnable", (), 0, 0.0))
    if line and _wins(game, line):
        return Hint(line[0], "winning", Solution("winnable", line, 0, time.monotonic() - began))
    solution = solve(game, budget=budget, max_states=max_states)
    if solution.line:
        return Hint(solution.line[0], "winning", solution)
    if solution.verdict == "winnable":  # winnable with no line: already won
        return Hint(None, "none", solution)
    kind: HintKind = "unwinnable" if solution.verdict == "unwinnable" else "unknown"
    move = best_move(game)
    if move is None:  # nothing useful: turning the stock is still a move, if it is one
        move = game.stock_step()
    if move is None and kind == "unknown":
        return Hint(None, "none", solution)
    return Hint(move, kind, solution)


def _wins(game: Game, line: tuple[Move, ...]) -> bool:
    """True if ``line`` is legal from ``game`` and wins it (played on a copy)."""
    trial = game.copy()
    try:
        for move in line:
            trial.play(move)
    except KlondikeError:
        return False
    return trial.won


def describe_line(position: Game | Mapping[str, Any], line: tuple[Move, ...]) -> list[str]:
    """What each move of ``line`` moves, played from ``position``: a card name, or for a
    draw the cards drawn (``'draw 7S'``), or ``'recycle'``.

    Raises :class:`klondike.IllegalMove` if a move is not legal where it comes.
    """
    game = _game_of(position)
    words: list[str] = []
    for move in line:
        game.play(move)
        code = game.last_code
        assert code is not None  # play pushed it
        count, source, target = count_of(code), source_of(code), target_of(code)
        if source == STOCK:
            words.append("draw " + " ".join(CARD_NAMES[c] for c in game.waste[-count:]))
        elif target == STOCK:
            words.append("recycle")
        elif target >= T0:
            words.append(CARD_NAMES[game.up[target - T0][-count]])
        else:
            suit = target - F0
            words.append(CARD_NAMES[suit * 13 + game.foundations[suit] - 1])
    return words


FINISH_STATES = 20_000
"""Positions each search for a cheaper finish may take (every card is face up: a finish is
found in far fewer)."""


def finish_move(game: Game) -> Move:
    """Finish's next move (when :meth:`Game.can_finish`): of the lines that win, one with
    the fewest turn-overs of the waste, so the fewest points lost to them.

    Drawing and putting cards home (:meth:`Game.finish_move`) decides while some stock
    order is unseen: its choice depends on face-up cards alone. Once the player has seen
    every card, a line that also puts waste cards on columns may need fewer turn-overs:
    the positions allowing fewer in all are solved, fewest first, and the first win's
    first move is the answer. Raises :class:`IllegalMove` when there is no finish.
    """
    if unseen_stock(game):
        return game.finish_move()
    here = place(game)
    rest = _FINISH_LINES.pop(here, None)
    if rest and _wins(game, rest):  # the rest of the line chosen a move ago
        return _follow(game, rest)
    line = game.finish_line()  # with every card seen, there is a finish when this wins
    if not line:
        raise IllegalMove("no_finish")
    greedy = line[0]
    turn_overs = sum(1 for move in line if move.source == "W" and move.target == "S")
    for extra in range(turn_overs):
        trial = within_passes(game, game.recycles + extra + 1)
        found = solve(trial, max_states=FINISH_STATES)
        if found.verdict == "winnable" and found.line:
            return _follow(game, found.line)
    return greedy


FINISH_LINES_KEPT = 64
"""Finish lines whose rest :func:`finish_move` keeps for the position after its move."""

_FINISH_LINES: dict[tuple[object, ...], tuple[Move, ...]] = {}


def _follow(game: Game, line: tuple[Move, ...]) -> Move:
    """The first move of ``line``, its rest kept for the position after it: a search from
    that position could choose another line, whose first move might undo this one (a run
    moved between twins and back), so the next call follows this line instead."""
    after = game.copy()
    after.play(line[0])
    if len(_FINISH_LINES) >= FINISH_LINES_KEPT:
        del _FINISH_LINES[next(iter(_FINISH_LINES))]
    _FINISH_LINES[place(after)] = line[1:]
    return line[0]
