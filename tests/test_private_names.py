"""No module of klondike uses an underscore name another module defines: each module
reaches the others through their public names only."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import klondike

PACKAGE = Path(klondike.__file__).resolve().parent


def private(name: str) -> bool:
    """An underscore name that is not a dunder."""
    return name.startswith("_") and not name.endswith("__")


def modules() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(PACKAGE.parent)): ast.parse(path.read_text(), str(path))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def defined(tree: ast.Module) -> set[str]:
    """The underscore names a module defines: functions, classes, variables, attributes
    assigned on ``self``/``cls``, and ``__slots__`` entries."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)
            and isinstance(node.value, ast.Tuple | ast.List)
        ):
            names.update(
                e.value
                for e in node.value.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            )
    return {name for name in names if private(name)}


def used(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """The underscore names a module reads or writes as attributes, or imports."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            yield node.lineno, node.attr
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if private(alias.name):
                    yield node.lineno, alias.name


def crossings() -> list[str]:
    """Each use of an underscore name defined in another module (and not in this one)."""
    trees = modules()
    owners: dict[str, set[str]] = {}
    for module, tree in trees.items():
        for name in defined(tree):
            owners.setdefault(name, set()).add(module)
    found = []
    for module, tree in trees.items():
        own = defined(tree)
        for line, name in used(tree):
            others = owners.get(name, set()) - {module}
            if others and name not in own:
                found.append(f"{module}:{line} uses {name} of {', '.join(sorted(others))}")
    return found


def test_no_module_uses_another_modules_underscore_names() -> None:
    assert crossings() == []


def test_the_check_sees_a_crossing(tmp_path: Path) -> None:
    """The check itself: an underscore attribute read or written, or an underscore name
    imported, across modules is found; a write elsewhere defines nothing."""
    a = ast.parse("class A:\n    def __init__(self):\n        self._hidden = 1\n")
    b = ast.parse("from a import A, _helper\nA()._hidden = 2\nprint(A()._hidden)\n")
    assert defined(a) == {"_hidden"}
    assert defined(b) == set()
    assert sorted(name for _, name in used(b)) == ["_helper", "_hidden", "_hidden"]
