"""Spiderette, sentence by sentence (AisleRiot 3.22's help/C/spiderette.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[spiderette] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_a_standard_deck
- "Stock: Top left pile. Deals a card to each Tableau pile when clicked." ->
  test_a_deal_puts_one_card_face_up_on_each_pile
- "Foundation: Four piles top right." -> test_foundations_take_only_complete_runs
- "Tableau: Seven piles on the bottom. Deal one card face down on all seven piles, then one
  on the last six piles ... until you have seven cards in the last pile. Flip up the top
  card on every pile." -> the shape test
- "Goal: Create four piles of thirteen cards each built down in suit and sequence." ->
  test_goal_four_runs_on_the_foundations, test_or_four_runs_left_in_the_tableau (the
  page's goal does not say where the piles lie; AisleRiot's spiderette.scm takes
  spider.scm's test of a win, which takes both)
- "Cards in Tableau can be built down regardless of suit." ->
  test_built_down_regardless_of_suit
- "Builds of cards in sequence and in the same suit can by moved as a unit." ->
  test_runs_in_suit_move_as_a_unit
- "Empty Tableau piles can be filled with any card or build of cards." ->
  test_empty_piles_take_any_card_or_run_in_suit
- "Each Tableau pile must be filled before any deal." -> test_no_deal_while_a_pile_is_empty
- "Clicking on the Stock will deal a card on to every Tableau pile except for the last
  deal which places one card on each of the first three piles." ->
  test_a_deal_puts_one_card_face_up_on_each_pile, test_the_last_deal_covers_the_first_three_piles
- "A build of all thirteen cards in a suit may be moved on to a Foundation pile. Cards in
  the Foundation are no longer in play." -> test_a_complete_run_goes_up_and_stays
- "Every pair of cards in suit and sequence scores one point. Maximum possible score: 48"
  -> test_scoring
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import CardsMoved, CardTurnedUp, StockDealt
from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table, run

T = Table("spiderette")
at = T.game_at


def test_a_standard_deck():
    g = T.deal(4)
    assert sorted(c for pile in g.state.piles for c in pile) == list(range(52))


def test_a_deal_puts_one_card_face_up_on_each_pile():
    g = T.deal(4)
    before = g.state
    tableau = T.piles("t")
    assert g.execute(Draw()) == (StockDealt(tuple(tableau)),)
    assert [g.state.piles[t][-1] for t in tableau] == list(before.piles[STOCK][::-1][:7])
    assert [g.state.down[t] for t in tableau] == [before.down[t] for t in tableau]


def test_the_last_deal_covers_the_first_three_piles():
    state = T.state(t1="9C", t2="9D", t3="9H", t4="9S", t5="5C", t6="5D", t7="5H", stock="2D 3D 4D")
    assert T.step(state, Draw()) == (StockDealt(tuple(T.piles("t")[:3])),)
    after = T.after(state, Draw())
    assert after.piles[STOCK] == () and after.piles[T.pile("t4")] == state.piles[T.pile("t4")]
    assert T.refusal(after, Draw()) is Reason.NO_REDEAL


def test_foundations_take_only_complete_runs():
    assert len(T.piles("f")) == 4
    state = T.state(t1=run("S"), t2=run("H", "2"), t3="AC")
    assert T.allows(state, T.move("t1", "f1", 13))
    assert T.refusal(state, T.move("t2", "f1", 12)) is Reason.FOUNDATION_TAKES_RUNS
    assert T.refusal(state, T.move("t3", "f1")) is Reason.FOUNDATION_TAKES_RUNS


def test_built_down_regardless_of_suit():
    state = T.state(t1="9H", t2="8S", t3="8H", t4="7C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1"))
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES


def test_runs_in_suit_move_as_a_unit():
    state = T.state(t1="9C 7H 6H 5H", t2="8S", t3="9D 8C 7H", t4="9S", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.refusal(state, T.move("t3", "t4", 2)) is Reason.RUN_NOT_IN_SUIT


def test_empty_piles_take_any_card_or_run_in_suit():
    state = T.state(t1="", t2="3D 7H 6H", t3="KC 5S", t4="9D 8C 7H")
    assert T.allows(state, T.move("t2", "t1", 2))
    assert T.allows(state, T.move("t3", "t1"))
    assert T.refusal(state, T.move("t4", "t1", 2)) is Reason.RUN_NOT_IN_SUIT


def test_no_deal_while_a_pile_is_empty():
    full = {f"t{i}": "9C" for i in range(1, 8)}
    assert T.allows(T.state(stock="2D 3D 4D 5D 6D 7D 8D", **full), Draw())
    full["t7"] = ""
    assert T.refusal(T.state(stock="2D 3D 4D 5D 6D 7D 8D", **full), Draw()) is (
        Reason.NO_DEAL_ON_EMPTY
    )


def test_a_complete_run_goes_up_and_stays():
    state = T.state(t1="4D " + run("S"), t2="", down={"t1": 1})
    t1, f1 = T.pile("t1"), T.pile("f1")
    assert T.step(state, T.move("t1", "f1", 13)) == (CardsMoved(t1, f1, 13), CardTurnedUp(t1))
    up = T.after(state, T.move("t1", "f1", 13))
    assert T.refusal(up, T.move("f1", "t2")) is Reason.NO_RETURN


def test_goal_four_runs_on_the_foundations():
    runs = {f"f{i + 1}": run(s) for i, s in enumerate("CDHS")}
    assert at(T.state(**runs)).won
    runs["f4"] = run("S", "2")
    assert not at(T.state(t1="AS", **runs)).won


def test_or_four_runs_left_in_the_tableau():
    runs = {f"t{i + 1}": run(s) for i, s in enumerate("CDHS")}
    assert at(T.state(**runs)).won
    runs["f1"] = runs.pop("t4")
    assert not at(T.state(**runs)).won  # three left and one up: send the three up too


def test_scoring():
    """9C 8C 7C 6C scores 3, 8S 7H nothing, a run on a foundation 12."""
    g = at(T.state(t1="KD 9C 8C 7C 6C", t2="8S 7H", f1=run("H"), down={"t1": 1}))
    assert (g.score, g.max_score) == (3 + 12, 48)
