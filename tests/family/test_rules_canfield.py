"""Canfield, sentence by sentence (AisleRiot 3.22's help/C/canfield.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[canfield] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[canfield]
- "Stock: ... The rest of the deck is placed here after dealing." -> the shape test
- "Cards are turned over three at a time to Waste. Unlimited redeals." / "Cards are
  flipped from the Stock to the Waste by three. If the last flip has less than three
  cards, that many cards are flipped for that move only. When Stock is empty, move all
  cards in Waste back to the Stock, maintaining order." ->
  test_rules_common::test_cards_are_turned_to_the_waste, ::test_redeals [canfield]
- "Waste: ... Top card available for play." -> test_rules_common::test_top_card_...
- "Reserve: ... Deal thirteen cards here with top card face up." -> the shape test,
  test_family_tables::test_canfields_reserve_has_its_top_card_face_up
- "Top card available for play to Foundations or Tableau." ->
  test_the_reserve_top_card_plays_to_foundations_or_tableau
- "Tableau: Four piles below Foundations. Deal one card face up on to each pile." ->
  the shape test
- "Tableau can be built down in alternating color." / "Cards in the Tableau are built
  down by alternating color." -> test_built_down_in_alternating_color
- "Groups of cards can be moved." -> test_groups_move
- (silent on a King on an Ace; the table's notes: it may) -> test_a_king_lies_on_an_ace
- (silent on building on a card of the base rank; the notes: as canfield.scm, it may) ->
  test_a_card_lies_on_one_of_the_base_rank_and_a_king_on_the_base_ace
- "Foundation: Four piles top right. Deal one card face up on first Foundation pile. This
  card is now the base card." -> the shape test
- "Built up by suit." / "Foundations are built up in suit from the base card" ->
  test_foundations_built_up_in_suit_from_the_base_card
- "New Foundations are started when a card of the same rank as the first card placed
  during the dealing period are placed on empty Foundation piles." ->
  test_foundations_built_up_in_suit_from_the_base_card
- "Aces are placed on Kings, and twos on Aces." -> test_aces_on_kings_twos_on_aces
- "An empty slot in the Tableau is filled automatically from the Reserve." ->
  test_an_empty_slot_is_filled_from_the_reserve
- "If the Reserve is empty, an empty slot can be filled by any card or group of cards in
  sequence." -> test_with_the_reserve_empty_a_slot_takes_any_card_or_group
- "Cards in Foundations are still in play." ->
  test_rules_common::test_foundation_cards_in_play_or_not[canfield]
- "Double clicking ..." / "Goal" / "Scoring" -> test_rules_common [canfield]
- "Top left pile", "On left under stock", ...: where the view draws the piles.
- "This game used to be played in casinos. You would break even if your score is 10.":
  history, not a rule of play.
"""

from __future__ import annotations

from game.engine.events import CardsMoved
from game.engine.refusals import Reason

from .table import Table

T = Table("canfield")


def test_the_reserve_top_card_plays_to_foundations_or_tableau():
    state = T.state(r1="2C 9D 8S", t1="9H", f1="7S", t2="5C", down={"r1": 2})
    assert T.allows(state, T.move("r1", "f1"))
    assert T.allows(state, T.move("r1", "t1"))
    assert not T.allows(state, T.move("r1", "t1", 2))
    assert T.refusal(state, T.move("t2", "r1")) is Reason.NOT_ONTO_RESERVE


def test_built_down_in_alternating_color():
    state = T.state(t1="9H", t2="8S", t3="8D", f1="3C", r1="2S")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_groups_move():
    state = T.state(t1="TS 9D 8C", t2="JH", f1="3C", r1="2S")
    assert T.allows(state, T.move("t1", "t2", 3))
    assert not T.allows(T.state(t1="9D 7C", t2="8S", f1="3C"), T.move("t1", "t2", 2))


def test_foundations_built_up_in_suit_from_the_base_card():
    state = T.state(f1="6H", t1="7H", t2="7S", t3="6C", t4="AC", r1="2S")
    assert T.allows(state, T.move("t1", "f1"))
    assert not T.allows(state, T.move("t2", "f1"))  # another suit
    assert T.allows(state, T.move("t3", "f2"))  # the base card's rank starts a foundation
    assert T.refusal(state, T.move("t4", "f2")) is Reason.EMPTY_FOUNDATION_TAKES  # an Ace


def test_aces_on_kings_twos_on_aces():
    state = T.state(f1="JD QD KD", t1="AD", r1="2S")
    after = T.after(state, T.move("t1", "f1"))
    assert after.piles[T.pile("f1")][-1] == state.piles[T.pile("t1")][-1]
    two = T.state(f1="JD QD KD AD", t1="2D", r1="2S")
    assert T.allows(two, T.move("t1", "f1"))


def test_an_empty_slot_is_filled_from_the_reserve():
    state = T.state(t1="8S", t2="9H", t3="4C", t4="5C", r1="2C 3H JD", f1="TS", down={"r1": 2})
    t1, t2, r1 = T.pile("t1"), T.pile("t2"), T.pile("r1")
    step = T.step(state, T.move("t1", "t2"))
    assert step[:2] == (CardsMoved(t1, t2, 1), CardsMoved(r1, t1, 1))
    after = T.after(state, T.move("t1", "t2"))
    assert after.piles[t1] == state.piles[r1][-1:]
    assert len(after.piles[r1]) == 2 and after.face_up(r1, 1)  # the next card is turned up


def test_with_the_reserve_empty_a_slot_takes_any_card_or_group():
    state = T.state(t1="", t2="4C 8S", t3="TS 9D", waste="5H", f1="TC", r1="")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1", 2))
    assert T.allows(state, T.move("waste", "t1"))


def test_a_king_lies_on_an_ace():
    state = T.state(t1="AH", t2="KS", t3="KD", f1="5C", r1="2S")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_a_card_lies_on_one_of_the_base_rank_and_a_king_on_the_base_ace():
    # The page is silent; the table's notes: as canfield.scm, whose drop test and hints
    # never look at the base in the tableau (Lady Jane's game refuses it, issue 37).
    state = T.state(t1="5H", t2="4S", f1="5C", r1="2S")
    assert T.allows(state, T.move("t2", "t1"))
    state = T.state(t1="AH", t2="KS", f1="AC", r1="2S")  # the base rank is the Ace
    assert T.allows(state, T.move("t2", "t1"))
