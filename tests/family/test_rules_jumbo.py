"""Jumbo, sentence by sentence (AisleRiot 3.22's help/C/jumbo.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[jumbo] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Double Deck" -> test_rules_common::test_type_of_deck[jumbo]
- "Stock: Top left pile. All cards are placed here after dealing on the Tableau." ->
  the shape test
- "Cards are turned over one at a time to Waste. One redeal." / "Cards are flipped from
  the Stock to the Waste individually." / "When Stock is empty, move all cards in Waste
  back to the Stock, maintaining order. There is one redeal." ->
  test_rules_common::test_cards_are_turned_to_the_waste, ::test_redeals [jumbo]
- "Waste: Directly to the right of the Stock. ... Top card available for play." ->
  test_rules_common::test_top_card_of_the_waste_is_in_play[jumbo]
- "Foundation: Eight piles top right. To be built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...,
  test_two_foundations_per_suit
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_rules_common::test_foundation_cards_in_play_or_not
- "Tableau: Nine piles. Deal one card face down to all nine piles, then one card to first
  eight piles, followed by one card to first seven piles, etc. until there are nine cards
  in the first pile. Flip the last card dealt on each pile." -> the shape test
- "Cards in the Tableau are built down by alternating color." ->
  test_built_down_by_alternating_color
- "Groups of cards can be moved." -> test_groups_move
- "An empty pile in the Tableau can be filled with a King or a group of cards with a King
  on the bottom." -> test_empty_piles_take_kings_or_king_groups
- "Double clicking ..." / "Goal" / "Scoring: ... Maximum possible score: 104" ->
  test_rules_common [jumbo]
"""

from __future__ import annotations

from game.engine.refusals import Reason

from .table import Table

T = Table("jumbo")


def test_two_foundations_per_suit():
    state = T.state(t1="AH", t2="AH", f1="")
    assert T.allows(state, T.move("t1", "f1"))
    one = T.after(state, T.move("t1", "f1"))
    assert T.allows(one, T.move("t2", "f2"))  # the second deck's Ace of hearts


def test_built_down_by_alternating_color():
    state = T.state(t1="9H", t2="8S", t3="8D")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_groups_move():
    state = T.state(t1="TS 9D 8C", t2="JH")
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.refusal(T.state(t1="9D 7C", t2="8S"), T.move("t1", "t2", 2)) is Reason.NOT_A_RUN


def test_empty_piles_take_kings_or_king_groups():
    state = T.state(t1="", t2="5S QD", t3="3C KS QH")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.EMPTY_NEEDS_KING
    assert T.allows(state, T.move("t3", "t1", 2))
