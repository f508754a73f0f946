"""Thumb and Pouch, sentence by sentence (AisleRiot 3.22's help/C/thumb_and_pouch.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[thumb-and-pouch] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[thumb-and-pouch]
- "Stock: ... The rest of the deck is placed here after dealing on to the Tableau." ->
  the shape test
- "Cards are turned over one at a time to Waste. Two redeals." / "Cards are flipped from
  the stock to the Waste individually." / "When Stock is empty, move all cards in Waste
  back to the Stock, maintaining order. You can go through the deck three times." ->
  test_rules_common::test_cards_are_turned_to_the_waste, ::test_redeals
- "Waste: ... Top card available for play." -> test_rules_common::test_top_card_...
- "Foundation: Four piles top right. To be built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_rules_common::test_foundation_cards_in_play_or_not
- "Tableau: Seven piles. Deal card face up in first pile. Place one card face down on all
  other piles. Place one card face up on next pile followed by one card face down on all
  covered piles. Repeat until there are seven cards in last pile." ->
  the shape test
- "Tableau can be built down in any suit but own." / "Cards in the Tableau are built down
  by any suit but own." -> test_built_down_in_any_suit_but_own
- "Groups of cards can be moved." -> test_groups_of_cards_move
- "Empty piles can be filled by any legal sequence of cards." / "An empty pile in the
  Tableau can be filled with a any legal sequence of cards." ->
  test_empty_piles_take_any_legal_sequence
- "Double clicking ..." / "Goal" / "Scoring" -> test_rules_common (double click, goal,
  scoring) [thumb-and-pouch]
"""

from __future__ import annotations

from game.engine.refusals import Reason

from .table import Table

T = Table("thumb-and-pouch")


def test_built_down_in_any_suit_but_own():
    state = T.state(t1="9H", t2="8D", t3="8S", t4="8H", t5="7C")
    assert T.allows(state, T.move("t2", "t1"))  # the same colour, another suit
    assert T.allows(state, T.move("t3", "t1"))
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES  # its own suit
    assert T.refusal(state, T.move("t5", "t1")) is Reason.TABLEAU_TAKES  # not one lower


def test_groups_of_cards_move():
    state = T.state(t1="KS 9C 8D 7S", t2="TH", t3="TC", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))  # 9C 8D 7S: each on another suit
    assert T.refusal(state, T.move("t1", "t3", 3)) is Reason.TABLEAU_TAKES  # 9C on TC
    broken = T.state(t1="9C 8C", t2="TH")
    assert T.refusal(broken, T.move("t1", "t2", 2)) is Reason.NOT_A_RUN


def test_empty_piles_take_any_legal_sequence():
    state = T.state(t1="", t2="3C 6S", t3="QH JS TD", waste="4D")
    assert T.allows(state, T.move("t2", "t1"))  # any card, not only a King
    assert T.allows(state, T.move("t3", "t1", 3))
    assert T.allows(state, T.move("waste", "t1"))
