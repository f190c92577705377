"""Game codes such as ``KL1-D1N-AAAAAAG``: version, draw count, scoring, deal number.

The second letter names the version (``L`` the app's rules, ``C`` Classic, ``S`` Solitär);
a version without a score writes ``X`` for its scoring.

>>> parse_code(" kl1-d3v-aaaaaag ")
GameCode(deal=6, draw=3, scoring='vegas', rules='app')
>>> format_code(6, 1, "normal")
'KL1-D1N-AAAAAAG'
>>> format_code(6, 3, "none", "solitaer")
'KS1-D3X-AAAAAAG'
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import InvalidCode
from .rules import APP, NO_SCORE, PRESETS, Rules, rules_for, rules_of_letter

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # RFC 4648 base32: A = 0 … 7 = 31
DEAL_DIGITS = 7
DEAL_COUNT = 32**DEAL_DIGITS  # 2**35 deals: 0 … 34359738367
CODE_LENGTH = 3 + 3 + DEAL_DIGITS
"""The letters and digits of a code without its two hyphens."""
SCORINGS = {"N": "normal", "V": "vegas", "X": NO_SCORE}
_SCORING_LETTERS = {v: k for k, v in SCORINGS.items()}
CODE_VERSION = "1"
_PREFIX_LIST = [f"K{r.letter}{CODE_VERSION}" for r in PRESETS]
_PREFIXES = ", ".join(_PREFIX_LIST[:-1]) + " or " + _PREFIX_LIST[-1]  # KL1, KC1 or KS1


class GameCode(NamedTuple):
    """What a game code says: the deal, cards per draw, scoring and version (its key)."""

    deal: int
    draw: int
    scoring: str
    rules: str = APP.key


def check_draw(draw: object) -> int:
    """Return ``draw`` if it is 1 or 3; raise :class:`InvalidCode` otherwise."""
    if type(draw) is not int or draw not in (1, 3):
        raise InvalidCode("bad_draw", value=repr(draw))
    return draw


def check_scoring(scoring: object) -> str:
    """Return ``'normal'``, ``'vegas'`` or ``'none'`` (any case); raise :class:`InvalidCode`."""
    if not isinstance(scoring, str) or scoring.strip().lower() not in _SCORING_LETTERS:
        raise InvalidCode("bad_scoring", value=repr(scoring))
    return scoring.strip().lower()


def check_deal(deal: object) -> int:
    """Return ``deal`` if it is a deal number; raise :class:`InvalidCode` otherwise."""
    if type(deal) is not int or not 0 <= deal < DEAL_COUNT:
        raise InvalidCode("bad_deal", value=repr(deal))
    return deal


def random_deal() -> int:
    """A deal number drawn from the system's randomness (``secrets``, imported here: the
    engine's import stays quick for the solver's commands)."""
    import secrets

    return secrets.randbelow(DEAL_COUNT)


def format_code(deal: int, draw: int, scoring: str, rules: Rules | str = APP) -> str:
    """The canonical code of a deal played with ``draw`` cards and ``scoring`` in a version."""
    deal, draw, scoring = check_deal(deal), check_draw(draw), check_scoring(scoring)
    version = rules if isinstance(rules, Rules) else rules_for(rules)
    version.check(draw, scoring)
    digits = "".join(ALPHABET[(deal >> (5 * i)) & 31] for i in reversed(range(DEAL_DIGITS)))
    return f"K{version.letter}{CODE_VERSION}-D{draw}{_SCORING_LETTERS[scoring]}-{digits}"


def parse_code(code: object) -> GameCode:
    """Read a game code; case and outer spaces are ignored.

    >>> parse_code("KC1-D3X-AAAAAAG")
    GameCode(deal=6, draw=3, scoring='none', rules='classic')
    >>> parse_code("kl1d1naaaaaag").deal  # the hyphens may be left out
    6
    >>> parse_code("KL2-D1N-AAAAAAG")
    Traceback (most recent call last):
    ...
    klondike.errors.InvalidCode: a game code starts with KL1, KC1 or KS1, not “KL2”
    """
    if not isinstance(code, str):
        raise InvalidCode("code_not_text", type=type(code).__name__)
    text = code.strip()
    if not text.isascii():  # before upper(): "ſ" and "ß" would become "S" and "SS"
        raise InvalidCode("code_not_ascii", char=next(c for c in text if not c.isascii()))
    text = text.upper()
    compact = "".join(text.replace("-", " ").split())
    if len(compact) == CODE_LENGTH and "-" not in text:  # "KL1D1NAAAAAAG", "KL1 D1N AAAAAAG"
        text = f"{compact[:3]}-{compact[3:6]}-{compact[6:]}"
    parts = text.split("-")
    if len(parts) != 3 or len(parts[1]) != 3:
        raise InvalidCode("code_format", text=code.strip())
    prefix, mode, digits = parts
    version = rules_of_letter(prefix[1:2]) if len(prefix) == 3 and prefix[0] == "K" else None
    if version is None or prefix[2] != CODE_VERSION:
        raise InvalidCode("code_prefix", part=prefix, prefixes=_PREFIXES)
    if mode[:2] not in ("D1", "D3"):
        raise InvalidCode("code_draw", part=mode[:2])
    if mode[2] not in SCORINGS:
        raise InvalidCode("code_scoring", part=mode[2])
    if len(digits) != DEAL_DIGITS:
        raise InvalidCode("code_deal_length", length=len(digits))
    deal = 0
    for char in digits:
        value = ALPHABET.find(char)
        if value < 0:
            raise InvalidCode("code_alphabet", char=char)
        deal = deal * 32 + value
    draw, scoring = int(mode[1]), SCORINGS[mode[2]]
    version.check(draw, scoring)
    return GameCode(deal, draw, scoring, version.key)
