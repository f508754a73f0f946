"""The compiled core, where it was built: the sound depth-first search (``depth_first``)
in C, some thirty times faster. ``pip install`` builds it when a C compiler is at hand
(setup.py marks it optional); without one, or with ``PATIENCE_PURE_PYTHON=1`` in the
environment, ``available()`` is False and the Python search runs instead. The two search
the same moves in the same order; the tests hold them to the same answers.
"""

from __future__ import annotations

import os
import threading
from functools import lru_cache

from game.engine.rules import RULE_SETS_KEPT
from game.solver.outcome import Outcome
from game.solver.specialised.tables import CONE_SAFETY, RuleTables

try:
    from game.solver.compiled import _core
except ImportError:  # not built: no C compiler where the package was installed
    _core = None

_OUTCOMES = {0: Outcome.WON, 1: Outcome.UNWINNABLE, 2: Outcome.UNDECIDED}
_CANCELLED = 3
_ACCEPTS = {"none": 0, "king": 1, "any": 2}


def available() -> bool:
    return _core is not None and not os.environ.get("PATIENCE_PURE_PYTHON")


@lru_cache(maxsize=4 * RULE_SETS_KEPT)  # the four orders of each rule set's tables
def _spec(tables: RuleTables, deep_talon: bool, talon_first: bool) -> tuple:
    return (
        tables.decks,
        tables.tableau_piles,
        tables.draw,
        -1 if tables.redeal_limit is None else tables.redeal_limit,
        int(tables.move_runs),
        _ACCEPTS[tables.empty_accepts],
        int(tables.may_return),
        1 if deep_talon else -1,
        1100 if talon_first else 650,
        int(not tables.equal_parents),
        tables.builds_on,
        bytes(tables.empty_takes),
    )


class NativeCancelled(Exception):
    pass


def native_depth_first(
    tables: RuleTables,
    position,
    max_nodes: int | None,
    max_seconds: float | None,
    cancel: threading.Event | None,
    deep_talon: bool = False,
    talon_first: bool = False,
) -> tuple[Outcome, list | None, int]:
    """``depth_first.depth_first`` over sound moves, in C: (outcome, path, nodes). Raises
    NativeCancelled when ``cancel`` is set; ValueError (or TypeError) when the rules or the
    position are not what the core takes (every card, count, size and the draw are checked
    against its limits and the rules: docs/solver.md, "The compiled core"); MemoryError
    when the search outgrows the core's memory bound. solve.py then searches in Python and
    says so in its result (``SolveResult.left_core``)."""
    code, path, nodes = _core.depth_first(
        _spec(tables, deep_talon, talon_first),
        position,
        -1 if max_nodes is None else max_nodes,
        -1.0 if max_seconds is None else max_seconds,
        cancel,
    )
    if code == _CANCELLED:
        raise NativeCancelled
    return _OUTCOMES[code], path, nodes


def native_hopeless(tables: RuleTables, position) -> bool:
    return _core.hopeless(_spec(tables, False, False), position)


def native_best_first(
    tables: RuleTables,
    position,
    max_nodes: int,
    max_seconds: float | None,
    cancel: threading.Event | None,
    talon_weight: int,
) -> tuple[list | None, int]:
    """``best_first.best_first`` over fast moves, in C (less the cuts that depend on the
    line, which best-first does not use): (the path of a win or None, positions). Raises
    NativeCancelled, and ValueError or MemoryError as ``native_depth_first``."""
    code, path, nodes = _core.best_first(
        _spec(tables, False, False),
        position,
        max_nodes,
        -1.0 if max_seconds is None else max_seconds,
        cancel,
        talon_weight,
        _cone(tables),
    )
    if code == _CANCELLED:
        raise NativeCancelled
    return (path if code == 0 else None), nodes


@lru_cache(maxsize=RULE_SETS_KEPT)
def _cone(tables: RuleTables) -> bytes:
    """The cone rule (``tables.safety[CONE_SAFETY]``) in 19 bytes a card: the number of
    alternatives, then each as (pair count, (slot, height) x 4)."""
    out = bytearray()
    for alternatives in tables.safety[CONE_SAFETY]:
        row = bytearray([len(alternatives)])
        for pairs in alternatives:
            cell = bytearray([len(pairs)])
            for slot, height in pairs:
                cell += bytes((slot, height))
            row += cell + bytes(9 - len(cell))
        out += row + bytes(19 - len(row))
    return bytes(out)
