"""Helpers that build positions for the tests and check refusals.

A position is written the way a person reads the table: each column as text with its
face-down cards before a ``|`` and its face-up cards after it, bottom card first::

    game(tableau=["KS QH", "5C 7D | 9H 8S", "3 | 7S"], waste="2C 3D", stock="4H")

A number before the ``|`` stands for that many face-down cards the position does not care
about: they are taken, in card order, from the cards it does not name. Every card left over
goes, face down, to the bottom of the stock (or of the column ``rest`` names), so the 52
cards are always all there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from klondike import Game, KlondikeError
from klondike.cards import CARD_NAMES, PILE_NAMES, RANKS, SUITS
from klondike.codes import format_code
from klondike.rules import rules_for

Snapshot = dict[str, Any]


def cards(text: str) -> list[str]:
    """Card names from text such as ``"9H 8S"`` (canonical names, bottom first)."""
    return text.split()


def column(text: str) -> dict[str, list[str]]:
    """A snapshot column from ``"5C 7D | 9H 8S"`` (down | up) or ``"9H 8S"`` (all up).

    A count of face-down cards (``"3 | 7S"``) leaves them out here: :func:`position` fills
    them in.
    """
    if "|" not in text:
        return {"down": [], "up": cards(text)}
    down, up = text.split("|")
    return {"down": [] if down.strip().isdigit() else cards(down), "up": cards(up)}


def hidden_count(text: str) -> int:
    """How many unnamed face-down cards a column's text asks for (``"3 | 7S"``: 3)."""
    down = text.split("|")[0].strip() if "|" in text else ""
    return int(down) if down.isdigit() else 0


def foundation_cards(heights: Mapping[str, int] | Sequence[int]) -> list[list[str]]:
    """Foundation lists from heights, either ``[13, 0, 2, 0]`` or ``{"S": 13, "D": 2}``."""
    if isinstance(heights, Mapping):
        heights = [heights.get(suit, 0) for suit in SUITS]
    return [[RANKS[r] + SUITS[s] for r in range(h)] for s, h in enumerate(heights)]


def position(
    *,
    tableau: Sequence[str] = (),
    waste: str = "",
    stock: str = "",
    foundations: Mapping[str, int] | Sequence[int] = (0, 0, 0, 0),
    draw: int = 1,
    scoring: str | None = None,
    score: int | None = None,
    rest: str = "S",
    deal: int = 6,
    rules: str = "app",
) -> Snapshot:
    """A snapshot of the position described; unnamed cards go face down to ``rest``.

    ``rules`` names the version (its first scoring unless ``scoring`` says otherwise). The
    score is by default the one a new game starts with: 0 (Normal, no score) or -52 (Vegas).
    """
    if scoring is None:
        scoring = rules_for(rules).scorings[0]
    tableau = list(tableau) + [""] * (7 - len(tableau))
    columns = [column(t) for t in tableau]
    homes = foundation_cards(foundations)
    stock_cards, waste_cards = cards(stock), cards(waste)
    named = stock_cards + waste_cards + [c for f in homes for c in f]
    named += [c for col in columns for c in col["down"] + col["up"]]
    assert len(named) == len(set(named)), f"a card is named twice: {sorted(named)}"
    missing = [c for c in CARD_NAMES if c not in named]
    for col, text in zip(columns, tableau, strict=True):
        if count := hidden_count(text):
            assert count <= len(missing), f"not enough unnamed cards for {text!r}"
            col["down"], missing = missing[:count], missing[count:]
    if rest == "S":
        stock_cards = missing + stock_cards
    else:
        target = columns[PILE_NAMES.index(rest) - PILE_NAMES.index("T1")]
        assert target["up"] or not missing, "the rest needs a column with a face-up card"
        target["down"] = missing + target["down"]
    return {
        "code": format_code(deal, draw, scoring, rules),
        "rules": rules,
        "draw": draw,
        "scoring": scoring,
        "stock": stock_cards,
        "waste": waste_cards,
        "foundations": homes,
        "tableau": columns,
        "score": (-52 if scoring == "vegas" else 0) if score is None else score,
        "won": all(len(f) == 13 for f in homes),
    }


def every_gesture() -> Snapshot:
    """A Draw 1 Normal position with something for every gesture.

    T1 K♠ at the bottom; T2 four backs + 8♦ (5 cards); T3 one back + 9♣ 8♥; T4 three backs
    + 7♠ (fits on 8♦ and on 8♥); T5 empty; T6 one back + 10♦; T7 2♥ face down under A♥.
    ♠ home up to 2♠.
    """
    return position(
        tableau=["KS", "4 | 8D", "1 | 9C 8H", "3 | 7S", "", "1 | TD", "2H | AH"],
        waste="5C",
        foundations=(2, 0, 0, 0),
    )


def game(**kwargs: Any) -> Game:
    """The game of :func:`position` (same keywords)."""
    return Game.from_snapshot(position(**kwargs))


def one_move_to_win(
    king: str = "KC", *, scoring: str = "normal", draw: int = 1, score: int | None = None
) -> Snapshot:
    """Every card home but one King, which lies alone on column 1 (stock and waste empty)."""
    heights = {suit: 12 if suit == king[1] else 13 for suit in SUITS}
    return position(tableau=[king], foundations=heights, scoring=scoring, draw=draw, score=score)


def almost_won(*, scoring: str = "normal", draw: int = 1, score: int | None = None) -> Game:
    """The game of :func:`one_move_to_win` with the King of clubs left to play."""
    return Game.from_snapshot(one_move_to_win("KC", scoring=scoring, draw=draw, score=score))


def won_game(*, scoring: str = "normal") -> Game:
    """A game just won: the last King went home (so there is an action to undo)."""
    g = almost_won(scoring=scoring)
    g.play("T1-F4")
    assert g.won
    return g


def column_text(g: Game, index: int) -> str:
    """Column ``index`` (1-based) of a game as ``"down | up"`` text."""
    col = g.snapshot()["tableau"][index - 1]
    return " ".join(col["down"]) + " | " + " ".join(col["up"])


def refused(g: Game, action: Callable[[], object], reason: str) -> KlondikeError:
    """Check that ``action`` raises an engine error with ``reason`` and changes nothing."""
    before = g.snapshot()
    with pytest.raises(KlondikeError) as err:
        action()
    assert err.value.reason == reason, f"{err.value.reason}: {err.value}"
    assert str(err.value)
    assert g.snapshot() == before
    return err.value


def refused_move(g: Game, move: str, reason: str) -> KlondikeError:
    """Check that ``g.play(move)`` is refused with ``reason``, changing nothing."""
    err = refused(g, lambda: g.play(move), reason)
    assert not g.is_legal(move)
    assert move not in [str(m) for m in g.legal_moves()]
    return err


def texts(g: Game) -> list[str]:
    """The legal moves of ``g`` as text."""
    return [str(m) for m in g.legal_moves()]


def position_of(snapshot: Snapshot) -> Snapshot:
    """A snapshot without the bookkeeping keys (undo history, undo count, redo)."""
    return {k: v for k, v in snapshot.items() if k not in ("history", "undos", "redo")}


def win_line(g: Game, budget: int = 20_000) -> list[str] | None:
    """A line of moves that wins ``g`` from its position, found by depth-first search.

    Uses the solver's path (``legal_codes``/``push``/``pop``) on a copy, never takes a
    card back from a foundation, tries foundation moves first, skips positions already
    seen and gives up (None) after ``budget`` positions.
    """
    probe = g.copy()
    probe.history = []  # the search only needs its own moves
    seen: set[tuple[object, ...]] = set()
    line: list[int] = []
    nodes = 0
    f0, t0 = PILE_NAMES.index("F1"), PILE_NAMES.index("T1")

    def priority(code: int) -> int:
        source, target = (code >> 4) & 15, code & 15
        if f0 <= target < t0:
            return 0
        if source >= t0 and target >= t0:
            return 1
        return 2 if source == 1 else 3

    def search() -> bool:
        nonlocal nodes
        if probe.won:
            return True
        nodes += 1
        key = (
            tuple(probe.stock),
            tuple(probe.waste),
            tuple(probe.foundations),
            tuple(map(tuple, probe.up)),
        )
        if nodes > budget or len(line) > 800 or key in seen:
            return False
        seen.add(key)
        for code in sorted(probe.legal_codes(), key=priority):
            source, target = (code >> 4) & 15, code & 15
            if f0 <= source < t0:
                continue  # no take-backs
            whole_column = source >= t0 and code >> 8 == len(probe.up[source - t0])
            if whole_column and target >= t0 and not probe.down[source - t0]:
                continue  # a whole column to another: frees nothing
            probe.push(code)
            line.append(code)
            if search():
                return True
            probe.pop()
            line.pop()
        return False

    if not search():
        return None
    return [f"{PILE_NAMES[(c >> 4) & 15]}-{PILE_NAMES[c & 15]}" for c in line]


def played(code: str = "KL1-D1N-AAAAAAG", moves: int = 40, seed: int = 1) -> Game:
    """A game some random legal moves into ``code``."""
    g = Game.from_code(code)
    rng = random.Random(seed)
    for _ in range(moves):
        options = g.legal_moves()
        if not options:
            break
        g.play(rng.choice(options))
    return g


UNDECIDED_DEAL = "KL1-D3N-AWF3MN2"
"""A deal the solver does not decide in 10 s (deal 744337850, Draw 3; about a million
positions, docs/solver.md "Figures"): a hint of it takes its whole budget."""


def small_position(
    rng: random.Random, draw: int, scoring: str, left: int, rules: str = "app"
) -> dict[str, Any]:
    """A random position with ``left`` cards not yet home, spread over stock, waste and
    columns (face down and up)."""
    heights = [13, 13, 13, 13]
    for _ in range(left):
        suit = rng.choice([s for s in range(4) if heights[s]])
        heights[suit] -= 1
    out = [RANKS[r] + SUITS[s] for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(out)
    tableau: list[str] = []
    while out and len(tableau) < 7 and rng.random() < 0.8:
        down = [out.pop() for _ in range(min(len(out) - 1, rng.randrange(3)))] if out else []
        tableau.append(" ".join(down) + " | " + out.pop())
    waste = [out.pop() for _ in range(rng.randrange(len(out) + 1))]
    return position(
        tableau=tableau,
        foundations=heights,
        waste=" ".join(waste),
        stock=" ".join(out),
        draw=draw,
        scoring=scoring,
        rules=rules,
    )
