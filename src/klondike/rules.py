"""The versions of the game as data: one :class:`Rules` value each, read by the engine, the
server and the page. The three presets below are the only place that says how the versions
differ; everything else reads their fields.

>>> APP.draws, APP.scorings, APP.pass_limit("vegas"), APP.pass_limit("normal")
((1, 3), ('normal', 'vegas'), 1, None)
>>> CLASSIC.take_back, CLASSIC.recycle, SOLITAER.auto_aces, SOLITAER.dealt_to_waste
(False, 'shuffle', True, 3)
>>> rules_for("solitaer") is SOLITAER
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .cards import KING
from .errors import InvalidCode

if TYPE_CHECKING:
    from .game import Game

NO_SCORE = "none"
"""The scoring of a version that keeps no score: the table shows moves and time only."""
SCORING_WORDS: dict[str, str] = {
    "normal": "with Normal scoring",
    "vegas": "with Vegas scoring",
    NO_SCORE: "without a score",
}
"""How a message names each scoring, in a player's words."""

VEGAS_START = -52
"""The Vegas score at the start, in dollars."""
NORMAL_FOUNDATION, NORMAL_WASTE_TO_COLUMN, NORMAL_TURN_UP, NORMAL_RECYCLE = 10, 5, 5, -100
"""Normal scoring's points: a card put on a foundation, a waste card put on a column, a
face-down card turned up, a recycle."""
VEGAS_FOUNDATION = 5
"""Vegas scoring's dollars for a card put on a foundation (nothing else scores)."""
POINTS: dict[str, tuple[int, int, int, int]] = {
    "normal": (NORMAL_FOUNDATION, NORMAL_WASTE_TO_COLUMN, NORMAL_TURN_UP, NORMAL_RECYCLE),
    "vegas": (VEGAS_FOUNDATION, 0, 0, 0),
    NO_SCORE: (0, 0, 0, 0),
}
"""Each scoring's points: (card on a foundation, waste card on a column, card turned up,
recycle)."""
START_SCORE: dict[str, int] = {"normal": 0, "vegas": VEGAS_START, NO_SCORE: 0}
"""Each scoring's score at the start."""
UNDO_LIMIT = 100
"""Undo takes back the last this many actions, in every version."""
UNLIMITED = 1 << 62
"""The recycle limit (``Game.recycle_limit``) of a scoring without a pass limit."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What one version of Klondike allows; the rules every version shares live in the engine.

    - ``key``: its name in the API, the database and snapshots; ``letter``: the second
      letter of its game codes (``KL1``, ``KC1``, ``KS1``); ``name``: how it is called;
      ``seed``: the rules page it follows.
    - ``draws``: the cards per draw a game may use; ``scorings``: the scorings it may use
      (``("none",)``: no score); the first of each is the default.
    - ``pass_limits``: ``(scoring, passes)`` pairs: how often the stock may be gone through
      under that scoring (no pair: without limit).
    - ``take_back``: a foundation's top card may be moved back onto a column.
    - ``recycle``: the waste turned over into the stock keeps its order (``"keep"``) or is
      shuffled (``"shuffle"``, decided by the deal number and the pass).
    - ``auto_aces``: an Ace that becomes playable goes to its foundation by itself, as part
      of the action that freed it.
    - ``dealt_to_waste``: cards turned from the stock onto the waste at the deal.
    - ``right_click_draws``: a right click anywhere on the table draws (the page's).
    """

    key: str
    letter: str
    name: str
    seed: str
    draws: tuple[int, ...]
    scorings: tuple[str, ...]
    pass_limits: tuple[tuple[str, int], ...] = ()
    take_back: bool = True
    recycle: Literal["keep", "shuffle"] = "keep"
    auto_aces: bool = False
    dealt_to_waste: int = 0
    right_click_draws: bool = False

    def pass_limit(self, scoring: str) -> int | None:
        """How often the stock may be gone through under ``scoring``; None: without limit."""
        return dict(self.pass_limits).get(scoring)

    @property
    def fixed_height(self) -> int:
        """Foundation heights up to which the top card stays on its foundation: 13 where
        no card leaves one (no ``take_back``), 1 with ``auto_aces`` (an Ace would fly
        straight back), else 0 (every top card may come back onto a column).

        >>> APP.fixed_height, CLASSIC.fixed_height, SOLITAER.fixed_height
        (0, 13, 1)
        """
        return KING if not self.take_back else 1 if self.auto_aces else 0

    @property
    def has_score(self) -> bool:
        """False for a version played without points (moves and time only)."""
        return self.scorings != (NO_SCORE,)

    def check(self, draw: int, scoring: str) -> None:
        """Raise :class:`InvalidCode` unless this version plays ``draw`` and ``scoring``."""
        if draw not in self.draws:
            raise InvalidCode("draw_not_in_rules", rules=self.name, draw=draw, draws=self._draws())
        if scoring not in self.scorings:
            raise InvalidCode(
                "scoring_not_in_rules",
                rules=self.name,
                scoring=scoring,
                scorings=" or ".join(self.scorings),
                played=" or ".join(SCORING_WORDS[s] for s in self.scorings),
                asked=SCORING_WORDS.get(scoring, scoring),
            )

    def _draws(self) -> str:
        return " or ".join(f"Draw {d}" for d in self.draws)


APP = Rules(
    key="app",
    letter="L",
    name="Klondike",
    seed="000",
    draws=(1, 3),
    scorings=("normal", "vegas"),
    pass_limits=(("vegas", 1),),
)
"""The app's own rules (seed 000): the default."""

CLASSIC = Rules(
    key="classic",
    letter="C",
    name="Classic",
    seed="003",
    draws=(1, 3),
    scorings=(NO_SCORE,),
    take_back=False,
    recycle="shuffle",
)
"""Classic Klondike (seed 003): no card leaves a foundation; the redeal is shuffled."""

SOLITAER = Rules(
    key="solitaer",
    letter="S",
    name="Solitär",
    seed="004",
    draws=(3,),
    scorings=(NO_SCORE,),
    auto_aces=True,
    dealt_to_waste=3,
    right_click_draws=True,
)
"""Solitär (seed 004): Draw 3, three cards on the waste at the deal, Aces go up by
themselves, a right click draws."""

PRESETS: tuple[Rules, ...] = (APP, CLASSIC, SOLITAER)
"""Every version, the default first."""

Mode = tuple[str, int, str]
"""A mode of play: (version key, draw, scoring), e.g. ``("app", 3, "vegas")``."""

MODES: tuple[Mode, ...] = tuple(
    (rules.key, draw, scoring)
    for rules in PRESETS
    for scoring in rules.scorings
    for draw in rules.draws
)
"""Every mode, in the order the statistics list them: the app's four (Draw 1 Normal, Draw 3
Normal, Draw 1 Vegas, Draw 3 Vegas) first, then each other version's."""


def mode_of(game: Game) -> Mode:
    """The mode ``game`` is played in."""
    return (game.rules.key, game.draw, game.scoring)


_BY_KEY = {rules.key: rules for rules in PRESETS}
_BY_LETTER = {rules.letter: rules for rules in PRESETS}


def rules_for(key: object) -> Rules:
    """The version named ``key`` (``'app'``, ``'classic'``, ``'solitaer'``)."""
    if not isinstance(key, str) or key.strip().lower() not in _BY_KEY:
        raise InvalidCode("bad_rules", value=repr(key), keys=", ".join(_BY_KEY))
    return _BY_KEY[key.strip().lower()]


def rules_of_letter(letter: str) -> Rules | None:
    """The version whose codes start with ``K`` + ``letter``, or None."""
    return _BY_LETTER.get(letter)
