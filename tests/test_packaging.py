"""The distribution ``klondike-solitaire``: one wheel with the game, its page and its command.

The wheel is built once, without build isolation (so with no network), from a copy of the
source tree: the tree itself stays clean. Where a C compiler works it holds the search
compiled with mypyc beside the sources; a second wheel, built with a C compiler that
fails, holds the sources alone and runs the same search in pure Python.
"""

from __future__ import annotations

import configparser
import email.parser
import fcntl
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import klondike
from helpers import ROOT
from helpers.server import Server
from klondike import compiled

DIST = "klondike-solitaire"
PACKAGE = ROOT / "src" / "klondike"
STATIC = "klondike/web/static/"

pytestmark = pytest.mark.xdist_group("packaging")
"""Under ``--dist loadgroup`` (make test) every test here runs in one process: it builds
each wheel while the other process runs other tests, instead of waiting on its lock."""


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


def build_wheel(tmp_path_factory: pytest.TempPathFactory, **env: str) -> Path:
    """The wheel built from a copy of pyproject.toml, setup.py, README.md and src/."""
    tree = tmp_path_factory.mktemp("tree")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, tree)
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so", "search.stamp")
    shutil.copytree(ROOT / "src", tree / "src", ignore=skip)
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    command += ["--no-index", "--quiet", "--disable-pip-version-check", "-w", str(out), str(tree)]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=600, env={**os.environ, **env}
    )
    assert result.returncode == 0, result.stderr
    (built,) = out.glob("*.whl")
    return built


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel as ``pip wheel`` builds it here: compiled where this machine compiles (at
    mypyc's optimisation level 0, which compiles in half the time; it ships at 3)."""
    return shared_wheel(tmp_path_factory, "compiled", KLONDIKE_OPT_LEVEL="0")


@pytest.fixture(scope="session")
def pure_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built where no C compiler works (the compiler command fails)."""
    return shared_wheel(tmp_path_factory, "pure", CC="false")


def shared_wheel(tmp_path_factory: pytest.TempPathFactory, name: str, **env: str) -> Path:
    """`build_wheel`, once per test run: the test processes of a run share what the first
    built (under a lock in the run's own temporary folder)."""
    base = tmp_path_factory.getbasetemp()
    run = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # this run's folder
    kept = run / f"wheel-{name}"
    with (run / f"wheel-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.is_dir():
            built = build_wheel(tmp_path_factory, **env)
            kept.with_suffix(".partial").mkdir()
            shutil.copy(built, kept.with_suffix(".partial"))
            kept.with_suffix(".partial").rename(kept)
    (found,) = kept.glob("*.whl")
    return found


def compiles_here() -> bool:
    """True if this machine can compile the search: mypyc installed (a test dependency) and
    the C compiler Python was built with on the PATH. Then the wheel must hold it compiled."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return importlib.util.find_spec("mypyc") is not None and shutil.which(compiler) is not None


def extension_names(wheel: Path) -> list[str]:
    """The compiled modules a wheel holds, as module names (``klondike.cards``, …)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    return sorted(
        n.split(".")[0].replace("/", ".") for n in names if n.endswith(".so") and "__mypyc" not in n
    )


def install(wheel: Path, site: Path) -> dict[str, str]:
    """``wheel`` installed into ``site`` alone; the environment that imports it from there."""
    pip("install", "--no-deps", "--no-index", "--target", str(site), str(wheel))
    return {**os.environ, "PYTHONPATH": str(site)}


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder `wheel` is installed into alone, once for the tests that run it from
    there: they only import from it and start processes (a second ``pip install`` of the
    same wheel would give the same folder)."""
    site = tmp_path_factory.mktemp("site")
    install(wheel, site)
    return site


SOLVE_ONE = """
import klondike, klondike.solver.search as search
from klondike.solver import solve
print(klondike.__file__, search.__file__)
print(solve(klondike.Game.from_code("KL1-D1N-AAAAAAG"), budget=30).verdict)
"""


def dist_info(wheel: Path, name: str) -> str:
    """The text of ``name`` in the wheel's .dist-info folder."""
    with zipfile.ZipFile(wheel) as archive:
        (path,) = [n for n in archive.namelist() if n.endswith(f".dist-info/{name}")]
        return archive.read(path).decode()


def test_the_wheel_is_klondike_solitaire_with_its_dependencies(wheel: Path) -> None:
    assert wheel.name.startswith(f"klondike_solitaire-{klondike.__version__}-")
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
    package = sorted(
        n for n in names if ".dist-info/" not in n and not n.endswith((".so", "search.stamp"))
    )
    assert package == package_files()
    assert "klondike/py.typed" in package
    assert "klondike/web/static/index.html" in package
    assert "klondike/web/static/js/app.js" in package
    assert "klondike/data/rated_deals.json.gz" in package  # the shipped pool of rated deals
    assert all(
        n.startswith(("klondike/", "klondike_solitaire-"))
        or (n.endswith(".so") and "__mypyc" in n)  # mypyc's shared runtime of the group
        for n in names
    )


def test_the_wheel_holds_the_search_compiled_where_this_machine_compiles(wheel: Path) -> None:
    modules = sorted(
        name.removesuffix(".py").replace("/", ".") for name in compiled.COMPILED_SOURCES
    )
    assert extension_names(wheel) == (modules if compiles_here() else [])
    with zipfile.ZipFile(wheel) as archive:
        stamp = archive.read(compiled.STAMP).decode().strip()
    assert stamp == compiled.sources_digest()  # the digest of the sources it holds


def test_the_installed_wheel_runs_the_compiled_search_without_a_warning(
    installed: Path, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", SOLVE_ONE],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(installed)},
        check=True,
        cwd=tmp_path,
    )
    where, verdict = done.stdout.split("\n")[:2]
    package, module = where.split()
    assert Path(package).is_relative_to(installed)
    assert module.endswith(".py") != compiles_here()
    assert verdict == "winnable"


def test_without_a_c_compiler_the_wheel_holds_the_sources_and_solves(
    pure_wheel: Path, tmp_path: Path
) -> None:
    assert extension_names(pure_wheel) == []
    env = install(pure_wheel, tmp_path / "site")
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", SOLVE_ONE],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=tmp_path,
    )
    where, verdict = done.stdout.split("\n")[:2]
    assert where.split()[1].endswith("klondike/solver/search.py")
    assert verdict == "winnable"


def test_the_wheel_installs_the_klondike_command(wheel: Path) -> None:
    entry_points = configparser.ConfigParser()
    entry_points.read_string(dist_info(wheel, "entry_points.txt"))
    assert dict(entry_points["console_scripts"]) == {"klondike": "klondike.cli:main"}


def test_the_installed_wheel_serves_the_page(installed: Path, tmp_path: Path) -> None:
    """Installed on its own (the dependencies are this environment's), the game serves its
    page and every static file from the wheel's copy, not from src/."""
    site = installed
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
        assert server.http.get("/").status_code == 200
        static = [name for name in package_files() if name.startswith(STATIC)]
        assert len(static) >= 5
        for name in static:
            answer = server.http.get(f"/static/{name.removeprefix(STATIC)}")
            assert answer.status_code == 200, name
            assert answer.content == (PACKAGE.parent / name).read_bytes(), name
    finally:
        server.kill()
