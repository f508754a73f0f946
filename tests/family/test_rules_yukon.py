"""Yukon, sentence by sentence (AisleRiot 3.22's help/C/yukon.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[yukon] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[yukon]
- (no Stock section: every card is dealt) -> the shape test, test_there_is_no_stock_to_turn
- "Foundation: Four piles on left. To be built up in suit from Ace to King." /
  "Foundations are built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...
- "Tableau: Seven piles. Deal card face up in first pile. Place one card face down on all
  other piles. ... Repeat until there are seven cards in last pile. Deal the rest of the
  cards face up on the second to seventh piles." -> the shape test
- "To be built down in opposite color." / "Cards in Tableau are built down in opposite
  color." -> test_built_down_in_opposite_color
- "Groups of cards can be moved regardless of sequence." ->
  test_groups_move_regardless_of_sequence
- "A faced-down card is flipped when it is unburied." -> test_an_unburied_card_is_flipped
- "An empty pile in the Tableau can be filled with a King or a group of cards with a King
  on the bottom." -> test_empty_piles_take_a_king_and_what_lies_on_it
- "Cards in Foundations are no longer in play." ->
  test_rules_common::test_foundation_cards_in_play_or_not[yukon]
- "Goal" / "Scoring" -> test_rules_common [yukon]
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import CardsMoved, CardTurnedUp
from game.engine.refusals import Reason

from .table import Table

T = Table("yukon")


def test_there_is_no_stock_to_turn():
    assert T.refusal(T.deal(12).state, Draw()) is Reason.NO_STOCK


def test_built_down_in_opposite_color():
    state = T.state(t1="9H", t2="8S", t3="8D")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_groups_move_regardless_of_sequence():
    """8S with 3D and QC on it moves onto 9H: only the group's bottom card must build."""
    state = T.state(t1="9H", t2="4C 8S 3D QC", t3="9C", down={"t2": 1})
    assert T.allows(state, T.move("t2", "t1", 3))
    assert T.refusal(state, T.move("t2", "t3", 3)) is Reason.TABLEAU_TAKES  # 8S on 9C: both black
    assert not T.allows(state, T.move("t2", "t1", 2))  # 3D on 9H
    assert T.refusal(state, T.move("t2", "t1", 4)) is Reason.FACE_DOWN


def test_an_unburied_card_is_flipped():
    state = T.state(t1="9H", t2="4C 8S 3D QC", down={"t2": 1})
    t1, t2 = T.pile("t1"), T.pile("t2")
    assert T.step(state, T.move("t2", "t1", 3)) == (CardsMoved(t2, t1, 3), CardTurnedUp(t2))


def test_empty_piles_take_a_king_and_what_lies_on_it():
    state = T.state(t1="", t2="5S KD 2C 9H", t3="4C QS")
    assert T.allows(state, T.move("t2", "t1", 3))  # KD, with 2C 9H out of sequence on it
    assert T.refusal(state, T.move("t2", "t1", 2)) is Reason.EMPTY_NEEDS_KING
    assert T.refusal(state, T.move("t3", "t1")) is Reason.EMPTY_NEEDS_KING
