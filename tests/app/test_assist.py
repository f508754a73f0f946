"""The solver in the game: hints, the winnable verdict, auto-finish, winnable deals."""

import time

import pygame

from game.app.loop import DT
from game.engine.commands import Draw, ToFoundation
from game.engine.state import WASTE
from game.solver import winnable_pool
from tests.engine.helpers import game_at, position, rules
from tests.engine.test_rules_of_play import winning_game

from .app_helpers import make_app, press, settle


def wait_for_solver(app, seconds=30.0):
    end = time.monotonic() + seconds
    while app.assistant.busy and time.monotonic() < end:
        app.assistant.step(DT)
        time.sleep(0.01)
    app.assistant.step(DT)
    assert not app.assistant.busy, "the solver did not answer in time"


def test_hint_key_shows_a_legal_move_and_highlights_it(tmp_path):
    # Deal 5: turning a card up (8 of hearts onto 9 of spades) comes before turning the stock.
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "5")
    settle(app)
    press(app, pygame.K_h)
    wait_for_solver(app)
    message = app.table.feedback.message
    assert message == "Hint: move 8♥ onto 9♠"
    source, count, target = app.table.decor.hint
    game = app.table.game
    assert count >= 1 and game.state.piles[source]
    if target is not None:
        from game.engine.commands import Move

        assert game.is_legal(Move(source, target, count))
    # Any move clears the hint.
    app.table.do(Draw())
    app.after_event()
    assert app.table.decor.hint is None


def test_a_hint_to_turn_the_stock_highlights_the_stock(tmp_path):
    # Deal 1: the winning lines found begin by turning the stock.
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(app)
    press(app, pygame.K_h)
    wait_for_solver(app)
    assert app.table.feedback.message == "Hint: turn the stock"
    assert app.table.decor.hint == (0, 0, None)
    app.assistant.stop()


def test_no_more_moves_is_said_plainly(tmp_path):
    app = make_app(tmp_path)
    r = rules("klondike", "draw1-noredeal")
    app.table.set_game(game_at(r, position(r, {"t1": "KS", "t2": "KH", "f1": "AC"})))
    app.after_event()
    app.assistant.hint()
    wait_for_solver(app)
    assert "No more useful moves" in app.table.feedback.message


def test_still_winnable_verdict_and_indicator(tmp_path):
    app = make_app(tmp_path)
    r, game = winning_game("klondike")
    app.table.set_game(game)
    app.after_event()
    app.assistant.ask_winnable()
    wait_for_solver(app)
    assert "still winnable" in app.table.feedback.message
    assert "every card" in app.table.feedback.message  # labelled as full knowledge
    app.change_settings(show_winnable_indicator=True)
    app.assistant.position_changed()
    wait_for_solver(app)
    assert "winnable" in app.table.decor.extra_status
    # A lost position.
    lost = game_at(r, position(r, {"t1": "KS", "t2": "KH", "f1": "AC"}))
    app.table.set_game(lost)
    app.after_event()
    wait_for_solver(app)
    assert "no longer winnable" in app.table.decor.extra_status


def test_auto_finish_is_offered_then_played_out(tmp_path):
    app = make_app(tmp_path)
    _, game = winning_game("saratoga")
    app.table.set_game(game)
    while game.stock_count > 10:
        app.table.do(Draw())
        app.table.do(ToFoundation(WASTE))
    app.after_event()
    assert "press F" in (app.table.feedback.message or "")
    press(app, pygame.K_f)
    for _ in range(20000):
        app.assistant.step(DT)
        app.table.update(DT)
        if game.won:
            break
    assert game.won and game.replayed_state() == game.state


def test_no_auto_finish_while_cards_are_face_down(tmp_path):
    app = make_app(tmp_path)
    app.change_settings(auto_finish="always")
    _, game = winning_game("klondike")
    app.table.set_game(game)
    app.after_event()
    assert not app.assistant.can_finish() and not app.assistant.busy


def test_auto_finish_always_plays_without_asking(tmp_path):
    app = make_app(tmp_path)
    app.change_settings(auto_finish="always")
    _, game = winning_game("saratoga")  # every card face up from the deal
    app.table.set_game(game)
    app.after_event()
    for _ in range(20000):
        app.assistant.step(DT)
        app.table.update(DT)
        if game.won:
            break
    assert game.won


def test_winnable_deals_only_deals_from_the_proven_pool(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike")
    app.change_settings(app.settings.with_winnable_only("klondike", True))
    pool = winnable_pool(app.table.game.rules)
    assert pool, "the shipped pool of winnable deals is empty"
    for _ in range(5):
        app.start_game()
        assert app.table.game.deal.seed in pool
    app.assistant.stop()


def test_winnable_only_without_a_proven_deal_says_so(tmp_path, monkeypatch):
    app = make_app(tmp_path, "--variant", "klondike")
    monkeypatch.setattr(app.assistant, "winnable_seed", lambda rules: None)
    app.change_settings(app.settings.with_winnable_only("klondike", True))
    app.start_game()
    assert "dealt at random" in app.table.feedback.message
    app.start_game(seed=12)
    assert app.table.feedback.message is None  # a chosen deal needs no excuse


def test_the_winnable_pool_ships_in_the_package():
    from importlib.resources import files

    assert "winnable_deals.json" in [p.name for p in files("game.solver").iterdir()]
