"""Golf, sentence by sentence (AisleRiot 3.22's help/C/golf.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[golf] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_a_standard_deck
- "Stock: Place all remaining cards here." / "Tableau: Seven piles. Deal five cards face up
  on every pile." -> the shape test
- "Cards are turned over one at a time to Waste. No redeals." / "Cards are dealt singly
  from Stock to Waste. There are no redeals." -> test_cards_are_turned_singly_without_redeal
- "Waste: To be taken from Stock. Top card available for play." ->
  test_the_waste_top_card_is_the_one_played_on
- "The Waste can be built up or down from the available cards on the Tableau." ->
  test_the_waste_is_built_up_or_down_whatever_the_suit
- "Only Deuces can be placed on Aces and nothing can be played on to a King." ->
  test_only_a_two_on_an_ace_and_nothing_on_a_king
- (no building on the tableau, no foundations) -> test_the_tableau_takes_nothing
- "Goal: Move all cards to Waste." -> test_goal_the_tableau_cleared (as AisleRiot's own
  game decides it: the tableau's cards; the stock's may stay)
- "Every card moved from Tableau to Waste scores one point. Maximum possible score: 35" ->
  test_scoring
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import CardsMoved, StockTurned
from game.engine.refusals import Reason
from game.engine.state import STOCK, WASTE

from .table import Table

T = Table("golf")


at = T.game_at


def test_a_standard_deck():
    g = T.deal(9)
    assert sorted(c for pile in g.state.piles for c in pile) == list(range(52))


def test_cards_are_turned_singly_without_redeal():
    state = T.state(stock="2C 3C 4C", t1="9D")
    assert T.step(state, Draw()) == (StockTurned(1),)
    assert T.after(state, Draw()).piles[WASTE] == (state.piles[STOCK][-1],)
    assert T.refusal(T.state(waste="2C 3C 4C", t1="9D"), Draw()) is Reason.NO_REDEAL


def test_the_waste_top_card_is_the_one_played_on():
    state = T.state(waste="9C 5D", t1="6S", t2="TH")
    t1 = T.pile("t1")
    assert T.step(state, T.move("t1", "waste")) == (CardsMoved(t1, T.pile("waste"), 1),)
    assert T.refusal(state, T.move("t2", "waste")) is Reason.WASTE_TAKES  # 10 on 9: covered
    assert not T.allows(T.state(t1="6S"), T.move("t1", "waste"))  # nothing turned yet


def test_the_waste_is_built_up_or_down_whatever_the_suit():
    state = T.state(waste="7D", t1="8S", t2="6C", t3="7H", t4="9D")
    assert T.allows(state, T.move("t1", "waste"))
    assert T.allows(state, T.move("t2", "waste"))
    assert T.refusal(state, T.move("t3", "waste")) is Reason.WASTE_TAKES
    assert T.refusal(state, T.move("t4", "waste")) is Reason.WASTE_TAKES
    up_then_down = T.after(T.after(state, T.move("t1", "waste")), T.move("t3", "waste"))
    assert up_then_down.piles[WASTE][-1] == state.piles[T.pile("t3")][-1]  # 7H on 8S


def test_only_a_two_on_an_ace_and_nothing_on_a_king():
    on_ace = T.state(waste="AD", t1="2S", t2="KC")
    assert T.allows(on_ace, T.move("t1", "waste"))
    assert T.refusal(on_ace, T.move("t2", "waste")) is Reason.WASTE_TAKES
    on_king = T.state(waste="KD", t1="QS", t2="AC")
    assert T.refusal(on_king, T.move("t1", "waste")) is Reason.WASTE_TAKES
    assert T.refusal(on_king, T.move("t2", "waste")) is Reason.WASTE_TAKES


def test_the_tableau_takes_nothing():
    state = T.state(waste="2D", t1="8S", t2="7H", t3="", stock="5C")
    assert not T.allows(state, T.move("t2", "t1"))
    assert not T.allows(state, T.move("t1", "t3"))
    assert not T.allows(state, T.move("waste", "t1"))


def test_goal_the_tableau_cleared():
    assert at(T.state(waste="2D 3D", stock="5C 6C")).won
    assert not at(T.state(waste="2D 3D", t7="9H")).won


def test_scoring():
    g = T.deal(9)
    assert (g.score, g.max_score) == (0, 35)
    g = at(T.state(waste="9C", t1="JD TS", t2="8H", stock="2C"))
    g.execute(T.move("t1", "waste"))  # TS on 9C
    g.execute(T.move("t1", "waste"))  # JD on TS
    assert g.score == 2
    g.execute(Draw())  # a card turned from the stock scores nothing
    assert g.score == 2
