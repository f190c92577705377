"""The search: depth-first over macro moves, on the engine's own lean path.

Every rule comes from :meth:`Game.legal_codes`; the search only chooses among the codes it
returns, groups them into macro moves and pushes/pops them with :meth:`Game.push` and
:meth:`Game.pop`. ``docs/solver.md`` explains each pruning and why it is sound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..cards import F0, KING, PARENTS, RANK, SUIT, T0, WASTE
from ..game import Game

# A macro move: the engine codes it pushes, in order (draws and recycles, then one move).
Macro = tuple[int, ...]

RECYCLE_TARGET = 0  # W-S: the stock is pile 0
# When set, every waste macro is checked against the engine's legal_codes (slow; tests).
VERIFY_MACROS = False
# CHILDREN[c]: the two cards that may lie on c in a column (none for an Ace).
CHILDREN: tuple[tuple[int, ...], ...] = tuple(
    tuple(x for x in range(52) if c in PARENTS[x]) for c in range(52)
)


class BudgetExhausted(Exception):
    """The time or state budget ran out before the search finished."""


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


def stock_stops(game: Game) -> list[tuple[int, int]]:
    """Every card the waste can show by draws and recycles alone: ``(steps, card)``.

    ``steps`` counts the draws and recycles that bring ``card`` to the waste's top
    (:func:`draw_codes` gives their codes); steps 0 is the waste's top card as it is. The
    draws follow the engine's stock exactly: ``min(draw, stock left)`` cards a draw, a
    recycle when the stock is empty (never in Vegas), until a waste length comes again.
    """
    waste, stock = game.waste, game.stock
    start = len(waste)
    n = start + len(stock)
    # The deck's order: the waste bottom to top, then the stock in the order drawn; the
    # card at 1-based place p is waste[p - 1] or stock[n - p].
    draw = game.draw
    recycle = not game.vegas
    stops: list[tuple[int, int]] = []
    if start:
        stops.append((0, waste[-1]))
    p = start
    steps = 0
    visited = {start}
    while True:
        if p < n:
            p = min(p + draw, n)
        elif recycle and n:
            p = 0
        else:
            break
        steps += 1
        if p in visited:
            break
        visited.add(p)
        if p:
            stops.append((steps, waste[p - 1] if p <= start else stock[n - p]))
    return stops


def draw_codes(game: Game, steps: int) -> Macro:
    """The codes of the first ``steps`` draws and recycles from ``game``'s stock."""
    p = len(game.waste)
    n = p + len(game.stock)
    codes = []
    for _ in range(steps):
        if p < n:
            count = min(game.draw, n - p)
            codes.append((count << 8) | WASTE)  # S-W
            p += count
        else:
            codes.append((n << 8) | (WASTE << 4) | RECYCLE_TARGET)  # W-S
            p = 0
    return tuple(codes)


def position_key(game: Game) -> bytes:
    """A key equal for positions with the same future (see docs/solver.md).

    Columns are taken in any order (a column is its face-down pile, named by its top card,
    and its face-up run); the stock and waste hold the cards found nowhere else, always in
    the same cyclic order, so only the waste's length counts, and only as far as draws and
    recycles cannot reach one position from the other.
    """
    columns = sorted(
        [
            bytes(d[-1:] + u) if d else b"\xff" + bytes(u)
            for d, u in zip(game.down, game.up, strict=True)
        ]
    )
    p = len(game.waste)
    if not game.vegas:
        if p % game.draw == 0 or not game.stock:
            p = 0  # every such waste length is reachable from every other one
        else:
            p += 60
    columns.append(bytes((*game.foundations, p)))
    return b"|".join(columns)  # "|" (124) is no card


def _foundation_card(code: int, game: Game) -> int:
    suit = ((code >> 4) & 15) - F0
    return suit * 13 + game.foundations[suit] - 1


def children(game: Game) -> list[Macro]:
    """The macro moves worth trying from ``game``, the most promising LAST.

    A safe foundation move, when there is one, is the only child (see
    :func:`safe_to_play_up`).
    """
    found = game.foundations
    down, up = game.down, game.up
    codes = game.legal_codes()
    first_empty = -1
    for j in range(7):
        if not up[j]:
            first_empty = j
            break
    scored: list[tuple[int, Macro]] = []
    stops = stock_stops(game)
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
                    else:
                        scored.append((30, (code,)))  # empties the column
                else:
                    # Part of a run: only worth it when the card it uncovers goes home
                    # now (docs/solver.md, "partial runs").
                    exposed = up[i][-count - 1]
                    if found[SUIT[exposed]] == RANK[exposed] - 1:
                        scored.append((65, (code,)))
        else:  # a foundation card back onto a column
            card = _foundation_card(code, game)
            found[SUIT[card]] -= 1
            safe = safe_to_play_up(found, card)
            found[SUIT[card]] += 1
            # A safe card would only go back up; any other is worth taking back only for
            # a card that goes on it at once (docs/solver.md, "take-backs").
            if not safe and _can_follow(game, card, stops):
                scored.append((0, (code,)))
    draw1_normal = game.draw == 1 and not game.vegas
    for steps, card in stops:
        codes = _waste_card_codes(game, card, first_empty)
        if not codes:
            continue
        draws = draw_codes(game, steps)
        if VERIFY_MACROS:
            _check_waste_codes(game, draws, codes, first_empty)
        if draw1_normal and codes[0] & 15 < T0 and safe_to_play_up(found, card):
            # In Draw 1 Normal every stock card is as reachable as any other.
            return [(*draws, codes[0])]
        penalty = steps
        for code in codes:
            scored.append(((55 if code & 15 < T0 else 50) - penalty, (*draws, code)))
    scored.sort(key=lambda item: item[0])
    return [macro for _, macro in scored]


def _can_follow(game: Game, card: int, stops: list[tuple[int, int]]) -> bool:
    """True if something could follow straight after ``card`` comes down from its
    foundation: a card that fits on it (a face-up column card, a waste card the stock can
    reach, or a foundation's top card) goes on it, or the card below it on the foundation
    comes down too (onto a column's top card)."""
    rank = RANK[card]
    if rank == 1:
        return False
    found = game.foundations
    below_parents = PARENTS[card - 1]
    if any(run and run[-1] in below_parents for run in game.up):
        return True
    for child in CHILDREN[card]:
        if found[SUIT[child]] == rank - 1:
            return True
        if any(child in run for run in game.up):
            return True
        if any(child == stop for _, stop in stops):
            return True
    return False


def _waste_card_codes(game: Game, card: int, first_empty: int) -> list[int]:
    """The codes of the moves ``card`` would have as the waste's top card (its foundation
    first; of the empty columns only the first). :func:`_check_waste_codes` checks them
    against the engine when :data:`VERIFY_MACROS` is set (the tests set it)."""
    codes = []
    rank = RANK[card]
    suit = SUIT[card]
    if game.foundations[suit] == rank - 1:
        codes.append(0x100 | (WASTE << 4) | (F0 + suit))
    up = game.up
    if rank == KING:
        if first_empty >= 0:
            codes.append(0x100 | (WASTE << 4) | (T0 + first_empty))
    else:
        parents = PARENTS[card]
        for j in range(7):
            run = up[j]
            if run and run[-1] in parents:
                codes.append(0x100 | (WASTE << 4) | (T0 + j))
    return codes


def _check_waste_codes(game: Game, draws: Macro, codes: list[int], first_empty: int) -> None:
    engine = [
        c
        for c in _waste_codes(game, draws)
        if c & 15 < T0 or c & 15 == T0 + first_empty or game.up[(c & 15) - T0]
    ]
    if sorted(engine) != sorted(codes):
        raise AssertionError(f"waste macro codes {codes} differ from the engine's {engine}")


def _waste_codes(game: Game, draws: Macro) -> list[int]:
    """The engine's legal moves of the waste's top card after pushing ``draws``."""
    push, pop = game.push, game.pop
    for code in draws:
        push(code)
    result = [c for c in game.legal_codes() if (c >> 4) & 15 == WASTE and c & 15 >= F0]
    for _ in draws:
        pop()
    return result


def search(
    game: Game, *, deadline: float | None = None, max_states: int | None = None
) -> SearchResult:
    """Depth-first search for a win from ``game`` (which it leaves as it found it).

    ``codes`` lists every engine code of the winning line; ``complete`` says the search
    saw every position that matters, so ``codes is None`` then proves there is no win.
    """
    if game.won:
        return SearchResult([], 0, True)
    push, pop = game.push, game.pop
    seen: set[bytes] = {position_key(game)}
    frames: list[list[Macro]] = [children(game)]
    path: list[Macro] = []
    states = 0
    clock = time.monotonic
    limit = max_states if max_states is not None else -1
    while frames:
        pending = frames[-1]
        if not pending:
            frames.pop()
            if path:
                for _ in path.pop():
                    pop()
            continue
        macro = pending.pop()
        for code in macro:
            push(code)
        states += 1
        if game.won:
            line = [c for m in path for c in m] + list(macro)
            for _ in range(len(line)):
                pop()
            return SearchResult(line, states, True)
        key = position_key(game)
        if key in seen:
            for _ in macro:
                pop()
            continue
        seen.add(key)
        if states == limit or (deadline is not None and states & 1023 == 0 and clock() > deadline):
            for _ in macro:
                pop()
            for m in reversed(path):
                for _ in m:
                    pop()
            return SearchResult(None, states, False)
        path.append(macro)
        frames.append(children(game))
    return SearchResult(None, states, True)
