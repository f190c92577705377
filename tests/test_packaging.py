"""The distribution ``klondike-solitaire``: one wheel with the game, its page and its command.

The wheel is built once, without build isolation (so with no network), from a copy of the
source tree: the tree itself stays clean.
"""

from __future__ import annotations

import configparser
import email.parser
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import httpx
import pytest

import klondike
from helpers import ROOT
from helpers.server import Server

pytestmark = pytest.mark.xdist_group("wheel")  # one process builds the wheel, once

DIST = "klondike-solitaire"
PACKAGE = ROOT / "src" / "klondike"
STATIC = "klondike/web/static/"


def pip(*args: str) -> None:
    """Run ``python -m pip ARGS`` quietly; fail with what pip said."""
    command = [sys.executable, "-m", "pip", *args, "--quiet", "--disable-pip-version-check"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def package_files() -> list[str]:
    """Every file of the import package, as the wheel names it (``klondike/…``); not the
    search compiled on this machine (``python -m klondike.solver.build``), which stays out."""
    return sorted(
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix != ".so"
        and path.name != "search.stamp"
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of pyproject.toml, README.md and src/."""
    tree = tmp_path_factory.mktemp("tree")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree)
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "src", tree / "src", ignore=skip)
    out = tmp_path_factory.mktemp("wheel")
    pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(out), str(tree))
    (built,) = out.glob("*.whl")
    return built


def dist_info(wheel: Path, name: str) -> str:
    """The text of ``name`` in the wheel's .dist-info folder."""
    with zipfile.ZipFile(wheel) as archive:
        (path,) = [n for n in archive.namelist() if n.endswith(f".dist-info/{name}")]
        return archive.read(path).decode()


def test_the_wheel_is_klondike_solitaire_with_its_dependencies(wheel: Path) -> None:
    assert wheel.name == f"klondike_solitaire-{klondike.__version__}-py3-none-any.whl"
    metadata = email.parser.Parser().parsestr(dist_info(wheel, "METADATA"))
    assert metadata["Name"] == DIST
    assert metadata["Version"] == klondike.__version__
    assert metadata["Requires-Python"] == ">=3.11"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = [r for r in metadata.get_all("Requires-Dist", []) if "extra ==" not in r]
    assert sorted(r.replace(" ", "") for r in required) == sorted(project["dependencies"])
    assert "Klondike Solitaire in your browser" in (metadata.get_payload() or "")  # README


def test_the_wheel_holds_every_module_the_page_and_py_typed(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    package = sorted(n for n in names if ".dist-info/" not in n)
    assert package == package_files()
    assert "klondike/py.typed" in package
    assert "klondike/web/static/index.html" in package
    assert "klondike/web/static/js/app.js" in package
    assert all(n.startswith("klondike/") or n.startswith("klondike_solitaire-") for n in names)


def test_the_wheel_installs_the_klondike_command(wheel: Path) -> None:
    entry_points = configparser.ConfigParser()
    entry_points.read_string(dist_info(wheel, "entry_points.txt"))
    assert dict(entry_points["console_scripts"]) == {"klondike": "klondike.cli:main"}


def test_the_installed_wheel_serves_the_page(wheel: Path, tmp_path: Path) -> None:
    """Installed on its own (the dependencies are this environment's), the game serves its
    page and every static file from the wheel's copy, not from src/."""
    site = tmp_path / "site"
    pip("install", "--no-deps", "--no-index", "--target", str(site), str(wheel))
    env = {"PYTHONPATH": str(site)}
    where = subprocess.run(
        [sys.executable, "-c", "import klondike; print(klondike.__file__)"],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(site), where
    server = Server(tmp_path / "klondike.db", env=env)
    try:
        assert httpx.get(server.url + "/").status_code == 200
        static = [name for name in package_files() if name.startswith(STATIC)]
        assert len(static) >= 5
        for name in static:
            answer = httpx.get(f"{server.url}/static/{name.removeprefix(STATIC)}")
            assert answer.status_code == 200, name
            assert answer.content == (PACKAGE.parent / name).read_bytes(), name
    finally:
        server.kill()
