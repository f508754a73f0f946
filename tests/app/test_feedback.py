"""What the player is told: refusals in card names, the held cards at once, the buttons
of the win panel, disabled buttons that do nothing."""

import pygame

from game.engine.commands import Draw, Move
from game.view import intents as i
from game.view.widgets.page import PagePanel
from tests.engine.helpers import SAMPLE_TABLEAU, game_from, rules
from tests.engine.test_rules_of_play import winning_game

from .app_helpers import button_of, click, frame, make_app, play, play_to_win, press, settle


def show(app, game):
    app.session.adopt(game)
    app.table.show(game, animate=False)
    app.controller.position_changed()


def test_a_refused_move_says_why_in_card_names_and_the_cards_shake(tmp_path):
    app = make_app(tmp_path)
    game = game_from(rules("klondike"), SAMPLE_TABLEAU)
    show(app, game)
    t = list(game.layout.tableau_range)
    black_on_black = next(
        (a, b)
        for a in t
        for b in t
        if a != b and game.state.piles[a] and game.state.piles[b] and not game.is_legal(Move(a, b))
    )
    top = game.state.piles[black_on_black[0]][-1]
    onto = game.state.piles[black_on_black[1]][-1]
    play(app, Move(*black_on_black))
    from game.i18n.wording import card_name

    # K♠ onto K♥: the message says what K♥ takes, in card names.
    assert (card_name(top), card_name(onto)) == ("K\u2660", "K\u2665")
    assert app.table.toast.text == "K\u2665 takes Q\u2663 or Q\u2660."
    assert app.table.motion.sprites[top].tween is not None  # it swings
    assert app.table.motion.sprites[top].tween.shake > 0


def test_no_redeal_left_is_said_plainly(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike", "--mode", "draw1-noredeal", "--seed", "2")
    settle(app)
    for _ in range(24):
        play(app, Draw())
    play(app, Draw())
    assert app.table.toast.text == "The stock is empty, and this game allows no redeal."


def test_click_to_move_with_nowhere_to_go_says_so(tmp_path):
    app = make_app(tmp_path)
    app.controller.apply(i.ChangeSetting("click_to_move", True))
    game = game_from(rules("klondike"), SAMPLE_TABLEAU)
    show(app, game)
    stuck = next(
        t for t in game.layout.tableau_range if game.state.piles[t] and not game.legal_targets(t, 1)
    )
    home = app.table.motion.sprites[game.state.piles[stuck][-1]].home
    click(app, (home.x + 5, home.y + 5))
    assert "no pile takes" in app.table.toast.text
    assert game.moves_made == 0


def test_keyboard_pick_up_shows_the_held_cards_at_once(tmp_path):
    app = make_app(tmp_path)
    show(app, game_from(rules("klondike"), SAMPLE_TABLEAU))
    press(app, pygame.K_RIGHT)  # show the focus
    press(app, pygame.K_RETURN)  # pick up, without moving the focus
    kinds = [kind for _rect, kind in app.table.snapshot().outlines]
    assert "held" in kinds and "focus" in kinds
    assert kinds.index("held") < kinds.index("focus")  # drawn thicker, under the focus


def test_the_win_panel_has_buttons(tmp_path):
    app = make_app(tmp_path)
    _, game = winning_game("klondike")
    show(app, game)
    play_to_win(app, game)
    assert game.won
    frame(app)
    click(app, button_of(app, i.OpenStatistics()).center)
    assert isinstance(app.scenes.top, PagePanel)
    app.scenes.clear()
    click(app, button_of(app, i.NewGame()).center)
    assert app.session.game is not game and app.session.game.moves_made == 0


def test_disabled_buttons_look_disabled_and_do_nothing(tmp_path):
    app = make_app(tmp_path, "--seed", "3")
    settle(app)
    fields = {f.key: f for f in app.table.snapshot().fields}
    assert not fields["undo"].enabled and not fields["redo"].enabled and fields["new"].enabled
    _, hits, _ = app.table.decor.render(app.table.snapshot(), app.table.layout)
    assert i.Undo() not in [intent for _rect, intent in hits]  # no hit area: no click
