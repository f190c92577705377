"""Compile the search and the engine (game, cards, stock) with mypyc, in place.

    python -m klondike.solver.build           # compile; the sources stay the fallback
    python -m klondike.solver.build --clean   # remove the compiled modules

The modules of :data:`klondike.compiled.COMPILED_SOURCES` are compiled together into C
extensions beside their sources: the same sources, so the same rules and the same
verdicts, run faster (docs/solver.md, "Compiled search", gives the figures). Python imports
them in place of the sources while they are there; ``search.stamp`` records the sources
they were built from, and a compiled module whose sources have changed since gives way to
them at import (:func:`klondike.compiled.give_way_if_stale`). Without mypyc (a test
dependency) or a C compiler nothing is built and the pure-Python modules serve as before.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

from .. import compiled
from ..compiled import COMPILED_SOURCES, STAMP, sources_digest

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = Path(compiled.PACKAGE_ROOT)
SOURCE = HERE / "search.py"
"""The search's source (the module the solver imports)."""


def compiled_files() -> list[Path]:
    """The compiled modules' files beside their sources, and mypyc's shared runtime."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    stems = {Path(name).stem for name in COMPILED_SOURCES}
    folders = {PACKAGE_ROOT, *((PACKAGE_ROOT / name).parent for name in COMPILED_SOURCES)}
    return sorted(
        path
        for folder in folders
        for path in folder.iterdir()
        if any(path.name.endswith(s) for s in suffixes)
        and (path.name.split(".")[0] in stems or "__mypyc" in path.name)
    )


def clean() -> None:
    """Remove the compiled modules and the stamp: the sources serve again."""
    for path in [*compiled_files(), PACKAGE_ROOT / STAMP]:
        path.unlink(missing_ok=True)


def build() -> bool:
    """Compile the modules in place; False (and the sources kept) if it cannot be done."""
    if importlib.util.find_spec("mypyc") is None:
        print("mypyc is not installed: the pure-Python search stays", file=sys.stderr)
        return False
    clean()
    digest = sources_digest()
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *COMPILED_SOURCES],
        cwd=PACKAGE_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    for scratch in ("build", ".mypy_cache"):
        shutil.rmtree(PACKAGE_ROOT / scratch, ignore_errors=True)
    if done.returncode != 0 or not compiled_files():
        print(done.stdout[-2000:] + done.stderr[-2000:], file=sys.stderr)
        print("compiling failed: the pure-Python search stays", file=sys.stderr)
        clean()
        return False
    (PACKAGE_ROOT / STAMP).write_text(digest + "\n")
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    if args.clean:
        clean()
        return
    if build():
        print("compiled:", ", ".join(p.name for p in compiled_files()))
    else:
        sys.exit(1)


if __name__ == "__main__":
    main()
