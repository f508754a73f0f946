"""Seahaven Towers, sentence by sentence (AisleRiot 3.22's help/C/seahaven.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[seahaven] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> the shape test
- "Foundation: Four piles -- two top left, two top right. Built from Ace to King in suit."
  / "Reserves: Four piles at top in the center. Each reserve can only hold one card." /
  "Tableau: Ten piles underneath the Foundation and Reserves." ->
  test_rules_common::test_the_pages_piles_in_suit[seahaven] (where they lie is the
  game's layout, not the rules')
- "Two of the reserves are each dealt one card to start." ->
  test_two_reserves_are_dealt_a_card
- "The other fifty cards are dealt face up here with five in each slot." -> the shape test
- (no Stock section: every card is dealt) -> test_there_is_no_stock_to_turn
- "The Tableau is built down by suit." / "Only the top card or build of cards can be
  moved. A build of cards can only be moved if ... one more than the number of Reserve
  slots free." / "Empty spaces ... only ... a King or a build starting with a King." /
  "Foundations are built up by suit ... technically still in play" / "Any top card in the
  Tableau can be placed in an empty Reserve slot. ..." / "Goal" / "Scoring" ->
  test_rules_common's tests in suit [seahaven]
- "As a convenience, sequences of the same suit can be moved onto the matching Foundation
  pile rather than being moved individually." ->
  test_a_sequence_goes_up_to_its_foundation_in_one_move
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import CardsMoved
from game.engine.refusals import Reason
from game.engine.state import STOCK, WASTE

from .table import Table, card

T = Table("seahaven")


def test_two_reserves_are_dealt_a_card():
    g = T.deal(12)
    assert sorted(len(g.state.piles[c]) for c in T.piles("c")) == [0, 0, 1, 1]


def test_there_is_no_stock_to_turn():
    g = T.deal(12)
    assert g.state.piles[STOCK] == () and g.state.piles[WASTE] == ()
    assert T.refusal(g.state, Draw()) is Reason.NO_STOCK


def test_a_sequence_goes_up_to_its_foundation_in_one_move():
    """2H, 3H and 4H go up onto AH in one move, the lowest first."""
    state = T.state(t1="5C 4H 3H 2H", f1="AH", t2="4S 3S 2S", f2="AD")
    t1, f1 = T.pile("t1"), T.pile("f1")
    assert T.allows(state, T.move("t1", "f1", 3))
    step = T.step(state, T.move("t1", "f1", 3))
    assert [e.cards for e in step if isinstance(e, CardsMoved)] == [
        (card("2H"),),
        (card("3H"),),
        (card("4H"),),
    ]
    after = T.after(state, T.move("t1", "f1", 3))
    assert after.piles[f1][-1] == card("4H") and after.piles[t1] == (card("5C"),)
    # Not onto a foundation that does not take the lowest card next.
    assert T.refusal(state, T.move("t2", "f2", 2)) is Reason.GROUP_NOT_UP
