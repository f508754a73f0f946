"""Foundation policies: the base (the Ace, or the card dealt to the first foundation),
wrapping King to Ace, and whether cards come back (a dealt base card too)."""

from __future__ import annotations

import pytest

from game.engine.commands import Move, ToFoundation
from game.engine.policies import FoundationBase
from game.engine.refusals import Reason, Refused

from .helpers import codes, game_at, position, rules


def refusal(game, command):
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, command)
    return refused.value


def test_every_base_has_a_label_and_a_refusal():
    assert all(b.label and b.reason and b.refusal.sentence for b in FoundationBase)


def test_the_ace_starts_klondikes_foundations():
    r = rules("klondike")
    game = game_at(r, position(r, {"t1": "AD"}))
    assert game.mechanics.empty_foundation_rank(game.state) == 1


def test_a_dealt_base_starts_every_foundation_at_its_rank():
    r = rules("canfield")
    game = game_at(r, position(r, {"f1": "4H", "t1": "4C", "t2": "5C"}))
    assert game.mechanics.empty_foundation_rank(game.state) == 4
    t1, t2, f2 = (game.layout.index(n) for n in ("t1", "t2", "f2"))
    assert Move(t1, f2, 1) in game.legal_moves()
    assert refusal(game, Move(t2, f2, 1)).reason is Reason.EMPTY_FOUNDATION_TAKES
    assert codes(refusal(game, Move(t2, f2, 1)).takes) == ["4C"]


def test_with_no_base_dealt_yet_no_rank_is_fixed():
    r = rules("canfield")
    game = game_at(r, position(r, {"t1": "4C"}))
    assert game.mechanics.empty_foundation_rank(game.state) is None
    assert game.legal_moves()[:1] != [Move(game.layout.index("t1"), 2, 1)]


def test_wrapping_foundations_take_an_ace_on_a_king_until_thirteen_cards():
    r = rules("canfield")
    game = game_at(r, position(r, {"f1": "QH KH", "t1": "AH"}))
    assert Move(game.layout.index("t1"), 2, 1) in game.legal_moves()
    game.execute(ToFoundation(game.layout.index("t1")))
    assert codes(game.state.piles[2]) == ["QH", "KH", "AH"]
    full = " ".join(r + "H" for r in "456789TJQKA23")
    game = game_at(r, position(r, {"f1": full, "t1": "4H"}))
    assert refusal(game, Move(game.layout.index("t1"), 2, 1)).reason is Reason.FOUNDATION_COMPLETE


def test_klondikes_king_ends_a_foundation():
    r = rules("klondike")
    full = " ".join(r + "H" for r in "A23456789TJQK")
    game = game_at(r, position(r, {"f1": full, "t1": "AH"}))
    assert refusal(game, Move(game.layout.index("t1"), 2, 1)).reason is Reason.FOUNDATION_COMPLETE


def test_a_dealt_base_card_comes_back_and_its_rank_still_starts_the_foundations():
    r = rules("canfield")
    game = game_at(r, position(r, {"f1": "4H", "t1": "5S", "t2": "4C", "t3": "6D"}))
    f1, t1, t2, t3 = (game.layout.index(n) for n in ("f1", "t1", "t2", "t3"))
    assert Move(f1, t1, 1) in game.legal_moves()
    assert game.pickable(f1, 0) == 1
    game.execute(Move(f1, t1, 1))
    assert codes(game.state.piles[t1]) == ["5S", "4H"] and not game.state.piles[f1]
    assert game.mechanics.empty_foundation_rank(game.state) == 4
    assert {Move(t1, f1, 1), Move(t2, f1, 1)} <= set(game.legal_moves())
    assert refusal(game, Move(t3, f1, 1)).reason is Reason.EMPTY_FOUNDATION_TAKES
    game = game_at(r, position(r, {"f1": "3H 4H", "t1": "5S"}))
    assert Move(f1, t1, 1) in game.legal_moves()
    assert game.pickable(f1, 1) == 1


def test_no_foundation_card_comes_back_where_they_are_out_of_play():
    r = rules("westhaven")
    game = game_at(r, position(r, {"f1": "AH 2H", "t1": "3S"}))
    f1, t1 = game.layout.index("f1"), game.layout.index("t1")
    assert refusal(game, Move(f1, t1, 1)).reason is Reason.NO_RETURN
    assert game.pickable(f1, 1) == 0


def test_what_goes_up_next_counts_from_the_base_and_round_the_corner():
    r = rules("lady-jane")
    game = game_at(r, position(r, {"f1": "QH KH", "t1": "2H"}))
    refused = refusal(game, ToFoundation(game.layout.index("t1")))
    assert refused.reason is Reason.NO_FOUNDATION_TAKES
    assert codes(refused.takes) == ["AH"]  # the Ace goes on the King
