"""The compiled search (python -m klondike.solver.build) and its pure-Python fallback."""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from klondike import Game, compiled
from klondike.solver import build
from klondike.solver import search as loaded

DEALS = [18783231728, 9184956842, 21502474832, 22682514356, 16840250322, 28883935829]


def pure_search(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The search run from its source, whether or not a compiled copy is loaded."""
    name = "klondike.solver._pure_search"
    spec = importlib.util.spec_from_file_location(name, build.SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("draw", [1, 3])
def test_the_loaded_search_and_the_source_search_alike(
    draw: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same verdicts, same positions counted, same lines: compiled or not, one search."""
    pure = pure_search(monkeypatch)
    assert pure.__file__ == str(build.SOURCE)
    for deal in DEALS:
        results = []
        for module in (loaded, pure):
            g = Game(deal, draw)
            g.history = []
            r = module.search(g, max_states=2_000)
            results.append((r.codes, r.states, r.complete))
        assert results[0] == results[1], deal


def test_a_compiled_module_built_from_another_source_is_stale(tmp_path: Path) -> None:
    """One digest over every compiled module's source: a change to any of them makes the
    compiled copies stale."""
    for name in compiled.COMPILED_SOURCES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    source = tmp_path / "klondike/solver/search.py"
    module = source.with_name("search.cpython-311-x86_64-linux-gnu.so")
    module.write_bytes(b"")
    assert compiled.stale_compiled(str(module), tmp_path)  # no stamp
    (tmp_path / compiled.STAMP).write_text(compiled.sources_digest(tmp_path) + "\n")
    assert not compiled.stale_compiled(str(module), tmp_path)
    source.write_text("x = 2\n")
    assert compiled.stale_compiled(str(module), tmp_path)
    assert not compiled.stale_compiled(str(source), tmp_path)  # the source itself
    (tmp_path / compiled.STAMP).write_text(compiled.sources_digest(tmp_path) + "\n")
    (tmp_path / "klondike/stock.py").write_text("x = 3\n")
    assert compiled.stale_compiled(str(module), tmp_path)  # another module of the group


def test_without_mypyc_nothing_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    before = build.compiled_files()
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert build.build() is False
    assert build.compiled_files() == before


def test_every_compiled_module_is_kept_from_doctest_collection() -> None:
    """pytest collects doctests from src/klondike; a compiled module would not match its
    source, so each compiled module's source is ignored there (pyproject.toml)."""
    options = (Path(__file__).parents[2] / "pyproject.toml").read_text()
    for name in compiled.COMPILED_SOURCES:
        assert f"--ignore=src/{name}" in options


@pytest.mark.parametrize("name", compiled.COMPILED_SOURCES)
def test_the_doctests_of_each_compiled_source_pass(name: str) -> None:
    """So their doctests run here, on the source itself, under a name of its own (the
    extension's functions keep no examples)."""
    source = Path(compiled.PACKAGE_ROOT) / name
    module_name = name.removesuffix(".py").replace("/", ".") + "_source"
    spec = importlib.util.spec_from_file_location(module_name, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        failed, _ = doctest.testmod(module)
    finally:
        del sys.modules[module_name]
    assert failed == 0


WHICH_SEARCH = "import klondike.solver.search as s; print(type(s.search).__name__)"


def run_python(code: str, **env: str) -> str:
    """What ``python -W error -c code`` prints, in this environment (without a
    ``KLONDIKE_PURE`` of its own) plus ``env``."""
    inherited = {name: value for name, value in os.environ.items() if name != "KLONDIKE_PURE"}
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True,
        text=True,
        env={**inherited, **env},
        check=True,
    )
    return done.stdout.strip()


def test_klondike_pure_runs_the_source_where_a_compiled_copy_is_built() -> None:
    """KLONDIKE_PURE=1 (for measuring the pure-Python path) runs every compiled module's
    source, without the stale-build warning (-W error would fail on it)."""
    built = "function" if loaded.__file__.endswith(".py") else "builtin_function_or_method"
    assert run_python(WHICH_SEARCH) == built
    assert run_python(WHICH_SEARCH, KLONDIKE_PURE="1") == "function"
    assert run_python(WHICH_SEARCH, KLONDIKE_PURE="0") == built  # "0" asks for nothing


RUNS_COMPILED = (
    "import klondike.solver.search as s; from klondike.compiled import runs_compiled; "
    "print(runs_compiled(s))"
)


def test_runs_compiled_says_which_path_runs() -> None:
    """What the benches print as the path they measured: the extension where it is built
    and not turned off, the source under KLONDIKE_PURE=1 although the extension is loaded."""
    built = str(not loaded.__file__.endswith(".py"))
    assert run_python(RUNS_COMPILED) == built
    assert run_python(RUNS_COMPILED, KLONDIKE_PURE="1") == "False"
