"""Agnes, sentence by sentence (AisleRiot 3.22's help/C/agnes.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[agnes] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[agnes]
- "Stock: ... The rest of the deck is placed here after dealing the Tableau." ->
  the shape test
- "Cards are dealt in batches of seven, one on every Tableau pile." / "Each deal flips one
  card from the Stock to each pile of the Tableau." -> test_a_deal_flips_a_card_on_each_pile
- (silent on the last batch, two cards; the table's notes: the first two piles) ->
  test_the_last_deal_covers_the_first_two_piles
- "There are no redeals." -> test_no_redeals
- "Foundation: Four piles top right. To be built in suit and sequence, wrapping from King
  to Ace when necessary." / "Foundations are built up in suit in sequence, wrapping from
  King to Ace when necessary." -> test_foundations_wrap_from_king_to_ace
- "One card is dealt on to the first Foundation pile." -> the shape test
- "The other Foundation piles must be started with cards of the same rank." ->
  test_other_foundations_start_with_the_same_rank
- "Tableau: Seven piles. Deal card face up in first pile. ... Repeat until there are seven
  cards in last pile." -> the shape test
- "Tableau can be built down in same colors." / "Cards in the Tableau are built down by
  same color." -> test_built_down_by_same_color
- (silent on a King on an Ace; the table's notes: it may, as the foundations wrap) ->
  test_a_king_lies_on_an_ace_of_its_colour
- (silent on building on a card of the base rank; the notes: as agnes.scm's drop test,
  it may) -> test_a_card_lies_on_one_of_the_base_rank_and_a_king_on_the_base_ace
- "Groups of cards can be moved." / "Groups of cards in sequence and same color can be
  moved as a unit." -> test_same_colour_groups_move
- "Empty piles can only be filled by the next deal from the Stock." ->
  test_empty_piles_only_filled_by_a_deal
- "Cards in Foundations are still in play." ->
  test_rules_common::test_foundation_cards_in_play_or_not[agnes]
- "Double clicking ..." / "Goal" / "Scoring" -> test_rules_common [agnes]
- "Top left pile", "top right": where the view draws the piles, not a rule of play.
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import StockDealt
from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table

T = Table("agnes")


def test_a_deal_flips_a_card_on_each_pile():
    g = T.deal(8)
    stock = g.state.piles[STOCK]
    step = g.execute(Draw())
    tableau = T.piles("t")
    assert step == (StockDealt(tuple(tableau)),)
    assert [g.state.piles[t][-1] for t in tableau] == list(stock[::-1][:7])
    assert len(g.state.piles[STOCK]) == len(stock) - 7


def test_no_redeals():
    assert T.refusal(T.state(t1="9C", f1="5H"), Draw()) is Reason.NO_REDEAL


def test_foundations_wrap_from_king_to_ace():
    state = T.state(f1="QS KS", t1="AS", t2="2S", t3="AH")
    assert T.allows(state, T.move("t1", "f1"))
    assert (
        T.after(state, T.move("t1", "f1")).piles[T.pile("f1")][-1] == state.piles[T.pile("t1")][-1]
    )
    assert T.refusal(state, T.move("t2", "f1")) is Reason.FOUNDATION_TAKES
    assert not T.allows(state, T.move("t3", "f1"))


def test_other_foundations_start_with_the_same_rank():
    state = T.state(f1="7D", t1="7C", t2="AC", t3="8C")
    assert T.allows(state, T.move("t1", "f2"))
    assert T.refusal(state, T.move("t2", "f2")) is Reason.EMPTY_FOUNDATION_TAKES  # an Ace
    assert not T.allows(state, T.move("t3", "f2"))


def test_built_down_by_same_color():
    state = T.state(t1="9H", t2="8D", t3="8S", f1="3C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_same_colour_groups_move():
    state = T.state(t1="KC 9H 8D 7H", t2="TD", t3="TS", f1="3C", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))
    assert not T.allows(state, T.move("t1", "t3", 3))
    mixed = T.state(t1="9H 8S", t2="TD", f1="3C")
    assert T.refusal(mixed, T.move("t1", "t2", 2)) is Reason.NOT_A_RUN


def test_empty_piles_only_filled_by_a_deal():
    state = T.state(t1="", t2="3C KS", t3="5D", waste="", f1="2C", stock="9D 9S 9H 8C 8D 8S 8H")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.EMPTY_STAYS_EMPTY  # not a King
    assert not T.allows(state, T.move("t3", "t1"))
    assert not T.allows(state, T.move("f1", "t1"))
    dealt = T.after(state, Draw())
    assert len(dealt.piles[T.pile("t1")]) == 1


def test_the_last_deal_covers_the_first_two_piles():
    state = T.state(t1="9C", t2="9S", t3="9D", f1="5H", stock="2D 3D")
    assert T.step(state, Draw()) == (StockDealt(tuple(T.piles("t")[:2])),)
    assert T.after(state, Draw()).piles[STOCK] == ()


def test_a_king_lies_on_an_ace_of_its_colour():
    state = T.state(t1="5C AS", t2="KC", t3="KH", f1="3D")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_a_card_lies_on_one_of_the_base_rank_and_a_king_on_the_base_ace():
    # The page is silent; the table's notes: as agnes.scm's drop test, a card may lie on
    # a card of the base rank (Lady Jane's game refuses it, issue 37).
    state = T.state(t1="5C 3S", t2="2C", f1="3D")
    assert T.allows(state, T.move("t2", "t1"))
    state = T.state(t1="5C AS", t2="KC", f1="AD")  # the base rank is the Ace
    assert T.allows(state, T.move("t2", "t1"))
