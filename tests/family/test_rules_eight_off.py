"""Eight Off, sentence by sentence (AisleRiot 3.22's help/C/eight_off.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[eight-off] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> the shape test
- "Foundation: Four piles on the left. Built from Ace to King in suit." /
  "Reserves: Eight piles at top. Each reserve can only hold one card." /
  "Tableau: Eight piles underneath the Reserves." ->
  test_rules_common::test_the_pages_piles_in_suit[eight-off] (this game's foundations lie
  top right: the layout is the game's, not the rules')
- "The first four Reserve piles are each dealt one card at the beginning of the game." ->
  test_the_first_four_reserves_are_dealt_a_card
- "The cards are dealt face up on to the Tableau, with six cards in each of the slots." ->
  the shape test
- (no Stock section: every card is dealt) -> test_there_is_no_stock_to_turn
- "The Tableau is built down by suit." / "Only the top card or build of cards can be
  moved. A build of cards can only be moved if ... one more than the number of Reserve
  slots free." / "Empty spaces ... only ... a King or a build starting with a King." /
  "Foundations are built up by suit ... technically still in play" / "Any top card in the
  Tableau can be placed in an empty Reserve slot. ..." / "Goal" / "Scoring" ->
  test_rules_common's tests in suit [eight-off]
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.refusals import Reason
from game.engine.state import STOCK, WASTE

from .table import Table

T = Table("eight-off")


def test_the_first_four_reserves_are_dealt_a_card():
    g = T.deal(12)
    assert [len(g.state.piles[c]) for c in T.piles("c")] == [1, 1, 1, 1, 0, 0, 0, 0]


def test_there_is_no_stock_to_turn():
    g = T.deal(12)
    assert g.state.piles[STOCK] == () and g.state.piles[WASTE] == ()
    assert T.refusal(g.state, Draw()) is Reason.NO_STOCK
