"""Baker's Game, sentence by sentence (AisleRiot 3.22's help/C/bakers_game.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[bakers-game] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> the shape test
- "Foundation: Four piles top right. Built from Ace to King in suit." /
  "Reserves: Four piles at top left. Each reserve can only hold one card." /
  "Tableau: Eight piles underneath the Foundation and Reserves." ->
  test_rules_common::test_the_pages_piles_in_suit[bakers-game]
- "The cards are dealt face up on to the Tableau, with seven cards each in the first four
  slots and six cards each in the last four slots." -> the shape test
- (no Stock section: every card is dealt) -> test_there_is_no_stock_to_turn
- "The Tableau is built down by suit." ->
  test_rules_common::test_the_tableau_is_built_down_by_suit[bakers-game]
- "Only the top card or build of cards can be moved. A build of cards can only be moved if
  the number of cards in the build is equal or less than one more than the number of
  Reserve slots free." ->
  test_rules_common::test_a_build_moves_only_with_enough_reserve_slots_free[bakers-game]
- "Empty spaces in the Tableau can only be filled with a King or a build starting with a
  King." -> test_rules_common::test_empty_spaces_take_only_a_king_or_a_build_from_one
- "Foundations are built up by suit from Ace to King. Although cards in the Foundations are
  technically still in play, ..." ->
  test_rules_common::test_foundations_built_up_by_suit_and_still_in_play[bakers-game]
- "Any top card in the Tableau can be placed in an empty Reserve slot. These cards are
  available for play back into the Tableau or on to a Foundation pile." ->
  test_rules_common::test_any_top_card_goes_to_an_empty_reserve_slot_and_plays_back
- "Goal" / "Scoring" -> test_rules_common::test_scoring_and_goal_in_suit[bakers-game]
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.refusals import Reason
from game.engine.state import STOCK, WASTE

from .table import Table

T = Table("bakers-game")


def test_there_is_no_stock_to_turn():
    g = T.deal(12)
    assert g.state.piles[STOCK] == () and g.state.piles[WASTE] == ()
    assert T.refusal(g.state, Draw()) is Reason.NO_STOCK
