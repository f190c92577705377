"""The game's hint: the move it suggests for a position and why, and what the next hint
follows (`hint_of`). The page, the command line, the benches and the tests all ask here, so
that each gets exactly the hint the page gives.

By default the hint is the fair player's (docs/fair.md): a function of what the player has
seen. A hint that may look at the face-down cards (``peek``) is the solver's winning line
(docs/solver.md). Either way the answer names only a move: its source and target pile and
the face-up card it moves (none for turning the stock), never a face-down card or the
stock's order.

Hints end: a hint never leads back to a position the player has been in with the same
knowledge (the game's own history counts), so following them ends in a win or in an answer
with no move (kind ``lost``) that says why — no layout the player cannot tell apart can be
won (``no_win``; knowing every card, for a peeking hint: no line wins), every move leads
back (``no_new_move``), or only a lucky shuffle of a shuffled redeal is left
(``lucky_shuffle``) — and how many moves to take back (``back``) to the last position of
the game from which a win was still possible by the same measure (docs/fair.md, "Hints
that end").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from typing_extensions import TypedDict  # (pydantic reads these on Python 3.11)

from klondike import Game, Move
from klondike.cards import STOCK_NAME
from klondike.errors import KlondikeError
from klondike.information import seen_key
from klondike.solver import HintKind, describe_line, hint, solve
from klondike.solver.position import place

from .choices import after
from .player import decide, key_after, winnable_share

AnswerKind = Literal[HintKind, "fair", "lost"]
"""A hint's kind: the solver's (`klondike.solver.HintKind`), ``"fair"``: chosen from what
the player can see (`klondike.fair.decide`), or ``"lost"``: no move helps any more."""

EndReason = Literal["no_win", "no_new_move", "lucky_shuffle"]
"""Why a hint of kind ``lost`` has no move (the module docstring says each)."""

BACK_STATES = 50_000
"""Positions a peeking hint's solver may search in each position of the history it looks
back through for the last one that could still be won."""

FAIR_SAMPLES = 64
"""Layouts a fair hint solves: the budget the fair player's strength was measured at
(docs/fair.md, "Strength"), a fraction of a second a decision."""

FAIR_STATES = 500
"""Positions each layout of a fair hint may search."""


class Layouts(TypedDict):
    """Of the layouts a fair hint solved: those its move wins, loses, leaves undecided."""

    wins: int
    losses: int
    unknown: int


class SolverHint(TypedDict):
    """A hint as the solver's worker gives it: the move, the face-up card it takes (null
    when it turns the stock), its piles, and what the search took; ``peeked`` says the hint
    knew the face-down cards, ``layouts`` (a fair hint's) how sure it is."""

    kind: AnswerKind
    peeked: bool
    layouts: Layouts | None
    move: str | None
    card: str | None
    source: str | None
    target: str | None
    states: int
    seconds: float
    reason: EndReason | None
    back: int | None


@dataclass(frozen=True)
class FairLine:
    """The rest of a fair hint's choice, followed by the next hints: the position it is
    due in (`klondike.information.position_key`), its moves, and the choice's layouts."""

    position: str
    moves: tuple[str, ...]
    layouts: Layouts


KeptLine = tuple[str, ...] | FairLine
"""What the server keeps of a game's last hint for the next one: the rest of a peeking
hint's winning line, or of a fair hint's choice."""


def hint_of(
    snapshot: dict[str, Any], budget: float, line: KeptLine = (), peek: bool = False
) -> tuple[SolverHint, KeptLine]:
    """The hint for a position (the move, the face-up card it moves, why it is suggested)
    and what the next hint follows, which stays on the server: for a hint that may look at
    the face-down cards (``peek``), the rest of its winning line after the move, followed
    while it still wins (docs/solver.md). Without ``peek`` the hint is the fair player's
    (docs/fair.md), a function of what the player has seen, and the rest of its choice is
    followed while the player plays it. Neither leads back where the game has been."""
    game = Game.from_snapshot(snapshot)
    if not peek:
        return _fair_hint(game, line if isinstance(line, FairLine) else None)
    return _peeking_hint(game, budget, line if not isinstance(line, FairLine) else ())


def history(game: Game) -> list[Game]:
    """The positions of the game as far back as it can be undone, the current one first."""
    positions = [game.copy()]
    probe = game.copy()
    while len(probe.history) > probe.undo_start and not probe.won:
        try:
            probe.undo()
        except KlondikeError:
            break
        positions.append(probe.copy())
    return positions


def _fair_hint(game: Game, kept: FairLine | None) -> tuple[SolverHint, KeptLine]:
    """The fair player's hint: Finish's next move when Finish wins; else the next move of
    the last fair hint's choice where the player has played it so far; else the first move
    of the choice that wins the most layouts the player cannot tell apart, among those
    that lead somewhere the game has not been with what the player knows now. With it, the
    rest of the choice; with none, why and the way back."""
    past = history(game)
    visited = {seen_key(position) for position in past}
    if not game.won and game.can_finish():
        finish = game.finish_move()
        if key_after(game, (finish,)) not in visited:  # (a shuffled redeal can come round)
            return _answer(game, finish, "finish", 0, 0.0), ()
    here = seen_key(game)
    if kept is not None and kept.position == here:
        answer = _answer(game, Move.from_text(kept.moves[0]), "fair", 0, 0.0)
        answer["layouts"] = kept.layouts
        return answer, _fair_rest(game, kept.moves, kept.layouts)
    decision = decide(
        game, samples=FAIR_SAMPLES, max_states=FAIR_STATES, visited=visited, only_new=True
    )
    position = decision.position
    if position.samples and not position.wins and not position.unknown:
        return _lost(game, "no_win", _back(past, _fair_can_win), decision.seconds), ()
    if decision.move is None:
        if game.rules.recycle == "shuffle" and position.wins and game.stock_step() is not None:
            return _lost(game, "lucky_shuffle", None, decision.seconds), ()
        return _lost(game, "no_new_move", _back(past, _fair_can_win), decision.seconds), ()
    share = decision.share
    answer = _answer(game, decision.move, "fair", 0, decision.seconds)
    layouts: Layouts = {"wins": share.wins, "losses": share.losses, "unknown": share.unknown}
    answer["layouts"] = layouts
    return answer, _fair_rest(game, tuple(map(str, decision.line)), layouts)


def _peeking_hint(game: Game, budget: float, kept: tuple[str, ...]) -> tuple[SolverHint, KeptLine]:
    """The solver's hint: the next move of a winning line (the kept one while it wins);
    with no line, the most useful move that leads somewhere new, or none when the
    position is proved lost or every move leads back."""
    found = hint(game, budget=budget, line=tuple(Move.from_text(text) for text in kept))
    solution = found.solution
    if found.kind in ("winning", "finish"):
        answer = _answer(game, found.move, found.kind, solution.states, solution.seconds)
        answer["peeked"] = True
        return answer, tuple(str(step) for step in solution.line[1:])
    past = history(game)
    if found.kind == "unwinnable":
        answer = _lost(game, "no_win", _back(past, _solver_can_win), solution.seconds)
        answer["peeked"] = True
        return answer, ()
    visited = {place(position) for position in past}
    move = found.move
    if move is not None and _place_after(game, move) in visited:
        move = next((m for m in game.legal_moves() if _place_after(game, m) not in visited), None)
    if move is None:
        answer = _lost(game, "no_new_move", _back(past, _solver_can_win), solution.seconds)
    else:
        answer = _answer(game, move, found.kind, solution.states, solution.seconds)
    answer["peeked"] = True
    return answer, ()


def _place_after(game: Game, move: Move) -> tuple[object, ...]:
    return place(after(game, (move,)))


def _fair_can_win(position: Game) -> bool:
    """Some layout the player cannot tell apart can be won (the fair hint's measure)."""
    return winnable_share(position, samples=FAIR_SAMPLES, max_states=FAIR_STATES).wins > 0


def _solver_can_win(position: Game) -> bool:
    """The solver finds a win knowing every card (the peeking hint's measure)."""
    return solve(position, max_states=BACK_STATES).verdict == "winnable"


def _back(past: list[Game], can_win: Callable[[Game], bool]) -> int | None:
    """How many moves to take back to the last position of ``past`` (the current one
    first) from which ``can_win``: looked for 1, 2, 4, … moves back, then halved between
    the last two looked at; None if no position of the history can be won."""
    found: dict[int, bool] = {}

    def wins(back: int) -> bool:
        if back not in found:
            found[back] = can_win(past[back])
        return found[back]

    low, step = 0, 1  # low: known lost (the current position)
    while step < len(past) and not wins(step):
        low, step = step, step * 2
    high = min(step, len(past) - 1)
    if not wins(high):
        return None
    while high - low > 1:
        middle = (low + high) // 2
        if wins(middle):
            high = middle
        else:
            low = middle
    return high


def _lost(game: Game, reason: EndReason, back: int | None, seconds: float) -> SolverHint:
    """An answer with no move: why, and how many moves back a win was still possible."""
    answer = _answer(game, None, "lost", 0, seconds)
    answer["reason"], answer["back"] = reason, back
    return answer


def _fair_rest(game: Game, moves: tuple[str, ...], layouts: Layouts) -> KeptLine:
    """What the next fair hint follows once the first of ``moves`` is played: the rest."""
    if len(moves) < 2:
        return ()
    return FairLine(key_after(game, (Move.from_text(moves[0]),)), moves[1:], layouts)


def _answer(
    game: Game, move: Move | None, kind: AnswerKind, states: int, seconds: float
) -> SolverHint:
    """A hint's answer: the move, its piles and the face-up card it moves (a draw or a
    recycle names no card: it turns the stock)."""
    answer: SolverHint = {
        "kind": kind,
        "peeked": False,
        "layouts": None,
        "move": None,
        "card": None,
        "source": None,
        "target": None,
        "states": states,
        "seconds": round(seconds, 3),
        "reason": None,
        "back": None,
    }
    if move is not None:
        answer["move"], answer["source"], answer["target"] = str(move), move.source, move.target
        if STOCK_NAME not in (move.source, move.target):
            answer["card"] = describe_line(game, (move,))[0]
    return answer
