"""The page: ``/`` answers ``index.html``, `PageFiles` serves the rest of ``static/``
(scripts, styles, card images, the web-app manifest and its icons), each revalidated by the
browser, and ``/sw.js`` the page's service worker with its version written in
(`service_worker`: docs/architecture.md, "Offline and upgrades")."""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from klondike import __version__

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


WORKER = "sw.js"
"""The service worker's text in ``static/``, with ``__VERSION__`` and ``"__FILES__"`` to fill."""


def page_files(static_dir: Path) -> list[str]:
    """The addresses of every file of the page: ``/`` (``index.html``) and each other file
    under ``/static/`` (the worker itself aside), sorted."""
    found = ["/"]
    for path in sorted(static_dir.rglob("*")):
        name = path.relative_to(static_dir).as_posix()
        if path.is_file() and name not in ("index.html", WORKER):
            found.append(f"/static/{name}")
    return found


@functools.cache
def service_worker(static_dir: Path) -> str:
    """The worker of the page files in ``static_dir``: its version is the package's and a
    digest of every page file's name and bytes, so new page files make a new worker (read
    once per server: an upgrade restarts it)."""
    digest = hashlib.sha256(__version__.encode())
    files = page_files(static_dir)
    for address in files:
        name = "index.html" if address == "/" else address.removeprefix("/static/")
        digest.update(name.encode() + b"\0" + (static_dir / name).read_bytes() + b"\0")
    version = f"{__version__}-{digest.hexdigest()[:16]}"
    text = (static_dir / WORKER).read_text(encoding="utf-8")
    return text.replace("__VERSION__", version).replace('["__FILES__"]', json.dumps(files))


MODULES = "<!--modules-->"
"""Where ``index.html`` lists the page's script modules (`page_text`)."""


@functools.cache
def page_text(static_dir: Path) -> str:
    """``index.html`` of ``static_dir`` with a ``modulepreload`` link for every script module
    of the page written in at `MODULES`, so that the browser fetches them all at once rather
    than one import after another (read once per server, as `service_worker`)."""
    links = [
        f'<link rel="modulepreload" href="{address}">'
        for address in page_files(static_dir)
        if address.startswith("/static/js/") and address.endswith(".js")
    ]
    text = (static_dir / "index.html").read_text(encoding="utf-8")
    return text.replace(MODULES, "\n".join(links))


def add_routes(app: FastAPI, static_dir: Path) -> None:
    """The page's route, ``index.html`` of ``static_dir``, and its files under ``/static``."""

    @app.get("/", include_in_schema=False)
    def page() -> Response:
        if not (static_dir / "index.html").is_file():
            raise Refusal("not_found", {"what": "the page (static/index.html)"})
        return HTMLResponse(page_text(static_dir), headers={"Cache-Control": "no-cache"})

    @app.get("/sw.js", include_in_schema=False)
    def worker() -> Response:
        if not (static_dir / WORKER).is_file() or not (static_dir / "index.html").is_file():
            raise Refusal("not_found", {"what": "the page (static/sw.js)"})
        return Response(
            service_worker(static_dir),
            media_type="text/javascript",
            headers={"Cache-Control": "no-cache"},
        )

    app.mount("/static", PageFiles(directory=static_dir, check_dir=False), name="static")
