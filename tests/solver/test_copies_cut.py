"""The copies' cut of the generic search's key (game/solver/generic/space.py): where a game
has two cards of one rank and suit (two decks; Spider's one and two suits), a state's key
holds each card's face, so a position is entered once, not once for each way its copies
can lie. The key is held to its two halves (copies swapped: one key; ``line_key`` the exact
state; another face: another key); the engine to the premise (swapping two copies
everywhere maps the legal commands to themselves and each successor to the swapped
successor); and the verdicts to a plain breadth-first walk over whole states in
tests/solver/soundness.py (Spider, Gypsy, Forty Thieves, Jumbo, with
the cut). The compiled core's key is held to Python's by tests/solver/test_core_generic.py
(the same states entered)."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import CARDS_PER_DECK
from game.engine.commands import mechanics_for
from game.engine.events import apply_step
from game.engine.state import State
from game.solver.generic.search import GenericSearch
from game.variants import all_variants, get_variant
from tests.solver.small_positions import played

# Games with copies of a card, and one without.
WITH_COPIES = [("spider", "one-suit"), ("spider", "two-suits"), ("spider", "four-suits")]
WITH_COPIES += [("gypsy", "standard"), ("forty-thieves", "draw1"), ("double-klondike", "draw3")]


def swapped(state: State, a: int, b: int) -> State:
    """``state`` with cards ``a`` and ``b`` trading places, wherever they lie."""
    trade = {a: b, b: a}
    piles = tuple(tuple(trade.get(card, card) for card in pile) for pile in state.piles)
    return State(piles, state.down, state.redeals_used, state.shown, state.base)


def copies_in(state: State) -> list[tuple[int, int]]:
    """Pairs of cards with one face, both in play or the stock."""
    first: dict[int, int] = {}
    pairs = []
    for pile in state.piles:
        for card in pile:
            face = card % CARDS_PER_DECK
            if face in first:
                pairs.append((first[face], card))
            else:
                first[face] = card
    return pairs


def test_the_cut_is_made_where_a_card_has_a_copy_and_only_there():
    for table in all_variants():
        for mode in table.mode_ids():
            rules = table.rules(mode)
            space = GenericSearch(rules)
            assert space.copies == (rules.decks > 1 or len(rules.suits) < 4), (table.id, mode)


@pytest.mark.parametrize(("variant", "mode"), WITH_COPIES)
def test_copies_swapped_share_a_key_and_play_alike(variant, mode):
    """Two copies traded everywhere: one key, two line keys; every legal command the same,
    each successor the swapped successor (the premise of the cut, held to the engine)."""
    rules = get_variant(variant).rules(mode)
    space, mechanics = GenericSearch(rules), mechanics_for(rules)
    rng = random.Random(f"{variant}-{mode}")
    checked = 0
    for seed in range(1, 13):
        state = played(rules, seed, rng.randrange(0, 80), rng, 0.5)
        for a, b in rng.sample(copies_in(state), 3):
            other = swapped(state, a, b)
            assert other != state
            assert space.key(other) == space.key(state)
            assert space.line_key(other) != space.line_key(state)
            legal = mechanics.legal_moves(state)
            assert mechanics.legal_moves(other) == legal
            for command in legal:
                after = apply_step(state, mechanics.check(state, command))
                assert apply_step(other, mechanics.check(other, command)) == swapped(after, a, b)
                assert mechanics.won(after) == mechanics.won(swapped(after, a, b))
            checked += 1
    assert checked == 36


def test_another_face_is_another_key():
    rules = get_variant("spider").rules("two-suits")
    space = GenericSearch(rules)
    state = played(rules, 3, 30, random.Random(3), 0.5)
    piles = [pile for pile in state.piles if len(pile) >= 2]
    top, below = piles[0][-1], piles[0][-2]
    if top % CARDS_PER_DECK == below % CARDS_PER_DECK:
        top, below = piles[1][-1], piles[1][-2]
    assert top % CARDS_PER_DECK != below % CARDS_PER_DECK
    assert space.key(swapped(state, top, below)) != space.key(state)
