"""Gypsy, sentence by sentence (AisleRiot 3.22's help/C/gypsy.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[gypsy] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Double Deck" -> the shape test
- "Stock: Top left pile. The rest of the deck is placed here after dealing the Tableau." /
  "Tableau: Eight piles. Deal two rows face down and one row face up to start." -> the shape test
- "Cards are dealt in batches of eight, one on every Tableau." / "Each deal flips one card
  from the Stock to each pile of the Tableau. There are no redeals." ->
  test_a_deal_puts_one_card_face_up_on_each_pile, test_no_redeals
- "Foundation: Eight piles top right. To be built in suit from Ace to King." /
  "Foundations are built up in suit from Ace to King." ->
  test_foundations_built_up_in_suit_from_ace_to_king
- "Topmost card in each Foundation can be played back on to the Tableau." / "Cards in
  Foundations are still in play." -> test_foundation_cards_are_still_in_play
- "Tableau can be built down in alternating colors." / "Cards in Tableau are built down by
  alternating color." -> test_built_down_in_alternating_colours
- "Builds of cards can be moved." -> test_builds_move_as_a_unit
- "Empty piles can be filled with any card or build." -> test_empty_piles_take_any_card_or_build
- "Double clicking on a card in the Tableau will move it to the appropriate Foundation pile
  if such a move is possible." -> test_double_click_moves_a_card_to_its_foundation
- "Goal: Move all cards to the Foundation piles." -> test_goal_all_cards_on_the_foundations
- "Each card in the Foundation scores 5 points. When a Foundation pile is complete (from
  Ace to King), 60 more points are scored. Each card pair on the Tableau in alternating
  order scores 2 points. Maximum possible score: 1000" -> test_scoring
"""

from __future__ import annotations

import pytest

from game.engine.commands import Draw, ToFoundation
from game.engine.events import StockDealt
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK

from .table import RANKS_UP, Table, complete_foundations

T = Table("gypsy")


at = T.game_at


def test_a_deal_puts_one_card_face_up_on_each_pile():
    g = T.deal(2)
    before = g.state
    tableau = T.piles("t")
    assert g.execute(Draw()) == (StockDealt(tuple(tableau)),)
    assert [g.state.piles[t][-1] for t in tableau] == list(before.piles[STOCK][::-1][:8])
    assert [g.state.down[t] for t in tableau] == [2] * 8
    assert len(g.state.piles[STOCK]) == 72


def test_no_redeals():
    assert T.refusal(T.state(t1="9C", stock=""), Draw()) is Reason.NO_REDEAL


def test_foundations_built_up_in_suit_from_ace_to_king():
    assert len(T.piles("f")) == 8
    state = T.state(t1="AH", t2="2H", t3="2S", f2="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    assert T.refusal(state, T.move("t2", "f1")) is Reason.EMPTY_FOUNDATION
    up = T.after(state, T.move("t1", "f1"))
    assert T.allows(up, T.move("t2", "f1"))
    assert T.refusal(up, T.move("t3", "f1")) is Reason.FOUNDATION_TAKES
    assert not T.allows(
        T.state(t1="AD", f2="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"), T.move("t1", "f2")
    )


def test_foundation_cards_are_still_in_play():
    state = T.state(f1="AD 2D 3D", t1="4S", t2="")
    assert T.allows(state, T.move("f1", "t1"))
    assert T.allows(state, T.move("f1", "t2"))


def test_built_down_in_alternating_colours():
    state = T.state(t1="9H", t2="8S", t3="8D")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.refusal(state, T.move("t3", "t1")) is Reason.TABLEAU_TAKES


def test_builds_move_as_a_unit():
    state = T.state(t1="2C TS 9D 8C", t2="JH", t3="9D 7C", t4="8S", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))
    assert T.refusal(state, T.move("t3", "t4", 2)) is Reason.NOT_A_RUN


def test_empty_piles_take_any_card_or_build():
    state = T.state(t1="", t2="5S 9D 8C", t3="4C QS")
    assert T.allows(state, T.move("t2", "t1", 2))
    assert T.allows(state, T.move("t3", "t1"))


def test_double_click_moves_a_card_to_its_foundation():
    g = at(T.state(t1="4H AC", t2="QH"))
    g.execute(ToFoundation(T.pile("t1")))
    assert [c for f in T.piles("f") for c in g.state.piles[f]] == [
        T.state(t1="AC").piles[T.pile("t1")][0]
    ]
    with pytest.raises(Refused):
        g.execute(ToFoundation(T.pile("t2")))


def test_goal_all_cards_on_the_foundations():
    piles = complete_foundations(2)
    assert at(T.state(**piles)).won
    piles["f8"] = " ".join(r + "S" for r in RANKS_UP[:-1])
    assert not at(T.state(t1="KS", **piles)).won


def test_scoring():
    """Three cards up (15), a whole foundation (65 + 60), 9D 8C on TS (2 pairs: 4)."""
    full = " ".join(r + "H" for r in RANKS_UP)
    g = at(T.state(f1="AS 2S 3S", f2=full, t1="KD TS 9D 8C", t2="5H 4H", down={"t1": 1}))
    assert g.score == 5 * 3 + 5 * 13 + 60 + 2 * 2
    assert T.deal(2).max_score == 5 * 104 + 60 * 8 == 1000
