"""One test (at least) per rule sentence of the seeds, for each variant."""

import pytest

from game.engine.cards import CODE
from game.engine.commands import Collect, Draw, Move, ToFoundation
from game.engine.events import CardsMoved, CardTurnedUp, StockTurned, WasteRedealt
from game.engine.game import new_game
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE

from .helpers import SAMPLE_TABLEAU, card, codes, game_at, game_from, position, rules

VARIANTS = ["klondike", "saratoga", "double-klondike"]


def names(game, *pile_names):
    return [game.layout.index(n) for n in pile_names]


def refusal(game, command) -> Refused:
    """The refusal of ``command``, checked to change nothing."""
    before = game.state
    with pytest.raises(Refused) as refused:
        game.execute(command)
    assert game.state == before
    return refused.value


# -- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, piles, up_all",
    [("klondike", 7, False), ("saratoga", 7, True), ("double-klondike", 9, False)],
)
def test_deal_shape_and_face_up_cards(variant, piles, up_all):
    r = rules(variant)
    g = new_game(r, seed=99)
    tab = list(g.layout.tableau_range)
    assert len(tab) == piles
    assert [len(g.state.piles[t]) for t in tab] == list(range(1, piles + 1))
    expected_down = [0] * piles if up_all else list(range(piles))
    assert [g.state.down[t] for t in tab] == expected_down
    assert g.stock_count == r.card_count - piles * (piles + 1) // 2
    assert g.state.piles[WASTE] == () and g.score == 0
    assert len(g.layout.foundation_range) == 4 * r.decks


@pytest.mark.parametrize("variant", VARIANTS)
def test_explicit_deck_is_dealt_row_by_row_then_stock_top_first(variant):
    r = rules(variant)
    g = new_game(r, seed=5)
    order = g.deal.cards(r)
    t = list(g.layout.tableau_range)
    n = len(t)
    # Row 1: one card on every pile, left to right.
    assert [g.state.piles[p][0] for p in t] == order[:n]
    # Row 2 starts on pile 2 (each row one pile shorter on the left).
    assert [g.state.piles[p][1] for p in t[1:]] == order[n : 2 * n - 1]
    # The first card left over is the top of the stock and is turned first.
    dealt = n * (n + 1) // 2
    assert g.state.piles[STOCK][-1] == order[dealt]
    g.execute(Draw())
    assert g.state.piles[WASTE][0] == order[dealt]


def test_klondike_deal_from_explicit_deck_matches_the_seed_text():
    r = rules("klondike")
    tableau = SAMPLE_TABLEAU
    g = game_from(r, tableau)
    shown = g.state.describe(g.layout)
    assert shown["t1"] == ["KS"]
    assert shown["t3"] == ["??", "??", "QS"]
    assert shown["t7"] == ["??"] * 6 + ["8S"]
    revealed = g.state.describe(g.layout, reveal=True)
    assert revealed["t7"] == ["-7C", "-6D", "-5H", "-4S", "-AD", "-AH", "8S"]


# -- building on the tableau ---------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_tableau_builds_down_in_alternating_colours(variant):
    r = rules(variant)
    g = game_at(r, position(r, {"t1": "9S", "t2": "8H", "t3": "8C", "t4": "7H"}))
    t1, t2, t3, t4 = names(g, "t1", "t2", "t3", "t4")
    # Black on black, or a red card of the wrong rank: either way the refusal says what 9S
    # takes (a red 8), as data the table words for players.
    for source, offered in ((t3, "8C"), (t4, "7H")):
        refused = refusal(g, Move(source, t1))
        assert refused.reason is Reason.TABLEAU_TAKES
        assert (refused.card, refused.onto) == (card(offered), card("9S"))
        assert (refused.source, refused.target, refused.count) == (source, t1, 1)
        assert codes(refused.takes) == ["8D", "8H"]
    g.execute(Move(t2, t1))
    assert codes(g.state.piles[t1]) == ["9S", "8H"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_built_runs_move_as_a_unit(variant):
    r = rules(variant)
    st = position(r, {"t1": "4D TS 9H 8S", "t2": "JD", "t3": "KC 7H 5S"}, down={"t1": 1})
    g = game_at(r, st)
    t1, t2, t3 = names(g, "t1", "t2", "t3")
    step = g.execute(Move(t1, t2, 3))
    assert codes(g.state.piles[t2]) == ["JD", "TS", "9H", "8S"]
    # The move uncovered a face-down card: it is turned up as part of the same step.
    assert step == (CardsMoved(t1, t2, 3), CardTurnedUp(t1))
    assert g.state.down[t1] == 0
    refused = refusal(g, Move(t3, t2, 2))
    assert refused.reason is Reason.NOT_A_RUN
    assert (refused.card, refused.onto) == (card("5S"), card("7H"))  # the break in the run
    assert codes(refused.takes) == ["6C", "6S"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_empty_pile_takes_only_a_king_or_king_led_run(variant):
    r = rules(variant)
    st = position(r, {"t1": "", "t2": "QH", "t3": "3C KD QS JH", "waste": "KC"})
    g = game_at(r, st)
    t1, t2, t3 = names(g, "t1", "t2", "t3")
    for source, count, offered in ((t2, 1, "QH"), (t3, 2, "QS")):
        refused = refusal(g, Move(source, t1, count))
        assert refused.reason is Reason.EMPTY_NEEDS_KING
        assert (refused.card, refused.onto, refused.target) == (card(offered), None, t1)
    g.execute(Move(t3, t1, 3))
    assert codes(g.state.piles[t1]) == ["KD", "QS", "JH"]
    g.undo()
    g.execute(Move(WASTE, t1))
    assert codes(g.state.piles[t1]) == ["KC"]


def test_face_down_cards_cannot_move():
    r = rules("klondike")
    g = game_at(r, position(r, {"t1": "5H 4S", "t2": "6C"}, down={"t1": 1}))
    assert refusal(g, Move(*names(g, "t1", "t2"), 2)).reason is Reason.FACE_DOWN


def test_nothing_goes_onto_the_stock_or_waste_and_stock_cards_only_turn():
    r = rules("klondike")
    g = game_at(r, position(r, {"stock": "2C", "waste": "3H", "t1": "AS"}))
    t1 = g.layout.index("t1")
    onto_waste = refusal(g, Move(t1, WASTE))
    assert (onto_waste.reason, onto_waste.target) == (Reason.NOT_ONTO_TALON, WASTE)
    assert refusal(g, Move(STOCK, t1)).reason is Reason.STOCK_ONLY_BY_TURNING


# -- foundations -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_foundations_build_up_in_suit_from_the_ace(variant):
    r = rules(variant)
    st = position(r, {"t1": "2H", "t2": "AH", "t3": "2S", "waste": "3H"})
    g = game_at(r, st)
    f1 = g.layout.index("f1")
    t1, t2, t3 = names(g, "t1", "t2", "t3")
    empty = refusal(g, Move(t1, f1))
    assert (empty.reason, empty.card, empty.target) == (Reason.EMPTY_FOUNDATION, card("2H"), f1)
    g.execute(Move(t2, f1))
    other_suit = refusal(g, Move(t3, f1))  # 2S on AH: the foundation takes 2H next
    assert other_suit.reason is Reason.FOUNDATION_TAKES
    assert (other_suit.card, other_suit.onto) == (card("2S"), card("AH"))
    assert codes(other_suit.takes) == ["2H"]
    skipping = refusal(g, ToFoundation(WASTE))  # 3H while 2H is not up: no foundation takes it
    assert (skipping.reason, skipping.card) == (Reason.NO_FOUNDATION_TAKES, card("3H"))
    # What its suit takes next: 2H, and (with a foundation free for a second heart suit) AH.
    assert codes(skipping.takes) == (["2H"] if r.decks == 1 else ["AH", "2H"])
    g.execute(Move(t1, f1))
    g.execute(ToFoundation(WASTE))
    assert codes(g.state.piles[f1]) == ["AH", "2H", "3H"]
    assert g.score == 3


def test_double_klondike_has_two_foundations_per_suit():
    r = rules("double-klondike")
    st = position(r, {"t1": "AH", "t2": "AH", "t3": "2H", "t4": "2H"})
    g = game_at(r, st)
    for t in names(g, "t1", "t2", "t3", "t4"):
        g.execute(ToFoundation(t))
    f1, f2 = names(g, "f1", "f2")
    assert codes(g.state.piles[f1]) == ["AH", "2H"] and codes(g.state.piles[f2]) == ["AH", "2H"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_foundation_cards_may_come_back(variant):
    r = rules(variant)
    st = position(r, {"f1": "AD 2D 3D", "t1": "4S"})
    g = game_at(r, st)
    f1, t1 = names(g, "f1", "t1")
    g.execute(Move(f1, t1))
    assert codes(g.state.piles[t1]) == ["4S", "3D"] and g.score == 2
    assert refusal(g, Move(f1, t1, 2)).reason is Reason.ONE_AT_A_TIME_FROM


def test_cards_do_not_move_between_foundations():
    r = rules("double-klondike")
    g = game_at(r, position(r, {"f1": "AD"}))
    assert refusal(g, Move(*names(g, "f1", "f2"))).reason is Reason.BETWEEN_FOUNDATIONS


def test_collect_sends_everything_possible_in_one_step():
    r = rules("klondike")
    st = position(
        r, {"t1": "3C 2H", "t2": "AH", "t3": "9D AC", "waste": "2C", "f4": "AS"}, down={"t3": 1}
    )
    g = game_at(r, st)
    step = g.execute(Collect())
    f = [codes(g.state.piles[i]) for i in g.layout.foundation_range]
    assert sorted(map(tuple, f)) == sorted([("AH", "2H"), ("AC", "2C", "3C"), ("AS",), ()])
    assert CardTurnedUp(g.layout.index("t3")) in step
    assert g.moves_made == 1
    g.undo()
    assert g.state == st
    stuck = game_at(r, position(r, {"t1": "5H"}))
    assert refusal(stuck, Collect()).reason is Reason.NOTHING_TO_COLLECT


# -- the stock, the waste and redeals ----------------------------------------------------------


@pytest.mark.parametrize(
    "variant, mode, draw",
    [
        ("klondike", "draw1", 1),
        ("klondike", "draw3", 3),
        ("saratoga", None, 1),
        ("double-klondike", None, 3),
    ],
)
def test_draw_counts(variant, mode, draw):
    r = rules(variant, mode)
    g = new_game(r, seed=3)
    before = g.stock_count
    top = g.state.piles[STOCK][-draw:][::-1]
    step = g.execute(Draw())
    assert step == (StockTurned(draw),)
    assert g.stock_count == before - draw
    assert g.state.piles[WASTE] == top  # turned one by one: the stock's top card first


def test_double_klondike_deals_three_with_a_short_last_deal():
    r = rules("double-klondike")
    g = new_game(r, seed=8)
    assert g.stock_count == 59
    sizes = []
    while g.stock_count:
        sizes.append(g.execute(Draw())[0].count)
    assert sizes == [3] * 19 + [2]


def test_short_last_deal_of_one_card():
    r = rules("klondike", "draw3")  # 24 cards: never short; build a stock of 4
    g = game_at(r, position(r, {"stock": "2C 3C 4C 5C"}))
    assert g.execute(Draw()) == (StockTurned(3),)
    assert g.execute(Draw()) == (StockTurned(1),)


def pass_through(g):
    n = 0
    while g.stock_count:
        g.execute(Draw())
        n += 1
    return n


@pytest.mark.parametrize(
    "variant, mode, redeals",
    [
        ("klondike", "draw1", 2),
        ("klondike", "draw1-noredeal", 0),
        ("saratoga", None, 2),
        ("double-klondike", None, 1),
    ],
)
def test_redeal_limits(variant, mode, redeals):
    r = rules(variant, mode)
    g = new_game(r, seed=21)
    stock = g.state.piles[STOCK]
    for used in range(redeals):
        assert g.redeals_left == redeals - used
        pass_through(g)
        step = g.execute(Draw())
        assert step == (WasteRedealt(len(stock)),)
        # Waste order kept: the stock is exactly as it was at the start.
        assert g.state.piles[STOCK] == stock and g.state.piles[WASTE] == ()
    pass_through(g)
    assert g.redeals_left == 0
    refused = refusal(g, Draw())
    if redeals:
        assert (refused.reason, refused.limit) == (Reason.REDEALS_USED, redeals)
    else:
        assert refused.reason is Reason.NO_REDEAL
    assert g.stock_count == 0


@pytest.mark.parametrize("mode", ["draw3", "draw1-unlimited"])
def test_unlimited_redeals(mode):
    g = new_game(rules("klondike", mode), seed=4)
    for _ in range(6):
        pass_through(g)
        g.execute(Draw())
    assert g.redeals_left is None and g.state.redeals_used == 6


def test_draw_with_stock_and_waste_empty_is_refused():
    r = rules("klondike", "draw1-unlimited")
    g = game_at(r, position(r, {"t1": "KS"}))
    assert refusal(g, Draw()).reason is Reason.TALON_EMPTY


# -- scoring and winning ----------------------------------------------------------------------


def winning_game(variant):
    """A deal where every card goes up by draws and collects: the stock holds the low cards
    in foundation order, the tableau the high ones, each pile descending to its top."""
    r = rules(variant)
    ranks = "A23456789TJQK"
    order = [rk + s for rk in ranks for s in "CDHS" for _ in range(r.decks)]
    dealt = sum(r.deal_counts)
    stock_cards, high = order[: len(order) - dealt], order[len(order) - dealt :]
    piles, i = [], len(high)
    for n in r.deal_counts:  # each pile bottom to top in descending order
        piles.append(" ".join(reversed(high[i - n : i])))
        i -= n
    return r, game_from(r, piles, " ".join(stock_cards))


@pytest.mark.parametrize("variant", VARIANTS)
def test_score_and_win(variant):
    r, g = winning_game(variant)
    while g.stock_count:
        g.execute(Draw())
        while g.state.piles[WASTE]:
            before = g.score
            g.execute(ToFoundation(WASTE))
            assert g.score == before + 1
    assert not g.won
    g.execute(Collect())
    assert g.won and g.score == 52 * r.decks
    assert all(len(g.state.piles[f]) == 13 for f in g.layout.foundation_range)
    assert not g.is_stuck()


# -- undo, redo, restart, stuck ----------------------------------------------------------------


def test_undo_turns_the_uncovered_card_back_down_and_redo_is_cleared_by_a_new_move():
    r = rules("klondike")
    st = position(r, {"t1": "4D TS 9H", "t2": "JD", "t3": "TC"}, down={"t1": 1})
    g = game_at(r, st)
    t1, t2, t3 = names(g, "t1", "t2", "t3")
    g.execute(Move(t1, t2, 2))
    assert g.state.down[t1] == 0
    g.undo()
    assert g.state == st and g.state.down[t1] == 1
    g.redo()
    assert g.state.down[t1] == 0
    g.undo()
    assert g.can_redo
    g.execute(Move(t3, t2))
    assert not g.can_redo and g.redo() is None


def test_restart_returns_to_the_same_deal():
    g = new_game(rules("klondike"), seed=77)
    first = g.state
    for _ in range(5):
        g.execute(Draw())
    g.restart()
    assert g.state == first and g.moves_made == 0 and not g.can_undo


def test_stuck_means_nothing_but_useless_stock_turns():
    r = rules("klondike", "draw1-noredeal")
    st = position(r, {"t1": "KS", "t2": "KH", "stock": "5C 9D", "f1": "AC"})
    g = game_at(r, st)
    assert g.is_stuck()
    # A playable card deeper in the stock means there is still something to do.
    g2 = game_at(r, position(r, {"t1": "KS", "stock": "2C 9D", "f1": "AC"}))
    assert not g2.is_stuck()
    g3 = game_at(r, position(r, {"t1": "KS", "t2": "QH"}))
    assert not g3.is_stuck()


def test_stuck_with_unlimited_redeals_terminates():
    r = rules("klondike", "draw1-unlimited")
    g = game_at(r, position(r, {"t1": "KS", "stock": "5C 9D", "waste": "8D", "f1": "AC"}))
    assert g.is_stuck()


def test_refused_commands_carry_a_reason_and_change_nothing():
    g = new_game(rules("double-klondike"), seed=1)
    before = g.state
    for bad in [
        Move(99, 2),
        Move(WASTE, WASTE),
        Move(g.layout.index("t1"), 2, 5),
        ToFoundation(STOCK),
        Move(g.layout.index("t1"), g.layout.index("t2"), 0),
    ]:
        with pytest.raises(Refused) as err:
            g.execute(bad)
        assert str(err.value)
        assert g.state == before and g.moves_made == 0


def test_waste_fan_counts_cards_of_the_last_turn():
    g = new_game(rules("klondike", "draw3"), seed=2)
    assert g.waste_fan() == 0
    g.execute(Draw())
    assert g.waste_fan() == 3
    g.execute(Draw())
    assert g.waste_fan() == 3
    assert CODE[g.state.piles[WASTE][-1]]


def test_card_helper_self_check():
    assert card("AS", 1) - card("AS") == 52


# -- the timeline (replays) -------------------------------------------------------------------


def test_seeking_the_timeline_is_undo_and_redo_at_once():
    import random

    game = new_game(rules("double-klondike"), seed=21)
    rng = random.Random(5)
    for _ in range(300):
        game.execute(rng.choice(game.legal_moves()))
    for _ in range(40):
        game.undo()
    timeline = game.timeline()
    assert len(timeline) == 300
    stepper = game.copy()
    for target in [0, 300, 137, 260, 1, 260, 299]:
        game.seek(target)
        while stepper.moves_made > target:
            stepper.undo()
        while stepper.moves_made < target:
            stepper.redo()
        assert game.state == stepper.state == game.position_after(target)
        assert game.log == stepper.log and game.redo_stack == stepper.redo_stack
        assert game.timeline() == timeline  # nothing lost either way
    with pytest.raises(ValueError):
        game.seek(301)


def test_a_copy_is_its_own_game():
    game = new_game(rules("klondike"), seed=3)
    game.execute(Draw())
    other = game.copy()
    other.execute(Draw())
    assert game.moves_made == 1 and other.moves_made == 2
