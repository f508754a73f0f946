"""The search's tuning is a frozen ``SearchPlan`` passed to ``solve``: the game's own is
``STANDARD`` (the defaults), and a search given another follows it, with no module
changed for it."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.game import new_game
from game.solver.solve import STANDARD, SearchPlan, solve
from tests.engine.helpers import rules

KLONDIKE_THREE = rules("klondike", "draw3")
# No best-first round and no probe: the main depth-first search alone.
DEPTH_FIRST_ONLY = SearchPlan(
    best_first_share=0.0, native_one_deck_best_first_nodes=0, probe_orders=()
)


def solved(seed: int, plan: SearchPlan = STANDARD):
    state = new_game(KLONDIKE_THREE, seed=seed).state
    return solve(state, KLONDIKE_THREE, max_nodes=20_000, plan=plan)


def test_the_standard_plan_is_the_default_and_cannot_be_changed():
    assert SearchPlan() == STANDARD
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.probe_nodes = 1  # type: ignore[misc]


def test_a_plan_without_best_first_wins_by_depth_first_what_best_first_won():
    standard = solved(3)
    assert standard.won and standard.stats["phase"] == "best-first"
    alone = solved(3, DEPTH_FIRST_ONLY)
    assert alone.won and alone.stats["phase"] == "depth-first"
    assert solved(3).nodes == standard.nodes  # the plan passed changed nothing for the next


def test_the_probes_move_orders_come_from_the_plan():
    assert solved(6).stats["phase"] == "probe"
    no_probes = dataclasses.replace(STANDARD, probe_orders=())
    assert solved(6, no_probes).stats["phase"] != "probe"
