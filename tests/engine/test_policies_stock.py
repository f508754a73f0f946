"""Stock policies: to the waste N at a time, one card to each tableau pile, one to each
reserve pile, none at all; the short last deal; Easthaven's empty piles first."""

from __future__ import annotations

import pytest

from game.engine.commands import Draw, Move
from game.engine.events import StockDealt, StockTurned, event_from_json, event_to_json
from game.engine.game import new_game
from game.engine.policies import StockTarget
from game.engine.refusals import Reason, Refused

from .helpers import game_at, position, rules


def test_every_stock_target_has_a_label():
    assert all(t.label for t in StockTarget)


def test_the_waste_takes_n_at_a_time_and_the_short_last_turn():
    r = rules("gold-mine")
    game = game_at(r, position(r, {"stock": "2H 3H 4H 5H"}))
    assert game.execute(Draw()) == (StockTurned(3),)
    assert game.execute(Draw()) == (StockTurned(1),)


def test_easthaven_deals_one_card_to_each_pile_and_three_at_the_last():
    game = new_game(rules("easthaven"), seed=3)
    tableau = game.layout.tableau_range
    top = game.state.piles[0][-1]
    step = game.execute(Draw())
    assert step == (StockDealt(tuple(tableau)),)
    assert game.state.piles[tableau[0]][-1] == top  # the stock's top card to the first pile
    assert all(len(game.state.piles[t]) == 4 for t in tableau)
    assert all(game.state.down[t] == 2 for t in tableau)  # dealt face up
    for _ in range(3):
        game.execute(Draw())
    assert game.execute(Draw()) == (StockDealt(tuple(tableau[:3])),)
    assert not game.state.piles[0] and not game.can_draw()
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, Draw())
    assert refused.value.reason is Reason.NO_REDEAL
    while game.can_undo:
        game.undo()
    assert game.state == game.initial


def test_lady_jane_deals_to_the_reserves_and_the_last_two_cards_to_two_of_them():
    game = new_game(rules("lady-jane"), seed=5)
    reserves = tuple(game.layout.reserve_range)
    assert game.execute(Draw()) == (StockDealt(reserves),)
    assert game.execute(Draw()) == (StockDealt(reserves),)
    assert game.execute(Draw()) == (StockDealt(reserves[:2]),)
    assert [len(game.state.piles[r]) for r in reserves] == [4, 4, 3, 3, 3, 3, 3]
    assert Draw() not in game.legal_moves()


def test_yukon_has_no_stock_to_turn():
    game = new_game(rules("yukon"), seed=1)
    assert Draw() not in game.legal_moves() and not game.can_draw()
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, Draw())
    assert refused.value.reason is Reason.NO_STOCK


def test_easthaven_deals_only_once_no_move_can_fill_an_empty_pile():
    r = rules("easthaven")
    game = game_at(r, position(r, {"stock": "2H", "t2": "3C KS"}, {"t2": 1}))
    assert Draw() not in game.legal_moves()
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, Draw())
    assert (refused.value.reason, refused.value.target) == (Reason.FILL_EMPTY_FIRST, 2 + 4)
    game.execute(Move(game.layout.index("t2"), game.layout.index("t1"), 1))  # KS fills t1
    assert Draw() in game.legal_moves()


def test_an_empty_pile_nothing_can_fill_does_not_hold_the_deal_up():
    r = rules("easthaven")
    # Only a whole pile could move to the empty one: that fills nothing.
    game = game_at(r, position(r, {"stock": "2H", "t2": "KS", "t3": "9C"}))
    assert Draw() in game.legal_moves()


def test_a_deal_to_several_piles_reads_and_writes_as_json():
    layout = new_game(rules("lady-jane"), seed=1).layout
    event = StockDealt((layout.index("r1"), layout.index("r2")))
    data = event_to_json(event, layout)
    assert data == {"event": "stock-dealt", "to": ["r1", "r2"]}
    assert event_from_json(data, layout) == event
    with pytest.raises(ValueError, match="'to' must be a list of pile names"):
        event_from_json({"event": "stock-dealt", "to": "r1"}, layout)
    with pytest.raises(ValueError, match="no pile"):
        event_from_json({"event": "stock-dealt", "to": ["r9"]}, layout)


def test_a_game_dealing_to_the_tableau_is_not_stuck_while_the_stock_deals():
    r = rules("agnes")
    game = game_at(r, position(r, {"f1": "5C", "t1": "KS", "stock": "2H"}))
    assert not game.is_stuck()
    game.execute(Draw())
    assert game.is_stuck()
