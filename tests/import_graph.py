"""Every import in ``game/``, read with ``ast``: where it stands and what it names.

One reader for the tests of the code's shape (``test_structure``: no cycles, no pygame in
the pure layers; ``test_layers``: nothing imports a layer above its own). An import counts
wherever it is written: at the top, inside a function (a lazy import), under
``TYPE_CHECKING``, or as ``importlib.import_module("game.x")`` with a literal name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for p in package.rglob("*.py")}


# Extension modules (a C source beside the Python ones, built or not) are modules too.
COMPILED = {module_name(p) for p in PACKAGE.rglob("*.c")}


def imported(source: str, name: str, is_package: bool, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) for each module of ``known`` (or pygame) that the code ``source`` of
    module ``name`` imports, by line."""
    return sorted(_imported(ast.parse(source), name, is_package, known))


def _imported(
    tree: ast.AST, name: str, is_package: bool, known: set[str]
) -> Iterator[tuple[int, str]]:
    package = name if is_package else name.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # ``from pkg import sub`` imports the module pkg.sub (the package is only on the
            # way); ``from pkg import name`` takes a name from pkg's own code.
            subs = [f"{stem}.{alias.name}" for alias in node.names]
            names_only = [s for s in subs if s not in known and s not in COMPILED]
            targets = [s for s in subs if s in known] + ([stem] if names_only else [])
        elif _imports_by_name(node):
            targets = [node.args[0].value]
        else:
            continue
        for target in targets:
            if target in known:
                yield node.lineno, target
            elif target.split(".")[0] == "pygame":
                yield node.lineno, "pygame"


def _imports_by_name(node: ast.AST) -> bool:
    """``importlib.import_module("game.x")`` or ``import_module("game.x")``, a literal name."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    first = node.args[0]
    return (
        called in ("import_module", "__import__")
        and isinstance(first, ast.Constant)
        and isinstance(first.value, str)
    )


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of ``game`` (and pygame) that ``path`` imports, itself left out."""
    source = path.read_text(encoding="utf-8")
    found = {t for _, t in imported(source, name, path.name == "__init__.py", known)}
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(path, name, known) for name, path in found.items()}
