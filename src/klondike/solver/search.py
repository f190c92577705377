"""The search: depth-first over macro moves, on the engine's own lean path.

Every rule comes from :meth:`Game.legal_codes`; the search only chooses among the codes it
returns, groups them into macro moves and pushes/pops them with :meth:`Game.push` and
:meth:`Game.pop`. ``docs/solver.md`` explains each pruning and why it is sound.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass

from ..cards import CHILDREN, F0, KING, PARENTS, RANK, SUIT, T0, WASTE
from ..compiled import give_way_if_stale
from ..errors import KlondikeError
from ..game import Game
from ..rules import Rules
from ..stock import split_draws

# A macro move: the engine codes it pushes, in order (draws and recycles, then one move).
Macro = tuple[int, ...]
# A position's key (position_key): numbers only.
Key = tuple[int, ...]

RECYCLE_TARGET = 0  # W-S: the stock is pile 0
# With a shuffled Draw 3 redeal, the redeals the search follows beyond the position's.
ORDERED_REDEAL_PASSES = 4
MAX_ORDERED_REDEAL_PASSES = 4**6  # beyond this many, unknown
# Without a Truncation (a best move, no search): the redeals beyond the position's that
# engine_stops follows. A shuffled Draw 3 redeal never repeats a state (the pass is part of
# it), so without a bound the stock would be followed for ever.
REDEALS_WITHOUT_TRUNCATION = 1
# Draw 3 without a pass limit: the shares of the budget (from the start) after which the
# Draw 3 search pauses for the Draw 1 search, and after which that gives up.
DRAW_THREE_FIRST = 0.3
DRAW_ONE_UNTIL = 0.6
# The positions one search may keep (its ``seen`` set; its frames, one per position on the
# path, hold fewer), whatever its budget: past them the verdict is unknown, never a proof.
# Measured (pure Python, 200 000 kept, maximum resident size less the 18 MB of a bare
# interpreter): 240 bytes a position kept in Solitär, 305 in Classic Draw 3 (its key holds
# the stock and waste), 370 in Draw 3 Normal (two searches) — so at most some 400 MB.
# The searches alive at once share it: a paused Draw 3 search leaves the Draw 1 search it
# waits for only what it does not hold itself.
MAX_POSITIONS = 1_000_000


class BudgetExhausted(Exception):
    """The time or state budget ran out before the search finished."""


@dataclass(frozen=True, slots=True)
class Mode:
    """What a game's rule set means for the search (see docs/solver.md, "rule sets").

    - ``limited``: a pass limit applies, so the recycles made are part of the position.
    - ``engine_stock``: the stock is followed by pushing the engine's own draws and
      recycles (a shuffled redeal, or Aces that fly by themselves), not by arithmetic.
    - ``free_stock``: Draw 1 without a pass limit: every stock and waste card can be
      brought to the waste's top at any time without changing anything else.
    - ``ordered_redeal``: the redeal is shuffled and its order matters (Draw 3): the stock,
      the waste and the pass are all part of the position, and the search looks one
      redeal ahead only (so it cannot prove a loss by itself).
    """

    limited: bool
    engine_stock: bool
    free_stock: bool
    ordered_redeal: bool
    auto_aces: bool
    shuffle: bool


def mode_of(game: Game) -> Mode:
    """The search's :class:`Mode` for ``game``'s rules, draw and scoring."""
    return _mode(game.rules, game.draw, game.scoring)


@functools.cache
def _mode(rules: Rules, draw: int, scoring: str) -> Mode:
    limited = rules.pass_limit(scoring) is not None
    shuffle = rules.recycle == "shuffle"
    return Mode(
        limited=limited,
        engine_stock=shuffle or rules.auto_aces,
        free_stock=draw == 1 and not limited,
        ordered_redeal=shuffle and draw > 1,
        auto_aces=rules.auto_aces,
        shuffle=shuffle,
    )


@dataclass(slots=True)
class Truncation:
    """Set when the search left out a part of the game: with a shuffled Draw 3 redeal,
    the redeals beyond the next one, and any beyond ``recycle_cap``."""

    hit: bool = False
    recycle_cap: int = 1 << 62


@dataclass(slots=True)
class SearchResult:
    """What :func:`search` found: the winning codes (None if none), states, exhaustive."""

    codes: list[int] | None
    states: int
    complete: bool


def safe_to_play_up(foundations: list[int], card: int) -> bool:
    """True if ``card`` may go home at once without losing a win (cards can come back).

    Rank R goes up when both foundations of the other colour hold at least R−2 cards and
    the other foundation of its own colour at least R−3 (Solvitaire's rule for games whose
    foundation cards may be taken back); Aces and Twos always.
    """
    rank = RANK[card]
    if rank <= 2:
        return True
    suit = SUIT[card]
    # Suits ♠ ♥ ♦ ♣ = 0 1 2 3: black 0 and 3, red 1 and 2.
    if suit in (0, 3):
        twin, others = 3 - suit, (1, 2)
    else:
        twin, others = 3 - suit, (0, 3)
    return (
        foundations[others[0]] >= rank - 2
        and foundations[others[1]] >= rank - 2
        and foundations[twin] >= rank - 3
    )


def position_key(game: Game, mode: Mode | None = None) -> Key:
    """A key equal for positions with the same future (see docs/solver.md).

    Columns are taken in any order (a column is its face-down pile, named by its top card,
    and the bottom card of its face-up run); of the other face-up column cards only the
    set counts, not which of two twins each lies on (docs/solver.md, "twins"). The stock
    and waste hold the cards found nowhere else, always in the same cyclic order, so only
    the waste's length counts, and only as far as draws and recycles cannot reach one
    position from the other.
    """
    down, up, found = game.down, game.up, game.foundations
    # Each column as one number below 53 * 53: its face-down top (52: none) and its
    # bottom face-up card (52: none); the set of face-up cards as bits.
    columns: list[int] = []
    visible = 0
    for i in range(7):
        pile, run = down[i], up[i]
        columns.append((pile[-1] if pile else 52) * 53 + (run[0] if run else 52))
        for c in run:
            visible |= 1 << c
    columns.sort()
    first = ((columns[0] * 4096 + columns[1]) * 4096 + columns[2]) * 4096 + columns[3]
    rest = ((columns[4] * 4096 + columns[5]) * 4096 + columns[6]) * 65536 + (
        found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12
    )
    if mode is None:
        mode = mode_of(game)
    if mode.ordered_redeal:
        # A shuffled redeal whose order matters: the stock, the waste and the pass count.
        return (visible, first, rest, game.recycles, len(game.waste), *game.stock, *game.waste)
    p = len(game.waste)
    if mode.free_stock and mode.engine_stock:
        p = 0  # Draw 1, no pass limit: the order of the stock changes nothing
    elif mode.limited:
        p += 100 * (game.recycles + 1)  # the passes left count
    elif (p % game.draw == 0 or not game.stock) and not (
        mode.auto_aces and any(RANK[c] == 1 for c in (*game.stock, *game.waste))
    ):
        p = 0  # every such waste length is reachable from every other one
    else:
        p += 60
    return (visible, first, rest, p)


def _foundation_card(code: int, game: Game) -> int:
    suit = ((code >> 4) & 15) - F0
    return suit * 13 + game.foundations[suit] - 1


def engine_stops(
    game: Game, mode: Mode, truncation: Truncation | None = None
) -> tuple[list[tuple[int, int]], list[tuple[Macro, int, int]], list[Macro]]:
    """The stock followed through the engine itself: draws and recycles pushed and popped.

    Returns the stops ``(steps, card)`` as :meth:`Game.stock_stops` does, the waste moves
    ``(draws, code, card)`` read from :meth:`Game.legal_codes` at each stop, and the draw
    sequences after which an Ace flew home by itself (children of their own). The stock is
    followed until a state comes again, or — with a shuffled redeal — through the current
    pass and the whole next one (every card is seen; in Draw 3 later redeals up to
    ``truncation.recycle_cap`` are followed too, and the cut is recorded in
    ``truncation``; without a ``truncation``, :data:`REDEALS_WITHOUT_TRUNCATION` redeals).
    """
    push, pop = game.push, game.pop
    waste, stock, found = game.waste, game.stock, game.foundations
    draw = game.draw
    stops: list[tuple[int, int]] = []
    moves: list[tuple[Macro, int, int]] = []
    flights: list[Macro] = []
    pushed: list[int] = []
    seen: set[tuple[int, int, int]] = set()
    # A card shown again after a shuffled Draw 3 redeal leads elsewhere: another stock order.
    by_pass = mode.ordered_redeal
    states: set[tuple[int, int, int]] = set()
    start_recycles = game.recycles
    recycle_cap = (
        start_recycles + REDEALS_WITHOUT_TRUNCATION
        if truncation is None
        else truncation.recycle_cap
    )

    def record() -> None:
        home = found[0] + found[1] + found[2] + found[3]
        if not waste:
            return
        card = waste[-1]
        mark = (card, home, game.recycles if by_pass else 0)
        if mark in seen:
            return
        seen.add(mark)
        stops.append((len(pushed), card))
        draws = tuple(pushed)
        if mode.auto_aces:  # draws may have sent Aces home: ask the engine
            codes = [c for c in game.legal_codes() if (c >> 4) & 15 == WASTE and c & 15 >= F0]
        else:  # the draws changed only the stock and the waste
            codes = game.waste_card_codes(card, every_empty=False)
        for code in codes:
            moves.append((draws, code, card))

    record()
    while True:
        home = found[0] + found[1] + found[2] + found[3]
        state = (len(waste), home, game.recycles if mode.limited or mode.shuffle else 0)
        if state in states:
            break
        states.add(state)
        if stock:
            code = (min(draw, len(stock)) << 8) | WASTE  # S-W
        elif waste and game.can_recycle:
            if game.recycles >= recycle_cap:
                if truncation is not None:
                    truncation.hit = True
                break
            if mode.shuffle:
                if mode.ordered_redeal and truncation is not None:
                    truncation.hit = True  # other redeals would bring other orders
                if game.recycles > start_recycles and not mode.ordered_redeal:
                    break  # Draw 1: the next pass showed every card
            code = (len(waste) << 8) | (WASTE << 4) | RECYCLE_TARGET  # W-S
        else:
            break
        push(code)
        pushed.append(code)
        if found[0] + found[1] + found[2] + found[3] != home:
            flights.append(tuple(pushed))  # an Ace flew: a position of its own
        record()
    for _ in pushed:
        pop()
    return stops, moves, flights


def children(
    game: Game,
    truncation: Truncation | None = None,
    mode: Mode | None = None,
    follow: bool = True,
) -> list[Macro]:
    """The macro moves worth trying from ``game``, the most promising LAST.

    A safe foundation move, when there is one, is the only child (see
    :func:`safe_to_play_up`). ``truncation`` is set if a part of the game was left out.
    With ``follow``, a run that empties a column comes joined with each King move that
    fills it next (docs/solver.md, "empty columns"); without, alone.
    """
    if mode is None:
        mode = mode_of(game)
    follow = follow and not mode.engine_stock
    emptying: list[tuple[int, int]] = []  # (move, the column it empties)
    found = game.foundations
    down, up = game.down, game.up
    codes = game.legal_codes()
    first_empty = -1
    for j in range(7):
        if not up[j]:
            first_empty = j
            break
    scored: list[tuple[int, Macro]] = []
    stock_moves: list[tuple[Macro, list[int], int]]
    if game.stock_keeps_order:
        # (With flying Aces, the engine's stops serve again once every Ace is home.)
        stops, stock_moves = game.stock_moves(every_empty=False)
    else:
        stops, waste_moves, flights = engine_stops(game, mode, truncation)
        stock_moves = _waste_macros(game, waste_moves, first_empty)
        for macro in flights:
            scored.append((40 - len(macro), macro))
    for code in codes:
        source = (code >> 4) & 15
        target = code & 15
        if source <= WASTE and target <= WASTE:
            continue  # draws and recycles: part of the stock macros below
        if source == WASTE:
            continue  # the waste's top card: stop 0 of the stock macros below
        if target >= T0 and not up[target - T0] and target - T0 != first_empty:
            continue  # empty columns are all alike: only the first one
        if source >= T0:
            i = source - T0
            if target < T0:  # to its foundation
                card = up[i][-1]
                if safe_to_play_up(found, card):
                    return [(code,)]
                reveals = len(up[i]) == 1 and bool(down[i])
                scored.append(((90 if reveals else 60) - RANK[card], (code,)))
            else:
                count = code >> 8
                if count == len(up[i]):
                    if down[i]:
                        scored.append((80 + len(down[i]), (code,)))  # reveals a card
                    elif not follow:
                        scored.append((30, (code,)))  # empties the column
                    elif first_empty < 0:
                        # Only for a King to fill it next (docs/solver.md, "empty columns").
                        emptying.append((code, source))
                else:
                    # Part of a run: only worth it when the card it uncovers goes home
                    # now (docs/solver.md, "partial runs").
                    exposed = up[i][-count - 1]
                    if found[SUIT[exposed]] == RANK[exposed] - 1:
                        home = 0x100 | (source << 4) | (F0 + SUIT[exposed])
                        scored.append((65, (code, home)))
        else:  # a foundation card back onto a column
            card = _foundation_card(code, game)
            found[SUIT[card]] -= 1
            safe = safe_to_play_up(found, card)
            found[SUIT[card]] += 1
            # A safe card would only go back up; any other is worth taking back only for
            # a card that goes on it at once (docs/solver.md, "take-backs").
            if not safe and _can_follow(game, card, stops):
                scored.append((0, (code,)))
    draw1_normal = mode.free_stock
    for draws, codes, card in stock_moves:
        steps = len(draws)
        if draw1_normal and codes[0] & 15 < T0 and safe_to_play_up(found, card):
            # In Draw 1 Normal every stock card is as reachable as any other.
            return [(*draws, codes[0])]
        penalty = steps
        useful = not draw1_normal or _child_can_follow(game, card, stops)
        for code in codes:
            if code & 15 < T0:
                # In Draw 1 Normal a card goes home from the stock only for the next card
                # of its suit to follow it (docs/solver.md).
                if not draw1_normal or _next_can_follow(game, card, stops):
                    scored.append((55 - penalty, (*draws, code)))
            elif useful:
                # In Draw 1 Normal a card stays as reachable in the stock as anywhere: it
                # goes to a column only for a card to go on it (docs/solver.md).
                scored.append((50 - penalty, (*draws, code)))
    for code, column in emptying:
        game.push(code)
        for macro in children(game, truncation, mode, follow=False):
            if any(c & 15 == column for c in macro):  # a King into the emptied column
                scored.append((30, (code, *macro)))
        game.pop()
    scored.sort(key=lambda item: item[0])
    return [macro for _, macro in scored]


def _waste_macros(
    game: Game, waste_moves: list[tuple[Macro, int, int]], first_empty: int
) -> list[tuple[Macro, list[int], int]]:
    """The moves :func:`engine_stops` found, grouped by stop as
    :meth:`Game.stock_moves` gives them: the draws that bring a card to the waste's top,
    the codes of its moves there (its foundation first; of the empty columns only the
    first), and the card."""
    result: list[tuple[Macro, list[int], int]] = []
    by_draws: dict[Macro, tuple[list[int], int]] = {}
    for draws, code, card in waste_moves:
        target = code & 15
        if target >= T0 and target - T0 != first_empty and not game.up[target - T0]:
            continue  # empty columns are all alike (same after draws: they take no card)
        by_draws.setdefault(draws, ([], card))[0].append(code)
    for draws, (codes, card) in by_draws.items():
        codes.sort(key=lambda c: c & 15 >= T0)  # the foundation first
        result.append((draws, codes, card))
    return result


def _can_follow(game: Game, card: int, stops: list[tuple[int, int]]) -> bool:
    """True if something could follow straight after ``card`` comes down from its
    foundation: a card that fits on it (a face-up column card, a waste card the stock can
    reach, or a foundation's top card) goes on it, or the card below it on the foundation
    comes down too (onto a column's top card)."""
    rank = RANK[card]
    if rank == 1:
        return False
    below_parents = PARENTS[card - 1]
    if any(run and run[-1] in below_parents for run in game.up):
        return True
    return _child_can_follow(game, card, stops)


def _next_can_follow(game: Game, card: int, stops: list[tuple[int, int]]) -> bool:
    """True if the next card of ``card``'s suit is in play: face up in a column (it may go
    home, or a partial run moved off it, next) or a card the stock can bring to the waste."""
    if RANK[card] == KING:
        return False
    after = card + 1
    return any(after in run for run in game.up) or any(after == stop for _, stop in stops)


def _child_can_follow(game: Game, card: int, stops: list[tuple[int, int]]) -> bool:
    """True if a card that fits on ``card`` could be put on it next: a face-up column card,
    a waste card the stock can reach, or a foundation's top card."""
    rank = RANK[card]
    found = game.foundations
    for child in CHILDREN[card]:
        if found[SUIT[child]] == rank - 1:
            return True
        if any(child in run for run in game.up):
            return True
        if any(child == stop for _, stop in stops):
            return True
    return False


def search(
    game: Game,
    *,
    deadline: float | None = None,
    max_states: int | None = None,
    max_positions: int | None = None,
) -> SearchResult:
    """Depth-first search for a win from ``game`` (which it leaves as it found it).

    ``codes`` lists every engine code of the winning line; ``complete`` says the search
    saw every position that matters, so ``codes is None`` then proves there is no win.
    ``max_positions`` (default :data:`MAX_POSITIONS`) bounds the positions kept at once,
    and so the memory: reaching it gives an incomplete result, as a budget does.
    """
    if game.won:
        return SearchResult([], 0, True)
    if max_positions is None:
        max_positions = MAX_POSITIONS
    mode = mode_of(game)
    if not mode.ordered_redeal:
        if game.draw > 1 and not (mode.limited or mode.engine_stock):
            result = _search_with_draw_one(game, mode, deadline, max_states, max_positions)
        else:
            result = _search(game, mode, Truncation(), deadline, max_states, max_positions)
        if result.codes is not None:
            result.codes = split_draws(result.codes, game.draw)
        return result
    # A shuffled Draw 3 redeal: the search follows a few redeals, then more (iterative
    # deepening on the passes). The same position in Draw 1 allows every move Draw 3 does
    # (any stock card can be played at any time): if even that is lost, so is this one.
    states = 0
    relaxed_tried = False
    passes = ORDERED_REDEAL_PASSES
    while True:
        left = None if max_states is None else max_states - states
        if left is not None and left < 1:
            return SearchResult(None, states, False)
        truncation = Truncation(recycle_cap=game.recycles + passes)
        result = _search(game, mode, truncation, deadline, left, max_positions)
        states += result.states
        if result.codes is not None or not result.complete or not truncation.hit:
            return SearchResult(result.codes, states, result.complete)
        if not relaxed_tried:
            relaxed_tried = True
            relaxed = _draw_one(game)
            if relaxed is not None:
                left = None if max_states is None else max(1, max_states - states)
                # (the search above is closed: the Draw 1 search may keep as many)
                proof = search(
                    relaxed, deadline=deadline, max_states=left, max_positions=max_positions
                )
                states += proof.states
                if proof.codes is None and proof.complete:
                    return SearchResult(None, states, True)
        if passes >= MAX_ORDERED_REDEAL_PASSES:
            return SearchResult(None, states, False)
        passes *= 4


def _dominated(waste_lengths: dict[Key, list[int]], key: Key, draw: int) -> bool:
    """True if draws alone lead to the position of ``key`` from one already seen (then it
    has nothing new: docs/solver.md, "waste lengths"); else it is recorded as seen.

    ``key[-1]`` is 0 for the waste lengths that a multiple of ``draw`` (or the whole
    stock) gives — draws and recycles lead there from every length — and 60 + the length
    otherwise, which draws reach only from a shorter length by a multiple of ``draw``."""
    rest, p = key[:-1], key[-1]
    lengths = waste_lengths.get(rest)
    if lengths is None:
        waste_lengths[rest] = [p]
        return False
    if p == 0:
        return True  # (the same key is caught before: another length is seen)
    for q in lengths:
        if q and q < p and (p - q) % draw == 0:
            return True
    lengths.append(p)
    return False


def _draw_one(game: Game) -> Game | None:
    """The same position in Draw 1 (None if the rules have no Draw 1)."""
    try:
        return game.under_draw(1)
    except KlondikeError:
        return None


def _search_with_draw_one(
    game: Game,
    mode: Mode,
    deadline: float | None,
    max_states: int | None,
    max_positions: int,
) -> SearchResult:
    """The Draw 3 search (no pass limit), helped by the same position in Draw 1: Draw 1
    allows every move Draw 3 does (docs/solver.md), so when that is lost, so is this.

    With a budget, the Draw 3 search gets the first :data:`DRAW_THREE_FIRST` of it; if
    undecided, the Draw 1 search up to :data:`DRAW_ONE_UNTIL`, then Draw 3 resumes.
    """
    # (taken now: while the Draw 3 search is paused, ``game`` is where it paused)
    relaxed = _draw_one(game)
    run = _Search(game, mode, Truncation(), max_positions)
    if deadline is None and max_states is None:
        result = run.resume(None, None)
        run.close()
        return result
    start = time.monotonic()
    first = None if deadline is None else start + DRAW_THREE_FIRST * (deadline - start)
    until = None if deadline is None else start + DRAW_ONE_UNTIL * (deadline - start)
    share = None if max_states is None else max(1, int(DRAW_THREE_FIRST * max_states))
    result = run.resume(first, share)
    if result.complete or relaxed is None:
        run.close()
        return result
    left = None if max_states is None else max(1, int(DRAW_ONE_UNTIL * max_states) - run.states)
    # The paused Draw 3 search keeps its positions: the Draw 1 search gets the rest.
    room = max_positions - len(run.seen)
    proof = (
        search(relaxed, deadline=until, max_states=left, max_positions=room)
        if room > 0
        else SearchResult(None, 0, False)
    )
    if proof.codes is None and proof.complete:
        run.close()
        return SearchResult(None, run.states + proof.states, True)
    rest = None if max_states is None else max(run.states, max_states - proof.states)
    result = run.resume(deadline, rest)
    run.close()
    return SearchResult(result.codes, result.states + proof.states, result.complete)


def _search(
    game: Game,
    mode: Mode,
    truncation: Truncation,
    deadline: float | None,
    max_states: int | None,
    max_positions: int,
) -> SearchResult:
    run = _Search(game, mode, truncation, max_positions)
    result = run.resume(deadline, max_states)
    run.close()
    return result


class _Search:
    """A depth-first search that can stop at a budget and resume later where it stopped.

    While stopped, ``game`` holds the position the search stopped at; :meth:`close` plays
    it back to where the search began.
    """

    def __init__(self, game: Game, mode: Mode, truncation: Truncation, max_positions: int) -> None:
        self.game = game
        self.max_positions = max_positions
        self.mode = mode
        self.truncation = truncation
        key = position_key(game, mode)
        self.seen: set[Key] = {key}
        # Draw 3 without a pass limit: the waste lengths seen with each rest of the key.
        self.waste_lengths: dict[Key, list[int]] | None = None
        if game.draw > 1 and not (mode.limited or mode.engine_stock or mode.ordered_redeal):
            self.waste_lengths = {key[:-1]: [key[-1]]}
        self.frames: list[list[Macro]] = [children(game, truncation, mode)]
        self.path: list[Macro] = []
        self.states = 0

    def resume(self, deadline: float | None, max_states: int | None) -> SearchResult:
        """Search on until a win, the end, ``deadline``, ``max_states`` positions in all
        (counting every position reached, a repeated one too, so it always ends) or
        ``max_positions`` kept."""
        game, mode, truncation = self.game, self.mode, self.truncation
        push, pop = game.push, game.pop
        seen, frames, path = self.seen, self.frames, self.path
        waste_lengths, draw = self.waste_lengths, game.draw
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
                        pop()
                continue
            if (
                states >= limit >= 0
                or len(seen) >= room
                or (deadline is not None and states & 1023 == 0 and clock() > deadline)
            ):
                self.states = states
                return SearchResult(None, states, False)
            macro = pending.pop()
            for code in macro:
                push(code)
            states += 1
            if game.won:
                line = [c for m in path for c in m] + list(macro)
                for _ in range(len(line)):
                    pop()
                path.clear()
                frames.clear()
                self.states = states
                return SearchResult(line, states, True)
            key = position_key(game, mode)
            if key in seen or (waste_lengths is not None and _dominated(waste_lengths, key, draw)):
                for _ in macro:
                    pop()
                continue
            seen.add(key)
            path.append(macro)
            frames.append(children(game, truncation, mode))
        self.states = states
        return SearchResult(None, states, True)

    def close(self) -> None:
        """Take back the moves of the path: ``game`` is where the search began."""
        for macro in reversed(self.path):
            for _ in macro:
                self.game.pop()
        self.path.clear()
        self.frames.clear()


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
