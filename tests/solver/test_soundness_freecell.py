"""Soundness in the FreeCell family, and of the generic search's cell cut on random tables
with cells: the verdicts equal an exhaustive search's (tests/solver/soundness.py says how)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.families import Family
from game.solver import Outcome
from game.solver.generic.search import GenericSearch, generic_solve
from tests.solver.generic_cases import random_rules
from tests.solver.small_positions import engine_thinned, played, replays_to_a_win, scrambled
from tests.solver.soundness import (
    EXHAUSTIVE_NODES,
    MOST_IN_PLAY,
    brute_force,
    check_the_verdicts,
    games_of,
)


@pytest.mark.parametrize("variant", games_of(Family.FREECELL))
def test_the_verdicts_equal_an_exhaustive_search(variant):
    check_the_verdicts(variant)


CELL_TABLES = 16  # random tables with two cells or more
CELL_POSITIONS = 12  # small positions of each


def test_the_cell_cut_loses_no_verdict_on_random_tables_with_cells():
    """The generic search enters a state once whatever the order of its cells' cards
    (``GenericSearch.key``): on small positions of random tables with cells, its wins
    replay and its losses are the breadth-first walk's over whole states, cells in place."""
    seen = {Outcome.WON: 0, Outcome.UNWINNABLE: 0}
    tables = 0
    for seed in range(10**4):
        rules = random_rules(seed)
        if rules.cells < 2:
            continue
        tables += 1
        rng = random.Random(seed)
        for _ in range(CELL_POSITIONS):
            state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 100), rng, 0.5)
            few = engine_thinned(rules, state, rng.randint(3, MOST_IN_PLAY), rng)
            if rng.random() < 0.5:
                few = scrambled(rules, few, rng, hidden=True, talon=False)
            found = generic_solve(few, rules, max_nodes=EXHAUSTIVE_NODES)
            if found.outcome is Outcome.UNDECIDED:
                continue
            if found.won:  # a win is its line, replayed; a loss, every state
                assert replays_to_a_win(rules, few, found.line)
            else:
                assert brute_force(few, rules) is Outcome.UNWINNABLE, (seed, few)
            seen[found.outcome] += 1
        if tables == CELL_TABLES:
            break
    assert seen[Outcome.WON] and seen[Outcome.UNWINNABLE] >= 5, seen


def test_the_key_takes_the_cells_in_any_order_and_the_line_key_in_place():
    rules = next(r for r in map(random_rules, range(100)) if r.cells >= 2)
    space = GenericSearch(rules)
    cells = space.layout.cell_range
    rng = random.Random(5)
    state = played(rules, 1, 0, rng)
    while not any(state.piles[c] for c in cells) or all(state.piles[c] for c in cells):
        state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 60), rng, 0.5)
    piles = list(state.piles)
    piles[cells.start :] = reversed(piles[cells.start :])
    turned = dataclasses.replace(state, piles=tuple(piles))
    assert turned != state and space.key(turned) == space.key(state)
    assert space.line_key(turned) != space.line_key(state)  # a line names its cells
