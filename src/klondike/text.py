"""Text helpers: a score as the table shows it, a pile as messages name it.

>>> score_text(-52, "vegas")
'-$52'
"""

from __future__ import annotations

from .cards import F0, STOCK, T0, WASTE, Pile
from .rules import NO_SCORE


def dollars(amount: int) -> str:
    """Vegas score as the app shows it: ``'+$208'``, ``'$0'``, ``'-$52'``."""
    if amount > 0:
        return f"+${amount}"
    if amount < 0:
        return f"-${-amount}"
    return "$0"


def score_text(score: int, scoring: str) -> str:
    """The score as the table shows it: ``'35'`` in Normal, ``'+$208'`` in Vegas, nothing
    in a version without a score.

    >>> score_text(35, "normal"), score_text(-52, "vegas"), score_text(0, "vegas")
    ('35', '-$52', '$0')
    >>> score_text(0, "none")
    ''
    """
    if scoring == NO_SCORE:
        return ""
    return dollars(score) if scoring == "vegas" else str(score)


def pile_words(pile: Pile) -> str:
    """A pile as messages name it.

    >>> pile_words(WASTE), pile_words(T0 + 2)
    ('the waste', 'column 3')
    """
    if pile == STOCK:
        return "the stock"
    if pile == WASTE:
        return "the waste"
    if pile >= T0:
        return f"column {pile - T0 + 1}"
    return f"foundation {pile - F0 + 1}"
