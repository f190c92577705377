"""Why a move lost, in facts the engine knows: what the move did, set against what the better
move or the winning line did from the same position (docs/review.md, "Why a move lost").

:func:`why` returns data (a kind and the cards and columns it names); the page and the CLI
put it into words. The kinds, tried in this order:

- ``unseen``: nothing the player could see said the move was wrong (its share of winnable
  layouts did not drop); the card the better line needed lay face down (``card``, if it
  turns one up);
- ``took``: the move put ``card`` on ``target`` (None: an empty column), which the better
  line gave to ``needed_by``;
- ``home``: the move sent ``card`` home, where the better line put ``needed_by`` on it;
- ``passed``: a draw or a turn-over of the waste covered ``card``, which the better line
  played from the waste;
- ``emptied``: the move emptied ``column`` with no King left to fill it;
- ``turned``: the better line's first move turned up a card (in ``column``); the move none;
- ``other``: none of these; ``better`` is the better line's first move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from klondike import Game, KlondikeError, Move
from klondike.cards import CARD_NAMES, KING, RANK

Why = dict[str, Any]


def why(before: Game, played: str, better: Sequence[str], *, seen: bool) -> Why:
    """Why ``played`` from ``before`` lost against the line ``better`` (move texts) from the
    same position; ``seen`` says whether the player's share of winnable layouts dropped
    with it (a mistake by what they could see)."""
    move = Move.from_text(played)
    after = before.copy()
    after.play(move)
    line = _replayed(before, better)
    if not seen:
        return {"kind": "unseen", "card": _first_turned(before, line)}
    if move.target.startswith("T"):
        target = _top(before, move.target)
        moved = _moved_card(before, move)
        needed = _given_to(before, line, target)
        if needed is not None and needed != moved:
            return {"kind": "took", "card": moved, "target": target, "needed_by": needed}
    if move.target.startswith("F"):
        card = _moved_card(before, move)
        needed = _given_to(before, line, card)
        if needed is not None:
            return {"kind": "home", "card": card, "needed_by": needed}
    if move.source == "S" or move.target == "S":
        first = line[0] if line else None
        if first is not None and first[0].source == "W" and before.waste:
            return {"kind": "passed", "card": CARD_NAMES[before.waste[-1]]}
    emptied = _emptied(before, after)
    if emptied is not None and not _king_for_a_column(after):
        return {"kind": "emptied", "column": emptied}
    if line and _turns_up(line[0][1], line[0][2]) is not None and _turns_up(before, after) is None:
        return {"kind": "turned", "column": _turns_up(line[0][1], line[0][2])}
    return {"kind": "other", "better": better[0] if better else None}


def _replayed(start: Game, texts: Sequence[str]) -> list[tuple[Move, Game, Game]]:
    """Each move of the line with the positions before and after it (as far as it plays)."""
    steps: list[tuple[Move, Game, Game]] = []
    game = start.copy()
    for text in texts:
        before = game.copy()
        try:
            move = game.play(text)
        except KlondikeError:
            break
        steps.append((move, before, game.copy()))
    return steps


def _top(game: Game, pile: str) -> str | None:
    """The top card of column ``pile`` (None: it is empty)."""
    run = game.up[int(pile[1:]) - 1]
    return CARD_NAMES[run[-1]] if run else None


def _moved_card(before: Game, move: Move) -> str:
    """The lowest card ``move`` moves (a column's run, the waste's top, a foundation's top)."""
    after = before.copy()
    after.play(move)
    if move.target.startswith("T"):
        column = after.up[int(move.target[1:]) - 1]
        count = len(column) - len(before.up[int(move.target[1:]) - 1])
        return CARD_NAMES[column[-count]]
    suit = next(s for s in range(4) if after.foundations[s] != before.foundations[s])
    return CARD_NAMES[suit * 13 + after.foundations[suit] - 1]


def _given_to(before: Game, line: list[tuple[Move, Game, Game]], card: str | None) -> str | None:
    """The card the line puts on ``card`` first (None: on an empty column, a King), before
    the line moves ``card`` itself; None if it does not."""
    for move, at, _ in line:
        if move.target.startswith("T"):
            top = _top(at, move.target)
            if top == card:
                moved = _moved_card(at, move)
                if card is not None or RANK[CARD_NAMES.index(moved)] == KING:
                    return moved
        if card is not None and _moved_card_or_none(at, move) == card:
            return None
    return None


def _moved_card_or_none(at: Game, move: Move) -> str | None:
    """The lowest card a move moves, None for a draw or a turn-over."""
    if "S" in (move.source, move.target):
        return None
    return _moved_card(at, move)


def _first_turned(before: Game, line: list[tuple[Move, Game, Game]]) -> str | None:
    """The first card the line turns face up (a face-down card of ``before``)."""
    for _, at, after in line:
        column = _turns_up(at, after)
        if column is not None:
            return CARD_NAMES[after.up[column - 1][0]]
    return None


def _turns_up(before: Game, after: Game) -> int | None:
    """The column (1–7) in which a move turned a card face up, or None."""
    for j in range(7):
        if len(after.down[j]) < len(before.down[j]) and after.up[j]:
            return j + 1
    return None


def _emptied(before: Game, after: Game) -> int | None:
    """The column (1–7) a move left empty that was not, or None."""
    for j in range(7):
        if before.up[j] and not after.up[j] and not after.down[j]:
            return j + 1
    return None


def _king_for_a_column(game: Game) -> bool:
    """True if some King could still go into an empty column: in the stock or the waste,
    or face up on a face-down card or another card."""
    for card in (*game.stock, *game.waste):
        if RANK[card] == KING:
            return True
    for j in range(7):
        run = game.up[j]
        for i, card in enumerate(run):
            if RANK[card] == KING and (i > 0 or game.down[j]):
                return True
    return False
