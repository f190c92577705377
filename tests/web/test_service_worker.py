"""The page's service worker as the server serves it (issue 35, item 1): at ``/sw.js``, never
cached without asking, with the list of every page file and a version that changes with any
of them (the browser then installs the new worker: docs/architecture.md)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from helpers.api import HOST, TestClient
from klondike import __version__
from klondike.web.api import create_app
from klondike.web.views.page import STATIC_DIR, page_files, service_worker


def test_the_worker_is_served_with_its_version_and_the_page_files(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"
    version = re.search(r'const VERSION = "([^"]+)";', answer.text)
    assert version and version.group(1).startswith(f"{__version__}-")
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", answer.text).group(1))  # type: ignore[union-attr]
    assert files == page_files(STATIC_DIR)
    assert {"/", "/static/js/app.js", "/static/manifest.webmanifest"} <= set(files)
    assert "/static/sw.js" not in files and "/static/index.html" not in files


def test_the_version_changes_with_any_page_file(tmp_path: Path) -> None:
    copy = tmp_path / "static"
    shutil.copytree(STATIC_DIR, copy)
    first = service_worker(copy)
    app = copy / "js" / "app.js"
    app.write_text(app.read_text() + "\n// a new version\n")
    service_worker.cache_clear()
    assert service_worker(copy) != first


def test_the_page_has_the_browser_fetch_every_script_module_at_once(db_path: Path) -> None:
    """``/`` lists each of the page's script modules as a ``modulepreload`` link, once, and
    nothing else as one."""
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["cache-control"] == "no-cache"
    listed = re.findall(r'<link rel="modulepreload" href="([^"]+)">', answer.text)
    modules = sorted(path.relative_to(STATIC_DIR).as_posix() for path in STATIC_DIR.rglob("*.js"))
    assert listed == [f"/static/{name}" for name in modules if name.startswith("js/")]
    assert "<!--modules-->" not in answer.text
