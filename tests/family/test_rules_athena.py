"""Athena, sentence by sentence (AisleRiot 3.22's help/C/athena.xml).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[athena]
- "Stock: ... The rest of the deck is placed here after dealing on to the Tableau." ->
  test_four_rows_down_up_down_up
- "Cards are turned over one at a time to Waste. Two redeals." / "Cards are flipped from
  the Stock to the Waste individually." / "When Stock is empty, move all cards in Waste
  back to the Stock, maintaining order. You can go through the deck three times." ->
  test_rules_common::test_cards_are_turned_to_the_waste, ::test_redeals [athena]
- "Waste: ... Top card available for play." / "Top card in Waste is in play." ->
  test_rules_common::test_top_card_of_the_waste_is_in_play[athena]
- "Foundations: Four piles top right. To be built up in suit from Ace to King." ->
  test_rules_common::test_the_piles_the_page_names, ::test_foundations_built_up_...
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_rules_common::test_foundation_cards_in_play_or_not
- "Tableau: Seven piles. Four rows, the first row is face down, the second row is face up,
  the third row is face down, and the fourth and final row is face up." ->
  test_four_rows_down_up_down_up
- "Essentially Athena is the same as Klondike only the opening layout is different." /
  "Tableau can be built down in alternating colors." / "Cards in the Tableau are built
  down by alternating color." -> test_built_down_in_alternating_colors
- "Builds of cards can be moved." -> test_builds_move
- "Empty piles can only be filled by Kings or group of cards starting with a King." / "An
  empty pile in the Tableau can be filled with a King or a group of cards with a King on
  the bottom." -> test_empty_piles_take_kings_or_king_groups
- "Double clicking ..." / "Goal" / "Scoring" -> test_rules_common [athena]
"""

from __future__ import annotations

from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table

T = Table("athena")


def face_up_rows(state, pile: int) -> list[bool]:
    return [state.face_up(pile, position) for position in range(len(state.piles[pile]))]


def test_four_rows_down_up_down_up():
    g = T.deal(10)
    tableau = T.piles("t")
    assert [len(g.state.piles[t]) for t in tableau] == [4] * 7
    assert all(face_up_rows(g.state, t) == [False, True, False, True] for t in tableau)
    assert len(g.state.piles[STOCK]) == 52 - 28


def test_built_down_in_alternating_colors():
    state = T.state(t1="9H", t2="8S", t3="8D")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_builds_move():
    state = T.state(t1="TS 9D 8C", t2="JH")
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.refusal(T.state(t1="9D 7C", t2="8S"), T.move("t1", "t2", 2)) is Reason.NOT_A_RUN


def test_empty_piles_take_kings_or_king_groups():
    state = T.state(t1="", t2="5S QD", t3="3C KS QH", waste="KD")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.EMPTY_NEEDS_KING
    assert T.allows(state, T.move("t3", "t1", 2))
    assert T.allows(state, T.move("waste", "t1"))
