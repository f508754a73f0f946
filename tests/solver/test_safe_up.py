"""Safe moves up, the generic search's cut of the children (game/solver/generic/space.py):
where the rules allow it, a card whose move up is safe is sent up as a state's only child.
Held here: which built-in games the rules allow it in, and that each condition is needed;
the heights each card needs, against the rules players know for three builds, written here
from the builds' words and not from the closure the search computes; that the cut makes
one child where it should and none where it should not; that the verdicts equal the search
without the cut on small positions, lost ones among them; and that the comparison has teeth
(a table that calls every move up safe is caught). The compiled core makes the same children
(tests/solver/test_core_generic.py: its children in the search's order, rule sets drawn
from the whole vocabulary)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.cards import RANK, SUIT, make_card
from game.engine.commands import Move, mechanics_for
from game.engine.state import State
from game.solver.generic.search import GenericSearch, search
from game.solver.generic.space import safe_up_needs
from game.solver.outcome import Outcome
from game.solver.specialised.expansion import Budget
from game.variants import all_variants, get_variant
from tests.solver.small_positions import (
    buried,
    engine_thinned,
    played,
    replays_to_a_win,
    scrambled,
)

FREECELL = get_variant("freecell").rules()
BAKERS_GAME = get_variant("bakers-game").rules()
CASTLE = get_variant("beleaguered-castle").rules()
RED = {1, 2}  # diamonds and hearts (SUITS is "CDHS")


def test_the_built_in_games_it_holds_in():
    holds = {
        (table.id, mode)
        for table in all_variants()
        for mode in table.mode_ids()
        if safe_up_needs(table.rules(mode)) is not None
    }
    assert holds == {
        ("freecell", "standard"),
        ("bakers-game", "standard"),
        ("eight-off", "standard"),
        ("seahaven", "standard"),
        ("streets-and-alleys", "standard"),
        ("beleaguered-castle", "standard"),
        ("bakers-dozen", "standard"),
        ("whitehead", "draw1"),
        ("klondike", "draw1-noredeal"),
        ("saratoga", "draw1-noredeal"),
    }


@pytest.mark.parametrize(
    "change",
    [
        {"draw": 3},  # three cards turned at a time: the waste's order would change
        {"redeals": 1},  # the waste back in the stock: c would come round again
        {"decks": 2},  # a card's twin may take its place on the foundation
        {"reserves": 1, "reserve_deal": 4},  # an emptied pile filled from the reserve
        {"fill_empty_first": True},  # a rule that reads whether a pile is empty
        {"runs": "top-or-all-face-up"},  # runs that lift as they lie, not as built
        {"foundation_base": "dealt"},
    ],
)
def test_each_condition_is_needed(change):
    rules = get_variant("klondike").rules("draw1-noredeal")
    assert safe_up_needs(rules) is not None
    assert safe_up_needs(dataclasses.replace(rules, **change)) is None


def needs_as_players_say(card: int, build: str) -> tuple[int, ...]:
    """The heights at which a card may safely go up, from the build's words: in suit, only
    its own suit below it; regardless of suit, every suit a rank below (any card of that
    rank could want it); in alternate colours, the other colour a rank below and its own
    colour's other suit two below (those could want the cards that could want it)."""
    rank, suit = RANK[card], SUIT[card]
    need = [0, 0, 0, 0]
    for other in range(4):
        if other == suit:
            need[other] = rank - 1
        elif build == "any-suit":
            need[other] = rank - 1
        elif build == "alternate-colour":
            same = (other in RED) == (suit in RED)
            need[other] = max(0, rank - 2) if same else rank - 1
    return tuple(need)


@pytest.mark.parametrize(
    "rules, build",
    [(FREECELL, "alternate-colour"), (BAKERS_GAME, "in-suit"), (CASTLE, "any-suit")],
)
def test_each_card_needs_what_the_players_rule_says(rules, build):
    needs = safe_up_needs(rules)
    assert [needs[card] for card in range(52)] == [
        needs_as_players_say(card, build) for card in range(52)
    ]


def freecell_state(foundations, tableau, cells=()) -> State:
    """A FreeCell state: foundations as (suit, height) tops, tableau piles bottom to top."""
    layout = mechanics_for(FREECELL).layout
    piles = [()] * layout.pile_count
    for at, (suit, height) in enumerate(foundations):
        piles[layout.foundation_range[at]] = tuple(make_card(r, suit) for r in range(1, height + 1))
    for at, pile in enumerate(tableau):
        piles[layout.tableau_range[at]] = tuple(pile)
    for at, card in enumerate(cells):
        piles[layout.cell_range[at]] = (card,)
    return State(tuple(piles), (0,) * len(piles), 0, (), 0)


def test_a_safe_move_up_is_the_only_child_and_an_unsafe_one_one_of_many():
    space = GenericSearch(FREECELL)
    plain = GenericSearch(FREECELL)
    plain.safe_up = None
    clubs, diamonds, hearts, spades = range(4)
    three = make_card(3, clubs)
    rest = [card for card in range(52) if RANK[card] > 2 and card != three]
    tableau = [rest[i::8] for i in range(8)]
    tableau[7].append(three)
    # Every Two up: the Three of clubs may go up safely (the red Twos and the Ace of
    # spades are up), and its move up is the only child.
    state = freecell_state([(s, 2) for s in range(4)], tableau)
    children = space.children(state)
    assert [child[2] for child in children] == [Move(children[0][2].source, children[0][2].target)]
    assert state.piles[children[0][2].source][-1] == three
    assert len(plain.children(state)) > 1
    # The red Twos not up (they lie at the bottom of two piles): the Three of clubs may go
    # up, but a red Two could still want it, so every child is kept.
    low = [list(pile) for pile in tableau]
    low[0].insert(0, make_card(2, diamonds))
    low[1].insert(0, make_card(2, hearts))
    state = freecell_state([(clubs, 2), (diamonds, 1), (hearts, 1), (spades, 2)], low)
    children = space.children(state)
    assert children == plain.children(state)
    assert any(
        child[2].target in space.foundations and state.piles[child[2].source][-1] == three
        for child in children
    )


def small_positions(rules, rng: random.Random, count: int):
    """``count`` small positions of ``rules``: late games thinned by the engine, their
    cards scrambled over a few piles, or buried (every pile filled, each suit's next card
    under others)."""
    made = 0
    while made < count:
        state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 100), rng, 0.5)
        few = engine_thinned(rules, state, rng.randint(3, 12), rng)
        kind = made % 3
        if kind == 1:
            few = scrambled(rules, few, rng, any(few.down), talon=False)
        elif kind == 2:
            keep = mechanics_for(rules).layout.tableau + rng.randint(1, 6)
            few = buried(rules, engine_thinned(rules, state, keep, rng), rng)
        yield few
        made += 1


# The games' small positions: Baker's Game without cells, Baker's Dozen and Klondike block
# often enough that the loss verdicts are tried too (BLOCKING); the others, FreeCell with
# one cell among them, are won whatever is dealt, and try the wins.
GAMES = {
    "freecell, one cell": dataclasses.replace(FREECELL, cells=1),
    "bakers-game, no cell": dataclasses.replace(BAKERS_GAME, cells=0),
    "beleaguered-castle": CASTLE,
    "streets-and-alleys": get_variant("streets-and-alleys").rules(),
    "seahaven": get_variant("seahaven").rules(),
    "bakers-dozen": get_variant("bakers-dozen").rules(),
    "whitehead": get_variant("whitehead").rules(),
    "klondike draw1-noredeal": get_variant("klondike").rules("draw1-noredeal"),
}
POSITIONS = 60
SEARCH_STATES = 3_000  # of 60 positions a game, 8,000 decided two more
# The games whose small positions are lost often enough to try the loss verdicts (the
# others' small positions are all won: a cell or an empty pile unblocks them).
BLOCKING = {"bakers-game, no cell", "bakers-dozen", "klondike draw1-noredeal"}


@pytest.mark.parametrize("game", GAMES)
def test_the_cut_loses_no_verdict_on_small_positions(game):
    """With the cut, the search answers as the search without it (every legal command
    tried, to the end of the reachable states: the reference the soundness test holds to a
    breadth-first walk over whole states, tests/solver/soundness.py,
    which now runs with the cut as well); its wins replay through the engine; and it
    never enters more states than without it."""
    rules = GAMES[game]
    rng = random.Random(36)
    seen = {Outcome.WON: 0, Outcome.UNWINNABLE: 0}
    fired = 0
    for state in small_positions(rules, rng, POSITIONS):
        cut = GenericSearch(rules)
        plain = GenericSearch(rules)
        plain.safe_up = None
        fired += len(cut.children(state)) == 1 < len(plain.children(state))
        outcome, line, entered = search(cut, state, Budget(), SEARCH_STATES)
        if outcome is Outcome.UNDECIDED:
            continue  # nothing to compare: the search without the cut is not run
        without, _line, entered_plain = search(plain, state, Budget(), SEARCH_STATES)
        if without is Outcome.UNDECIDED:
            continue
        assert outcome is without, state
        if outcome is Outcome.WON:
            assert replays_to_a_win(rules, state, line)
        assert entered <= entered_plain
        seen[outcome] += 1
    assert fired >= POSITIONS // 10, fired
    assert seen[Outcome.WON] >= POSITIONS // 4, seen
    if game in BLOCKING:
        assert seen[Outcome.UNWINNABLE] >= 3, seen


def test_the_comparison_has_teeth():
    """A table that calls every move up safe (a build regardless of suit taken as one in
    suit) loses a win the search without the cut finds, on some small position of Baker's
    Dozen."""
    rules = GAMES["bakers-dozen"]
    rng = random.Random(6)  # the 23rd position (of seed 5's, the 100th)
    for state in small_positions(rules, rng, 100):
        wrong = GenericSearch(rules)
        wrong.safe_up = tuple((0, 0, 0, 0) for _ in range(52))
        outcome, _line, _entered = search(wrong, state, Budget(), SEARCH_STATES)
        plain = GenericSearch(rules)
        plain.safe_up = None
        if outcome is Outcome.UNWINNABLE:
            if search(plain, state, Budget(), SEARCH_STATES)[0] is Outcome.WON:
                return
    pytest.fail("every move up taken as safe lost no win")
