"""Streets and Alleys, sentence by sentence (AisleRiot 3.22's help/C/streets_and_alleys.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[streets-and-alleys] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> the shape test
- "Foundation: Four piles in the middle column. To be built from Ace to King. Topmost card
  in each Foundation can be played back on to the Tableau." ->
  test_rules_common::test_the_pages_piles_one_at_a_time[streets-and-alleys] (this game
  lays them in the top row: the layout is the game's, not the rules'),
  test_rules_common::test_foundations_built_up_in_suit_their_top_card_back_in_play
- "Tableau: Eight slots ... Deal all cards face up and extended on to these eight piles so
  that there are seven cards in each pile on the left flank and six cards in each pile on
  the right flank and all cards are showing." -> the shape test
- "Cards in the Tableau are built down regardless of suit." ->
  test_rules_common::test_built_down_regardless_of_suit[streets-and-alleys]
- "Only one card can be moved at a time." ->
  test_rules_common::test_only_one_card_moves_at_a_time[streets-and-alleys]
- "Empty piles can be filled with any single card." ->
  test_rules_common::test_empty_piles_take_any_single_card[streets-and-alleys]
- "Foundations are built up in suit." ->
  test_rules_common::test_foundations_built_up_in_suit_their_top_card_back_in_play
- "Goal: Move all cards to the Foundation piles." / "Each card in the Foundation piles
  scores one point. Maximum possible score: 52" -> test_scoring_and_goal
"""

from __future__ import annotations

from .table import Table, complete_foundations

T = Table("streets-and-alleys")


def test_scoring_and_goal():
    g = T.game_at(T.state(f1="AS 2S 3S", t1="5H"))
    assert (g.score, g.max_score) == (3, 52)
    piles = complete_foundations(1)
    assert T.game_at(T.state(**piles)).won
    piles["f1"] = piles["f1"][:-3]
    assert not T.game_at(T.state(t1="KC", **piles)).won
