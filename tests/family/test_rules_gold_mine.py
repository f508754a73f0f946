"""Gold Mine, sentence by sentence (AisleRiot 3.22's help/C/gold_mine.xml).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[gold-mine]
- "Stock: ... The rest of the deck is placed here after dealing on to the Tableau." /
  "Tableau: Seven piles, all empty to start." -> test_the_whole_deck_starts_in_the_stock
- "Cards are turned over three at a time to Waste." / "Cards are flipped from the Stock
  to the Waste three at a time." -> test_rules_common::test_cards_are_turned_to_the_waste
- "No redeals." / "When Stock is empty, game over." -> test_rules_common::test_redeals
- "Waste: ... Top card available for play." / "Top card in Waste is in play." ->
  test_rules_common::test_top_card_of_the_waste_is_in_play[gold-mine]
- "Foundations: Four piles top right. To be built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_rules_common::test_foundation_cards_in_play_or_not
- "Gold Mine is a variation of Klondike." / "Tableau can be built down in alternating
  colors." -> test_built_down_in_alternating_colors
- "Groups of cards can be moved." -> test_groups_of_cards_move
- "Empty piles can be filled with any card." / "An empty pile in the Tableau can be
  filled with any card." -> test_empty_piles_take_any_card
- "Double clicking ..." / "Goal" / "Scoring" -> test_rules_common [gold-mine]
"""

from __future__ import annotations

from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table

T = Table("gold-mine")


def test_the_whole_deck_starts_in_the_stock():
    g = T.deal(9)
    assert [len(g.state.piles[t]) for t in T.piles("t")] == [0] * 7
    assert len(g.state.piles[STOCK]) == 52


def test_built_down_in_alternating_colors():
    state = T.state(t1="9H", t2="8S", t3="8D", t4="7C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES


def test_groups_of_cards_move():
    state = T.state(t1="TS 9D 8C", t2="JH")
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.refusal(T.state(t1="9D 7C", t2="8S"), T.move("t1", "t2", 2)) is Reason.NOT_A_RUN


def test_empty_piles_take_any_card():
    state = T.state(t1="", t2="4C 6H", t3="QH JS", waste="2D", f1="AC 2C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1", 2))
    assert T.allows(state, T.move("waste", "t1"))
    assert T.allows(state, T.move("f1", "t1"))
