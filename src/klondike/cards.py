"""Cards, piles and moves: small integers inside the engine, short names everywhere else.

A card is ``suit * 13 + rank - 1`` with suits in foundation order ♠ ♥ ♦ ♣ and ranks
1 (Ace) to 13 (King). Its name is rank then suit:

>>> card_name(parse_card("10h"))
'TH'
>>> rank_of(parse_card("KC")), suit_of(parse_card("KC"))
(13, 3)

A pile is an index into :data:`PILE_NAMES`: the stock ``S``, the waste ``W``, the
foundations ``F1``–``F4`` (♠ ♥ ♦ ♣) and the columns ``T1``–``T7``.

A move is a :data:`MoveCode`, ``count << 8 | source << 4 | target``: read it with
:func:`source_of`, :func:`target_of` and :func:`count_of`, build it with :func:`move_code`.
Outside the engine it is a :class:`Move`, ``SOURCE-TARGET`` (:func:`move_of`).

>>> code = move_code(parse_pile("T2"), parse_pile("T6"), 3)
>>> PILE_NAMES[source_of(code)], PILE_NAMES[target_of(code)], count_of(code)
('T2', 'T6', 3)
>>> str(move_of(code))
'T2-T6'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .compiled import give_way_if_stale
from .errors import IllegalMove

Card = int
Pile = int
MoveCode = int

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")

CARD_NAMES: Final[tuple[str, ...]] = tuple(r + s for s in SUITS for r in RANKS)
RANK: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(52))
SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52))
RED: Final[tuple[bool, ...]] = tuple(c // 13 in (1, 2) for c in range(52))
KING: Final = 13
DECK_SIZE: Final = 52
"""The cards of a deck: a game is won when all of them are on the foundations."""

# PARENTS[c]: the two cards that c may be put on in a column (none for a King).
PARENTS: Final[tuple[tuple[Card, ...], ...]] = tuple(
    tuple(s * 13 + RANK[c] for s in range(4) if (s in (1, 2)) != RED[c]) if RANK[c] < KING else ()
    for c in range(52)
)
# CHILDREN[c]: the two cards that may be put on c in a column (none for an Ace).
CHILDREN: Final[tuple[tuple[Card, ...], ...]] = tuple(
    tuple(x for x in range(52) if c in PARENTS[x]) for c in range(52)
)
# CHILD_BITS[c], PARENT_BITS[c]: CHILDREN[c], PARENTS[c] as bits (1 << card; a King has no
# parent); KING_BITS: the four Kings so.
CHILD_BITS: Final[tuple[int, ...]] = tuple(sum(1 << x for x in CHILDREN[c]) for c in range(52))
PARENT_BITS: Final[tuple[int, ...]] = tuple(sum(1 << x for x in PARENTS[c]) for c in range(52))
KING_BITS: Final = sum(1 << (s * 13 + KING - 1) for s in range(4))

STOCK: Final = 0
WASTE: Final = 1
F0: Final = 2  # F1..F4 are 2..5
T0: Final = 6  # T1..T7 are 6..12
PILE_NAMES: Final[tuple[str, ...]] = (
    "S",
    "W",
    "F1",
    "F2",
    "F3",
    "F4",
    "T1",
    "T2",
    "T3",
    "T4",
    "T5",
    "T6",
    "T7",
)
STOCK_NAME: Final = PILE_NAMES[STOCK]
WASTE_NAME: Final = PILE_NAMES[WASTE]
_PILES = {name: i for i, name in enumerate(PILE_NAMES)}
_CARDS = {name: i for i, name in enumerate(CARD_NAMES)}


def card(suit: int, rank: int) -> Card:
    """The card of ``suit`` (0 ♠, 1 ♥, 2 ♦, 3 ♣) and ``rank`` (1 Ace to 13 King).

    >>> card_name(card(1, 10)), card_name(card(3, KING))
    ('TH', 'KC')
    """
    return suit * 13 + rank - 1


SUIT_CARDS: Final[tuple[tuple[Card, ...], ...]] = tuple(
    tuple(card(suit, rank) for rank in range(1, KING + 1)) for suit in range(4)
)
"""``SUIT_CARDS[suit][rank - 1]`` is ``card(suit, rank)``: a suit's cards in the order its
foundation takes them, for the engine's hot path."""

# Each suit's colour, the other suit of that colour, and the two suits of the other one.
SUIT_IS_RED: Final[tuple[bool, ...]] = tuple(RED[SUIT_CARDS[suit][0]] for suit in range(4))
TWIN_SUIT: Final[tuple[int, ...]] = tuple(
    next(t for t in range(4) if t != s and SUIT_IS_RED[t] == SUIT_IS_RED[s]) for s in range(4)
)
OTHER_COLOUR_SUITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t for t in range(4) if SUIT_IS_RED[t] != SUIT_IS_RED[s]) for s in range(4)
)


def safe_to_play_up(foundations: list[int], card: Card) -> bool:
    """True if ``card`` may go home at once without losing a win (cards can come back).

    Rank R goes up when both foundations of the other colour hold at least R−2 cards and
    the other foundation of its own colour at least R−3 (Solvitaire's rule for games whose
    foundation cards may be taken back); Aces and Twos always.

    >>> heart = parse_card("3H")
    >>> safe_to_play_up([1, 2, 0, 1], heart), safe_to_play_up([0, 2, 0, 1], heart)
    (True, False)
    """
    rank = RANK[card]
    if rank <= 2:
        return True
    suit = SUIT[card]
    twin, others = TWIN_SUIT[suit], OTHER_COLOUR_SUITS[suit]
    return (
        foundations[others[0]] >= rank - 2
        and foundations[others[1]] >= rank - 2
        and foundations[twin] >= rank - 3
    )


def card_name(card: Card) -> str:
    """The two-letter name of a card: ``'TH'``, ``'AS'``."""
    return CARD_NAMES[card]


def rank_of(card: Card) -> int:
    """1 for an Ace up to 13 for a King."""
    return RANK[card]


def suit_of(card: Card) -> int:
    """0 ♠, 1 ♥, 2 ♦, 3 ♣: also the card's foundation, ``F1`` to ``F4``."""
    return SUIT[card]


def fits_on(card: Card, target: Card) -> bool:
    """True if ``card`` may lie on ``target`` in a column: other colour, one rank lower."""
    return target in PARENTS[card]


def _name_key(text: str) -> str:
    """``text`` stripped and upper-cased to look up a card's, a pile's or a move's name; ""
    (no name) if it holds anything but ASCII, which ``upper()`` would map onto names
    (``"ſ".upper()`` is ``"S"``).

    >>> _name_key(" t7 "), _name_key("ſ")
    ('T7', '')
    """
    name = text.strip()
    return name.upper() if name.isascii() else ""


def parse_card(text: object) -> Card:
    """Read a card name: ``'TH'``, ``'10h'``, ``' as '``; raises :class:`IllegalMove`."""
    if not isinstance(text, str):
        raise IllegalMove("not_text", what="card", type=type(text).__name__)
    name = _name_key(text)
    if name.startswith("10"):
        name = "T" + name[2:]
    try:
        return _CARDS[name]
    except KeyError:
        raise IllegalMove("bad_card", text=text) from None


def parse_pile(text: object) -> Pile:
    """Read a pile name: ``'S'``, ``'w'``, ``'F2'``, ``'T7'``; raises :class:`IllegalMove`."""
    if not isinstance(text, str):
        raise IllegalMove("not_text", what="pile", type=type(text).__name__)
    try:
        return _PILES[_name_key(text)]
    except KeyError:
        raise IllegalMove("bad_pile", text=text) from None


def foundation_names(heights: list[int]) -> list[list[str]]:
    """The cards of each foundation by name, the Ace first, given how many each holds.

    >>> foundation_names([2, 0, 0, 1])
    [['AS', '2S'], [], [], ['AC']]
    """
    return [
        [CARD_NAMES[card(suit, rank)] for rank in range(1, height + 1)]
        for suit, height in enumerate(heights)
    ]


def pretty(card: Card) -> str:
    """A card with its suit symbol, as messages show it: ``'10♥'``, ``'K♣'``."""
    rank = RANKS[RANK[card] - 1]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUIT[card]]


# --------------------------------------------------------------------------- moves

COUNT_SHIFT: Final = 8
"""A move code's count sits above its source and target."""
SOURCE_SHIFT: Final = 4
"""A move code's source sits above its target."""
PILE_MASK: Final = 0xF
"""The bits of one pile in a move code."""
PAIR_MASK: Final = 0xFF
"""The bits of a move code's source and target: the move without its count."""


def move_code(source: Pile, target: Pile, count: int = 1) -> MoveCode:
    """The code of the move of ``count`` cards from ``source`` to ``target``."""
    return count << COUNT_SHIFT | source << SOURCE_SHIFT | target


def source_of(code: MoveCode) -> Pile:
    """The pile a move takes its cards from."""
    return (code >> SOURCE_SHIFT) & PILE_MASK


def target_of(code: MoveCode) -> Pile:
    """The pile a move puts its cards on."""
    return code & PILE_MASK


def count_of(code: MoveCode) -> int:
    """How many cards a move moves (for a draw, the cards drawn; a recycle, the waste's)."""
    return code >> COUNT_SHIFT


def pair_of(code: MoveCode) -> int:
    """The move without its count: source and target, as ``move_code(source, target, 0)``."""
    return code & PAIR_MASK


@dataclass(frozen=True, slots=True)
class Move:
    """A move ``SOURCE-TARGET`` as players and the API write it; ``str(move)`` is its text.

    >>> Move.from_text(" t2-t6 ")
    Move('T2', 'T6')
    >>> str(Move("W", "F"))  # "F": the card's own foundation, resolved by Game.play
    'W-F'
    """

    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"

    def __repr__(self) -> str:
        return f"Move({self.source!r}, {self.target!r})"

    @classmethod
    def from_text(cls, text: object) -> Move:
        """Read ``'T2-T6'``, ``'w-f'``, ``'T4-F2'``; raises :class:`IllegalMove`."""
        if not isinstance(text, str):
            raise IllegalMove("not_text", what="move", type=type(text).__name__)
        parts = _name_key(text).split("-")
        if len(parts) != 2:
            raise IllegalMove("bad_move_text", text=text)
        source, target = (p.strip() for p in parts)
        try:
            source = PILE_NAMES[parse_pile(source)]
            target = "F" if target == "F" else PILE_NAMES[parse_pile(target)]
        except IllegalMove:
            raise IllegalMove("bad_move_text", text=text) from None
        return cls(source, target)


_NO_MOVE = Move("", "")
MOVES: Final[tuple[Move, ...]] = tuple(
    Move(PILE_NAMES[source_of(pair)], PILE_NAMES[target_of(pair)])
    if source_of(pair) < len(PILE_NAMES) and target_of(pair) < len(PILE_NAMES)
    else _NO_MOVE
    for pair in range(PAIR_MASK + 1)
)
"""The canonical :class:`Move` of every source-target pair, indexed by :func:`pair_of`, so
that the engine creates none as it lists or plays moves; pairs of no pile hold a blank
move that no code reaches."""


def move_of(code: MoveCode) -> Move:
    """The canonical :class:`Move` of a move code.

    >>> move_of(move_code(parse_pile("T2"), parse_pile("T6"), 3))
    Move('T2', 'T6')
    """
    return MOVES[code & PAIR_MASK]  # pair_of, inline: undo's path


OWN_FOUNDATION: Final = -1
"""The target :func:`move_piles` gives for ``F``: the moving card's own foundation."""

# Move texts in canonical form (and "X-F") read without parsing.
_CANONICAL: dict[str, tuple[Pile, Pile]] = {
    f"{s}-{t}": (i, j)
    for i, s in enumerate(PILE_NAMES)
    for j, t in [*enumerate(PILE_NAMES), (OWN_FOUNDATION, "F")]
}


def move_piles(move: object) -> tuple[Pile, Pile]:
    """The source and target a move names (text or :class:`Move`), the target
    :data:`OWN_FOUNDATION` for ``F``; raises :class:`IllegalMove` for text that names none.

    >>> [PILE_NAMES[pile] for pile in move_piles("t2-t6")], move_piles("W-F")[1]
    (['T2', 'T6'], -1)
    """
    if isinstance(move, Move):
        move = str(move)
    pair = _CANONICAL.get(move) if isinstance(move, str) else None
    if pair is not None:
        return pair
    parsed = Move.from_text(move)
    target = OWN_FOUNDATION if parsed.target == "F" else parse_pile(parsed.target)
    return parse_pile(parsed.source), target


give_way_if_stale(globals())  # a compiled copy older than this source runs this source
