"""The gate (``coverage``) and the generic search: the specialised solver answers only for
the rules it is proved for, everything else goes to the generic search with the same
interface (solve, hints, still winnable, the finish by collection)."""

from __future__ import annotations

import dataclasses
import random
import threading
import time

import pytest

from game.engine.commands import mechanics_for
from game.engine.events import apply_step
from game.engine.game import new_game
from game.engine.policies import Build
from game.solver import (
    HintCache,
    Outcome,
    auto_finish_line,
    coverage,
    hint,
    solve,
    still_winnable,
)
from game.solver.analysis import analyse
from game.solver.generic.search import every_line, generic_solve
from game.solver.hints import hidden_slots
from game.solver.specialised.deadlock import hopeless
from game.solver.specialised.position import position_of
from game.solver.specialised.tables import tables_for
from game.variants import all_variants
from tests.engine.helpers import game_at, position, rules
from tests.solver.small_positions import played, scrambled, thinned
from tests.solver.test_solver import permute_hidden

TOPS = {"f1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "f2": "AD 2D 3D 4D 5D 6D 7D 8D"}


def replays_to_a_win(r, state, line) -> bool:
    mechanics = mechanics_for(r)
    for command in line:
        state = apply_step(state, mechanics.check(state, command))
    return state.cards_on_foundations(mechanics.layout) == r.card_count


def small_won(r):
    """Hearts and spades to go, the Queen of hearts under the King of spades: won by
    moving the King to the empty pile (Klondike's rules)."""
    piles = {
        **TOPS,
        "f1": TOPS["f1"] + " KC",
        "f2": TOPS["f2"] + " 9D TD JD QD KD",
        "f3": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "f4": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "t1": "QH KS",
        "t2": "KH",
        "t3": "QS",
    }
    return position(r, piles)


def small_lost(r):
    """Two piles, the Queen of hearts under the King of spades and the Queen of spades
    under the King of hearts: each King waits for its own Queen, and no pile is empty."""
    piles = {
        "f1": TOPS["f1"] + " KC",
        "f2": TOPS["f2"] + " 9D TD JD QD KD",
        "f3": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "f4": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "t1": "QH KS",
        "t2": "QS KH",
    }
    r = dataclasses.replace(r, tableau_piles=2, deal_counts=(1, 2))
    return r, position(r, piles)


# The built-in games of Klondike's own shape (a waste, Ace foundations, builds down, no
# reserves): the specialised solver is proved for them. The family's other games are
# outside, for a reason the gate names. A game added since may be either: the soundness
# test (tests/solver/soundness.py) holds the specialised solver's verdicts on it to
# an exhaustive search when it is inside.
INSIDE = {"klondike", "saratoga", "double-klondike", "gold-mine", "jumbo"}
OUTSIDE = {"whitehead", "thumb-and-pouch", "westhaven", "easthaven", "agnes", "athena"}
OUTSIDE |= {"yukon", "canfield", "lady-jane"}


def test_the_built_in_tables_of_klondikes_shape_are_inside_the_gate_and_only_they():
    for table in all_variants():
        for mode in table.mode_ids():
            why = coverage.outside(table.rules(mode))
            assert all(isinstance(reason, str) for reason in why), (table.id, mode)
            if table.id in INSIDE:
                assert why == [], (table.id, mode)
            elif table.id in OUTSIDE:
                assert why, (table.id, mode)
    assert INSIDE | OUTSIDE <= {table.id for table in all_variants()}
    r = rules("klondike", "draw1")
    assert solve(small_won(r), r).stats["search"] == "specialised"


def test_the_gate_names_what_is_outside():
    r = rules("klondike", "draw1")
    assert coverage.outside(dataclasses.replace(r, draw=11)) == ["draw: 11"]
    assert coverage.outside(dataclasses.replace(r, foundations=8)) == ["foundations: 8 for 1 decks"]
    # Every cut names conditions the gate has.
    names = {condition.name for condition in coverage.SPECIALISED}
    for cut, needs in coverage.CUTS.items():
        assert set(needs) <= names, cut


@pytest.fixture
def only_alternate_colours(monkeypatch):
    """The gate as it would be if the specialised solver were proved for alternate
    colours only: any other build goes to the generic search."""
    narrowed = tuple(
        dataclasses.replace(c, holds=lambda v: v is Build.ALTERNATE_COLOUR)
        if c.field == "build"
        else c
        for c in coverage.SPECIALISED
    )
    monkeypatch.setattr(coverage, "SPECIALISED", narrowed)
    coverage.specialised_covers.cache_clear()
    yield
    coverage.specialised_covers.cache_clear()


def test_a_table_outside_the_gate_is_searched_by_the_generic_search(only_alternate_colours):
    klondike = rules("klondike", "draw1")
    any_suit = dataclasses.replace(klondike, build=Build.ANY_SUIT)
    assert not coverage.specialised_covers(any_suit)
    assert coverage.specialised_covers(klondike)
    won = solve(small_won(any_suit), any_suit)
    assert won.stats["search"] == "generic" and won.outcome is Outcome.WON
    assert replays_to_a_win(any_suit, small_won(any_suit), won.line)
    two_piles, lost_state = small_lost(any_suit)
    lost = solve(lost_state, two_piles)
    assert lost.stats["search"] == "generic" and lost.outcome is Outcome.UNWINNABLE
    assert still_winnable(lost_state, two_piles) is False
    assert still_winnable(small_won(any_suit), any_suit) is True
    # The fair hint and the finish by collection take the generic path too.
    assert hint(small_won(any_suit), any_suit, cache=HintCache()) in won.line[:1]
    line = auto_finish_line(small_won(any_suit), any_suit)  # spades first: a collection
    assert line is not None and replays_to_a_win(any_suit, small_won(any_suit), line)
    assert auto_finish_line(lost_state, two_piles) is None


def test_the_generic_search_keeps_its_budget_and_its_cancel():
    r = rules("klondike", "draw3")
    start = new_game(r, seed=3).state
    assert generic_solve(start, r, max_nodes=50).outcome is Outcome.UNDECIDED
    cancel = threading.Event()
    cancel.set()
    result = generic_solve(start, r, cancel=cancel)
    assert result.cancelled and result.outcome is Outcome.UNDECIDED
    # Set during the search, the event stops it soon.
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    began = time.perf_counter()
    draw1 = rules("klondike", "draw1")  # deal 1: not won in its first 6,000 states
    result = generic_solve(new_game(draw1, seed=1).state, draw1, max_nodes=None, cancel=cancel)
    assert result.cancelled and time.perf_counter() - began < 1.5


def test_the_generic_search_ends_with_unlimited_redeals():
    """Turning the stock round for ever must not make the space endless."""
    r = rules("klondike", "draw1-unlimited")
    r2, lost_state = small_lost(dataclasses.replace(r, build=Build.SAME_SUIT))
    piles = [list(p) for p in lost_state.piles]
    piles[0] = [piles[2].pop()]  # the King of clubs back to the stock
    state = dataclasses.replace(lost_state, piles=tuple(map(tuple, piles)))
    assert generic_solve(state, r2).outcome is Outcome.UNWINNABLE


def test_a_run_under_other_face_up_cards_can_leave_in_the_loss_proof():
    """Saratoga deals face up: a built run (King of clubs, Queen of diamonds) under a card
    that does not build on it leaves as a unit once that card is gone. The relaxed loss
    proof once counted it stuck and called this won position lost."""
    r = rules("saratoga")
    piles = {
        "stock": "TD JS",
        "f1": TOPS["f1"],
        "f2": TOPS["f2"],
        "f3": "AH 2H 3H 4H 5H 6H 7H 8H 9H",
        "f4": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
        "t1": "KH",
        "t2": "9D KS KC QD TH",
        "t3": "JH",
        "t4": "QS",
        "t6": "QH",
        "t7": "KD JD",
    }
    state = position(r, piles)
    assert not hopeless(tables_for(r), position_of(state, r))
    assert generic_solve(state, r).outcome is Outcome.WON
    result = solve(state, r)
    assert result.outcome is Outcome.WON and replays_to_a_win(r, state, result.line)


def test_fair_hints_through_the_generic_search(only_alternate_colours):
    """Outside the gate too, a hint never depends on the order of the unseen cards, and
    following the hints plays on (each hint is legal)."""
    r = dataclasses.replace(rules("klondike", "draw1"), build=Build.ANY_SUIT)
    game = new_game(r, seed=7)
    rng = random.Random(7)
    checked = 0
    for _ in range(8):
        state = game.state
        first = hint(state, r, budget=10, samples=3, nodes=300, cache=HintCache())
        if hidden_slots(state, r):
            other = permute_hidden(state, r, rng)
            assert other != state
            again = hint(other, r, budget=10, samples=3, nodes=300, cache=HintCache())
            assert again == first, (len(game.log), first)
            checked += 1
        if first is None:
            break
        game.execute(first)  # legal, or the engine refuses it
    assert checked >= 5


def test_a_generic_line_from_a_deal_replays_without_its_detours():
    r = rules("klondike", "draw1")
    state = new_game(r, seed=7).state
    result = every_line(state, r, max_nodes=5_000)
    assert result.won and replays_to_a_win(r, state, result.line)
    assert len(result.line) < result.nodes  # the depth-first path wandered; the line not


@pytest.mark.parametrize("seed", [636, 2807])
def test_saratoga_deals_the_loss_proof_once_called_lost_are_won(seed):
    """Of Saratoga's deals 1-3000 the old proof called eight lost at the start; these two
    (and 1055, 1239, 2486) the solver wins."""
    r = rules("saratoga", "draw1")
    state = new_game(r, seed=seed).state
    assert not hopeless(tables_for(r), position_of(state, r))
    result = solve(state, r, max_nodes=None, max_seconds=30)
    assert result.won and replays_to_a_win(r, state, result.line)


def test_where_was_it_lost_through_the_generic_search(only_alternate_colours):
    """The analysis of games outside the gate: the move it names turns a winnable position
    (the generic search wins it) into a lost one (the generic search exhausts it)."""
    klondike = rules("klondike", "draw1-noredeal")
    r = dataclasses.replace(klondike, build=Build.SAME_SUIT, cards_may_return=False)
    rng = random.Random(3)
    found = 0
    for _ in range(300):
        start = thinned(r, played(r, rng.randrange(10**6), 30, rng), _left(rng))
        game = game_at(r, scrambled(r, start, rng, hidden=True))
        for _ in range(12):
            legal = mechanics_for(r).legal_moves(game.state)
            if not legal:
                break
            game.execute(rng.choice(legal))
        result = analyse(game, seconds=2)
        if not result.winnable_at_deal or result.lost_at is None:
            continue
        before = solve(game.position_after(result.lost_at - 1), r)
        after = solve(game.position_after(result.lost_at), r)
        assert before.stats["search"] == after.stats["search"] == "generic"
        assert before.won and after.outcome is Outcome.UNWINNABLE
        found += 1
        if found == 3:
            break
    assert found == 3


def _left(rng) -> dict[int, int]:
    return {suit: rng.randint(0, 4) for suit in range(4)}
