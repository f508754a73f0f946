"""Whitehead, sentence by sentence from its help page (AisleRiot 3.22's help/C/whitehead.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[whitehead] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[whitehead]
- "Stock: Top left pile. The rest of the deck is placed here after dealing on to the
  Tableau." -> test_the_rest_of_the_deck_is_the_stock
- "Cards are turned over one at a time to Waste. No redeals." /
  "Cards are flipped from the Stock to the Waste individually." /
  "There are no redeals." -> test_rules_common::test_cards_are_turned_to_the_waste,
  test_rules_common::test_redeals [whitehead]
- "Waste: ... Top card available for play." / "Top card in Waste is in play." ->
  test_rules_common::test_top_card_of_the_waste_is_in_play[whitehead]
- "Foundation: Four piles top right." -> test_rules_common::test_the_piles_the_page_names
- "To be built up in suit from Ace to King." / "Foundations are built up in suit from Ace
  to King." -> test_rules_common::test_foundations_built_up_in_suit_from_ace_to_king
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_rules_common::test_foundation_cards_in_play_or_not
- "Tableau: Seven piles. Deal all cards face up such that there is one card in the first
  pile, two in the second pile, ending with seven in the seventh pile." ->
  the shape test
- "Cards in the Tableau are built down by same color." -> test_built_down_by_same_color
- "Builds of cards that are the same suit and in sequence can be moved as a unit." ->
  test_same_suit_builds_move_as_a_unit, test_same_colour_builds_of_two_suits_do_not
- "Empty Tableau slots can be filled with any card or build of cards." ->
  test_empty_slots_take_any_card_or_build
- "Double clicking on a card ..." -> test_rules_common::test_double_click_...[whitehead]
- "Goal" / "Scoring" -> test_rules_common::test_goal_..., test_scoring [whitehead]
"""

from __future__ import annotations

from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table

T = Table("whitehead")


def test_the_rest_of_the_deck_is_the_stock():
    g = T.deal(3)
    assert len(g.state.piles[STOCK]) == 52 - 28


def test_built_down_by_same_color():
    state = T.state(t1="9H", t2="8D", t3="8H", t4="8S", t5="7D")
    assert T.allows(state, T.move("t2", "t1"))  # red on red, another suit
    assert T.allows(state, T.move("t3", "t1"))  # red on red, the same suit
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES  # black on red
    assert T.refusal(state, T.move("t5", "t1")) is Reason.TABLEAU_TAKES  # not one lower


def test_same_suit_builds_move_as_a_unit():
    state = T.state(t1="5C 9H 8H 7H", t2="TD", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.allows(state, T.move("t1", "t2", 1)) is False  # 7H does not go on TD


def test_same_colour_builds_of_two_suits_do_not():
    """9D 8H is a legal build (same colour) but not of one suit: only 8H moves alone."""
    state = T.state(t1="9D 8H", t2="TD", t3="9S")
    assert T.refusal(state, T.move("t1", "t2", 2)) is Reason.RUN_NOT_IN_SUIT
    assert T.allows(T.state(t1="9D 8H", t3="9H"), T.move("t1", "t3", 1))


def test_empty_slots_take_any_card_or_build():
    state = T.state(t1="", t2="4C 7S", t3="KD QD JD", waste="5H", f1="AC 2C")
    assert T.allows(state, T.move("t2", "t1"))  # any card
    assert T.allows(state, T.move("t3", "t1", 2))  # a build
    assert T.allows(state, T.move("waste", "t1"))
    assert T.allows(state, T.move("f1", "t1"))  # a foundation card, still in play
