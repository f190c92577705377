"""The player's settings (``GET`` and ``PUT /api/settings``), their request and answer
models made from the store's choices (`klondike.store.settings.CHOICES`) alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel, StrictBool, create_model

from klondike.store import settings as preferences

from ..games import Games
from .common import Strict, errors, json_answer


def _setting_type(values: tuple[object, ...]) -> Any:
    """The type of a setting taking ``values``: a strict bool, or one of the words."""
    if all(isinstance(value, bool) for value in values):
        return StrictBool
    return Literal[values]


SETTING_TYPES: dict[str, Any] = {name: _setting_type(v) for name, v in preferences.CHOICES.items()}
"""Each setting's type, from the store's `klondike.store.settings.CHOICES` alone."""

_CHANGE_FIELDS: dict[str, Any] = {
    name: (kind, preferences.DEFAULTS[name]) for name, kind in SETTING_TYPES.items()
}
_EVERY_FIELD: dict[str, Any] = {name: (kind, ...) for name, kind in SETTING_TYPES.items()}

if TYPE_CHECKING:  # what the models below are, to the type checker
    SettingsChange = Strict
    Settings = BaseModel
else:
    SettingsChange = create_model(
        "SettingsChange",
        __base__=Strict,
        __doc__="Some settings to change (the others stay); unknown names and values are refused.",
        **_CHANGE_FIELDS,
    )
    Settings = create_model(
        "Settings", __doc__='Every setting (docs/api.md, "Settings").', **_EVERY_FIELD
    )


def add_routes(app: FastAPI, games: Games) -> None:
    """The settings' routes, over the games' database."""

    @app.get("/api/settings", response_model=Settings, responses=errors())
    def get_settings() -> JSONResponse:
        """Every setting: the player's choice, or its default."""
        with games.database("read", "the settings") as conn:
            every = preferences.load(conn)
        return json_answer(every)

    @app.put("/api/settings", response_model=Settings, responses=errors())
    def put_settings(body: SettingsChange) -> JSONResponse:
        """Change the settings named in the body (all checked first: a bad one changes
        nothing); every setting after."""
        with games.database("settings") as conn:
            changed = preferences.save(conn, body.model_dump(exclude_unset=True))
        return json_answer(changed)
