"""Every refusal the server answers: its reason, its English message, its HTTP status, and
the one body they all have (docs/api.md, "Errors").

The engine's refusals (`klondike.errors.MESSAGES`) keep the engine's message and are 400;
the server's own are `REFUSALS`. The page shows the message as it comes in English and its
own German text for each reason (``i18n.js``).

>>> refusal = Refusal("game_over", {"id": 3, "status": "won"})
>>> refusal.status, refusal.message
(409, 'this game is over: start a new one')
>>> Refusal("bad_request", {"detail": "no body"}, status=422).body()["error"]["message"]
'no body'
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from klondike import KlondikeError


class Kind(NamedTuple):
    """A reason's HTTP status and English message (``{name}`` filled from its params)."""

    status: int
    message: str


ENGINE_STATUS = 400
"""The status of every refusal of the engine (an illegal move, a bad code, …)."""

ECHO_LIMIT = 100
"""The characters of the request's own text (a host name, a path) a refusal repeats at most."""

REFUSALS: dict[str, Kind] = {
    # the request itself
    "bad_request": Kind(422, "{detail}"),
    "not_found": Kind(404, "{what} was not found"),
    "method_not_allowed": Kind(405, "{method} is not allowed here"),
    "bad_host": Kind(403, "this server does not answer to the host name “{host}”"),
    "bad_origin": Kind(403, "requests from another web page are refused"),
    "bad_content_type": Kind(
        415, "a request that changes something must send JSON (Content-Type: application/json)"
    ),
    "too_large": Kind(413, "the request body is larger than {limit} bytes"),
    "confirm_required": Kind(
        400, 'resetting the statistics needs a confirmation: {{"confirm": true}}'
    ),
    "bad_day": Kind(400, "there is no daily deal of {day}: they run from {first} to today"),
    "bad_today": Kind(400, "{day} is not today's date anywhere: it is {today} in UTC"),
    "bad_month": Kind(
        400, "“{month}” is no month of the daily deals: write it as YYYY-MM, from {first} to {last}"
    ),
    "internal_error": Kind(500, "the server failed: {detail}"),
    # the games
    "game_not_found": Kind(404, "there is no game {id}"),
    "stale_version": Kind(
        409,
        "another tab played on this game: the table shows the current position",
    ),
    "game_over": Kind(409, "this game is over: start a new one"),
    "game_damaged": Kind(
        409,
        "game {id} ({code}) cannot be shown: its saved position is damaged ({detail}). Its "
        "row is kept in the database as it is, with the other games and the statistics; "
        "start a new game to go on",
    ),
    # the database
    "storage_error": Kind(
        503, "the game could not be saved, so the action was not played: {detail}"
    ),
    "storage_read_error": Kind(503, "{what} could not be read from the database: {detail}"),
    "storage_new_game_error": Kind(
        503, "the new game could not be saved, so it was not started: {detail}"
    ),
    "storage_reset_error": Kind(
        503, "the statistics could not be reset, so they are unchanged: {detail}"
    ),
    "storage_settings_error": Kind(
        503, "the settings could not be saved, so they are unchanged: {detail}"
    ),
    "storage_review_error": Kind(503, "the review could not be saved: {detail}"),
    # the reviews
    "review_playing": Kind(
        409, "game {id} is still being played: its review opens once the game is over"
    ),
    "review_unavailable": Kind(409, "game {id} cannot be reviewed: {detail}"),
    "practice_move": Kind(
        400, "game {id} has {moves} moves: a practice starts before one of moves 1 to {moves}"
    ),
    # the solver
    "no_proved_deal": Kind(503, "no winnable deal of this mode was proved in time: try again"),
    "tier_not_ready": Kind(
        409, "no {tier} deal of this mode is ready yet: one takes about {seconds} s to find"
    ),
    "no_tier_deal": Kind(404, "no {tier} deal of this mode was found{day_text}"),
    "solver_failed": Kind(503, "the solver could not answer: {detail}"),
    "solver_busy": Kind(
        503, "the solver has too much to do ({lane}): try again in {retry_after} s"
    ),
    "hint_superseded": Kind(
        409,
        "a hint for a newer version ({newer}) of game {id} was asked for: this one "
        "(version {version}) is no longer computed",
    ),
    "gauge_off": Kind(
        409, "the winnable layouts gauge is off: turn it on in the settings (winnable_gauge)"
    ),
    "gauge_superseded": Kind(
        409,
        "game {id} moved on to version {newer}: the gauge of version {version} is no "
        "longer computed",
    ),
}
"""The server's own refusals."""

MESSAGES: dict[str, str] = {reason: kind.message for reason, kind in REFUSALS.items()}
"""The English message of each of the server's own refusals."""


class Refusal(Exception):
    """A refusal: the reason key, its params, its message and status, and (when a game is
    concerned) the game's view as it is, unchanged. ``status`` overrides the reason's own
    (a malformed request is 422, 400 or what the framework said)."""

    def __init__(
        self,
        reason: str,
        params: dict[str, object] | None = None,
        *,
        game: dict[str, Any] | None = None,
        message: str | None = None,
        status: int | None = None,
    ) -> None:
        self.reason = reason
        self.params = params or {}
        self.game = game
        kind = REFUSALS.get(reason)
        if message is None:
            assert kind is not None, f"no message for the reason {reason!r}"
            message = kind.message.format(**self.params)
        self.message = message
        if status is None:
            status = kind.status if kind is not None else ENGINE_STATUS
        self.status = status
        super().__init__(message)

    @classmethod
    def from_engine(cls, err: KlondikeError, game: dict[str, Any] | None) -> Refusal:
        """The engine's refusal: its reason, message and params; status 400."""
        return cls(err.reason, dict(err.params), game=game, message=str(err))

    def body(self) -> dict[str, Any]:
        """The API's error shape."""
        return {
            "error": {"reason": self.reason, "message": self.message, "params": self.params},
            "game": self.game,
        }

    def body_bytes(self) -> bytes:
        """`body` as compact JSON (for an answer made outside the app)."""
        return json.dumps(self.body(), ensure_ascii=False, separators=(",", ":")).encode()

    def headers(self) -> dict[str, str]:
        """The answer's headers: never cached; ``Retry-After`` when the refusal says when
        to come back."""
        headers = {"Cache-Control": "no-store"}
        if "retry_after" in self.params:
            headers["Retry-After"] = str(self.params["retry_after"])
        return headers
