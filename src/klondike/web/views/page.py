"""The page: ``/`` answers ``index.html``, and `PageFiles` serves the rest of
``static/`` (scripts, styles, card images), each revalidated by the browser."""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

from ..refusals import Refusal

STATIC_DIR = Path(__file__).parent.parent / "static"


class PageFiles(StaticFiles):
    """Static files that answer 404 (not a crash) when the directory is missing, and that
    the browser revalidates (so a new version of the page is never mixed with an old one)."""

    async def check_config(self) -> None:
        if Path(str(self.directory)).is_dir():
            await super().check_config()

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: MutableMapping[str, Any],
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        return response


def add_routes(app: FastAPI, static_dir: Path) -> None:
    """The page's route, ``index.html`` of ``static_dir``, and its files under ``/static``."""

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        index = static_dir / "index.html"
        if not index.is_file():
            raise Refusal("not_found", {"what": "the page (static/index.html)"})
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    app.mount("/static", PageFiles(directory=static_dir, check_dir=False), name="static")
