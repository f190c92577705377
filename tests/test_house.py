"""The house of `src/klondike`: each module opens with a docstring saying its job and stays
under 700 lines, and the imports that run — at the top of a module or inside a function —
form no circle (an import under ``if TYPE_CHECKING:`` is for the types alone)."""

from __future__ import annotations

import ast
from pathlib import Path

import klondike

ROOT = Path(klondike.__file__).parent
MODULES: dict[str, Path] = {
    ".".join(("klondike", *path.relative_to(ROOT).with_suffix("").parts)).removesuffix(
        ".__init__"
    ): path
    for path in sorted(ROOT.rglob("*.py"))
    if "static" not in path.parts
}


def _for_types_only(node: ast.AST) -> bool:
    """True for ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(name: str) -> set[str]:
    """The modules of klondike that module ``name`` imports when it runs, wherever the
    import stands (a package counts as its ``__init__``; a name taken from a package that
    holds ``name`` counts as the modules that package imports for it)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if _for_types_only(node):
            for child in getattr(node, "orelse", []):
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    found.add(f"{source}.{alias.name}")  # a module of the package
                elif name.startswith(f"{source}."):
                    found.update(runtime_imports(source))  # a name its package imports
                else:
                    found.add(source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return {module for module in found if module in MODULES and module != name}


def test_every_module_says_its_job_and_is_short() -> None:
    for name, path in MODULES.items():
        source = path.read_text()
        assert ast.get_docstring(ast.parse(source)), f"{name} opens with no docstring"
        assert len(source.splitlines()) <= 700, f"{name} has over 700 lines"


def test_the_imports_that_run_form_no_circle() -> None:
    graph = {name: runtime_imports(name) for name in MODULES}
    assert "klondike.store.games" in graph["klondike.store.database"]  # the reading works

    def circle_from(module: str, path: tuple[str, ...], done: set[str]) -> tuple[str, ...] | None:
        if module in path:
            return (*path[path.index(module) :], module)
        if module in done:
            return None
        for imported in sorted(graph[module]):
            found = circle_from(imported, (*path, module), done)
            if found is not None:
                return found
        done.add(module)
        return None

    done: set[str] = set()
    for name in MODULES:
        circle = circle_from(name, (), done)
        assert circle is None, " → ".join(circle or ())
