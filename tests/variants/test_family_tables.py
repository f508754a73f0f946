"""The built-in tables beyond the three seeds (issue 23's Klondike family, issue 36's
Spider, FreeCell, Forty Thieves and Golf families): each loads, deals the shape its page
describes (every game's deal shape is checked here, not in its tests/family/test_rules_ID.py),
every mode of every built-in game deals each card of its decks once, and each plays by random
legal moves with every move listed once and accepted, no legal move left out (checked against
every move there could be), and every step undone exactly."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from game.engine.cards import ACE, CODE, RANK, RANKS
from game.engine.commands import Draw, Move
from game.engine.events import (
    CardsMoved,
    CardTurnedUp,
    StockDealt,
    StockTurned,
    WasteRedealt,
    apply_step,
    revert_step,
)
from game.engine.game import new_game
from game.engine.refusals import Refused
from game.engine.savefile import game_from_json, game_to_json
from game.engine.state import STOCK, WASTE
from game.variants import builtin_ids, get_variant
from tests.variant_ids import FAMILY

# variant: (tableau sizes, face-down counts, reserve sizes, cell sizes, stock size,
# foundation sizes), read from its page (a game added as its table alone has none yet:
# tests/variants/test_game_extras.py reports it). The sizes add up to the page's deck.
SHAPES = {
    "whitehead": ([1, 2, 3, 4, 5, 6, 7], [0] * 7, [], [], 24, [0] * 4),
    "thumb-and-pouch": ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], [], [], 24, [0] * 4),
    "westhaven": ([3] * 10, [2] * 10, [], [], 22, [0] * 4),
    "easthaven": ([3] * 7, [2] * 7, [], [], 31, [0] * 4),
    # One card on the first foundation: the base card (Canfield's and Lady Jane's too).
    "agnes": ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], [], [], 23, [1, 0, 0, 0]),
    "gold-mine": ([0] * 7, [0] * 7, [], [], 52, [0] * 4),
    "athena": ([4] * 7, [3] * 7, [], [], 24, [0] * 4),
    "jumbo": ([9, 8, 7, 6, 5, 4, 3, 2, 1], [8, 7, 6, 5, 4, 3, 2, 1, 0], [], [], 59, [0] * 8),
    "yukon": ([1, 6, 7, 8, 9, 10, 11], [0, 1, 2, 3, 4, 5, 6], [], [], 0, [0] * 4),
    "canfield": ([1, 1, 1, 1], [0] * 4, [13], [], 34, [1, 0, 0, 0]),
    "lady-jane": ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], [1] * 7, [], 16, [1, 0, 0, 0]),
    "freecell": ([7, 7, 7, 7, 6, 6, 6, 6], [0] * 8, [], [0] * 4, 0, [0] * 4),
    "bakers-game": ([7, 7, 7, 7, 6, 6, 6, 6], [0] * 8, [], [0] * 4, 0, [0] * 4),
    "eight-off": ([6] * 8, [0] * 8, [], [1, 1, 1, 1, 0, 0, 0, 0], 0, [0] * 4),
    "seahaven": ([5] * 10, [0] * 10, [], [1, 1, 0, 0], 0, [0] * 4),
    "streets-and-alleys": ([7, 7, 7, 7, 6, 6, 6, 6], [0] * 8, [], [], 0, [0] * 4),
    "beleaguered-castle": ([6] * 8, [0] * 8, [], [], 0, [1] * 4),  # an Ace on every foundation
    # Spider's piles 1, 4, 7 and 10 get five cards down and one up, the rest four and one.
    "spider": ([6, 5, 5, 6, 5, 5, 6, 5, 5, 6], [5, 4, 4, 5, 4, 4, 5, 4, 4, 5], [], [], 50, [0] * 8),
    "spiderette": ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6], [], [], 24, [0] * 4),
    # Three rows face down on the first four piles, up on the last three; four rows up. No
    # foundations: the runs stay in the tableau.
    "scorpion": ([7] * 7, [3, 3, 3, 3, 0, 0, 0], [], [], 3, []),
    "gypsy": ([3] * 8, [2] * 8, [], [], 80, [0] * 8),  # two rows down, one up
    "forty-thieves": ([4] * 10, [0] * 10, [], [], 64, [0] * 8),
    "bakers-dozen": ([4] * 13, [0] * 13, [], [], 0, [0] * 4),
    "golf": ([5] * 7, [0] * 7, [], [], 17, []),  # no foundations: the waste takes the cards
}


def game_of(variant: str, seed: int = 7):
    return dealt(get_variant(variant).rules(), seed)


def dealt(rules, seed: int):
    """Deal ``seed`` as a number of the game's numbering (FreeCell's deals start at 1)."""
    return new_game(rules, seed=rules.numbering.spread(seed))


@pytest.mark.parametrize("variant", [variant for variant in FAMILY if variant in SHAPES])
def test_each_table_deals_the_shape_of_its_page(variant):
    """Every pile's size as the page deals it, the face-down cards of the tableau, the
    waste empty, the base card on the first foundation, and every card of the page's
    deck(s) dealt once."""
    tableau, down, reserves, cells, stock, foundations = SHAPES[variant]
    game = game_of(variant)
    state, layout = game.state, game.layout
    assert [len(state.piles[t]) for t in layout.tableau_range] == tableau
    assert [state.down[t] for t in layout.tableau_range] == down
    assert [len(state.piles[r]) for r in layout.reserve_range] == reserves
    assert [len(state.piles[c]) for c in layout.cell_range] == cells
    assert len(state.piles[STOCK]) == stock
    assert state.piles[WASTE] == ()
    assert [len(state.piles[f]) for f in layout.foundation_range] == foundations
    # Every pile is counted above, so the page's numbers fix the deck: 52 cards a deck.
    page_deck = sum(tableau) + sum(reserves) + sum(cells) + stock + sum(foundations)
    assert game.rules.card_count == page_deck
    assert sorted(c for pile in state.piles for c in pile) == list(range(page_deck))
    if layout.foundation_range:
        first = state.piles[layout.foundation_range[0]]
        rank = game.mechanics.empty_foundation_rank(state)
        assert rank == (RANK[first[0]] if first else ACE)


@pytest.mark.parametrize(
    ("variant", "mode"),
    [(variant, mode) for variant in builtin_ids() for mode in get_variant(variant).mode_ids()],
)
def test_every_mode_deals_every_card_of_its_decks_once(variant, mode):
    """Every built-in game in every mode, Spider's one- and two-suit decks among them:
    each card of the deck dealt once, each code of the mode's suits as often as the decks
    hold it (one-suit Spider: eight of each Spade)."""
    rules = get_variant(variant).rules(mode)
    cards = [c for pile in dealt(rules, 7).state.piles for c in pile]
    assert len(cards) == len(set(cards)) == rules.card_count
    copies = rules.card_count // (len(RANKS) * len(rules.suits))
    assert Counter(CODE[c] for c in cards) == {r + s: copies for r in RANKS for s in rules.suits}


def test_athena_shows_its_second_row_face_up_under_a_face_down_card():
    game = game_of("athena")
    t1 = game.layout.tableau_range[0]
    assert [game.state.face_up(t1, p) for p in range(4)] == [False, True, False, True]
    assert game.state.describe(game.layout)["t1"][1] != "??"


def test_canfields_reserve_has_its_top_card_face_up():
    game = game_of("canfield")
    r1 = game.layout.index("r1")
    assert game.state.down[r1] == 12
    assert game.state.describe(game.layout)["r1"][-1] != "??"


def test_yukon_deals_its_extra_rows_face_up_on_piles_two_to_seven():
    game = game_of("yukon")
    t2 = game.layout.index("t2")
    assert [game.state.face_up(t2, p) for p in range(6)] == [False] + [True] * 5


def every_move_there_could_be(game):
    """Every Move the checks accept, found by trying them all, and Draw if accepted."""
    state, count = game.state, game.layout.pile_count
    found = set()
    for source in range(count):
        for target in range(count):
            for n in range(1, len(state.piles[source]) + 1):
                if game.is_legal(Move(source, target, n)):
                    found.add(Move(source, target, n))
    if game.is_legal(Draw()):
        found.add(Draw())
    return found


def play_randomly(variant, seed, steps, check_complete, rules=None):
    rng = random.Random(seed)
    game = game_of(variant, seed) if rules is None else dealt(rules, seed)
    kinds = set()
    for _ in range(steps):
        legal = game.legal_moves()
        assert len(legal) == len(set(legal)), "a move listed twice"
        if check_complete:
            assert set(legal) == every_move_there_could_be(game)
        if not legal:
            break
        before = game.state
        step = game.execute(rng.choice(legal))
        kinds.update(type(e) for e in step)
        assert revert_step(game.state, step) == before
        assert apply_step(before, step) == game.state
        assert sum(map(len, game.state.piles)) == game.rules.card_count
        assert all(0 <= d <= len(p) for d, p in zip(game.state.down, game.state.piles, strict=True))
    assert game.replayed_state() == game.state
    return game, kinds


@pytest.mark.parametrize("variant", FAMILY)
def test_random_legal_play_lists_every_legal_move_once_and_undoes_exactly(variant):
    kinds = set()
    for seed in range(2):
        game, seen = play_randomly(variant, seed, 150, check_complete=True)
        kinds |= seen
        while game.can_undo:  # undo all the way: back to the deal
            game.undo()
        assert game.state == game.initial
    assert CardsMoved in kinds


@pytest.mark.parametrize("variant", FAMILY)
def test_a_played_game_saves_and_loads_as_it_was(variant):
    game, _kinds = play_randomly(variant, 11, 120, check_complete=False)
    loaded, _extra = game_from_json(game_to_json(game), get_variant)
    assert loaded.state == game.state
    assert [r.step for r in loaded.log] == [r.step for r in game.log]


def test_every_event_kind_is_played_and_undone_in_the_family():
    kinds = set()
    for variant in FAMILY:
        for seed in range(4):
            kinds |= play_randomly(variant, seed, 200, check_complete=False)[1]
    assert kinds == {CardsMoved, CardTurnedUp, StockTurned, WasteRedealt, StockDealt}


@pytest.mark.parametrize("variant", FAMILY)
def test_the_legal_moves_never_include_a_refused_one(variant):
    """The listing and the checks agree in longer games too (no listing of the whole
    move space: only the listed moves are checked)."""
    rng = random.Random(variant)
    for seed in range(10):
        game = game_of(variant, seed)
        for _ in range(300):
            legal = game.legal_moves()
            if not legal:
                break
            for command in legal:
                try:
                    game.mechanics.check(game.state, command)
                except Refused as refused:  # pragma: no cover - the failure's message
                    pytest.fail(f"{variant} seed {seed}: listed but refused: {refused}")
            game.execute(rng.choice(legal))


@pytest.mark.parametrize("variant", ["klondike", *FAMILY])
def test_a_game_crosses_to_another_process_as_it_is(variant):
    """The background searches get the game pickled: its compiled rules come back whole."""
    game, _kinds = play_randomly(variant, 5, 40, check_complete=False)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.state == game.state and copy.legal_moves() == game.legal_moves()
