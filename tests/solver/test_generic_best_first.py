"""The generic search's phases: its depth-first probe and its best-first rounds
(generic_best_first.py, core/generic_best_first.c): what they add to the depth-first
search, that they answer only what is so, and that the core's rounds are Python's (the
differential test is in test_core_generic.py; here, that it would see a change of the
evaluation)."""

from __future__ import annotations

import dataclasses
import random
import threading

import pytest

from game.engine.cards import ACE, RANK, SUIT
from game.engine.game import new_game
from game.engine.orders import Move
from game.solver.compiled import native
from game.solver.compiled.generic import native_generic_best_first, native_generic_search
from game.solver.generic import best_first as generic_best_first
from game.solver.generic import search as generic
from game.solver.generic.best_first import Weights, best_first, evaluate
from game.solver.generic.search import GenericSearch, generic_solve
from game.solver.outcome import Outcome
from game.solver.specialised.expansion import Budget
from game.variants import get_variant
from tests.solver.generic_cases import late_games
from tests.solver.small_positions import played, replays_to_a_win

needs_core = pytest.mark.skipif(native._core is None, reason="no compiled core on this install")


@needs_core
def test_the_rounds_win_a_deal_the_depth_first_search_leaves_undecided():
    """Whitehead deal 5: the depth-first search alone enters 900,000 states without a win;
    the first best-first round (its tenth of the same budget) wins it, and the line
    replays through the engine."""
    rules = get_variant("whitehead").rules()
    state = new_game(rules, seed=5).state
    alone = native_generic_search(rules, state, 900_000, None, None)
    assert alone[0] is Outcome.UNDECIDED
    result = generic_solve(state, rules, max_nodes=900_000)
    assert result.won and result.stats["phase"] == "best-first" and result.stats["core"]
    assert result.nodes < 900_000 * generic.BEST_FIRST_SHARE
    assert replays_to_a_win(rules, state, result.line)


@needs_core
def test_a_deal_the_depth_first_search_decides_soon_is_answered_by_its_probe():
    """Whitehead deal 2: the depth-first search wins it within 85,154 states, inside the
    probe's 100,000, so the search of every line answers it as the depth-first search
    alone answers it, before any best-first round (a round first had made such deals wait
    a second)."""
    rules = get_variant("whitehead").rules()
    state = new_game(rules, seed=2).state
    alone = native_generic_search(rules, state, 1_000_000, None, None)
    assert alone[0] is Outcome.WON and alone[2] < generic.PROBE_NODES
    result = generic.every_line(state, rules, max_nodes=None, max_seconds=30)
    assert result.stats["phase"] == "probe"
    assert (result.outcome, result.line, result.nodes) == alone


def test_a_round_that_enters_every_state_proves_the_loss():
    """Best-first over every legal command with each state entered once: when no state is
    left, none of them is won (the same argument as the depth-first search's)."""
    rules = get_variant("whitehead").rules()
    state = new_game(rules, seed=4).state  # lost: 869 states reachable
    space = GenericSearch(rules)
    outcome, line, nodes = best_first(space, state, Budget(), 10_000, Weights())
    assert (outcome, line) == (Outcome.UNWINNABLE, None)
    assert nodes == generic.search(space, state, Budget(), 10_000)[2]
    assert best_first(space, state, Budget(), nodes - 1, Weights())[0] is Outcome.UNDECIDED


def test_the_talon_counts_only_where_it_is_dealt_to_the_waste_a_limited_number_of_times():
    whitehead = get_variant("whitehead").rules()  # one pass through the stock to the waste
    weights = generic.best_first_weights(whitehead)
    assert [w.talon for w in weights] == list(generic.BEST_FIRST_TALON_WEIGHTS)
    assert all(w == Weights(talon=w.talon) for w in weights)  # no FreeCell term
    space = GenericSearch(whitehead)
    state = new_game(whitehead, seed=1).state
    talon = len(state.piles[0]) + len(state.piles[1])
    assert evaluate(space, state, Weights(5)) == evaluate(space, state, Weights()) - 5 * talon
    for variant in ("agnes", "yukon", "canfield"):  # to the piles; no stock; unlimited
        rules = get_variant(variant).rules()
        assert generic.best_first_weights(rules) == (Weights(),)
        state = new_game(rules, seed=1).state
        space = GenericSearch(rules)
        assert evaluate(space, state, Weights(5)) == evaluate(space, state, Weights())


def test_a_buried_card_costs_what_a_card_up_gains():
    """The evaluation of a dealt Whitehead game: no card up, and every card under a pile's
    built top run buried."""
    rules = get_variant("whitehead").rules()
    state = new_game(rules, seed=1).state
    space = GenericSearch(rules)
    builds_on = space.mechanics.builds_on
    buried = 0
    for pile in space.layout.tableau_range:
        cards = state.piles[pile]
        run = 1
        while run < len(cards) and builds_on(cards[-run], cards[-run - 1]):
            run += 1
        buried += max(0, len(cards) - run)
    assert buried > 0
    assert evaluate(space, state, Weights()) == -generic_best_first.BURIED_WEIGHT * buried


@needs_core
def test_a_changed_evaluation_makes_the_core_and_python_differ():
    """The differential test has teeth: with buried cards not weighed in Python (3 a card
    in the core), the two rounds win some of these late games by other lines or after
    other numbers of states."""
    rules = get_variant("yukon").rules()
    states = late_games(rules, random.Random(5), 12)

    def rounds(buried_weight=generic_best_first.BURIED_WEIGHT):
        space = GenericSearch(rules)
        return [
            (
                best_first(space, state, Budget(), 800, Weights(), buried_weight),
                native_generic_best_first(rules, state, 800, None, None, Weights()),
            )
            for state in states
        ]

    before = rounds()
    assert all(python == core for python, core in before)
    assert sum(core[0] is Outcome.WON for _python, core in before) >= 3
    assert any(python != core for python, core in rounds(buried_weight=0))


@needs_core
def test_a_round_stops_on_its_clock_and_its_cancel_event():
    rules = get_variant("whitehead").rules()
    state = new_game(rules, seed=11).state  # no round wins it within a million states
    outcome, _line, nodes = native_generic_best_first(rules, state, 10**7, 0.2, None, Weights())
    assert outcome is Outcome.UNDECIDED and 0 < nodes < 10**7
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(native.NativeCancelled):
        native_generic_best_first(rules, state, 10**7, None, cancel, Weights())


def test_with_cells_the_rounds_weigh_free_cells_empty_piles_and_the_cards_above_the_next():
    """FreeCell's rounds have weights of their own (every game without cells keeps the
    talon's alone): dealt, deal 1 has four free cells, no empty pile, and the four Aces
    (each one a foundation takes now) under the cards counted here; laid otherwise, the
    cells full and a pile empty."""
    rules = get_variant("freecell").rules()
    assert generic.best_first_weights(rules) == generic.CELLS_WEIGHTS
    assert all(w.talon == 0 and w.above_next for w in generic.CELLS_WEIGHTS)
    space = GenericSearch(rules)
    state = new_game(rules, seed=1).state
    above = 0
    for pile in space.layout.tableau_range:
        cards = state.piles[pile]
        above += sum(len(cards) - 1 - at for at, card in enumerate(cards) if RANK[card] == ACE)
    assert above > 0
    plain = evaluate(space, state, Weights())
    assert evaluate(space, state, Weights(0, 3, 6, 2)) == plain + 3 * 4 - 2 * above
    # A table laid by hand (the evaluation reads the state alone): the first pile's cards
    # put on the second, so that it is empty, and the third pile's top cards in the cells.
    piles = list(state.piles)
    first = space.layout.tableau_range.start
    cells = list(space.layout.cell_range)
    piles[first + 1] += piles[first]
    piles[first] = ()
    for cell, card in zip(cells, piles[first + 2][-len(cells) :], strict=True):
        piles[cell] = (card,)
    piles[first + 2] = piles[first + 2][: -len(cells)]
    laid = dataclasses.replace(state, piles=tuple(piles))
    above_laid = sum(
        len(piles[p]) - 1 - at
        for p in space.layout.tableau_range
        for at, card in enumerate(piles[p])
        if RANK[card] == ACE
    )
    assert evaluate(space, laid, Weights(0, 3, 6, 2)) == (
        evaluate(space, laid, Weights()) + 6 * 1 + 3 * 0 - 2 * above_laid
    )


@needs_core
def test_freecells_rounds_win_a_deal_the_plain_evaluation_leaves_undecided():
    """Microsoft's deal 2: a round weighing only cards up and buried cards enters 200,000
    states without a win; FreeCell's first round wins it within a few thousand, and the
    line replays through the engine."""
    rules = get_variant("freecell").rules()
    state = new_game(rules, seed=2).state
    plain = native_generic_best_first(rules, state, 200_000, None, None, Weights())
    assert plain[0] is Outcome.UNDECIDED
    result = generic_solve(state, rules, max_nodes=1_000_000)
    assert result.won and result.stats["phase"] == "best-first" and result.stats["core"]
    assert result.nodes < 20_000
    assert replays_to_a_win(rules, state, result.line)


@needs_core
def test_the_freecell_terms_are_held_equal_in_the_core():
    """The differential test sees the new terms: Python weighing the cards above the next
    ones and the core not (or the other way) part on some late FreeCell games; with the same
    weights they never do."""
    rules = get_variant("freecell").rules()
    states = late_games(rules, random.Random(3), 12)
    space = GenericSearch(rules)
    weights = Weights(0, 3, 6, 2)
    same = [
        best_first(space, state, Budget(), 800, weights)
        == native_generic_best_first(rules, state, 800, None, None, weights)
        for state in states
    ]
    assert all(same)
    parted = [
        best_first(space, state, Budget(), 800, weights)
        != native_generic_best_first(rules, state, 800, None, None, weights._replace(above_next=0))
        for state in states
    ]
    assert any(parted)


def test_where_linked_runs_move_over_face_down_cards_the_rounds_weigh_the_spider_terms():
    """Spider's three decks, Spiderette, Gypsy and Easthaven have rounds of their own,
    stated on the rules: runs in suit or as built move together, tableau cards are dealt
    face down and the stock deals onto the tableau. Whitehead's runs move in suit too, but
    every card lies face up; Scorpion moves any face-up cards, Agnes runs in one colour
    (left out: ``LINKED_RUNS``), Klondike deals its stock to the waste."""
    spider_like = (
        ("spider", "one-suit"),
        ("spider", "four-suits"),
        ("spiderette", None),
        ("gypsy", None),
        ("easthaven", None),
    )
    for variant, mode in spider_like:
        rules = get_variant(variant).rules(mode)
        assert generic.runs_over_face_down(rules) and generic.rounds_first(rules)
        assert generic.best_first_weights(rules) == generic.RUNS_OVER_FACE_DOWN_WEIGHTS
    for variant in ("whitehead", "scorpion", "agnes", "klondike"):
        rules = get_variant(variant).rules()
        assert not generic.runs_over_face_down(rules)
        assert all(
            not (w.face_down or w.in_suit or w.stock or w.newest_first)
            for w in generic.best_first_weights(rules)
        )
    assert all(
        w.talon == w.free_cells == 0 and w.above_next == generic.ABOVE_NEXT_OVER_FACE_DOWN
        for w in generic.RUNS_OVER_FACE_DOWN_WEIGHTS
    )


def test_the_cards_above_the_next_ones_up_weigh_in_gypsy_and_not_in_spider():
    """The rounds for runs over face-down cards count the cards above a tableau card a
    foundation takes now: in Gypsy, whose foundations take single cards, that lowers a
    state's score by the weight a card; Spider's foundations take only complete runs, so
    its scores, and so its rounds, are what they are without the weight. The cards are
    counted here from Gypsy's page, not with the engine's foundation rule."""
    weights = generic.RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS[0]
    without = weights._replace(above_next=0)
    rng = random.Random(36)
    lowered = 0
    for variant in ("gypsy", "spider"):
        rules = get_variant(variant).rules()
        space = GenericSearch(rules)
        for _ in range(40):
            state = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 60), rng, 0.3)
            tops = [state.piles[f][-1:] for f in space.layout.foundation_range]
            above = 0
            for p in space.layout.tableau_range:
                pile = state.piles[p]
                for at, card in enumerate(pile):
                    if _gypsy_foundation_takes(tops, card):
                        above += len(pile) - 1 - at
            difference = evaluate(space, state, without) - evaluate(space, state, weights)
            if variant == "spider":
                assert difference == 0
            else:
                assert difference == generic.ABOVE_NEXT_OVER_FACE_DOWN * above
                lowered += above > 0
    assert lowered >= 10  # positions where the weight counted


def _gypsy_foundation_takes(tops: list[list[int]], card: int) -> bool:
    """Gypsy's page, written apart from the engine: the eight foundations build up in suit
    from the Ace, so one takes an Ace while a foundation is empty, and otherwise the card of
    the top card's suit one rank higher. (``tops``: each foundation's top card, or none.)"""
    if RANK[card] == ACE:
        return any(not top for top in tops)
    return any(
        top and SUIT[top[0]] == SUIT[card] and RANK[top[0]] + 1 == RANK[card] for top in tops
    )


@needs_core
def test_a_gypsy_deal_is_won_only_with_the_cards_above_the_next_ones_weighed():
    """Gypsy deal 32 (cards kept up, as the search first tries): the first round wins it
    in 111,629 states; with the cards above the next ones up not weighed, none of the
    first twelve rounds wins it."""
    rules = dataclasses.replace(get_variant("gypsy").rules(), cards_may_return=False)
    state = new_game(rules, seed=32).state
    rounds = generic.RUNS_OVER_FACE_DOWN_WEIGHTS[:12]
    outcome, line, nodes = native_generic_best_first(rules, state, 2_000_000, None, None, rounds[0])
    assert outcome is Outcome.WON and nodes == 111_629
    assert replays_to_a_win(rules, state, line)
    for weights in rounds:
        blind = weights._replace(above_next=0)
        answer = native_generic_best_first(rules, state, 2_000_000, None, None, blind)
        assert answer[0] is Outcome.UNDECIDED


def _spider_score(space, state, weights):
    """Spider's evaluation counted here from the cards' suits and ranks (not the engine's
    run rule): ten a card up; less three a card below a pile's top run in suit (face up,
    each card one rank below the one under it); the weighed face-down cards, cards in suit
    on the card one rank higher (face up on the tableau, or on a foundation), empty piles
    and stock cards."""

    def in_suit(upper, lower):
        return SUIT[upper] == SUIT[lower] and RANK[upper] + 1 == RANK[lower]

    buried = pairs = down = empty = 0
    for index in space.layout.tableau_range:
        pile, hidden = state.piles[index], state.down[index]
        down += hidden
        empty += not pile
        pairs += sum(in_suit(pile[at], pile[at - 1]) for at in range(hidden + 1, len(pile)))
        run = 1
        while run < len(pile) - hidden and in_suit(pile[-run], pile[-run - 1]):
            run += 1
        buried += max(0, len(pile) - run)
    up = sum(len(state.piles[f]) for f in space.layout.foundation_range)
    pairs += sum(max(0, len(state.piles[f]) - 1) for f in space.layout.foundation_range)
    return (
        10 * up
        - generic_best_first.BURIED_WEIGHT * buried
        - weights.face_down * down
        + weights.in_suit * pairs
        + weights.empty_piles * empty
        + weights.stock * len(state.piles[0])
    )


def test_the_spider_terms_count_face_down_cards_cards_in_suit_empty_piles_and_the_stock():
    """Spiderette dealt (21 cards face down, 24 in the stock), played on at random, and
    with a run sent up: the evaluation is the one counted from the cards' suits and ranks.
    A run sent up keeps its twelve links and gains its thirteen cards up: no round is kept
    from sending it."""
    rules = get_variant("spiderette").rules()
    space = GenericSearch(rules)
    weights = Weights(empty_piles=7, face_down=2, in_suit=3, stock=5)
    state = new_game(rules, seed=1).state
    assert evaluate(space, state, weights) == _spider_score(space, state, weights)
    assert evaluate(space, state, Weights(stock=5)) == evaluate(space, state, Weights()) + 5 * 24
    rng = random.Random(6)
    seen_pairs = 0
    for _ in range(40):
        state = played(rules, rng.randrange(1, 10**6), rng.randrange(10, 80), rng)
        assert evaluate(space, state, weights) == _spider_score(space, state, weights)
        seen_pairs += _spider_score(space, state, Weights(in_suit=1)) - _spider_score(
            space, state, Weights()
        )
    assert seen_pairs  # the term was met
    # The spades laid as a run from King to Ace on the last pile, then sent up.
    spades = [card for card in range(52) if SUIT[card] == SUIT[51]]
    run = tuple(sorted(spades, key=lambda card: -RANK[card]))
    piles = [tuple(card for card in pile if card not in run) for pile in state.piles]
    down = list(state.down)
    for index, pile in enumerate(state.piles):
        down[index] -= sum(card in run for card in pile[: state.down[index]])
    last = space.layout.tableau_range[-1]
    laid = dataclasses.replace(
        state,
        piles=tuple(piles[:last]) + (piles[last] + run,) + tuple(piles[last + 1 :]),
        down=tuple(down),
    )
    first = space.layout.foundation_range[0]
    sent = list(laid.piles)
    sent[first], sent[last] = run, piles[last]
    sent_up = dataclasses.replace(laid, piles=tuple(sent))
    for each in (laid, sent_up):
        assert evaluate(space, each, weights) == _spider_score(space, each, weights)
    assert evaluate(space, sent_up, weights) > evaluate(space, laid, weights)


def test_newest_first_sends_equal_scores_to_the_state_entered_last():
    """The tie rule changes which states a round enters (Spiderette deal 1, a round of
    300 states: other states), and nothing else: a round that enters every state proves
    the loss either way. (The core's rounds are held to Python's with it in
    test_core_generic.py.)"""
    rules = get_variant("spiderette").rules()
    space = GenericSearch(rules)
    state = new_game(rules, seed=1).state
    weights = generic.RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS[0]
    sweep, dive = (_entered(space, state, weights, newest) for newest in (0, 1))
    assert len(sweep) == len(dive) == 300 and sweep != dive
    lost = get_variant("whitehead").rules()
    lost_state = new_game(lost, seed=4).state  # lost: 869 states reachable
    lost_space = GenericSearch(lost)
    for newest in (0, 1):
        answer = best_first(lost_space, lost_state, Budget(), 10_000, Weights(newest_first=newest))
        assert answer[:2] == (Outcome.UNWINNABLE, None) and answer[2] == 869


def _entered(space, state, weights, newest):
    """The keys of the states a round of 300 states entered, in order."""
    entered = []
    enter = space.enter

    def spy(parent, command, visited):
        child = enter(parent, command, visited)
        if child is not None:
            entered.append(space.key(child))
        return child

    space.enter = spy
    try:
        best_first(space, state, Budget(), 300, weights._replace(newest_first=newest))
    finally:
        space.enter = enter
    return entered


@needs_core
def test_spiders_rounds_win_a_spiderette_deal_the_plain_evaluation_leaves_undecided():
    """Spiderette deal 1: a round weighing only cards up and buried cards enters 600,000
    states without a win; the first of Spider's rounds wins it (within its 250,000), and the
    line replays through the engine."""
    rules = get_variant("spiderette").rules()
    state = new_game(rules, seed=1).state
    plain = native_generic_best_first(rules, state, 600_000, None, None, Weights())
    assert plain[0] is Outcome.UNDECIDED
    result = generic_solve(state, rules, max_nodes=None, max_seconds=30)
    assert result.won and result.stats["phase"] == "best-first" and result.stats["core"]
    assert result.nodes < generic.RUNS_OVER_FACE_DOWN_ROUND_NODES
    assert replays_to_a_win(rules, state, result.line)


def _expanded(rules, state, weights, most):
    """(outcome, states entered, the states expanded at each count of stock cards)."""
    space = GenericSearch(rules)
    levels: dict[int, int] = {}
    children = space.children

    def spy(parent):  # called once for each state expanded
        levels[len(parent.piles[0])] = levels.get(len(parent.piles[0]), 0) + 1
        return children(parent)

    space.children = spy
    outcome, _line, nodes = best_first(space, state, Budget(), most, weights)
    return outcome, nodes, levels


def test_a_round_limited_at_each_stock_count_deals_on_and_proves_no_loss():
    """``Weights.level_most``: on Spiderette deal 1 (24 cards in the stock, 7 a deal) the
    plain round expands hundreds of states before it first deals; limited to 50 a stock
    count, it expands 50 at each count and no more, deals down to an empty stock, and
    ends undecided once its states are spent. On a lost position whose every state the
    plain round enters, a limited round proves nothing. Where the stock goes to the waste
    the limit is not read: Whitehead deal 4 is proved lost in its 869 states either way."""
    rules = get_variant("spiderette").rules()
    weights = generic.RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS[0]
    state = new_game(rules, seed=1).state
    outcome, nodes, plain = _expanded(rules, state, weights, 20_000)
    assert outcome is Outcome.UNDECIDED and nodes == 20_000 and plain[24] > 50
    outcome, nodes, limited = _expanded(rules, state, weights._replace(level_most=50), 20_000)
    assert limited == {24: 50, 17: 50, 10: 50, 3: 50, 0: 50}
    assert outcome is Outcome.UNDECIDED and nodes < 20_000
    rng = random.Random(3)
    lost = None
    while lost is None:
        late = played(rules, rng.randrange(1, 10**6), rng.randrange(0, 60), rng, 0.5)
        answer = _expanded(rules, late, weights, 20_000)
        if late.piles[0] and answer[0] is Outcome.UNWINNABLE and len(answer[2]) > 1:
            lost = late  # lost, and the plain round dealt on the way
    assert _expanded(rules, lost, weights._replace(level_most=2), 20_000)[0] is Outcome.UNDECIDED
    whitehead = get_variant("whitehead").rules()
    deal = new_game(whitehead, seed=4).state
    for most in (0, 1):
        answer = _expanded(whitehead, deal, Weights(level_most=most), 10_000)
        assert answer[:2] == (Outcome.UNWINNABLE, 869)


def test_the_spider_rounds_limited_at_each_stock_count_come_first_with_their_own_budget(
    monkeypatch,
):
    """The Spider family's rounds: the ten sets limited to 1,000 states a stock count, then
    3,000, then 10,000, then plain. Without a node budget a limited round may enter
    ``LEVEL_ROUND_NODES`` states (its limit ends it), a plain round its own share; with a
    node budget every round takes an even share of the rounds' part."""
    rules = get_variant("spider").rules()
    assert generic.best_first_weights(rules) == generic.RUNS_OVER_FACE_DOWN_WEIGHTS
    plain = generic.RUNS_OVER_FACE_DOWN_PLAIN_WEIGHTS
    limits = [w.level_most for w in generic.RUNS_OVER_FACE_DOWN_WEIGHTS]
    assert limits == [1_000] * 10 + [3_000] * 10 + [10_000] * 10 + [0] * 10
    assert [w._replace(level_most=0) for w in generic.RUNS_OVER_FACE_DOWN_WEIGHTS] == list(
        plain
    ) * 4
    given = []

    def spy(self, weight, states, seconds):
        given.append((weight.level_most, states))
        return None  # undecided: the next round

    monkeypatch.setattr(generic._Phases, "best_first", spy)
    # The depth-first search after the rounds is not run: only the rounds' budgets are read.
    monkeypatch.setattr(
        generic._Phases, "depth_first", lambda self, *_: self.result(Outcome.UNDECIDED, None)
    )
    state = new_game(rules, seed=1).state
    generic_solve(state, rules, max_nodes=None, max_seconds=60.0)
    assert given == [
        (most, generic.LEVEL_ROUND_NODES if most else generic.RUNS_OVER_FACE_DOWN_ROUND_NODES)
        for most in limits
    ]
    given.clear()
    generic_solve(state, rules, max_nodes=400_000, max_seconds=None)
    share = int(400_000 * generic.CELLS_BEST_FIRST_SHARE) // len(limits)
    assert given == [(most, share) for most in limits]


@needs_core
def test_where_foundation_cards_may_come_back_the_game_is_first_searched_without_that_move(
    monkeypatch,
):
    """Beleaguered Castle deal 78: searched with foundation cards coming back, it stays
    undecided within 400,000 states; searched first without that move, it is won within
    the first half of them, and the line replays under the game's own rules."""
    rules = get_variant("beleaguered-castle").rules()
    assert rules.cards_may_return and generic.kept_up_first(rules)
    state = new_game(rules, seed=78).state
    result = generic_solve(state, rules, max_nodes=400_000)
    assert result.won and result.stats["kept up"]
    assert result.nodes <= 400_000 * generic.KEPT_UP_SHARE
    assert replays_to_a_win(rules, state, result.line)
    monkeypatch.setattr(generic, "KEPT_UP_SHARE", 0)
    assert not generic.kept_up_first(rules)
    assert generic_solve(state, rules, max_nodes=400_000).outcome is Outcome.UNDECIDED


@needs_core
def test_a_loss_without_cards_coming_back_proves_nothing():
    """Beleaguered Castle deal 818 is lost without foundation cards coming back (proved
    within 6,000 states), and won with them: the search without them is only a first
    phase, and the whole search wins it with a line that takes a card back."""
    rules = get_variant("beleaguered-castle").rules()
    state = new_game(rules, seed=818).state
    kept = dataclasses.replace(rules, cards_may_return=False)
    assert generic_solve(state, kept, max_nodes=400_000).outcome is Outcome.UNWINNABLE
    result = generic_solve(state, rules, max_nodes=400_000)
    assert result.won and "kept up" not in result.stats
    assert replays_to_a_win(rules, state, result.line)
    layout = GenericSearch(rules).layout
    assert any(
        layout.is_foundation(c.source) and not layout.is_foundation(c.target)
        for c in result.line
        if type(c) is Move
    )
