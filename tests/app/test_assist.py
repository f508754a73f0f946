"""The solver in the game: hints, the winnable verdict, auto-finish, winnable deals."""

import time

import pygame
import pytest

from game.app.loop import DT
from game.engine.commands import Draw, ToFoundation
from game.engine.families import Family
from game.engine.state import WASTE
from game.solver import winnable_pool
from game.variants import all_variants
from game.view.intents import ChangeSetting, NewGame, PlayDeal
from tests.engine.helpers import game_at, position, rules
from tests.engine.test_rules_of_play import winning_game

from .app_helpers import make_app, play, press, settle


def wait_for_solver(app, seconds=30.0):
    assistant = app.controller.assistant
    end = time.monotonic() + seconds
    while assistant.busy and time.monotonic() < end:
        app.tick(DT)
        time.sleep(0.01)
    app.tick(DT)
    assert not assistant.busy, "the solver did not answer in time"


def show(app, game):
    """Put ``game`` on the table as the one being played."""
    app.session.adopt(game)
    app.table.show(game, animate=False)
    app.controller.position_changed()


def message(app) -> str:
    return app.table.toast.text if app.table.toast else ""


def test_hint_key_shows_a_legal_move_and_highlights_it(tmp_path):
    # Deal 5: turning a card up (8 of hearts onto 9 of spades) comes before turning the stock.
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "5")
    settle(app)
    press(app, pygame.K_h)
    wait_for_solver(app)
    assert message(app) == "Hint: move 8♥ onto 9♠"
    source, count, target = app.table.hint
    game = app.session.game
    assert count >= 1 and game.state.piles[source]
    if target is not None:
        from game.engine.commands import Move

        assert game.is_legal(Move(source, target, count))
    # Any move clears the hint.
    play(app, Draw())
    assert app.table.hint is None and app.table.toast is None


@pytest.mark.parametrize("mode", ["one-suit", "two-suits", "four-suits"])
def test_a_hint_in_every_spider_mode_shows_a_legal_move(tmp_path, mode):
    """One-suit Spider numbers its cards up to 415: the hint's key of what the player sees
    once took a card for a byte and the hint failed (found by tools/bench_hints.py)."""
    app = make_app(tmp_path, "--variant", "spider", "--mode", mode, "--seed", "1")
    settle(app)
    game = app.session.game
    assert max(card for pile in game.state.piles for card in pile) > 255 or mode != "one-suit"
    press(app, pygame.K_h)
    wait_for_solver(app)
    assert message(app).startswith("Hint")
    source, count, target = app.table.hint
    assert count >= 1 and game.state.piles[source]
    if target is not None:
        from game.engine.commands import Move

        assert game.is_legal(Move(source, target, count))


def test_a_hint_to_turn_the_stock_highlights_the_stock(tmp_path):
    # Deal 1: the winning lines found begin by turning the stock.
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(app)
    press(app, pygame.K_h)
    wait_for_solver(app)
    assert message(app) == "Hint: turn the stock"
    assert app.table.hint == (0, 0, None)
    app.controller.assistant.stop()


def test_no_more_moves_is_said_plainly(tmp_path):
    app = make_app(tmp_path)
    r = rules("klondike", "draw1-noredeal")
    show(app, game_at(r, position(r, {"t1": "KS", "t2": "KH", "f1": "AC"})))
    app.controller.assistant.hint()
    wait_for_solver(app)
    assert "No more useful moves" in message(app)


def test_still_winnable_verdict_and_indicator(tmp_path):
    app = make_app(tmp_path)
    r, game = winning_game("klondike")
    show(app, game)
    app.controller.assistant.ask_winnable()
    wait_for_solver(app)
    assert "still winnable" in message(app)
    assert "every card" in message(app)  # labelled as full knowledge
    app.controller.apply(ChangeSetting("show_winnable_indicator", True))
    wait_for_solver(app)
    assert "winnable" in app.table.verdict
    assert any(f.key == "verdict" for f in app.table.snapshot().fields)
    # A lost position.
    show(app, game_at(r, position(r, {"t1": "KS", "t2": "KH", "f1": "AC"})))
    wait_for_solver(app)
    assert "no longer winnable" in app.table.verdict


def test_auto_finish_is_offered_then_played_out(tmp_path):
    app = make_app(tmp_path)
    _, game = winning_game("saratoga")
    show(app, game)
    while game.stock_count > 10:
        play(app, Draw())
        play(app, ToFoundation(WASTE))
    assert "press F" in message(app)
    press(app, pygame.K_f)
    for _ in range(20000):
        app.tick(DT)
        app.update(DT)
        if game.won:
            break
    assert game.won and game.replayed_state() == game.state


def test_no_auto_finish_while_cards_are_face_down(tmp_path):
    app = make_app(tmp_path)
    app.controller.apply(ChangeSetting("auto_finish", "always"))
    _, game = winning_game("klondike")
    show(app, game)
    assistant = app.controller.assistant
    assert not assistant.can_finish() and not assistant.busy
    press(app, pygame.K_f)  # F says why nothing happens
    assert "face up" in message(app)


def test_auto_finish_always_plays_without_asking(tmp_path):
    app = make_app(tmp_path)
    app.controller.apply(ChangeSetting("auto_finish", "always"))
    _, game = winning_game("saratoga")  # every card face up from the deal
    show(app, game)
    for _ in range(20000):
        app.tick(DT)
        app.update(DT)
        if game.won:
            break
    assert game.won


def test_winnable_deals_only_deals_from_the_proven_pool(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike")
    app.controller.apply(ChangeSetting("winnable_only", True, "klondike"))
    pool = winnable_pool(app.session.game.rules)
    assert pool, "the shipped pool of winnable deals is empty"
    for _ in range(5):
        app.controller.apply(NewGame())
        assert app.session.game.deal.seed in pool
    app.controller.assistant.stop()


@pytest.mark.parametrize("variant", ["canfield", "yukon", "agnes"])
def test_a_family_game_deals_from_its_shipped_pool_and_its_grades(tmp_path, variant):
    """The family games ship pools, graded like the seed games': Canfield's and Yukon's
    deals are won quickly, Agnes's rarely (its pool is the 1-1000 run's wins)."""
    app = make_app(tmp_path, "--variant", variant)
    app.controller.apply(ChangeSetting("winnable_only", True, variant))
    rules = app.session.game.rules
    pool, hard = winnable_pool(rules), winnable_pool(rules, grade="hard")
    assert len(pool) >= 50 and hard and set(hard) < set(pool)
    app.controller.apply(NewGame())
    assert app.session.game.deal.seed in pool
    app.controller.apply(ChangeSetting("winnable_grade", "hard"))
    app.controller.apply(NewGame())
    assert app.session.game.deal.seed in hard
    assert "dealt at random" not in message(app)
    app.controller.assistant.stop()


# Every mode of every game past the Klondike family: Spider's, FreeCell's, Forty Thieves'.
PAST_KLONDIKE = [
    (table.id, mode)
    for table in all_variants()
    if table.family is not Family.KLONDIKE
    for mode in table.mode_ids()
]


@pytest.mark.parametrize(("variant", "mode"), PAST_KLONDIKE)
def test_a_game_past_klondike_deals_from_its_shipped_pool_and_its_grades(tmp_path, variant, mode):
    """The games past Klondike ship graded pools too, in every mode: with winnable deals
    only, a new deal is one of the mode's pool, and of the grade chosen."""
    app = make_app(tmp_path, "--variant", variant, "--mode", mode)
    app.controller.apply(ChangeSetting("winnable_only", True, variant))
    rules = app.session.game.rules
    assert (rules.variant, rules.mode) == (variant, mode)
    pool, easy = winnable_pool(rules), winnable_pool(rules, grade="easy")
    assert easy and set(easy) < set(pool), "no graded pool shipped"
    app.controller.apply(NewGame())
    assert app.session.game.deal.seed in pool
    app.controller.apply(ChangeSetting("winnable_grade", "easy"))
    app.controller.apply(NewGame())
    assert app.session.game.deal.seed in easy
    assert app.session.game.rules.mode == mode
    assert "dealt at random" not in message(app)
    app.controller.assistant.stop()


def test_winnable_deals_of_a_chosen_difficulty_come_from_that_grade(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike")
    app.controller.apply(ChangeSetting("winnable_only", True, "klondike"))
    app.controller.apply(ChangeSetting("winnable_grade", "expert"))
    rules = app.session.game.rules
    expert, easy = winnable_pool(rules, grade="expert"), winnable_pool(rules, grade="easy")
    assert expert and easy
    for _ in range(5):
        app.controller.apply(NewGame())
        assert app.session.game.deal.seed in expert
    app.controller.apply(ChangeSetting("winnable_grade", "easy"))
    app.controller.apply(NewGame())
    assert app.session.game.deal.seed in easy
    app.controller.assistant.stop()


def test_winnable_only_without_a_proven_deal_says_so(tmp_path, monkeypatch):
    app = make_app(tmp_path, "--variant", "klondike")
    monkeypatch.setattr(app.session.winnable, "pick", lambda rules, grade="any": None)
    app.controller.apply(ChangeSetting("winnable_only", True, "klondike"))
    app.controller.apply(NewGame())
    assert "dealt at random" in message(app)
    app.table.hush()
    app.controller.apply(PlayDeal(12))
    assert message(app) == ""  # a chosen deal needs no excuse
    app.controller.assistant.stop()


def test_the_winnable_pool_ships_in_the_package():
    from importlib.resources import files

    assert "winnable_deals.json" in [p.name for p in files("game.variants").iterdir()]
