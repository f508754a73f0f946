"""The shape of the code: who may import whom.

Every ``import`` statement in ``game/`` is read with ``ast`` (those under
``TYPE_CHECKING`` and inside functions count too), so a cycle cannot hide behind a lazy
import, and the pure layers (the engine, the solver, the session) cannot reach pygame.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game"
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


# Extension modules (a C source beside the Python ones, built or not) are modules too.
COMPILED = {module_name(p) for p in PACKAGE.rglob("*.c")}


def imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of ``game`` that ``path`` imports, wherever the statement stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
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
        else:
            continue
        for target in targets:
            if target in known:
                found.add(target)
            elif target.split(".")[0] == "pygame":
                found.add("pygame")
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports(path, name, known) for name, path in found.items()}


def test_no_import_cycles_in_game():
    edges = graph()
    cycles = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt == "pygame" or nxt not in edges:
                continue
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


PURE = ("game.engine", "game.solver", "game.app.session")


def reaches(start: str, edges: dict[str, set[str]]) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        for nxt in edges.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("prefix", PURE)
def test_the_pure_layers_never_reach_pygame(prefix):
    edges = graph()
    for name in edges:
        if name == prefix or name.startswith(prefix + "."):
            assert "pygame" not in reaches(name, edges), f"{name} reaches pygame"


def test_the_session_imports_no_pygame_at_run_time():
    """Not only on paper: importing and using the session loads no pygame."""
    code = (
        "import sys, tempfile\n"
        "from game.app.session import Session\n"
        "s = Session.open(tempfile.mkdtemp())\n"
        "s.start(s.deal('klondike', None, 3))\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_modules_stay_small():
    """Outside the solver (its own issue splits it), no module over 400 lines."""
    big = {
        name: lines
        for name, path in modules().items()
        if not name.startswith("game.solver")
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not big, f"modules over {MAX_LINES} lines: {big}"
