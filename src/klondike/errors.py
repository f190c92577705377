"""The engine's errors: `ValueError` subclasses that say what is wrong in a player's words.

Every error carries a stable ``reason`` key and the ``params`` that fill its message, so a
user interface can show the same message in another language:

>>> err = IllegalMove("king_only", card="9♣")
>>> str(err)
'9♣ cannot go into an empty column: only a King can'
>>> err.reason, err.params
('king_only', {'card': '9♣'})
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # moves and gestures
    "game_won": "the game is won: no more moves",
    "nothing_to_undo": "nothing to undo",
    "nothing_to_redo": "nothing to redo: no action was undone since the last move",
    "undo_limit": "only the last {limit} actions can be undone",
    "undo_count": "{count} actions cannot be undone, only {done}: nothing was undone",
    "won_no_undo": "the game is won: it cannot be undone",
    "no_finish": "there is no finish: drawing and putting cards up does not win from here "
    "whatever order the stock is in",
    "not_text": "a {what} must be text, not {type}",
    "bad_move_text": "“{text}” is not a move: write SOURCE-TARGET, for example T2-T6 or W-F",
    "bad_pile": "“{text}” is not a pile: use S, W, F1–F4 or T1–T7",
    "bad_card": "“{text}” is not a card: write rank and suit, for example TH, 10H or AS",
    "stock_empty": "the stock is empty",
    "waste_empty": "the waste is empty",
    "column_empty": "column {column} is empty",
    "foundation_empty": "foundation {foundation} is empty",
    "recycle_stock_not_empty": "the stock is not empty yet: the waste goes back only when it is",
    "vegas_one_pass": "Vegas: the stock can be gone through only once",
    "no_take_back": "{card} stays on its foundation: in this version no card leaves one",
    "ace_stays": "{card} stays on its foundation: it would go straight back there",
    "same_pile": "a card cannot move onto its own pile",
    "to_stock": "{card} cannot be put on the stock",
    "to_waste": "{card} cannot go on the waste: cards go there only from the stock",
    "stock_only_to_waste": "the stock deals only to the waste",
    "foundation_to_foundation": "{card} cannot go from one foundation to another",
    "wrong_foundation": "{card} belongs on its own foundation, F{foundation}",
    "foundation_needs": "{card} cannot go on its foundation yet: {needed} must be there first",
    "king_only": "{card} cannot go into an empty column: only a King can",
    "does_not_fit": "{card} does not go on {target}: only a {colour} {rank} goes on it",
    "nothing_on_ace": "{card} does not go on {target}: no card goes on an Ace in a column",
    "no_card_fits": "no face-up card of column {column} goes on {target}: only a {colour} "
    "{rank} goes on it",
    "king_at_bottom": "{card} already lies at the bottom of column {column}: moving it to "
    "an empty column changes nothing",
    "not_face_up": "{card} cannot be moved: it is not face up",
    "not_top_waste": "{card} cannot be played: only the top card of the waste can",
    "not_top_foundation": "{card} cannot be taken back: only the top card of a foundation can",
    "not_top_for_foundation": "{card} cannot go to its foundation: only the top card of a "
    "column can",
    "card_not_in_pile": "{card} is not a face-up card of {pile}",
    # game codes
    "code_not_text": "a game code must be text, not {type}",
    "code_format": "“{text}” is not a game code: it looks like KL1-D1N-AAAAAAG",
    "code_not_ascii": "a game code has only plain letters (A–Z), digits and hyphens, not “{char}”",
    "code_prefix": "a game code starts with {prefixes}, not “{part}”",
    "code_draw": "the draw part of a game code is D1 or D3, not “{part}”",
    "code_scoring": "the scoring letter of a game code is N (Normal), V (Vegas) or X (no score), "
    "not “{part}”",
    "code_deal_length": "the deal part of a game code has 7 characters, not {length}",
    "code_alphabet": "the deal part of a game code uses only the letters A–Z and the digits "
    "2–7, not “{char}”",
    "bad_draw": "draw is 1 or 3, not {value}",
    "bad_scoring": "scoring is “normal”, “vegas” or “none”, not {value}",
    "bad_rules": "the version is one of {keys}, not {value}",
    "draw_not_in_rules": "{rules} is played with {draws}, not Draw {draw}",
    "scoring_not_in_rules": "{rules} is played {played}, not {asked}",
    "bad_deal": "a deal number is a whole number from 0 to 34359738367, not {value}",
    # snapshots
    "bad_snapshot": "not a valid game snapshot: {detail}",
}


class KlondikeError(ValueError):
    """Base class of the engine's errors; ``reason`` names the message, ``params`` fill it."""

    def __init__(self, reason: str, **params: object) -> None:
        self.reason = reason
        self.params: dict[str, object] = params
        super().__init__(MESSAGES[reason].format(**params))


class IllegalMove(KlondikeError):
    """A move, gesture or undo that the rules refuse, or input that names none.

    >>> from klondike import Game
    >>> Game.from_code("KL1-D1N-AAAAAAG").play("W-T1")
    Traceback (most recent call last):
    ...
    klondike.errors.IllegalMove: the waste is empty
    """


class InvalidCode(KlondikeError):
    """A game code (or draw count, scoring or deal number) that is malformed."""


class InvalidSnapshot(KlondikeError):
    """A snapshot that does not describe a possible game."""

    def __init__(self, detail: str) -> None:
        super().__init__("bad_snapshot", detail=detail)
