"""The game's hint: the move it suggests for a position and why, and what the next hint
follows (`hint_of`). The page, the command line, the benches and the tests all ask here, so
that each gets exactly the hint the page gives.

By default the hint is the fair player's (docs/fair.md): a function of what the player has
seen. A hint that may look at the face-down cards (``peek``) is the solver's winning line
(docs/solver.md). Either way the answer names only a move: its source and target pile and
the face-up card it moves (none for turning the stock), never a face-down card or the
stock's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from typing_extensions import TypedDict  # (pydantic reads these on Python 3.11)

from klondike import Game, Move
from klondike.cards import STOCK_NAME
from klondike.information import information_set, position_key
from klondike.solver import HintKind, describe_line, hint

from .player import decide

AnswerKind = Literal[HintKind, "fair"]
"""A hint's kind: the solver's (`klondike.solver.HintKind`), or ``"fair"``: chosen from
what the player can see (`klondike.fair.decide`)."""

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
    followed while the player plays it."""
    game = Game.from_snapshot(snapshot)
    if not peek:
        return _fair_hint(game, line if isinstance(line, FairLine) else None)
    moves = line if not isinstance(line, FairLine) else ()
    found = hint(game, budget=budget, line=tuple(Move.from_text(text) for text in moves))
    answer = _answer(game, found.move, found.kind, found.solution.states, found.solution.seconds)
    answer["peeked"] = True
    rest = tuple(str(step) for step in found.solution.line[1:]) if found.kind == "winning" else ()
    return answer, rest


def _fair_hint(game: Game, kept: FairLine | None) -> tuple[SolverHint, KeptLine]:
    """The fair player's hint: Finish's next move when Finish wins; else the next move of
    the last fair hint's choice where the player has played it so far; else the first move
    of the choice that wins the most layouts the player cannot tell apart. With it, the
    rest of the choice."""
    if not game.won and game.can_finish():
        return _answer(game, game.finish_move(), "finish", 0, 0.0), ()
    if kept is not None and kept.position == position_key(information_set(game)):
        answer = _answer(game, Move.from_text(kept.moves[0]), "fair", 0, 0.0)
        answer["layouts"] = kept.layouts
        return answer, _fair_rest(game, kept.moves, kept.layouts)
    decision = decide(game, samples=FAIR_SAMPLES, max_states=FAIR_STATES)
    share = decision.share
    if decision.move is None:
        kind: AnswerKind = "unwinnable" if share.samples and not share.wins else "none"
        return _answer(game, None, kind, 0, decision.seconds), ()
    answer = _answer(game, decision.move, "fair", 0, decision.seconds)
    layouts: Layouts = {"wins": share.wins, "losses": share.losses, "unknown": share.unknown}
    answer["layouts"] = layouts
    return answer, _fair_rest(game, tuple(map(str, decision.line)), layouts)


def _fair_rest(game: Game, moves: tuple[str, ...], layouts: Layouts) -> KeptLine:
    """What the next fair hint follows once the first of ``moves`` is played: the rest."""
    if len(moves) < 2:
        return ()
    after = game.copy()
    after.play(moves[0])
    return FairLine(position_key(information_set(after)), moves[1:], layouts)


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
    }
    if move is not None:
        answer["move"], answer["source"], answer["target"] = str(move), move.source, move.target
        if STOCK_NAME not in (move.source, move.target):
            answer["card"] = describe_line(game, (move,))[0]
    return answer
