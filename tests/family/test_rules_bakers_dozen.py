"""Baker's Dozen, sentence by sentence (AisleRiot 3.22's help/C/bakers_dozen.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[bakers-dozen] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> test_a_standard_deck
- (no Stock section: every card is dealt) -> test_there_is_no_stock_to_turn
- "Foundation: Four piles at top. To be built in suit from Ace to King." / "Foundations are
  built up in suit from Ace to King." -> test_foundations_built_up_in_suit_from_ace_to_king
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_foundation_cards_are_still_in_play
- "Tableau: Thirteen piles. Four cards are dealt face up on each pile." -> the shape test
- "Kings are moved to the bottom of their respective piles." -> test_kings_lie_at_the_bottom
- "The top card on each Tableau can be moved to another Tableau pile if it has a value of
  one lower than the top card on the second pile. Suit is not relevant." ->
  test_a_top_card_goes_on_one_rank_higher_whatever_the_suit, test_one_card_at_a_time
- "Empty Tableau piles cannot be filled." -> test_empty_piles_cannot_be_filled
- "Double clicking on a card in the Tableau will move it to the appropriate Foundation pile
  if such a move is possible." -> test_double_click_moves_a_card_to_its_foundation
- "Goal: Move all cards to the Foundation piles." -> test_goal_all_cards_on_the_foundations
- "Each card moved to the Foundation scores one point. Maximum possible score: 52" ->
  test_scoring
"""

from __future__ import annotations

import pytest

from game.engine.cards import KING, RANK
from game.engine.commands import Draw, ToFoundation
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE

from .table import RANKS_UP, Table, card, complete_foundations

T = Table("bakers-dozen")


at = T.game_at


def test_a_standard_deck():
    g = T.deal(8)
    assert sorted(c for pile in g.state.piles for c in pile) == list(range(52))


def test_there_is_no_stock_to_turn():
    g = T.deal(8)
    assert g.state.piles[STOCK] == () and g.state.piles[WASTE] == ()
    assert T.refusal(g.state, Draw()) is Reason.NO_STOCK


def test_kings_lie_at_the_bottom():
    """In every pile of many deals, no King lies on a card that is not a King."""
    kings_seen = 0
    for seed in range(1, 40):
        piles = T.deal(seed).state.piles
        for t in T.piles("t"):
            ranks = [RANK[c] for c in piles[t]]
            kings = ranks.count(KING)
            kings_seen += kings
            assert ranks[:kings] == [KING] * kings, (seed, ranks)
    assert kings_seen == 4 * 39


def test_foundations_built_up_in_suit_from_ace_to_king():
    assert len(T.piles("f")) == 4
    state = T.state(t1="AH", t2="2H", t3="2S")
    assert T.refusal(state, T.move("t2", "f1")) is Reason.EMPTY_FOUNDATION
    up = T.after(state, T.move("t1", "f1"))
    assert T.allows(up, T.move("t2", "f1"))
    assert T.refusal(up, T.move("t3", "f1")) is Reason.FOUNDATION_TAKES


def test_foundation_cards_are_still_in_play():
    assert T.allows(T.state(f1="AD 2D 3D", t1="4S"), T.move("f1", "t1"))


def test_a_top_card_goes_on_one_rank_higher_whatever_the_suit():
    state = T.state(t1="9H", t2="8H", t3="8S", t4="7C", t5="TD")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1"))
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES
    assert T.refusal(state, T.move("t5", "t1")) is Reason.TABLEAU_TAKES


def test_one_card_at_a_time():
    state = T.state(t1="9H", t2="KC 8S 7D", t3="9C")
    assert T.refusal(state, T.move("t2", "t1", 2)) is Reason.SINGLE_CARDS_ONLY


def test_empty_piles_cannot_be_filled():
    state = T.state(t1="", t2="5S KD", t3="4C QS", f1="AD 2D 3D")
    assert T.refusal(state, T.move("t2", "t1")) is Reason.EMPTY_STAYS_EMPTY
    assert T.refusal(state, T.move("t3", "t1")) is Reason.EMPTY_STAYS_EMPTY
    assert T.refusal(state, T.move("f1", "t1")) is Reason.EMPTY_STAYS_EMPTY


def test_double_click_moves_a_card_to_its_foundation():
    g = at(T.state(t1="4H AC", t2="QH"))
    g.execute(ToFoundation(T.pile("t1")))
    assert [c for f in T.piles("f") for c in g.state.piles[f]] == [card("AC")]
    with pytest.raises(Refused):
        g.execute(ToFoundation(T.pile("t2")))


def test_goal_all_cards_on_the_foundations():
    piles = complete_foundations(1)
    assert at(T.state(**piles)).won
    piles["f4"] = " ".join(r + "S" for r in RANKS_UP[:-1])
    assert not at(T.state(t1="KS", **piles)).won


def test_scoring():
    g = at(T.state(f1="AS 2S 3S", f2="AH", t1="5H"))
    assert (g.score, g.max_score) == (4, 52)
