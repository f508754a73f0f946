"""Scorpion, sentence by sentence (AisleRiot 3.22's help/C/scorpion.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[scorpion] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_a_standard_deck
- "Stock: Top left pile. The last three cards are placed here after the deal." /
  "Tableau: Seven piles to the right of Stock. Deal one cards face down on each of the
  first four rows. Deal one card face up on the last three rows. Repeat from * two more
  times, dealing a total of three rows. Deal one card face up on each pile for four more
  rows." -> the shape test (the page's "rows" of the first sentence are piles, as its own
  game deals them)
- (no Foundation section) -> test_no_foundations
- "Goal: Create four piles of thirteen cards each, each pile consisting of one suit and in
  rank order." -> test_goal_four_whole_suits_in_the_tableau
- "Cards in the Tableau are built down by suit." -> test_built_down_by_suit
- "Groups of cards can be moved regardless of sequence." ->
  test_groups_move_regardless_of_sequence
- "An empty pile in the Tableau can be filled with a King or a group of cards with a King
  on the bottom." -> test_empty_piles_take_a_king_and_what_lies_on_it
- "At any point, clicking on the Stock will deal the last three cards, one each on the
  first three piles." -> test_the_stock_deals_its_three_cards_at_any_point
- "For every sequence in suit, points given is (length of sequence - 1). Each time a
  sequence of thirteen is created and is in its own slot, four extra points are awarded.
  Reaching a card that was face down gives three points. Maximum possible score: 100" ->
  test_scoring
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import CardsMoved, CardTurnedUp, StockDealt
from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table, run

T = Table("scorpion")
at = T.game_at


def test_a_standard_deck():
    g = T.deal(5)
    assert sorted(c for pile in g.state.piles for c in pile) == list(range(52))


def test_no_foundations():
    assert T.piles("f") == []


def test_built_down_by_suit():
    state = T.state(t1="9H", t2="8H", t3="8D", t4="7H")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES


def test_groups_move_regardless_of_sequence():
    """8H with 3D and QC on it moves onto 9H: only the group's bottom card must build."""
    state = T.state(t1="9H", t2="4C 8H 3D QC", t3="9D", down={"t2": 1})
    t1, t2 = T.pile("t1"), T.pile("t2")
    assert T.step(state, T.move("t2", "t1", 3)) == (CardsMoved(t2, t1, 3), CardTurnedUp(t2))
    assert T.refusal(state, T.move("t2", "t3", 3)) is Reason.TABLEAU_TAKES  # 8H on 9D
    assert T.refusal(state, T.move("t2", "t1", 4)) is Reason.FACE_DOWN


def test_empty_piles_take_a_king_and_what_lies_on_it():
    state = T.state(t1="", t2="5S KD 2C 9H", t3="4C QS")
    assert T.allows(state, T.move("t2", "t1", 3))
    assert T.refusal(state, T.move("t2", "t1", 2)) is Reason.EMPTY_NEEDS_KING
    assert T.refusal(state, T.move("t3", "t1")) is Reason.EMPTY_NEEDS_KING


def test_the_stock_deals_its_three_cards_at_any_point():
    """Even with an empty pile, onto the first three piles only."""
    state = T.state(t1="9C", t2="", t3="9H", t4="", t5="5C", stock="2D 3D 4D")
    assert T.step(state, Draw()) == (StockDealt(tuple(T.piles("t")[:3])),)
    after = T.after(state, Draw())
    assert after.piles[STOCK] == () and after.piles[T.pile("t4")] == ()
    assert not T.allows(after, Draw())


def test_goal_four_whole_suits_in_the_tableau():
    suits = {f"t{i + 1}": run(s) for i, s in enumerate("CDHS")}
    assert at(T.state(**suits)).won
    suits["t4"] = run("S", "2")
    assert not at(T.state(t5="AS", **suits)).won
    mixed = dict(suits, t4=run("S", "3") + " AS 2S")  # thirteen spades, out of order
    assert not at(T.state(**mixed)).won


def test_scoring():
    """9C 8C 7C scores 2, a whole suit 12 + 4, each face-down card turned up 3."""
    assert T.deal(5).max_score == 4 * (12 + 4) + 3 * 12 == 100
    state = T.state(t1="5D KD 9C 8C 7C", t2=run("H"), t3="TC", down={"t1": 2})
    g = at(state)
    assert g.score == 2 + 12 + 4
    g.execute(T.move("t1", "t3", 3))  # TC 9C 8C 7C, and KD turned up
    assert g.score == 3 + 12 + 4 + 3
