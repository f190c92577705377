"""The rows of the reviews table: a game's analysis kept after each chunk of steps
(``running``, with its state) and once done (``done``, with the review), so that a review
resumes where it stopped. A row that cannot be read (an edited or damaged file) is said in
the log and not used.

>>> from klondike.store.database import open_database
>>> conn = open_database(":memory:")
>>> save_review(conn, 1, {"step": 3})
>>> load_review(conn, 1)
KeptReview(game_id=1, status='running', state={'step': 3}, review=None)
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass
from typing import Any

from .games import utc_now

log = logging.getLogger(__name__)
"""Where a kept review that cannot be read (an edited or damaged file) is said."""


REVIEW_STATUSES = ("running", "done")


@dataclass(frozen=True, slots=True)
class KeptReview:
    """A game's review as kept: ``running`` with the analysis's state (JSON data), or
    ``done`` with the review too."""

    game_id: int
    status: str
    state: dict[str, Any]
    review: dict[str, Any] | None


def _json_object(text: object) -> dict[str, Any] | None:
    """``text`` read as a JSON object, or None if it is not one."""
    if type(text) is not str:
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def load_review(conn: sqlite3.Connection, game_id: int) -> KeptReview | None:
    """The review kept for a game, or None; None too for a row that cannot be read (an
    edited or damaged file: said in the log), which `save_review` then replaces."""
    row = conn.execute(
        "SELECT status, state, review FROM reviews WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    status, state_text, review_text = row
    state = _json_object(state_text)
    review = _json_object(review_text)
    problem = None
    if status not in REVIEW_STATUSES:
        problem = f"its status {str(status)[:40]!r} is none of {', '.join(REVIEW_STATUSES)}"
    elif state is None:
        problem = "its state is not a JSON object"
    elif status == "done" and review is None:
        problem = "its review is not a JSON object"
    if problem is not None or state is None:
        log.warning("the review of game %d is not used: %s", game_id, problem)
        return None
    return KeptReview(game_id, str(status), state, review if status == "done" else None)


def save_review(
    conn: sqlite3.Connection,
    game_id: int,
    state: dict[str, Any],
    review: dict[str, Any] | None = None,
) -> None:
    """Keep a game's analysis: its state, and its review once done."""
    conn.execute(
        "INSERT OR REPLACE INTO reviews (game_id, status, state, review, updated_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (
            game_id,
            "running" if review is None else "done",
            json.dumps(state, separators=(",", ":")),
            None if review is None else json.dumps(review, separators=(",", ":")),
            utc_now(),
        ),
    )
