"""The depth-first search and its strategies, on the engine's own lean path.

Every rule comes from the engine (:meth:`Game.legal_codes`, :meth:`Game.stock_moves`); the
search tries the macro moves :func:`~klondike.solver.moves.children` builds, pushing and
popping them with :meth:`Game.push` and :meth:`Game.pop`, and skips the positions
:mod:`klondike.solver.position` says it has seen. The strategies: Draw 3 helped by the
same position in Draw 1, and a shuffled Draw 3 redeal followed a few redeals at a time.
``docs/solver.md`` explains each pruning and why it is sound.
"""

from __future__ import annotations

import time
from collections.abc import Sized
from dataclasses import dataclass

from ..compiled import give_way_if_stale
from ..errors import KlondikeError
from ..game import Game
from ..stock import split_draws
from .moves import Macro, Truncation, children
from .position import (
    Key,
    StockRules,
    dominated,
    may_strand,
    never_home,
    place,
    position_key,
    stock_rules,
)
from .variants import under_draw

# With a shuffled Draw 3 redeal, the redeals the search follows beyond the position's.
ORDERED_REDEAL_PASSES = 4

MAX_ORDERED_REDEAL_PASSES = 4**6  # beyond this many, unknown

# Draw 3 without a pass limit: the Draw 3 search and the Draw 1 search of the same
# position take turns, the first turn this share of the budget, each later pair of turns
# twice as long as the one before: the Draw 1 search gets some 40-50% of any budget.
FIRST_TURN = 1 / 16

TWO_ORDERS_FROM = 5_000
"""The least position budget (``max_states``) at which a search runs in two orders: the
second order finds the wins the usual order reaches late, after hundreds of thousands of
positions, so a small solve (the fair player's, at most a few thousand positions: its
ratings, hints and the gauge) keeps the usual order alone, the whole budget in it."""

MAX_MEMORY = 1 << 30
"""Bytes the positions kept by one search may take (its ``seen`` set, or its waste lengths;
its frames, one per position on the path, hold far fewer), whatever its budget: past them
the verdict is unknown, never a proof. The searches alive at once share it: a paused Draw 3
search leaves the Draw 1 search it waits for only what it does not hold itself."""

BYTES_PER_POSITION = 107
"""The most a position kept in a set takes: its key (one number of some 160 bits, 48
bytes) and its share of the set's table, at the emptiest the table gets (just after it
doubles) with the cap below keeping it from doubling past `MAX_MEMORY`. Measured by
`tests/solver/test_memory.py` (docs/solver.md, "Bounded whatever the position")."""

BYTES_PER_RECORD = 120
"""The most a waste-length record takes (Draw 3 without a pass limit: one record holds the
positions of one rest of the key, `dominated`): its key, its small value and its share of
the dict's table, measured as `BYTES_PER_POSITION` is."""

MAX_POSITIONS = MAX_MEMORY // BYTES_PER_POSITION
"""The positions one search may keep in a set (10 million): `MAX_MEMORY` at
`BYTES_PER_POSITION` each (waste-length records: `MAX_MEMORY` at `BYTES_PER_RECORD`)."""


def keeps_waste_lengths(draw: int, mode: StockRules) -> bool:
    """True if a search of this draw and stock rules keeps waste-length records
    (`dominated`) rather than a set of keys: Draw 3 without a pass limit, the stock followed
    by arithmetic."""
    return draw > 1 and not (mode.limited or mode.engine_stock or mode.ordered_redeal)


@dataclass(slots=True)
class SearchResult:
    """What :func:`search` found: the winning codes (None if none), states, exhaustive."""

    codes: list[int] | None
    states: int
    complete: bool


def search(
    game: Game,
    *,
    deadline: float | None = None,
    max_states: int | None = None,
    max_positions: int | None = None,
    relaxed: bool = True,
    plain: bool = False,
) -> SearchResult:
    """Depth-first search for a win from ``game`` (which it leaves as it found it).

    ``codes`` lists every engine code of the winning line; ``complete`` says the search
    saw every position that matters, so ``codes is None`` then proves there is no win.
    ``max_positions`` (default: as many as :data:`MAX_MEMORY` holds, 10 million in a set)
    bounds the positions kept at once (waste-length records, where the search keeps them),
    and so the memory: reaching it gives an incomplete result, as a budget does. With a
    budget, every search whose stock the arithmetic follows (the App rules, every draw and
    scoring) runs in two orders that take turns (:func:`_in_turns`). Without ``relaxed``
    the search is one order alone, and a Draw 3 search is not helped by the same position
    in Draw 1 (a second method for the bench to confirm a loss). With ``plain`` it is the
    plain search the prunings are checked against: no card that can never go home
    (:func:`never_home`) and no pruning of single moves but the safe rule
    (``children(plain=True)``).
    """
    if game.won:
        return SearchResult([], 0, True)
    full = not plain
    if full and never_home(game) >= 0:
        return SearchResult(None, 0, True)
    mode = stock_rules(game)
    two_orders = max_states is None or max_states >= TWO_ORDERS_FROM
    if max_positions is None:
        by_record = keeps_waste_lengths(game.draw, mode)
        max_positions = MAX_MEMORY // (BYTES_PER_RECORD if by_record else BYTES_PER_POSITION)
    if not mode.ordered_redeal:
        if relaxed and keeps_waste_lengths(game.draw, mode):
            draw_one = _draw_one(game)  # (taken now, before the searches move ``game``)
            result = _in_turns(
                game, mode, deadline, max_states, max_positions, full, draw_one, two_orders
            )
        elif relaxed and not mode.engine_stock and two_orders:  # Draw 1, or a pass limit
            result = _in_turns(game, mode, deadline, max_states, max_positions, full, None, True)
        else:
            result = _search(game, mode, Truncation(), deadline, max_states, max_positions, full)
        if result.codes is not None:
            result.codes = without_loops(game, split_draws(result.codes, game.draw))
        return result
    # A shuffled Draw 3 redeal: the search follows a few redeals, then more (iterative
    # deepening on the passes). The same position in Draw 1 allows every move Draw 3 does
    # (any stock card can be played at any time): if even that is lost, so is this one.
    states = 0
    draw_one_tried = False
    passes = ORDERED_REDEAL_PASSES
    while True:
        left = None if max_states is None else max_states - states
        if left is not None and left < 1:
            return SearchResult(None, states, False)
        truncation = Truncation(recycle_cap=game.recycles + passes)
        result = _search(game, mode, truncation, deadline, left, max_positions, full)
        states += result.states
        if result.codes is not None or not result.complete or not truncation.hit:
            return SearchResult(result.codes, states, result.complete)
        if not draw_one_tried and relaxed:
            draw_one_tried = True
            draw_one = _draw_one(game)
            if draw_one is not None:
                left = None if max_states is None else max(1, max_states - states)
                # (the search above is closed: the Draw 1 search may keep as many)
                proof = search(
                    draw_one,
                    deadline=deadline,
                    max_states=left,
                    max_positions=max_positions,
                    plain=plain,
                )
                states += proof.states
                if proof.codes is None and proof.complete:
                    return SearchResult(None, states, True)
        if passes >= MAX_ORDERED_REDEAL_PASSES:
            return SearchResult(None, states, False)
        passes *= 4


def without_loops(game: Game, codes: list[int]) -> list[int]:
    """The line ``codes`` from ``game`` with every loop cut out, so that it passes no
    position twice. The search's path never comes back to a position it stands on, but a
    position passed between draws (not a node of the search) may come again later.

    Positions are compared by :func:`place` only where their :func:`_shape` comes again
    (equal places have equal shapes): most lines have no loop, and a shape is cheap."""
    shapes = [_shape(game)]
    for code in codes:
        game.push(code)
        shapes.append(_shape(game))
    for _ in codes:
        game.pop()
    times: dict[int, int] = {}
    for shape in shapes:
        times[shape] = times.get(shape, 0) + 1
    if len(times) == len(shapes):
        return list(codes)  # no position comes twice
    # The places of the positions whose shape comes again; the others stand for themselves.
    keys: list[object] = []
    for i, shape in enumerate(shapes):
        if i:
            game.push(codes[i - 1])
        keys.append(place(game) if times[shape] > 1 else i)
    for _ in codes:
        game.pop()
    last = {key: i for i, key in enumerate(keys)}
    line: list[int] = []
    i = 0
    while i < len(codes):
        i = last[keys[i]]  # the last time the line is here: go on from there
        if i == len(codes):
            break
        line.append(codes[i])
        i += 1
    return line


def _shape(game: Game) -> int:
    """A number equal for equal places (:func:`place`), cheap to take: of the lengths of
    each column's face-up run, the stock, the waste, the cards home and face down, and
    the turn-overs (as far as these fit in 62 bits)."""
    found, down, up = game.foundations, game.down, game.up
    shape = (game.recycles & 15) << 6 | len(game.stock)
    shape = (shape << 6 | len(game.waste)) << 6 | found[0] + found[1] + found[2] + found[3]
    hidden = 0
    for i in range(7):
        hidden += len(down[i])
        shape = shape << 5 | len(up[i])
    return shape << 5 | hidden


def _draw_one(game: Game) -> Game | None:
    """The same position in Draw 1 (None if the rules have no Draw 1)."""
    try:
        return under_draw(game, 1)
    except KlondikeError:
        return None


def _in_turns(
    game: Game,
    mode: StockRules,
    deadline: float | None,
    max_states: int | None,
    max_positions: int,
    full: bool,
    draw_one: Game | None,
    two_orders: bool,
) -> SearchResult:
    """The search of ``game`` in two orders (in its usual order alone without
    ``two_orders``), and in Draw 3 without a pass limit helped by the same position in
    Draw 1 (``draw_one``): Draw 1 allows every move Draw 3 does (docs/solver.md), so when
    that is lost, so is this.

    With a budget the searches take turns (:data:`FIRST_TURN`), each resumed where it
    paused: the search in its usual order and in the stock-first order share one turn and
    the positions they have seen (docs/solver.md, "two orders"), the Draw 1 search has the
    next. All share ``max_positions``. A win of ``game``, both orders at their end, or a
    Draw 1 loss decides. A Draw 1 win (which proves nothing here), or a Draw 1 search out
    of room, leaves the rest to the two orders; the two out of room leave it to the Draw 1
    search.
    """
    run = Search(game, mode, Truncation(), max_positions, full)
    if deadline is None and max_states is None:
        result = run.resume(deadline, max_states)
        run.close()
        return result
    other: Search | None = None
    orders = [run]
    if two_orders:
        other = Search(
            game.copy(), mode, Truncation(), max_positions, full, stock_first=True, shared=run
        )
        orders.append(other)
    turns = list(orders)  # in turn; a search that can go no further leaves
    helper: Search | None = None
    if draw_one is not None:
        helper = Search(draw_one, stock_rules(draw_one), Truncation(), max_positions, full)
        turns.append(helper)
    start = time.monotonic()
    share = FIRST_TURN
    at = 0  # whose turn: turns[at]; each round of turns doubles the share
    ended = 0  # orders at their end without a win
    decided: SearchResult | None = None
    while turns:
        turn = turns[at]
        spent = sum(search.states for search in (*orders, helper) if search is not None)
        if (max_states is not None and spent >= max_states) or (
            deadline is not None and time.monotonic() >= deadline
        ):
            break
        alone = len(turns) == 1
        held = sum(search.kept() for search in (*orders, helper) if search is not None)
        turn.max_positions = max_positions - held + turn.view()
        part = share
        if turn is not helper and other is not None and run in turns and other in turns:
            part = share / 2  # the two orders share a turn
        until = deadline
        if deadline is not None and not alone:
            until = min(deadline, time.monotonic() + part * (deadline - start))
        limit = None
        if max_states is not None:
            step = max_states - spent if alone else max(1, int(part * max_states))
            limit = turn.states + min(step, max_states - spent)
        result = turn.resume(until, limit)
        leaving: list[Search] = []
        if result.complete:
            if turn is helper:
                if result.codes is None:  # lost in Draw 1
                    decided = SearchResult(None, 0, True)
                    break
                turn.forget()  # a Draw 1 win proves nothing here
                leaving = [turn]
            elif result.codes is not None:  # a win
                decided = result
                break
            else:
                ended += 1
                if ended == len(orders):  # every order searched out every position: lost
                    decided = result
                    break
                if turn.closed is not None:
                    turn.seen.clear()  # its positions are all searched out, or lost
                leaving = [turn]
        elif turn.view() >= turn.max_positions:  # out of room: the others go on
            if turn is helper:
                turn.forget()
                leaving = [turn]
            else:
                leaving = orders
        if leaving:
            kept = [t for t in turns if t not in leaving]
            at = sum(1 for t in turns[:at] if t in kept)  # the next one still here
            turns = kept
        else:
            at += 1
        if at >= len(turns):
            at = 0
            share *= 2
    states = sum(search.states for search in (*orders, helper) if search is not None)
    for search in (helper, *reversed(orders)):
        if search is not None:
            search.close()
    if decided is None:
        return SearchResult(None, states, False)
    return SearchResult(decided.codes, states, True)


def _search(
    game: Game,
    mode: StockRules,
    truncation: Truncation,
    deadline: float | None,
    max_states: int | None,
    max_positions: int,
    full: bool,
) -> SearchResult:
    run = Search(game, mode, truncation, max_positions, full)
    result = run.resume(deadline, max_states)
    run.close()
    return result


class Search:
    """A depth-first search that can stop at a budget and resume later where it stopped.

    While stopped, ``game`` holds the position the search stopped at; :meth:`close` plays
    it back to where the search began. With ``stock_first`` it tries the children in the
    stock-first order (:func:`children`). With ``shared``, another search of the same
    position, the two skip what the other has seen (docs/solver.md, "two orders"): where
    positions are kept as waste-length records, the two keep the same records; where they
    are kept in sets, each keeps its own, and both skip the positions either has searched
    out (``closed``).
    """

    def __init__(
        self,
        game: Game,
        mode: StockRules,
        truncation: Truncation,
        max_positions: int,
        full: bool,
        stock_first: bool = False,
        shared: Search | None = None,
    ) -> None:
        self.game = game
        # Every pruning (not the plain search): cards that can never go home, and the
        # prunings of single moves.
        self.full = full
        self.stock_first = stock_first
        self.max_positions = max_positions
        self.mode = mode
        self.truncation = truncation
        # The positions seen: their keys, or in Draw 3 without a pass limit the waste
        # lengths seen with each rest of the key (`dominated`), which hold them too.
        key = position_key(game, mode)
        self.seen: set[Key] = set()
        self.waste_lengths: dict[Key, int] | None = None
        self.borrowed = False  # the waste-length records are another search's
        self.closed: set[Key] | None = None  # positions searched out, shared with another
        self.owns_closed = False
        if shared is not None and shared.waste_lengths is not None:
            self.waste_lengths = shared.waste_lengths
            self.borrowed = True
        elif shared is not None:
            if shared.closed is None:
                shared.closed = set()
                shared.owns_closed = True
            self.closed = shared.closed
            self.seen.add(key)
        elif keeps_waste_lengths(game.draw, mode):
            self.waste_lengths = {}
            dominated(self.waste_lengths, key, game.draw)
        else:
            self.seen.add(key)
        self.frames: list[list[Macro]] = [
            children(game, truncation, mode, plain=not full, stock_first=stock_first)
        ]
        self.path: list[Macro] = []
        self.keys: list[Key] = []  # the path's positions' keys, while ``closed`` is kept
        self.states = 0

    def resume(self, deadline: float | None, max_states: int | None) -> SearchResult:
        """Search on until a win, the end, ``deadline``, ``max_states`` positions in all
        (counting every position reached, a repeated one too, so it always ends) or
        ``max_positions`` kept (:meth:`view`)."""
        game, mode, truncation = self.game, self.mode, self.truncation
        seen, frames, path, keys = self.seen, self.frames, self.path, self.keys
        kept: Sized = seen if self.waste_lengths is None else self.waste_lengths
        closed = self.closed
        shut: set[Key] = closed if closed is not None else set()
        waste_lengths, draw = self.waste_lengths, game.draw
        full, stock_first = self.full, self.stock_first
        states = self.states
        clock = time.monotonic
        limit = max_states if max_states is not None else -1
        room = self.max_positions
        while frames:
            pending = frames[-1]
            if not pending:
                frames.pop()
                if path:
                    for _ in path.pop():
                        game.pop()
                    if closed is not None:
                        closed.add(keys.pop())  # searched out
                continue
            if (
                states >= limit >= 0
                or len(kept) + len(shut) >= room
                or (deadline is not None and states & 1023 == 0 and clock() > deadline)
            ):
                self.states = states
                return SearchResult(None, states, False)
            macro = pending.pop()
            for code in macro:
                game.push(code)
            states += 1
            if game.won:
                line = [c for m in path for c in m] + list(macro)
                for _ in range(len(line)):
                    game.pop()
                path.clear()
                keys.clear()
                frames.clear()
                self.states = states
                return SearchResult(line, states, True)
            key = position_key(game, mode)
            if waste_lengths is not None:
                if dominated(waste_lengths, key, draw):
                    for _ in macro:
                        game.pop()
                    continue
            elif key in seen or key in shut:
                for _ in macro:
                    game.pop()
                continue
            else:
                seen.add(key)
            # (Rule 7 of never_home only at the search's first position: docs/solver.md.)
            if full and may_strand(game) and never_home(game, False) >= 0:
                for _ in macro:
                    game.pop()
                continue
            path.append(macro)
            if closed is not None:
                keys.append(key)
            frames.append(children(game, truncation, mode, plain=not full, stock_first=stock_first))
        self.states = states
        return SearchResult(None, states, True)

    def kept(self) -> int:
        """The positions this search keeps and no other search counts: its own set or
        waste-length records, and the positions searched out when it keeps them."""
        own = len(self.seen)
        if self.waste_lengths is not None:
            own = 0 if self.borrowed else len(self.waste_lengths)
        if self.closed is not None and self.owns_closed:
            own += len(self.closed)
        return own

    def view(self) -> int:
        """The positions this search's room (``max_positions``) counts: its set or its
        waste-length records (its own or borrowed), and the positions searched out."""
        own = len(self.seen) if self.waste_lengths is None else len(self.waste_lengths)
        return own + (len(self.closed) if self.closed is not None else 0)

    def forget(self) -> None:
        """Let go of the positions kept (the search is over, and its memory is wanted)."""
        self.seen.clear()
        if self.waste_lengths is not None and not self.borrowed:
            self.waste_lengths.clear()

    def close(self) -> None:
        """Take back the moves of the path: ``game`` is where the search began."""
        for macro in reversed(self.path):
            for _ in macro:
                self.game.pop()
        self.path.clear()
        self.keys.clear()
        self.frames.clear()


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
