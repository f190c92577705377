"""The wheel's build: the search compiled with mypyc where it can be, pure Python where not.

Everything else is in pyproject.toml. The modules of ``klondike.compiled.COMPILED_SOURCES``
are compiled together (as ``python -m klondike.solver.build`` does in place) when mypyc is
installed and a C compiler works; each extension is optional, so without a compiler the
build warns and the wheel holds the sources alone. ``KLONDIKE_PURE=1`` skips compiling;
``KLONDIKE_OPT_LEVEL`` sets mypyc's optimisation level (3 unless given: the tests build
their wheel at 0, in half the time).
The wheel always holds the sources and ``search.stamp`` (their digest), so a compiled
module that does not match its sources gives way to them (``give_way_if_stale``).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

SRC = Path(__file__).resolve().parent / "src"


def compiled_module() -> ModuleType:
    """``klondike/compiled.py`` loaded from the source tree (it imports the standard library
    alone), without importing the package."""
    spec = importlib.util.spec_from_file_location("klondike_compiled", SRC / "klondike/compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED = compiled_module()


def extensions() -> list[Any]:
    """The compiled modules as optional extensions, or none without mypyc or when asked."""
    if os.environ.get("KLONDIKE_PURE", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    sources = [f"src/{name}" for name in COMPILED.COMPILED_SOURCES]
    modules = mypycify(sources, opt_level=os.environ.get("KLONDIKE_OPT_LEVEL", "3"))
    for module in modules:
        module.optional = True  # no C compiler: the pure-Python modules serve
    return modules


class BuildWithStamp(build_py):
    """Copies the sources and writes ``search.stamp`` beside them, as the in-place build."""

    def run(self) -> None:
        super().run()
        stamp = Path(self.build_lib) / COMPILED.STAMP
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(COMPILED.sources_digest(SRC) + "\n")


setup(ext_modules=extensions(), cmdclass={"build_py": BuildWithStamp})
