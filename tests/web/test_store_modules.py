"""The store's modules: each opens with a docstring saying its job and stays under 700 lines,
and their imports at run time form no circle (an import under ``TYPE_CHECKING`` is for the
types alone, as `klondike.store.migrations` names `Database`)."""

from __future__ import annotations

import ast
from pathlib import Path

from klondike import store

STORE = Path(store.__file__).parent
MODULES = sorted(path.stem for path in STORE.glob("*.py") if path.stem != "__init__")


def runtime_imports(module: str) -> set[str]:
    """The store modules ``module`` imports at run time, at its top level (``from . import
    migrations``, ``from .games import …``, ``from klondike.store.games import …``)."""
    tree = ast.parse((STORE / f"{module}.py").read_text())
    found: set[str] = set()
    for node in tree.body:  # an `if TYPE_CHECKING:` block is an `If`, not an import
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level == 1 and source:
                found.add(source.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names)
            elif source.startswith("klondike.store."):
                found.add(source.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(
                alias.name.split(".")[2]
                for alias in node.names
                if alias.name.startswith("klondike.store.")
            )
    return found & set(MODULES)


def test_every_store_module_says_its_job_and_is_short() -> None:
    for module in MODULES:
        source = (STORE / f"{module}.py").read_text()
        assert ast.get_docstring(ast.parse(source)), f"{module}.py opens with no docstring"
        assert len(source.splitlines()) < 700, f"{module}.py has 700 lines or more"


def test_the_store_imports_form_no_circle() -> None:
    graph = {module: runtime_imports(module) for module in MODULES}
    assert graph["database"] >= {"games", "deals", "reviews", "migrations"}

    def circle_from(module: str, path: tuple[str, ...]) -> tuple[str, ...] | None:
        if module in path:
            return (*path[path.index(module) :], module)
        for imported in sorted(graph[module]):
            found = circle_from(imported, (*path, module))
            if found is not None:
                return found
        return None

    for module in MODULES:
        assert circle_from(module, ()) is None, " → ".join(circle_from(module, ()) or ())
