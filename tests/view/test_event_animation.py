"""The table animates a step from the cards its events name, through the real App: the
cards a stock turn names fly one after another in the order named, and the card a
turn-up names turns over after the move that uncovered it."""

from __future__ import annotations

import pytest

from game.engine.commands import Draw, Move
from game.engine.events import CardsMoved, CardTurnedUp, StockTurned
from game.view.steps import DRAW_STAGGER, TURN_PAUSE
from tests.view.scene_helpers import display, matches_engine, scene_for, settle


def test_a_stock_turn_flies_the_cards_it_names_in_order():
    display()
    table = scene_for("klondike", seed=5, mode="draw3")
    settle(table)
    assert table.do(Draw())
    (event,) = table.game.log[-1].step
    assert type(event) is StockTurned and len(event.cards) == 3
    motion = table.scene.motion
    assert motion.speed > 0
    for k, card in enumerate(event.cards):
        sprite = motion.sprites[card]
        assert sprite.tween.delay == pytest.approx(k * DRAW_STAGGER * motion.speed)
        assert sprite.flip is not None  # turned face up on its way
    settle(table)
    assert matches_engine(table)


def test_a_turned_up_card_turns_after_the_move_that_uncovered_it():
    display()
    for seed in range(1, 40):
        table = scene_for("klondike", seed=seed)
        uncovering = [
            m
            for m in table.game.legal_moves()
            if type(m) is Move
            and m.source in table.game.mechanics.tableau
            and len(table.game.state.piles[m.source]) > m.count
        ]
        if uncovering:
            break
    settle(table)
    assert table.do(uncovering[0])
    moved, turned = table.game.log[-1].step
    assert type(moved) is CardsMoved and type(turned) is CardTurnedUp
    motion = table.scene.motion
    assert motion.sprites[moved.cards[0]].tween.delay == 0
    flip = motion.sprites[turned.card].flip
    assert flip is not None and flip.to_face_up
    assert flip.delay == pytest.approx(TURN_PAUSE * motion.speed)
    settle(table)
    assert matches_engine(table)
