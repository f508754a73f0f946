"""The table animates a step from the cards its events name, through the real App: the
cards a stock turn names fly one after another in the order named, and the card a
turn-up names turns over after the move that uncovered it; Athena's shown cards are drawn
face up and lift with the run on them."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.commands import Draw, Move
from game.engine.events import CardsMoved, CardTurnedUp, StockTurned
from game.view.steps import DRAW_STAGGER, TURN_PAUSE
from tests.engine.helpers import game_at, position
from tests.view.scene_helpers import centre_of, display, drag, matches_engine, scene_for, settle


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


def test_athenas_shown_cards_lie_face_up_and_lift_with_the_run_on_them():
    """Athena deals rows face down and face up in turn: each card is drawn as the engine's
    ``face_up`` says, a shown card is fanned like a face-up one, and a grab there lifts
    it with the card turned up on it when they build."""
    display()
    table = scene_for("athena", seed=1)
    settle(table)
    state, sprites = table.game.state, table.scene.motion.sprites
    for pile in table.game.mechanics.tableau:
        for at, card in enumerate(state.piles[pile]):
            assert sprites[card].home.face_up == state.face_up(pile, at), (pile, at)
    pile = table.game.mechanics.tableau[-1]  # the deepest: face down, shown, ..., top
    cards = state.piles[pile]
    assert state.face_up(pile, 1) and not state.face_up(pile, 0) and not state.face_up(pile, 2)
    ys = [sprites[c].home.y for c in cards]
    assert ys[2] - ys[1] > ys[1] - ys[0]  # the shown card's index shows
    assert table.game.pickable(pile, 1) == 0  # a face-down card still lies on it
    # [face down, 4S shown, 3D turned up]: a drag from 4S takes 3D along onto 5H.
    r = table.game.rules
    state = position(r, {"t1": "KC 4S 3D", "t2": "5H"}, down={"t1": 2})
    placed = {c for pile in state.piles for c in pile}
    stock = tuple(c for c in range(52) if c not in placed)  # every card is on the table
    shown = [0] * len(state.piles)
    shown[table.game.layout.index("t1")] = 0b10
    piles = (stock, *state.piles[1:])
    state = dataclasses.replace(state, piles=piles, shown=tuple(shown))
    table = scene_for("athena", game=game_at(r, state))
    settle(table)
    t1, t2 = table.game.layout.index("t1"), table.game.layout.index("t2")
    four, three = table.game.state.piles[t1][1:]
    assert table.scene.motion.sprites[four].home.face_up
    drag(table, centre_of(table, four), centre_of(table, table.game.state.piles[t2][-1]))
    moved, turned = table.game.log[-1].step
    assert table.game.log[-1].command == Move(t1, t2, 2) and moved.cards == (four, three)
    assert type(turned) is CardTurnedUp and turned.pile == t1
    settle(table)
    assert matches_engine(table)
