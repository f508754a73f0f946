"""Forty Thieves, sentence by sentence (AisleRiot 3.22's help/C/forty_thieves.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[forty-thieves] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Double Deck" -> the shape test
- "Stock: Top left pile. The rest of the deck is placed here after dealing the Tableau." /
  "Tableau: Ten piles. Deal four rows face up to start." -> the shape test
- "Cards are dealt singly to the waste, The top card of the waste is available for play." /
  "Cards are played singly from the Stock to the waste pile, whose top card is available
  for play." -> test_cards_are_turned_singly_to_the_waste_and_its_top_plays
- "There are no redeals." -> test_no_redeals
- "Foundation: Eight piles top right. To be built in suit from Ace to King." /
  "Foundations are built up in suit from Ace to King." ->
  test_foundations_built_up_in_suit_from_ace_to_king
- "Tableau can be built down in suit." / "Cards in Tableau are built down in the same
  suit." -> test_built_down_in_suit
- "Cards are moved singly." / "As a short cut you can move more than one if there are
  enough empty spaces." -> test_cards_move_singly_or_as_far_as_the_empty_piles_allow
- "Empty piles can be filled with any card." -> test_empty_piles_take_any_card
- "Cards can also be moved in groups to the Foundation piles." ->
  test_a_group_goes_up_to_its_foundation_in_one_move
- "Double clicking on a card in the Tableau or waste will move it to the appropriate
  Foundation pile if such a move is possible" -> test_double_click_moves_a_card_to_its_foundation
- "Goal: Move all cards to the Foundation piles." -> test_goal_all_cards_on_the_foundations
- "Each card in the Foundation scores 5 points. When a Foundation pile is complete (from
  Ace to King), 60 more points are scored. Maximum possible score: 1000" -> test_scoring
- The page is silent on foundation cards coming back: the table keeps them there, the
  usual rule -> test_foundation_cards_stay
"""

from __future__ import annotations

from game.engine.commands import Draw, ToFoundation
from game.engine.events import CardsMoved
from game.engine.refusals import Reason
from game.engine.state import STOCK, WASTE

from .table import RANKS_UP, Table, card, complete_foundations

T = Table("forty-thieves")
at = T.game_at


def test_cards_are_turned_singly_to_the_waste_and_its_top_plays():
    state = T.state(stock="9D 5C", t1="6C")
    after = T.after(state, Draw())
    assert after.piles[WASTE] == (card("5C"),) and after.piles[STOCK] == (card("9D"),)
    assert T.allows(after, T.move("waste", "t1"))


def test_no_redeals():
    state = T.state(waste="9D 5C", t1="KS")
    assert T.refusal(state, Draw()) is Reason.NO_REDEAL


def test_foundations_built_up_in_suit_from_ace_to_king():
    assert len(T.piles("f")) == 8
    state = T.state(t1="AH", t2="2H", t3="2S")
    assert T.refusal(state, T.move("t2", "f1")) is Reason.EMPTY_FOUNDATION
    up = T.after(state, T.move("t1", "f1"))
    assert T.allows(up, T.move("t2", "f1"))
    assert T.refusal(up, T.move("t3", "f1")) is Reason.FOUNDATION_TAKES


def test_built_down_in_suit():
    state = T.state(t1="9H", t2="8H", t3="8S", t4="TH")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES


def test_cards_move_singly_or_as_far_as_the_empty_piles_allow():
    """With no empty pile, one card at a time; each empty pile other than the target
    doubles what may move together (one: two cards, two: four)."""
    run = "5S 9H 8H 7H 6H"
    kings = {f"t{n}": "KC" for n in range(6, 11)}
    none_free = T.state(t1=run, t2="TH", t3="8H", t4="KD", t5="KS", **kings)
    assert T.refusal(none_free, T.move("t1", "t3", 2)) is Reason.TOO_MANY_CARDS
    one_free = T.state(t1=run, t2="TH", t3="8H", t4="", t5="KS", **kings)
    assert T.allows(one_free, T.move("t1", "t3", 2))
    assert T.refusal(one_free, T.move("t1", "t2", 4)) is Reason.TOO_MANY_CARDS
    two_free = T.state(t1=run, t2="TH", t3="8H", t4="", t5="", **kings)
    assert T.allows(two_free, T.move("t1", "t2", 4))
    # Onto an empty pile, that pile does not count: two cards, not four.
    assert T.allows(two_free, T.move("t1", "t4", 2))
    assert T.refusal(two_free, T.move("t1", "t4", 4)) is Reason.TOO_MANY_CARDS


def test_empty_piles_take_any_card():
    state = T.state(t1="", t2="5S", t3="KD")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1"))


def test_a_group_goes_up_to_its_foundation_in_one_move():
    """2H, 3H and 4H go up onto AH in one move, the lowest first."""
    state = T.state(t1="5C 4H 3H 2H", f1="AH")
    step = T.step(state, T.move("t1", "f1", 3))
    assert [e.cards for e in step if isinstance(e, CardsMoved)] == [
        (card("2H"),),
        (card("3H"),),
        (card("4H"),),
    ]


def test_double_click_moves_a_card_to_its_foundation():
    g = at(T.state(t1="4H AC", waste="AD", t2="QH"))
    g.execute(ToFoundation(T.pile("t1")))
    g.execute(ToFoundation(WASTE))
    up = sorted(c for f in T.piles("f") for c in g.state.piles[f])
    assert up == sorted((card("AC"), card("AD")))


def test_goal_all_cards_on_the_foundations():
    piles = complete_foundations(2)
    assert at(T.state(**piles)).won
    piles["f8"] = " ".join(r + "S" for r in RANKS_UP[:-1])
    assert not at(T.state(t1="KS", **piles)).won


def test_scoring():
    """Three cards up (15), a whole foundation (65 + 60)."""
    full = " ".join(r + "H" for r in RANKS_UP)
    g = at(T.state(f1="AS 2S 3S", f2=full, t1="KD"))
    assert g.score == 5 * 3 + 5 * 13 + 60
    assert T.deal(2).max_score == 5 * 104 + 60 * 8 == 1000


def test_foundation_cards_stay():
    state = T.state(f1="AD 2D 3D", t1="4S", t2="")
    assert T.refusal(state, T.move("f1", "t1")) is Reason.NO_RETURN
    assert T.refusal(state, T.move("f1", "t2")) is Reason.NO_RETURN
