"""docs/architecture.md against the code: the schema version it names as the current one is
`klondike.store.migrations.SCHEMA_VERSION`, and its module table has a row for every module
of the package."""

from __future__ import annotations

import re
from pathlib import Path

import klondike
from helpers import ROOT
from klondike.store.migrations import SCHEMA_VERSION

ARCHITECTURE = ROOT / "docs" / "architecture.md"
PACKAGE = Path(klondike.__file__).resolve().parent

CURRENT_SCHEMA = re.compile(
    r"(?:schema(?:'s)?(?: version)?|user_version|SCHEMA_VERSION)\b[^.;:]{0,40}?"
    r"(?:\b(?:now|currently|is|at)\b|=|\bcurrent\b)\s*(?:version\s*)?\(?(\d+)\b"
    r"|\bcurrent schema(?: version)?\W{0,3}(\d+)\b"
    r"|\b(?:now|currently)\s+(?:at\s+)?schema(?: version)?\s+(\d+)\b",
    re.IGNORECASE,
)
"""A number named as the schema's current version: after "schema", "schema version",
``user_version`` or ``SCHEMA_VERSION``, in the same clause, introduced by "now",
"currently", "is", "at", "=" or "current" ("Schema version in ``PRAGMA user_version``
(now 9: …)", "the schema is version 9", "``SCHEMA_VERSION = 9``"), or right after "current
schema" ("the current schema (9)"), or after "now (at) schema" ("the file is now at schema 9")."""

ANY_SCHEMA = re.compile(r"\bschema(?: version)?\s+(\d+)\b", re.IGNORECASE)
"""A schema version named at all ("schema 7", "since schema version 3"): one that added
something, or the current one."""


def prose(path: Path) -> str:
    """A document's text on one line, without the backticks of code spans."""
    return " ".join(path.read_text().replace("`", "").split())


def test_the_architecture_names_the_current_schema_version() -> None:
    """Every mention of the current schema version (`CURRENT_SCHEMA`) is `SCHEMA_VERSION`,
    there is at least one, and no schema version it names (`ANY_SCHEMA`, the history of the
    steps too) is newer than the code's."""
    text = prose(ARCHITECTURE)
    current = [int(next(filter(None, found.groups()))) for found in CURRENT_SCHEMA.finditer(text)]
    assert current, "docs/architecture.md names no current schema version"
    wrong = sorted({number for number in current if number != SCHEMA_VERSION})
    assert not wrong, (
        f"docs/architecture.md names schema {wrong} as the current one; "
        f"the code's is {SCHEMA_VERSION} (klondike.store.migrations.SCHEMA_VERSION)"
    )
    newer = sorted({int(n) for n in ANY_SCHEMA.findall(text) if int(n) > SCHEMA_VERSION})
    assert not newer, f"docs/architecture.md names schema {newer}, newer than {SCHEMA_VERSION}"


def module_table(path: Path) -> list[str]:
    """The first cells of the module table (the first table of the "Modules" section whose
    head names the column "module")."""
    lines = path.read_text().split("## Modules", 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"\|\s*module\s*\|", line))
    cells = []
    for line in lines[start + 2 :]:  # past the head and its |---| line
        if not line.startswith("|"):
            break
        cells.append(line.split("|")[1])
    return cells


def named(cell: str) -> set[str]:
    """The module paths (``klondike/store/games.py``) and folders (``klondike/solver/``) a
    first cell names: each code span; a bare name (``deal.py`` after ``klondike/codes.py``)
    is in the folder of the name before it."""
    found: set[str] = set()
    folder = "klondike/"
    for name in re.findall(r"`([^`]+)`", cell):
        if not name.startswith("klondike/"):
            name = folder + name
        folder = name if name.endswith("/") else name.rsplit("/", 1)[0] + "/"
        found.add(name)
    return found


def modules() -> list[str]:
    """Every module of the package as a path from ``src/`` (``klondike/store/games.py``):
    each ``.py`` file but the ``__init__.py`` and ``__main__.py`` files, none of
    ``web/static/``."""
    return sorted(
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*.py")
        if path.name not in ("__init__.py", "__main__.py")
        and PACKAGE / "web" / "static" not in path.parents
    )


def test_the_module_table_has_a_row_for_every_module() -> None:
    """The rule: a module has a row when a row's first cell names it
    (``klondike/store/games.py``, or ``games.py`` after another module of its folder in the
    same cell), or names a folder it lies in (``klondike/solver/``: a package described in
    one row). A package's ``__init__.py`` and the ``__main__.py`` need no row of their own."""
    rows = set().union(*(named(cell) for cell in module_table(ARCHITECTURE)))
    assert any(name.endswith(".py") for name in rows), "no module table found"

    def has_row(module: str) -> bool:
        folders = [module[: i + 1] for i, char in enumerate(module) if char == "/"]
        return module in rows or any(folder in rows for folder in folders)

    missing = [module for module in modules() if not has_row(module)]
    assert not missing, f"docs/architecture.md's module table has no row for {missing}"
