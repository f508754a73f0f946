"""The shape of the code: who may import whom.

Every ``import`` statement in ``game/`` is read with ``ast`` (those under
``TYPE_CHECKING`` and inside functions count too: ``tests/import_graph.py``), so a cycle
cannot hide behind a lazy import, and the pure layers (the engine, the solver, the
session) cannot reach pygame. The layers' order is ``tests/test_layers.py``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.import_graph import ROOT, graph, modules

MAX_LINES = 400


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


PURE = ("game.engine", "game.solver", "game.store.session")


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
        "from game.store.session import Session\n"
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
