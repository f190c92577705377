"""A learned value that ranks the fair player's close choices (docs/fair.md, "A learned
value for close choices").

Where the counts of `klondike.fair.decide` put several candidates within a few layouts of
the leader, they cannot tell which one keeps the real deal winnable ("Where the games are
lost"). `features` describes a candidate by what the player sees: its counts, the kind of
move that commits it, the position after it as far as the player can know it (counts, not
the card it turns up), and how hard the full-information solves worked in the layouts it
wins. `score` weighs them with `WEIGHTS`, fitted by logistic regression on decisions of
training deals whose candidates were labelled by solving the real deal after each
(`bench/learn.py`). Everything is a count or a ratio of counts, and the score is exact
arithmetic on fractions: two positions the player cannot tell apart get the same score,
on every machine.
"""

from __future__ import annotations

from fractions import Fraction

from klondike import Game

from .choices import Line

FEATURES = (
    "behind",  # layouts the leader wins more
    "losses",  # layouts lost
    "unknown",  # layouts undecided (or not counted)
    "votes",  # layouts whose own winning line makes this choice first
    "steps",  # moves before the one that commits (draws, steps)
    "reveals",  # 1 if it turns a card up
    "down_left",  # face-down cards under the card it moves from a column
    "from_waste",  # 1 if the committing move plays the waste's card
    "draws",  # 1 if the committing move is a draw or a turn-over of the waste
    "to_home",  # 1 if it moves a card home
    "from_home",  # 1 if it takes a card back from home
    "empties",  # columns it empties
    "king_to_empty",  # 1 if it moves a card into an empty column
    "down_after",  # face-down cards after it
    "empty_after",  # empty columns after it
    "home_after",  # cards home after it
    "stock_after",  # cards in the stock and the waste after it
    "effort_bits",  # mean bit length of the positions the winning solves searched
    "rest_moves",  # mean length of the winning lines' rest after it
    "agreement",  # share of the layouts it wins whose lines make the likeliest next choice
)
"""The names of `features`, in its order."""


def _empty(game: Game) -> int:
    return sum(1 for up, down in zip(game.up, game.down, strict=True) if not up and not down)


def features(
    game: Game,
    line: Line,
    wins: int,
    losses: int,
    unknown: int,
    votes: int,
    effort: tuple[int, int],
    agreement: int,
    most: int,
) -> tuple[Fraction, ...]:
    """The features (`FEATURES`) of the choice ``line`` in ``game``, which it wins in
    ``wins`` layouts, loses in ``losses``, leaves undecided in ``unknown``, is made first
    by ``votes`` layouts' own lines; ``effort`` and ``agreement`` are `Decision.effort`'s
    and `Decision.agreement`'s; ``most`` the leader's wins. Only counts are read after the
    line, so the card it turns up does not matter: any layout of ``game`` answers alike.

    >>> from klondike import Game, Move
    >>> game = Game.from_code("KL1-D1N-AAAAAAG")
    >>> found = features(game, (Move("T5", "T4"),), 9, 1, 0, 3, (90, 300), 6, 10)
    >>> named = dict(zip(FEATURES, found))
    >>> named["behind"], named["reveals"], named["down_left"], named["effort_bits"]
    (Fraction(1, 1), Fraction(1, 1), Fraction(4, 1), Fraction(10, 1))
    """
    before = game.copy()
    for move in line[:-1]:
        before.play(move)
    last = line[-1]
    after = before.copy()
    after.play(last)
    down_before, down_now = sum(map(len, before.down)), sum(map(len, after.down))
    source, target = last.source, last.target
    column = int(source[1:]) - 1 if source.startswith("T") else -1
    into = int(target[1:]) - 1 if target.startswith("T") else -1
    values = (
        most - wins,
        losses,
        unknown,
        votes,
        len(line) - 1,
        int(down_now < down_before),
        len(before.down[column]) if column >= 0 else 0,
        int(source == "W" and target != "S"),
        int("S" in (source, target)),
        int(target.startswith("F")),
        int(source.startswith("F")),
        max(0, _empty(after) - _empty(before)),
        int(into >= 0 and not before.up[into] and not before.down[into]),
        down_now,
        _empty(after),
        sum(after.foundations),
        len(after.stock) + len(after.waste),
    )
    mean = [Fraction(total, wins) if wins else Fraction(0) for total in (*effort, agreement)]
    return (*map(Fraction, values), *mean)


WEIGHTS: tuple[int, ...] = (
    -55219,  # behind
    -461,  # losses
    -843,  # unknown
    586,  # votes
    1101,  # steps
    19956,  # reveals
    -6018,  # down_left
    -2737,  # from_waste
    0,  # draws
    108656,  # to_home
    0,  # from_home
    -45991,  # empties
    -19863,  # king_to_empty
    -213,  # down_after
    -12674,  # empty_after
    975,  # home_after
    23,  # stock_after
    -9213,  # effort_bits
    -4,  # rest_moves
    -1554455,  # agreement
)
"""The learned weights of `FEATURES`, in millionths: a conditional logistic regression's
coefficients on the raw features (the candidates that keep the real deal winnable made
likely within each decision, L2 1.0 on standardized features), fitted on the close
decisions of Draw 1 deals 5001–5093 (`bench/learn.py --fit … --hold-out 0.3 --l2 1
--no-today`; docs/fair.md, "A learned value for close choices")."""


TODAY_WEIGHT = 0
"""The learned weight, in millionths, of being today's choice (the candidate `decide`
chooses without ``ranked``: most wins, then fewest losses, most votes, …)."""


def score(values: tuple[Fraction, ...], today: bool = False) -> Fraction:
    """The learned value of a choice with the features ``values`` (``today``: it is today's
    choice): higher keeps the real deal winnable more often. Exact: fractions, integer
    weights."""
    total = sum((Fraction(w) * v for w, v in zip(WEIGHTS, values, strict=True)), Fraction(0))
    return total + (TODAY_WEIGHT if today else 0)
