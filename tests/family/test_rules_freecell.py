"""FreeCell, sentence by sentence (AisleRiot 3.22's help/C/freecell.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[freecell] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> the shape test
- "Reserves: Four left piles on top row. Each Reserve pile can only hold one card." ->
  test_a_reserve_holds_one_card
- "Foundation: Four piles top right. To be built up in suit from Ace to King." /
  "Foundations are built up in suit from Ace to King." ->
  test_foundations_built_up_in_suit_from_ace_to_king
- "Cards in Foundations are no longer in play." / "Cards in Foundations are not in play."
  -> test_cards_in_foundations_are_not_in_play
- "Tableau: Eight piles. Deal all cards face up on to these eight piles, ending up with
  seven cards in each of the first four piles and six cards in the last four piles." ->
  the shape test, test_there_is_no_stock_to_turn
- (the issue: deal N is Microsoft FreeCell's deal N) -> test_deal_1_is_microsofts_game_1,
  test_deals_run_from_1_to_2147483647
- "Tableau can be built down in alternating colors." / "Cards in the Tableau are built down
  by alternating color." -> test_built_down_in_alternating_colours
- "Cards can only be moved singly, but as a shortcut, if there are enough Reserve piles free
  to allow it, cards in sequence can be moved together." / "Groups of cards can be moved if
  there are enough Reserve piles free to allow the move if the cards were moved singly." ->
  test_groups_move_as_far_as_free_cells_would_move_them_singly,
  test_empty_piles_count_as_the_cards_moved_singly_through_them, test_a_group_is_a_sequence
- "An empty pile in the Tableau can be filled with any card or group of cards." ->
  test_an_empty_pile_takes_any_card_or_group
- "Double clicking on a card will move it to the appropriate Foundation pile if such a move
  is possible." -> test_double_click_moves_a_card_to_its_foundation
- "Cards in Reserve piles can be played back on to Tableau or on to the Foundation." ->
  test_reserve_cards_play_back_onto_the_tableau_or_a_foundation
- "Goal: Move all cards to the Foundation piles." -> test_goal_all_cards_on_the_foundations
- "Each card in the Foundation piles scores one point. Maximum possible score: 52" ->
  test_scoring
"""

from __future__ import annotations

import pytest

from game.engine.commands import Draw, ToFoundation
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE

from .table import Table, card

T = Table("freecell")
FULL_DIAMONDS = "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"


at = T.game_at


def test_there_is_no_stock_to_turn():
    g = T.deal(7)
    assert g.state.piles[STOCK] == () and g.state.piles[WASTE] == ()
    assert T.refusal(g.state, Draw()) is Reason.NO_STOCK


def test_deal_1_is_microsofts_game_1():
    """Microsoft's deal 1: J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥ across its first row."""
    g = T.deal(1)
    row = [g.state.piles[t][0] for t in T.piles("t")]
    assert row == [card(code) for code in "JD 2D 9H JC 5D 7H 7C 5H".split()]


def test_deals_run_from_1_to_2147483647():
    assert (T.rules.numbering.first, T.rules.numbering.last) == (1, 2**31 - 1)
    last = T.deal(2**31 - 1)
    assert sorted(c for pile in last.state.piles for c in pile) == list(range(52))
    with pytest.raises(ValueError):
        T.deal(0)


def test_a_reserve_holds_one_card():
    state = T.state(t1="9H 8S", t2="4D", c2="KC")
    assert T.allows(state, T.move("t1", "c1"))  # any top card into an empty cell
    assert T.refusal(state, T.move("t2", "c2")) is Reason.CELL_HOLDS_ONE  # full
    assert T.refusal(state, T.move("t1", "c1", 2)) is Reason.CELL_HOLDS_ONE  # two cards


def test_reserve_cards_play_back_onto_the_tableau_or_a_foundation():
    state = T.state(c1="9H", c2="2D", t1="TS", f1="AD")
    assert T.allows(state, T.move("c1", "t1"))
    assert T.allows(state, T.move("c2", "f1"))


def test_built_down_in_alternating_colours():
    state = T.state(t1="9H", t2="8S", t3="8D", t4="7C")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES  # two ranks down


# Seven piles with cards and a six-card sequence on the second, TS down to 5H.
FULL = dict(t1="JH", t2="KC TS 9H 8S 7H 6S 5H", t3="2C", t4="2D", t5="3C", t6="3D", t7="4C")


def test_groups_move_as_far_as_free_cells_would_move_them_singly():
    """No empty pile: one card more than the free cells."""
    four_free = T.state(t8="TC", **FULL)  # five cards at most
    assert T.allows(four_free, T.move("t2", "t8", 5))  # 9H to 5H onto TC
    assert T.refusal(four_free, T.move("t2", "t1", 6)) is Reason.TOO_MANY_CARDS
    three_free = T.state(t8="TC", c1="KD", **FULL)  # four cards at most
    assert T.refusal(three_free, T.move("t2", "t8", 5)) is Reason.TOO_MANY_CARDS


def test_empty_piles_count_as_the_cards_moved_singly_through_them():
    """(free cells + 1) doubled for each empty pile that is not the target."""
    state = T.state(c1="KD", c2="KH", **FULL)  # two free cells, t8 empty: 3 x 2 = 6
    assert T.allows(state, T.move("t2", "t1", 6))
    fewer = T.state(c1="KD", c2="KH", c3="KS", **FULL)  # one free cell: 2 x 2 = 4
    assert T.refusal(fewer, T.move("t2", "t1", 6)) is Reason.TOO_MANY_CARDS
    # Onto the empty pile itself: it does not count, three cards at most.
    assert T.allows(state, T.move("t2", "t8", 3))
    assert T.refusal(state, T.move("t2", "t8", 4)) is Reason.TOO_MANY_CARDS


def test_a_group_is_a_sequence():
    state = T.state(t1="QD", t2="5C JS 9H", t3="KC")
    assert T.refusal(state, T.move("t2", "t1", 2)) is Reason.NOT_A_RUN


def test_an_empty_pile_takes_any_card_or_group():
    state = T.state(t1="", t2="4D 7C", t3="KC QH JS", t4="5H")
    assert T.allows(state, T.move("t2", "t1"))  # not a King
    assert T.allows(state, T.move("t4", "t1"))
    assert T.allows(state, T.move("t3", "t1", 2))  # a group


def test_foundations_built_up_in_suit_from_ace_to_king():
    state = T.state(t1="AH", t2="2H", t3="2S", t4="KH", f2=FULL_DIAMONDS[:-3])
    assert T.refusal(state, T.move("t2", "f1")) is Reason.EMPTY_FOUNDATION
    up = T.after(state, T.move("t1", "f1"))
    assert T.allows(up, T.move("t2", "f1"))
    assert T.refusal(up, T.move("t3", "f1")) is Reason.FOUNDATION_TAKES
    assert T.refusal(up, T.move("t4", "f2")) is Reason.FOUNDATION_TAKES  # KH on QD
    full = T.state(t1="KS", f1=FULL_DIAMONDS)
    assert not T.allows(full, T.move("t1", "f1"))  # nothing goes on the King


def test_cards_in_foundations_are_not_in_play():
    state = T.state(f1="AD 2D 3D", t1="4S", c1="")
    assert T.refusal(state, T.move("f1", "t1")) is Reason.NO_RETURN
    assert not T.allows(state, T.move("f1", "c1"))


def test_double_click_moves_a_card_to_its_foundation():
    state = T.state(t1="4H AC", t2="QH", c1="AD")
    g = at(state)
    g.execute(ToFoundation(T.pile("t1")))
    g.execute(ToFoundation(T.pile("c1")))  # from a cell too
    assert sorted(c for f in T.piles("f") for c in g.state.piles[f]) == sorted(
        [card("AC"), card("AD")]
    )
    with pytest.raises(Refused):
        g.execute(ToFoundation(T.pile("t2")))  # no foundation takes QH: nothing moves


def test_scoring():
    g = at(T.state(f1="AS 2S 3S", t1="5H", c1="9C"))
    assert (g.score, g.max_score) == (3, 52)


def test_goal_all_cards_on_the_foundations():
    order = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    piles = {f"f{i + 1}": " ".join(r + s for r in order) for i, s in enumerate("CDHS")}
    assert at(T.state(**piles)).won
    piles["f1"] = piles["f1"][:-3]
    assert not at(T.state(c1="KC", **piles)).won
