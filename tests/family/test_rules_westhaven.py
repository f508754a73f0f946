"""Westhaven, sentence by sentence (AisleRiot 3.22's help/C/westhaven.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[westhaven] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[westhaven]
- "Stock: ... The rest of the deck is placed here after dealing the Tableau." ->
  the shape test
- "Cards are turned over one at a time to Waste. No redeals." / "Cards are flipped singly
  from Stock to Waste. ... There are no redeals." ->
  test_rules_common::test_cards_are_turned_to_the_waste, ::test_redeals [westhaven]
- "Waste: ... Top card available for play." / "Top card of Waste pile is always available
  for play." -> test_rules_common::test_top_card_of_the_waste_is_in_play[westhaven]
- "Foundation: Four piles on top row. To be built up in suit from Ace to King." /
  "Foundation piles are to be built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...
- "Cards in Foundation are no longer in play." ->
  test_rules_common::test_foundation_cards_in_play_or_not[westhaven]
- "Tableau: Ten piles of three cards each, with the last row of cards face up." ->
  the shape test
- "Cards in Tableau are built down by alternate color." -> test_built_down_by_alternate_color
- "The top card or the complete face up portion of each pile is available for play." ->
  test_the_top_card_or_the_whole_face_up_portion_moves
- "Empty piles can be filled with any available card or group of cards." ->
  test_empty_piles_take_any_available_card_or_group
- "Goal" / "Scoring" -> test_rules_common (goal, scoring) [westhaven]
"""

from __future__ import annotations

from game.engine.refusals import Reason

from .table import Table

T = Table("westhaven")


def test_built_down_by_alternate_color():
    state = T.state(t1="9H", t2="8S", t3="8D", t4="7C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES


def test_the_top_card_or_the_whole_face_up_portion_moves():
    """Face up: 9S 8H 7C 6D (on two face-down cards). 6D alone, or all four; not 2 or 3."""
    state = T.state(t1="2C 3C 9S 8H 7C 6D", t2="7S", t3="9C", t4="TD", down={"t1": 2})
    assert T.allows(state, T.move("t1", "t2", 1))
    assert T.allows(state, T.move("t1", "t4", 4))
    assert (
        T.refusal(state, T.move("t1", "t3", 3)) is Reason.TOP_OR_ALL_FACE_UP
    )  # 8H 7C 6D on 9C builds, but is only part
    empty = T.state(t1="2C 3C 9S 8H 7C 6D", t2="", down={"t1": 2})
    assert [T.allows(empty, T.move("t1", "t2", n)) for n in (1, 2, 3, 4)] == [
        True,
        False,
        False,
        True,
    ]


def test_empty_piles_take_any_available_card_or_group():
    state = T.state(t1="", t2="4C 5H", t3="JS TD", waste="3D", down={"t2": 1})
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1", 2))
    assert T.allows(state, T.move("waste", "t1"))
    assert T.refusal(state, T.move("t2", "t1", 2)) is Reason.FACE_DOWN
