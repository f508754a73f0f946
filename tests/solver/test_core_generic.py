"""The compiled generic search (core/generic.c, native_generic.py) against the engine and
the Python search it mirrors (issue 23: "the compiled core and the Python search stay
equal on every policy").

On random rule tables drawn from the whole vocabulary (every policy of
game/engine/policies.py and dealing.py, in random combinations the engine's ``validate``
accepts) and on every built-in game, at random positions (a deal played on at random;
late games thinned by the engine's own judgement): the core lists the engine's legal
commands in the engine's order and in the search's, and each leads to the state the
engine's step makes; on small positions its search answers as the Python search does,
with the same line and the same number of states, and every won line replays through the
engine. A table entry changed on purpose makes the comparison fail (it has teeth).
"""

from __future__ import annotations

import dataclasses
import random
import threading

import pytest

from game.engine.commands import Move, mechanics_for
from game.engine.dealing import DealPattern, FaceUp, StockTarget
from game.engine.game import new_game
from game.engine.policies import Build, EmptyPile, FoundationBase, Run
from game.engine.shapes import FoundationTakes, MoveLimit
from game.solver.compiled import generic as core_generic
from game.solver.compiled import native
from game.solver.compiled.generic import (
    native_depth_first,
    native_generic_best_first,
    native_generic_search,
    spec_for,
    state_for,
)
from game.solver.generic import search as generic
from game.solver.generic.best_first import Weights, best_first
from game.solver.generic.search import DepthFirst, GenericSearch, generic_solve, search
from game.solver.outcome import Outcome
from game.solver.specialised.expansion import Budget
from game.variants import get_variant
from tests.solver.generic_cases import (
    differences,
    late_games,
    positions,
    random_rules,
    search_cases,
)
from tests.solver.small_positions import engine_thinned, played, replays_to_a_win
from tests.variant_ids import FAMILY, SEEDS

pytestmark = pytest.mark.skipif(native._core is None, reason="no compiled core on this install")

TABLES = 80  # random tables
POSITIONS = 3  # random positions of each, and as many late games
# The budget of both searches on a small position: those it leaves undecided are held
# equal too (the same first states entered).
SMALL_STATES = 800
# The weights the best-first rounds are held equal with: none, the talon's, the talon's
# with the FreeCell terms (free cells, empty piles, cards above those that go up next), and
# the Spider terms (face-down cards, cards on the card they move with, cards in a stock
# dealt to the tableau), with equal scores to the state entered last and at most 10 states
# expanded a stock count (where the stock deals to the tableau: states dropped past it).
BEST_FIRST_WEIGHTS = (
    Weights(),
    Weights(talon=7),
    Weights(7, 3, 6, 2),
    Weights(talon=2, empty_piles=5, face_down=4, in_suit=9, stock=3, newest_first=1, level_most=10),
)


def test_the_random_tables_cover_the_whole_vocabulary():
    """The seeds below draw every member of every policy, decks 1 and 2, reserves 0 to 7,
    cells 0 to 4 (some dealt), groups going up, decks of one and two suits, and a stock
    that deals only with no pile empty."""
    drawn = set()
    for seed in range(TABLES):
        r = random_rules(seed)
        fields = (r.build, r.runs, r.empty_accepts, r.foundation_base, r.face_up)
        drawn |= {*fields, r.reserve_face_up, StockTarget(r.stock_to)}
        drawn |= {r.move_limit, r.foundation_takes}
        drawn.add(DealPattern.COUNTS if len(set(r.deal_counts)) > 1 else DealPattern.EMPTY)
        drawn |= {("decks", r.decks), ("reserves", r.reserves), ("redeals", r.redeals)}
        drawn |= {("wrap", r.tableau_wrap, r.foundation_wrap), ("fill", r.fill_empty_first)}
        drawn |= {("cells", r.cells), ("cells dealt", r.cell_deal > 0), ("suits", r.suits)}
        drawn |= {("group", r.group_to_foundation), ("every pile", r.deal_needs_every_pile)}
    for policy in (Build, Run, EmptyPile, FoundationBase, FaceUp, StockTarget, MoveLimit):
        assert set(policy) <= drawn, set(policy) - drawn
    assert set(FoundationTakes) <= drawn
    assert {("decks", 1), ("decks", 2), ("reserves", 0), ("reserves", 7)} <= drawn
    assert {("redeals", None), ("redeals", 0), ("fill", True)} <= drawn
    assert {("cells", 0), ("cells", 1), ("cells", 4), ("cells dealt", True)} <= drawn
    assert {("suits", "S"), ("suits", "HS"), ("group", True), ("every pile", True)} <= drawn


@pytest.mark.parametrize("block", range(4))
def test_the_core_lists_and_plays_the_engines_commands_on_random_tables(block):
    for seed in range(block, TABLES, 4):
        rules = random_rules(seed)
        rng = random.Random(seed)
        for state in positions(rules, rng, POSITIONS):
            assert not differences(rules, state), (seed, rules, state, differences(rules, state))


@pytest.mark.parametrize("variant", [*SEEDS, *FAMILY])
def test_the_core_lists_and_plays_the_engines_commands_in_every_game(variant):
    table = get_variant(variant)
    rng = random.Random(variant)
    for mode in table.mode_ids():
        rules = table.rules(mode)
        for state in positions(rules, rng, 6):
            assert not differences(rules, state), (mode, state, differences(rules, state))


def both_searches(rules, state):
    """(Python's (outcome, line, states), the core's), the same state budget."""
    python = search(GenericSearch(rules), state, Budget(), SMALL_STATES)
    core = native_generic_search(rules, state, SMALL_STATES, None, None)
    return python, core


def both_best_first(rules, state, weight):
    """The same for a best-first round of ``weight`` (a ``Weights``)."""
    space = GenericSearch(rules)
    python = best_first(space, state, Budget(), SMALL_STATES, weight)
    core = native_generic_best_first(rules, state, SMALL_STATES, None, None, weight)
    return python, core


def held_equal(rules, states, weights=BEST_FIRST_WEIGHTS) -> dict:
    """Hold the core's searches (depth-first, and best-first with each of ``weights``) to
    Python's on ``states``; the count of each verdict."""
    seen = {outcome: 0 for outcome in Outcome}
    for state in states:
        pairs = [both_searches(rules, state)]
        pairs += [both_best_first(rules, state, weight) for weight in weights]
        for python, core in pairs:
            assert core == python, (rules, state)  # outcome, line and states entered
            seen[core[0]] += 1
            if core[0] is Outcome.WON:
                assert replays_to_a_win(rules, state, core[1])
    return seen


def test_the_core_searches_as_python_does_on_random_tables():
    seen = {outcome: 0 for outcome in Outcome}
    for seed in range(TABLES):
        rules = random_rules(seed)
        rng = random.Random(seed)
        for outcome, count in held_equal(rules, search_cases(rules, rng, 1)).items():
            seen[outcome] += count
    assert seen[Outcome.WON] and seen[Outcome.UNWINNABLE], seen  # both complete answers met


@pytest.mark.parametrize("variant", [*SEEDS, *FAMILY])
def test_the_core_searches_as_python_does_in_every_game(variant):
    table = get_variant(variant)
    rng = random.Random(variant)
    for mode in table.mode_ids():
        rules = table.rules(mode)
        held_equal(rules, search_cases(rules, rng, 2))


def test_the_core_keys_golfs_waste_as_python_does():
    """Golf's waste is a sink (generic/space.py, the waste's cut): the core's key holds its
    top card and its cards in any order, as Python's holds its top alone. Held equal where
    the cut decides: positions well into a deal (a long waste) and deal 5's proof of a loss
    (12,177 states, every one entered by both; without the cut the same budget decides
    nothing, tests/solver/test_waste_cut.py)."""
    rules = get_variant("golf").rules()
    rng = random.Random(36)
    states = [played(rules, seed, rng.randrange(10, 40), rng) for seed in range(1, 9)]
    assert sum(len(state.piles[1]) >= 10 for state in states) >= 4
    held_equal(rules, states)
    deal = new_game(rules, seed=5).state
    python = search(GenericSearch(rules), deal, Budget(), 20_000)
    core = native_generic_search(rules, deal, 20_000, None, None)
    assert core == python == (Outcome.UNWINNABLE, None, 12_177)


@pytest.mark.parametrize("variant", ["whitehead", "easthaven", "athena", "yukon"])
def test_a_depth_first_search_in_runs_searches_as_one_run(variant):
    """The probe of ``generic_solve`` and its last phase are one search: run on after a
    run that stopped on its budget, it enters the states one run of both budgets would
    (outcome, line and states entered), in Python and in the core alike."""
    rules = get_variant(variant).rules()
    rng = random.Random(variant)
    decided = 0
    for state in [*late_games(rules, rng, 6), new_game(rules, seed=4).state]:
        space = GenericSearch(rules)
        one = search(space, state, Budget(), SMALL_STATES)
        here = DepthFirst(space, state)
        core = native_depth_first(rules, state, SMALL_STATES)
        cuts = sorted({rng.randrange(1, SMALL_STATES), rng.randrange(1, SMALL_STATES)})
        budgets = [*cuts, SMALL_STATES]
        # Run on with each budget (states in all) in turn.
        python_runs = [here.run(Budget(), most) for most in budgets]
        core_runs = [core.run(most, None, None) for most in budgets]
        assert python_runs[-1] == core_runs[-1] == one, (variant, state, budgets)
        assert python_runs == core_runs
        decided += one[0] is not Outcome.UNDECIDED
    assert decided


def test_a_changed_table_entry_makes_the_comparison_fail():
    """The differential test has teeth: one card that may no longer lie on another (one
    entry of the core's building table) is seen at once."""
    rules = get_variant("klondike").rules("draw1")
    mechanics = mechanics_for(rules)
    rng = random.Random(3)
    for _ in range(200):
        state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 60), rng)
        moves = [
            m
            for m in mechanics.legal_moves(state)
            if type(m) is Move and mechanics.layout.is_tableau(m.target) and m.count == 1
        ]
        if moves:
            break
    move = moves[0]
    card, onto = state.piles[move.source][-1], state.piles[move.target][-1]
    spec = list(spec_for(rules, state))
    builds_on = bytearray(spec[-2])
    assert not differences(rules, state, tuple(spec))
    builds_on[card * rules.card_count + onto] = 0
    spec[-2] = bytes(builds_on)
    assert differences(rules, state, tuple(spec))


# The spec's flags past the Klondike shape (compiled/generic._spec's order): the move limit
# of the free space, foundations that take complete runs, groups going up, a stock that
# deals only with no pile empty.
SHAPE_FLAGS = {"move limit": 18, "runs up": 19, "group up": 20, "every pile": 21}


@pytest.mark.parametrize("flag", SHAPE_FLAGS)
def test_each_rule_past_the_klondike_shape_has_teeth(flag):
    """Each of these rules, turned the other way in the core's spec, lists other commands
    than the engine at some random position: the comparison sees each of them."""
    index = SHAPE_FLAGS[flag]
    for seed in range(TABLES):
        rules = random_rules(seed)
        for state in positions(rules, random.Random(seed), POSITIONS):
            spec = list(spec_for(rules, state))
            spec[index] = 1 - spec[index]
            if spec[SHAPE_FLAGS["runs up"]] and spec[SHAPE_FLAGS["group up"]]:
                continue  # never both: the engine refuses such a table
            if differences(rules, state, tuple(spec)):
                return
    pytest.fail(f"turning {flag} the other way changed no command")


def test_generic_solve_answers_from_the_core_and_replays_its_line():
    rules = get_variant("yukon").rules()
    state = new_game(rules, seed=2).state
    result = generic_solve(state, rules, max_nodes=None, max_seconds=10)
    assert result.won and result.stats.get("core") and not result.left_core
    assert replays_to_a_win(rules, state, result.line)


def test_a_line_the_engine_refuses_is_never_handed_on(monkeypatch):
    """A fault of the core (here: a won line made up) is caught by the engine's replay:
    the Python search answers, and ``left_core`` says why."""
    rules = get_variant("canfield").rules()
    state = engine_thinned(rules, new_game(rules, seed=4).state, 5, random.Random(1))
    made_up = (Outcome.WON, (Move(4, 2, 3),), 1)

    class MadeUp:  # a depth-first search of the core that makes its line up
        nodes = 0

        def run(self, *args):
            return made_up

    monkeypatch.setattr(generic, "native_depth_first", lambda *args: MadeUp())
    monkeypatch.setattr(generic, "native_generic_best_first", lambda *args: made_up)
    result = generic_solve(state, rules)
    monkeypatch.setenv("PATIENCE_PURE_PYTHON", "1")
    python = generic_solve(state, rules)
    assert (result.outcome, result.line) == (python.outcome, python.line)
    assert "refuses" in result.left_core and "core" not in result.stats


def test_rules_the_core_does_not_take_run_in_python(monkeypatch):
    def refused(*args):
        raise ValueError("compiled solver core: not taken")

    rules = get_variant("westhaven").rules()
    state = engine_thinned(rules, new_game(rules, seed=7).state, 6, random.Random(2))
    monkeypatch.setattr(generic, "native_depth_first", refused)
    monkeypatch.setattr(generic, "native_generic_best_first", refused)
    result = generic_solve(state, rules)
    assert result.left_core == "compiled solver core: not taken"
    monkeypatch.setenv("PATIENCE_PURE_PYTHON", "1")
    assert result.outcome is generic_solve(state, rules).outcome


def test_the_core_takes_every_field_it_knows_and_leaves_one_it_does_not(monkeypatch):
    """Cells, the free-space limit and a deck of chosen suits run in the core; a field
    outside ``CORE_KNOWS`` away from its default (here: cells, as if the core did not know
    them) sends the search to Python, and ``left_core`` names the field."""
    rules = next(
        r
        for r in map(random_rules, range(TABLES))
        if r.cells and r.move_limit is MoveLimit.FREE_SPACE and r.suits != "CDHS"
    )
    state = late_games(rules, random.Random(1), 1)[0]
    result = generic_solve(state, rules, max_nodes=SMALL_STATES)
    assert result.stats.get("core") and not result.left_core
    monkeypatch.setattr(core_generic, "CORE_KNOWS", core_generic.CORE_KNOWS - {"cells"})
    core_generic._spec.cache_clear()
    try:
        python = generic_solve(state, rules, max_nodes=SMALL_STATES)
    finally:
        core_generic._spec.cache_clear()
    assert "cells" in python.left_core and "core" not in python.stats
    assert (python.outcome, python.line, python.nodes) == (
        result.outcome,
        result.line,
        result.nodes,
    )


def test_the_core_stops_on_its_budgets_and_the_cancel_event():
    rules = get_variant("whitehead").rules()
    state = new_game(rules, seed=11).state  # not decided within two seconds
    result = generic_solve(state, rules, max_nodes=None, max_seconds=0.2)
    assert result.outcome is Outcome.UNDECIDED and result.seconds < 1.5 and result.stats["core"]
    result = generic_solve(state, rules, max_nodes=1000)
    assert result.outcome is Outcome.UNDECIDED and result.nodes == 1000
    cancel = threading.Event()
    cancel.set()
    assert generic_solve(state, rules, cancel=cancel).cancelled
    late = threading.Event()
    threading.Timer(0.2, late.set).start()
    result = generic_solve(state, rules, max_nodes=None, max_seconds=30, cancel=late)
    assert result.cancelled and result.seconds < 2


def test_the_core_refuses_what_it_cannot_take():
    rules = get_variant("agnes").rules()
    state = new_game(rules, seed=1).state
    twice = (state.piles[0][:-1] + state.piles[0][:1], *state.piles[1:])
    with pytest.raises(ValueError, match="twice"):
        native_generic_search(rules, dataclasses.replace(state, piles=twice), 10, None, None)
    spec = spec_for(rules, state)
    wrong = (*spec[:-2], b"\x02" * len(spec[-2]), spec[-1])
    with pytest.raises(ValueError, match="building table"):
        native._core.generic_depth_first(wrong, state_for(rules, state), 10)
    with pytest.raises(ValueError, match="building table"):
        native._core.generic_best_first(wrong, state_for(rules, state), 10, -1.0, None, Weights())
    piles, down, redeals, shown = state_for(rules, state)
    everything = b"".join(piles)
    tall = (everything[14:], b"", everything[:14], *(b"" for _ in piles[3:]))
    wrong_states = {
        "a foundation of more than 13 cards": (tall, (0,) * len(piles), redeals, shown),
        "on a pile that has none": (piles, (1, *down[1:]), redeals, shown),
        "outside 0 to the decks' cards": (piles, (*down[:-1], 53), redeals, shown),
        "more redeals used than the rules allow": (piles, down, rules.redeals + 1, shown),
        "shown cards on a pile": (piles, down, redeals, (5, *[0] * (len(piles) - 1))),
    }
    for message, wrong_state in wrong_states.items():
        with pytest.raises(ValueError, match=message):
            native._core.generic_moves(spec, wrong_state, False)
    search = native._core.generic_depth_first(spec, state_for(rules, state), 10)
    with pytest.raises(TypeError, match="cancel"):
        native._core.generic_depth_first_run(search, 10, -1.0, object())
    for weights in ((-1,) + (0,) * 8, (0, 0, 1001) + (0,) * 6, (0,) * 7 + (-5, 0)):
        with pytest.raises(ValueError, match="a weight outside"):
            native._core.generic_best_first(spec, state_for(rules, state), 10, -1.0, None, weights)
    with pytest.raises(ValueError, match="a limit of states below 0"):
        weights = (0,) * 8 + (-1,)
        native._core.generic_best_first(spec, state_for(rules, state), 10, -1.0, None, weights)
    with pytest.raises(TypeError, match="9-item sequence"):
        native._core.generic_best_first(spec, state_for(rules, state), 10, -1.0, None, 0)
    with pytest.raises(ValueError, match="PyCapsule"):
        native._core.generic_depth_first_run(spec, 10, -1.0, None)  # not a search


def test_patience_pure_python_switches_the_core_off(monkeypatch):
    rules = get_variant("easthaven").rules()
    state = engine_thinned(rules, new_game(rules, seed=3).state, 5, random.Random(4))
    with_core = generic_solve(state, rules)
    monkeypatch.setenv("PATIENCE_PURE_PYTHON", "1")
    without = generic_solve(state, rules)
    assert with_core.stats.get("core") and "core" not in without.stats
    assert (with_core.outcome, with_core.line, with_core.nodes) == (
        without.outcome,
        without.line,
        without.nodes,
    )
