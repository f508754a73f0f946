"""The compiled core against the Python searches it mirrors: the same moves in the same order,
so on every decided search the same outcome, the same line and the same node count. The
package works without the core (``PATIENCE_PURE_PYTHON=1`` or no C compiler at install),
so the suite also runs ``solve`` with the core switched off."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.engine.cards import RANK, make_card
from game.engine.game import new_game
from game.engine.state import STOCK, WASTE, State, layout_for
from game.solver.compiled import native
from game.solver.specialised.best_first import best_first
from game.solver.specialised.depth_first import depth_first
from game.solver.specialised.expansion import Budget, Expander
from game.solver.specialised.moves import MoveGenerator
from game.solver.specialised.position import position_of
from game.solver.specialised.tables import tables_for
from tests.engine.helpers import rules

# CI installs with a C compiler: there the core must have been built.
if os.environ.get("CI") and native._core is None:
    raise AssertionError("the compiled core was not built (game/solver/compiled/_core.c)")

needs_core = pytest.mark.skipif(native._core is None, reason="no compiled core on this install")

CASES = [
    ("klondike", "draw3"),
    ("klondike", "draw1"),
    ("klondike", "draw1-noredeal"),
    ("saratoga", "draw1"),
    ("double-klondike", "draw3"),
    ("double-klondike", "draw1"),
    ("double-klondike", "draw3-unlimited"),
]


def thinned(r, seed: int, lowest: int, waste: int, redeals_used: int) -> State:
    """Deal ``seed`` with every card up to rank ``lowest`` already on its foundation (the
    rest in their dealt order, the top card of each pile face up), ``waste`` cards turned
    and ``redeals_used`` redeals used: smaller searches, with every kind of talon."""
    state = new_game(r, seed=seed).state
    layout = layout_for(r)
    piles = [[c for c in pile if RANK[c] > lowest] for pile in state.piles]
    down = list(state.down)
    for t in layout.tableau_range:
        down[t] = max(0, min(down[t], len(piles[t]) - 1))
    slots = list(layout.foundation_range)
    for i, suit in enumerate(range(4)):
        for copy in range(r.decks):
            piles[slots[i * r.decks + copy]] = [
                make_card(k, suit, copy) for k in range(1, lowest + 1)
            ]
    stock = piles[STOCK]
    turned = min(waste, len(stock))
    piles[WASTE] = list(reversed(stock[len(stock) - turned :]))
    piles[STOCK] = stock[: len(stock) - turned]
    return State(tuple(tuple(p) for p in piles), tuple(down), redeals_used)


@needs_core
@pytest.mark.parametrize("variant,mode", CASES)
def test_the_core_and_the_python_search_agree(variant, mode):
    r = rules(variant, mode)
    tables = tables_for(r)
    decided = 0
    starts = [position_of(new_game(r, seed=seed).state, r) for seed in range(1, 7)]
    for seed in range(1, 9):
        lowest = 5 + seed % 3
        waste = (seed * 7) % 11
        used = 0 if r.redeals is None else seed % (r.redeals + 1)
        starts.append(position_of(thinned(r, seed, lowest, waste, used), r))
    for seed, start in enumerate(starts):
        c_outcome, c_path, c_nodes = native.native_depth_first(tables, start, 20_000, None, None)
        expander = Expander(MoveGenerator(tables, sound=True))
        py_outcome, py_path, py_nodes = depth_first(expander, start, Budget(20_000))
        assert c_outcome is py_outcome, seed
        if c_outcome.value != "undecided":
            decided += 1
            assert (c_path, c_nodes) == (py_path, py_nodes), seed
    assert decided >= 4


@needs_core
def test_the_core_gives_way_when_cancelled():
    import threading

    r = rules("klondike", "draw3")
    event = threading.Event()
    event.set()
    start = position_of(new_game(r, seed=1).state, r)  # undecided for millions of nodes
    with pytest.raises(native.NativeCancelled):
        native.native_depth_first(tables_for(r), start, None, 30.0, event)


def test_solve_without_the_core():
    code = (
        "from game.solver import solve_deal\n"
        "from game.solver.compiled import native\n"
        "from game.variants import get_variant\n"
        "assert not native.available()\n"
        "r = get_variant('klondike').rules('draw3')\n"
        "print(solve_deal(r, 20, max_nodes=200_000).outcome.value,"
        " solve_deal(r, 2, max_nodes=200_000).outcome.value)\n"
    )
    env = dict(os.environ, PATIENCE_PURE_PYTHON="1")
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.split() == ["won", "unwinnable"]


@needs_core
@pytest.mark.parametrize(
    "variant,mode,weight",
    [("double-klondike", "draw3", 7), ("saratoga", "draw1", 0)],
)
def test_the_cores_best_first_is_the_python_one(variant, mode, weight):
    r = rules(variant, mode)
    tables = tables_for(r)
    won = 0
    for seed in (12, 18, 3, 4):  # some won within the budget, some not
        start = position_of(new_game(r, seed=seed).state, r)
        in_c = native.native_best_first(tables, start, 20_000, None, None, weight)
        fast = Expander(MoveGenerator(tables, sound=False))
        assert in_c == best_first(fast, start, 20_000, Budget(), weight), seed
        won += in_c[0] is not None
    assert won >= 1


@needs_core
def test_the_cores_loss_proof_is_the_python_one():
    """The core's ``hopeless`` (its depth-first search cuts a branch with it) says what
    ``deadlock.hopeless`` says: on the hand-made losses and near-losses of the pruning
    tests, and on dealt and thinned positions of every case."""
    from game.solver.specialised.deadlock import hopeless
    from tests.solver.test_pruning import blocked_hearts, buried_five_of_spades, stuck_triple

    klondike = rules("klondike", "draw1")
    made = [(klondike, blocked_hearts(klondike, stocked)) for stocked in (False, True)]
    made += [buried_five_of_spades(used) for used in (2, 1)]
    # Talon cards that never surface, and the same cards turned so that they do.
    made += [stuck_triple(talon) for talon in ("5S 9S 6S", "6S 5S 9S", "9S 6S 5S")]
    for variant, mode in CASES:
        r = rules(variant, mode)
        made += [(r, new_game(r, seed=seed).state) for seed in (1, 2)]
        made += [(r, thinned(r, seed, 5 + seed % 3, seed * 3, 0)) for seed in (3, 4, 5)]
    verdicts = []
    for r, state in made:
        tables, start = tables_for(r), position_of(state, r)
        verdicts.append(hopeless(tables, start))
        assert native.native_hopeless(tables, start) is verdicts[-1]
    assert verdicts[0] and verdicts[2] and not verdicts[1] and not verdicts[3]
    assert verdicts[4] and not verdicts[5] and not verdicts[6]


@needs_core
def test_one_deck_runs_a_short_best_first_round_in_the_core():
    # Thoughtful Klondike deal 65: best-first wins within a few hundred positions, where
    # the depth-first orders wander for millions (undecided at 10 s before the round).
    from game.solver import solve

    r = rules("klondike", "draw3")
    res = solve(new_game(r, seed=65).state, r, max_nodes=None, max_seconds=10)
    assert res.won and res.stats["phase"] == "best-first"
    assert res.nodes < 5_000
