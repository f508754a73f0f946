"""Easthaven, sentence by sentence (AisleRiot 3.22's help/C/easthaven.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[easthaven] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[easthaven]
- "Stock: Top left pile. Deck is placed here after dealing on to the Tableau." ->
  the shape test
- "Foundation: Four piles top right. To be built up in suit from Ace to King." / "The
  Foundation is built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...
- "Tableau: Seven piles on the bottom. Deal two cards face down and one card face up for
  every pile." -> the shape test
- "Goal: Remove all cards." -> test_rules_common::test_goal_...[easthaven]
- "The Tableau is built down by alternate color." -> test_built_down_by_alternate_color
- "Builds of cards in sequence and alternating color can be moved as a unit." ->
  test_builds_move_as_a_unit
- "Empty Tableau piles can be filled by Kings or builds starting with a King." ->
  test_empty_piles_take_kings_or_king_builds
- "Any empty Tableau slots must be filled if possible before dealing more cards." ->
  test_empty_slots_must_be_filled_before_a_deal, test_a_deal_with_empty_slots_no_king_fills
- "Clicking on the Stock deals one card face up on to each Tableau pile." ->
  test_a_deal_puts_one_card_face_up_on_each_pile
- "The last deal places one card face up on the first three piles." ->
  test_the_last_deal_covers_the_first_three_piles
- "There are no redeals." -> test_no_redeals
- "Cards in the Foundation are no longer in play." ->
  test_rules_common::test_foundation_cards_in_play_or_not[easthaven]
- "Scoring" -> test_rules_common::test_scoring[easthaven]
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import StockDealt
from game.engine.refusals import Reason
from game.engine.state import STOCK, WASTE

from .table import Table

T = Table("easthaven")


def test_built_down_by_alternate_color():
    state = T.state(t1="9H", t2="8S", t3="8D")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_builds_move_as_a_unit():
    state = T.state(t1="2C TS 9D 8C", t2="JH", t3="JD 7H", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.refusal(T.state(t1="9D 7C", t2="8S"), T.move("t1", "t2", 2)) is Reason.NOT_A_RUN


def test_empty_piles_take_kings_or_king_builds():
    state = T.state(t1="", t2="5S QD", t3="3C KS QH", t4="9C", stock="2D 3D")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.EMPTY_NEEDS_KING
    assert T.allows(state, T.move("t3", "t1", 2))


def test_empty_slots_must_be_filled_before_a_deal():
    state = T.state(t1="", t2="3C KS QH", t3="9C", stock="2D 3D 4D 5D 6D 7D 8D")
    assert T.refusal(state, Draw()) is Reason.FILL_EMPTY_FIRST
    filled = T.after(state, T.move("t2", "t1", 2))
    assert T.allows(filled, Draw())


def test_a_deal_with_empty_slots_no_king_fills():
    """ "if possible": with no King to fill the empty slot, the stock deals."""
    state = T.state(t1="", t2="3C JS", t3="9C", stock="2D 3D 4D 5D 6D 7D 8D")
    assert T.allows(state, Draw())
    assert len(T.after(state, Draw()).piles[T.pile("t1")]) == 1  # the deal covers it too


def test_a_deal_puts_one_card_face_up_on_each_pile():
    g = T.deal(6)
    before = g.state
    step = g.execute(Draw())
    tableau = T.piles("t")
    assert step == (StockDealt(tuple(tableau)),)
    assert [g.state.piles[t][-1] for t in tableau] == list(before.piles[STOCK][::-1][:7])
    assert [g.state.down[t] for t in tableau] == [2] * 7  # the dealt cards lie face up
    assert g.state.piles[WASTE] == ()


def test_the_last_deal_covers_the_first_three_piles():
    state = T.state(t1="9C", t2="9D", t3="9H", t4="9S", stock="2D 3D 4D")
    step = T.step(state, Draw())
    assert step == (StockDealt(tuple(T.piles("t")[:3])),)
    after = T.after(state, Draw())
    assert after.piles[STOCK] == () and after.piles[T.pile("t4")] == state.piles[T.pile("t4")]


def test_no_redeals():
    state = T.state(t1="9C", stock="")
    assert T.refusal(state, Draw()) is Reason.NO_REDEAL
