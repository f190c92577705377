"""Which modules ``python -m klondike.solver.build`` compiles, and the check that a
compiled copy still matches its source.

A compiled module (a mypyc extension beside its source) ends by calling
:func:`give_way_if_stale`: when any source of the group has changed since the build
(``search.stamp`` records their digest), every module of the group runs its source in
its own namespace instead, so an edit never runs stale code. The check lives here, in a
module of its own, because the engine's :mod:`klondike.stock` is compiled too and cannot
import the solver package (which imports the engine).
"""

from __future__ import annotations

import functools
import hashlib
import os
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType
from typing import Any

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
"""The directory that holds ``klondike/`` (a string: ``pathlib`` is slow to import, and
this module is imported at the start of every process)."""
COMPILED_SOURCES: tuple[str, ...] = (
    "klondike/cards.py",
    "klondike/stock.py",
    "klondike/game.py",
    "klondike/solver/position.py",
    "klondike/solver/moves.py",
    "klondike/solver/search.py",
)
"""The modules compiled together, relative to :data:`PACKAGE_ROOT`."""
STAMP = "klondike/solver/search.stamp"
"""The file, relative to :data:`PACKAGE_ROOT`, holding the digest the build was made from."""


def sources_digest(root: str | os.PathLike[str] = PACKAGE_ROOT) -> str:
    """The SHA-256 of every compiled module's source, in order, as the stamp records it."""
    digest = hashlib.sha256()
    for name in COMPILED_SOURCES:
        with open(os.path.join(root, name), "rb") as source:
            digest.update(name.encode() + b"\0" + source.read() + b"\0")
    return digest.hexdigest()


def stale_compiled(module_file: str, root: str | os.PathLike[str] = PACKAGE_ROOT) -> bool:
    """True if ``module_file`` is a compiled module built from sources other than those
    under ``root`` now (no stamp, or another digest); a source file is never stale."""
    if module_file.endswith(".py"):
        return False
    try:
        with open(os.path.join(root, STAMP), encoding="utf-8") as stamp:
            return stamp.read().strip() != sources_digest(root)
    except OSError:
        return True


@functools.cache
def _installed_group_stale() -> bool:
    """`stale_compiled` for the group installed here, checked once a process (each compiled
    module asks as it is imported, at the start of the process)."""
    return stale_compiled(STAMP, PACKAGE_ROOT)


def give_way_if_stale(namespace: dict[str, Any]) -> None:
    """Run the source in the namespace of the compiled module that calls this (with its
    ``globals()``) when :func:`stale_compiled`, or when ``KLONDIKE_PURE`` is set and not
    ``0`` (to
    measure the pure-Python path where a compiled one is built): every name then holds the
    source's function, class or value."""
    if namespace.get("_RUNNING_SOURCE") or namespace["__file__"].endswith(".py"):
        return
    asked = os.environ.get("KLONDIKE_PURE", "") not in ("", "0")
    if not asked and not _installed_group_stale():
        return
    namespace["_RUNNING_SOURCE"] = True
    stem = namespace["__name__"].rsplit(".")[-1]
    source = os.path.join(os.path.dirname(namespace["__file__"]), stem + ".py")
    with open(source, encoding="utf-8") as file:
        exec(compile(file.read(), source, "exec"), namespace)
    if asked:
        return
    warnings.warn(
        f"the compiled {stem} is older than its source: using the source "
        "(python -m klondike.solver.build compiles it again)",
        RuntimeWarning,
        stacklevel=2,
    )


def runs_compiled(module: ModuleType) -> bool:
    """True if ``module`` runs as its compiled extension: built, not stale, not turned off
    by ``KLONDIKE_PURE`` (where its source runs in its namespace instead).

    >>> import klondike.rules
    >>> runs_compiled(klondike.rules)
    False
    """
    names = vars(module)
    built = str(names.get("__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
    return built and not names.get("_RUNNING_SOURCE")
