"""The player's settings: what the table looks like and does, remembered in the database.

Each setting has a default and a set of allowed values (`CHOICES`); the settings table holds
only what the player changed. `load` returns every setting, `save` checks and writes some.

>>> from klondike.store.database import open_database
>>> conn = open_database(":memory:")
>>> load(conn)["speed"]
'normal'
>>> save(conn, {"speed": "fast", "sound": True})["speed"]
'fast'
>>> save(conn, {"speed": "warp"})
Traceback (most recent call last):
...
klondike.store.settings.InvalidSetting: speed is one of 'normal', 'fast', 'off', not 'warp'
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Mapping
from typing import Any

from .database import atomic

log = logging.getLogger(__name__)
"""Where a stored value that cannot be used is said."""

CHOICES: dict[str, tuple[object, ...]] = {
    "card_back": ("blue", "red", "green"),
    "table": ("green", "blue", "wine"),
    "sound": (False, True),
    "speed": ("normal", "fast", "off"),
    "left_handed": (False, True),
    "finish_button": (True, False),
    "hints": (True, False),
    "hints_peek": (False, True),  # hints may look at the face-down cards (the solver's)
    "four_colours": (False, True),  # ♠ black, ♥ red, ♦ blue, ♣ green
    "large_indices": (False, True),  # a larger rank and suit in the cards' corners
    "auto_safe": (False, True),  # cards that are safe go to the foundations by themselves
    "how_to_play_seen": (False, True),  # "How to play" was offered once and closed
    "winnable_gauge": (False, True),  # the share of layouts still winnable, after each move
    "cascade": ("short", "long", "none"),  # the cards' cascade after a win (short: at most 5 s)
    "tap_where_it_fits": (False, True),  # a tap moves a card where it fits, as a double tap
}
"""Every setting and its allowed values, the default first."""

DEFAULTS: dict[str, object] = {name: values[0] for name, values in CHOICES.items()}
"""Every setting's value until the player changes it."""


class InvalidSetting(ValueError):
    """A setting that does not exist, or a value it does not take; nothing was written."""

    def __init__(self, name: str, value: object) -> None:
        self.name = name
        self.value = value
        if name not in CHOICES:
            message = f"there is no setting {name!r}: use one of {', '.join(CHOICES)}"
        else:
            allowed = ", ".join(repr(v) for v in CHOICES[name])
            message = f"{name} is one of {allowed}, not {value!r}"
        super().__init__(message)


def _allowed(name: str, value: object) -> bool:
    """True if ``value`` is one of the setting's values (``True`` is not ``1``)."""
    return name in CHOICES and any(
        type(value) is type(choice) and value == choice for choice in CHOICES[name]
    )


def load(conn: sqlite3.Connection) -> dict[str, Any]:
    """Every setting: the stored value, or the default (also for a value no longer allowed)."""
    settings = dict(DEFAULTS)
    for name, text in conn.execute("SELECT name, value FROM settings"):
        if name not in CHOICES:
            continue  # a setting this version does not have: kept, and not read
        try:
            value = json.loads(text) if isinstance(text, str) and len(text) <= 100 else None
        except (ValueError, RecursionError):
            value = None
        if _allowed(name, value):
            settings[name] = value
        else:
            log.warning("the stored setting %s is not one of its values: its default is used", name)
    return settings


def save(conn: sqlite3.Connection, changes: Mapping[str, object]) -> dict[str, Any]:
    """Check every change, then write them all in one transaction; every setting after.

    Raises `InvalidSetting` for the first unknown name or value, writing nothing.
    """
    for name, value in changes.items():
        if not _allowed(name, value):
            raise InvalidSetting(name, value)
    with atomic(conn):
        for name, value in changes.items():
            conn.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?)"
                " ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                (name, json.dumps(value)),
            )
    return load(conn)
