"""Lady Jane, sentence by sentence (AisleRiot 3.22's help/C/lady_jane.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[lady-jane] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_rules_common::test_type_of_deck[lady-jane]
- "Stock: ... The rest of the deck is placed here after dealing." -> the shape test
- "Cards are turned on to the Reserve one on each pile per deal." / "Cards are dealt from
  the Stock to the Reserve. Each deal places one card on each pile of the Reserve." ->
  test_a_deal_puts_one_card_on_each_reserve_pile
- "When there are only two cards left in Stock, they are dealt such that both cards are
  available for play." -> test_the_last_two_cards_are_both_available
- "Foundation: Four piles on top right. Deal one card on to first Foundation pile after
  dealing on to Tableau and Reserve. This card is now the base card." -> the shape test
- "Built up by suit." / "Foundations are built up in suit from the base card. New
  Foundations are started when a card of the same rank as the base card is placed on
  empty Foundation piles." -> test_foundations_built_up_in_suit_from_the_base_card
- "Aces are placed on Kings, and twos on Aces." -> test_aces_on_kings_twos_on_aces
- "Reserve: Seven piles on the right." -> test_rules_common::test_the_piles_the_page_names
- "Top card of each pile is available for play on to either the Tableau or the
  Foundation." / "The top card of each Reserve pile is always available for play on to
  either the Tableau or the Foundation." -> test_reserve_top_cards_play_to_tableau_or_foundation
- "Empty spaces are not filled except by a deal from Stock." / "There is no building on
  the Reserve piles." -> test_nothing_is_played_onto_the_reserve,
  test_a_deal_fills_an_empty_reserve_space
- "Tableau: Seven piles below Stock and Foundation. Deal card face up in first pile. ...
  Repeat until there are seven cards in last pile." -> the shape test
- "Tableau can be built down in alternating colors." / "Cards in the Tableau are built
  down by alternating color." -> test_built_down_in_alternating_colors
- "Groups of cards can be moved." -> test_groups_move
- (silent on a King on an Ace; the table's notes: it may) -> test_a_king_lies_on_an_ace
- (silent on building on a card of the base rank; the table's notes: as AisleRiot's
  lady_jane.scm, nothing goes on one) -> test_nothing_lies_on_a_card_of_the_base_rank,
  test_a_king_on_an_ace_of_the_base_rank, test_no_run_crosses_the_base_rank
- "Empty piles can only be filled by the card whose rank is one lower than the base card
  or group of cards starting with a card of this rank." / "An empty pile in the Tableau
  can be filled with a card whose rank is one lower than the base card or with a group of
  cards starting with a card with this rank." -> test_empty_piles_take_one_below_the_base
- "Cards in Foundations are still in play." ->
  test_rules_common::test_foundation_cards_in_play_or_not[lady-jane]
- "Double clicking ..." / "Goal" / "Scoring" -> test_rules_common [lady-jane]
- "Top left pile", "on the right", "below Stock": where the view draws the piles.
"""

from __future__ import annotations

from game.engine.commands import Draw
from game.engine.events import StockDealt
from game.engine.notation import parse_command
from game.engine.refusals import Reason
from game.engine.state import STOCK

from .table import Table

T = Table("lady-jane")


def test_a_deal_puts_one_card_on_each_reserve_pile():
    g = T.deal(14)
    stock = g.state.piles[STOCK]
    step = g.execute(Draw())
    reserves = T.piles("r")
    assert step == (StockDealt(tuple(reserves)),)
    assert [g.state.piles[r][-1] for r in reserves] == list(stock[::-1][:7])


def test_the_last_two_cards_are_both_available():
    state = T.state(stock="4D 5D", f1="9C", t1="9S")
    after = T.after(state, Draw())
    tops = {after.piles[r][-1] for r in T.piles("r") if after.piles[r]}
    assert set(state.piles[STOCK]) <= tops and after.piles[STOCK] == ()
    assert T.refusal(after, Draw()) is Reason.NO_REDEAL


def test_foundations_built_up_in_suit_from_the_base_card():
    state = T.state(f1="6H", t1="7H", t2="7S", t3="6C", t4="AC")
    assert T.allows(state, T.move("t1", "f1"))
    assert not T.allows(state, T.move("t2", "f1"))
    assert T.allows(state, T.move("t3", "f2"))
    assert not T.allows(state, T.move("t4", "f2"))


def test_aces_on_kings_twos_on_aces():
    assert T.allows(T.state(f1="QD KD", t1="AD"), T.move("t1", "f1"))
    assert T.allows(T.state(f1="QD KD AD", t1="2D"), T.move("t1", "f1"))


def test_reserve_top_cards_play_to_tableau_or_foundation():
    state = T.state(r1="5S 8S", r2="7S", f1="6S", t1="9H")
    assert T.allows(state, T.move("r1", "t1"))
    assert T.allows(state, T.move("r2", "f1"))
    assert not T.allows(state, T.move("r1", "t1", 2))


def test_nothing_is_played_onto_the_reserve():
    state = T.state(r1="", r2="9H", t1="8S", t2="4C", f1="3C")
    assert T.refusal(state, T.move("t1", "r2")) is Reason.NOT_ONTO_RESERVE  # no building
    assert T.refusal(state, T.move("t2", "r1")) is Reason.NOT_ONTO_RESERVE  # stays empty
    assert not T.allows(state, T.move("f1", "r1"))


def test_built_down_in_alternating_colors():
    state = T.state(t1="9H", t2="8S", t3="8D", f1="3C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_groups_move():
    state = T.state(t1="TS 9D 8C", t2="JH", f1="3C")
    assert T.allows(state, T.move("t1", "t2", 3))
    assert not T.allows(T.state(t1="9D 7C", t2="8S", f1="3C"), T.move("t1", "t2", 2))


def test_empty_piles_take_one_below_the_base():
    state = T.state(t1="", t2="4C 6D", t3="KS 6S 5H", t4="2C KH", f1="7C")
    assert T.allows(state, T.move("t2", "t1"))  # 6D: one below the base 7
    assert T.allows(state, T.move("t3", "t1", 2))  # a group starting with 6S
    assert T.refusal(state, T.move("t4", "t1")) is Reason.EMPTY_TAKES_RANK  # not a King
    ace_base = T.state(t1="", t2="2C KH", f1="AC")
    assert T.allows(ace_base, T.move("t2", "t1"))  # one below an Ace: the King


def test_a_deal_fills_an_empty_reserve_space():
    state = T.state(r1="", r2="9H", f1="3C", t1="8S", stock="2D 3D 4D 5D 6D 7D 8D 9D")
    after = T.after(state, Draw())
    assert len(after.piles[T.pile("r1")]) == 1 and len(after.piles[T.pile("r2")]) == 2


def test_a_king_lies_on_an_ace():
    state = T.state(t1="AH", t2="KS", t3="KD", f1="5C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_nothing_lies_on_a_card_of_the_base_rank():
    # Base 5: a black 4 would build on the red 5 in the tableau, but the 5 ends the run.
    state = T.state(t1="5H", t2="4S", r1="4C", f1="5C")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.BASE_TAKES_NOTHING
    assert T.refusal(state, T.move("r1", "t1")) is Reason.BASE_TAKES_NOTHING
    # The same cards with another base: the 4 goes on the 5.
    assert T.allows(T.state(t1="5H", t2="4S", f1="6C"), T.move("t2", "t1"))


def test_a_king_on_an_ace_of_the_base_rank():
    # Seed 2 of the audit: K♥ on A♠ with the base A♥ grew runs past thirteen cards.
    state = T.state(t1="AS", t2="KH", f1="AH")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.BASE_TAKES_NOTHING
    # A returned foundation card is refused there too.
    state = T.state(t1="AS", f1="AH", f2="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    assert T.refusal(state, T.move("f2", "t1")) is Reason.BASE_TAKES_NOTHING


def test_no_run_crosses_the_base_rank():
    # A 4 lying on the base-rank 5 (put there before the rule, or by hand) is no run with
    # it: the 5 moves only with what is built on it, never with a card below.
    state = T.state(t1="6C 5H 4S", t2="7D", f1="5C", down={"t1": 0})
    assert T.refusal(state, T.move("t1", "t2", 3)) is Reason.BASE_TAKES_NOTHING
    assert T.allows(T.state(t1="6C 5H", t2="7D", f1="5C", down={"t1": 0}), T.move("t1", "t2", 2))


def test_seed_two_refuses_the_king_on_the_base_ace():
    # The audit's deal: r7-t6 put K♥ on A♠ with the base card A♥.
    game = T.deal(2)
    assert game.state.base == 1
    command = parse_command("r7-t6", game.layout)
    assert T.refusal(game.state, command) is Reason.BASE_TAKES_NOTHING
