"""The table under the dummy video driver: animation, drag and drop, clicks, keys, resize."""

import random

import pygame
import pytest

from game.app.loop import DT
from game.engine.cards import CODE
from game.engine.commands import Draw, Move
from game.engine.state import STOCK, WASTE
from game.view.widgets.dialogs import ConfirmDialog
from tests.engine.helpers import SAMPLE_TABLEAU, game_from, rules

from .scene_helpers import centre_of, drag, key, matches_engine, mouse, scene_for, settle

VARIANTS = ["klondike", "saratoga", "double-klondike"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_deal_animation_flies_every_card_home(variant):
    scene = scene_for(variant, seed=4)
    tableau = [c for t in scene.game.layout.tableau_range for c in scene.game.state.piles[t]]
    stock_x, stock_y = scene.layout.origins[STOCK]
    # At the start the tableau cards are still at the stock, face down, flying out in turn.
    assert all(
        (scene.motion.sprites[c].x, scene.motion.sprites[c].y) == (stock_x, stock_y)
        for c in tableau
    )
    assert not any(scene.motion.sprites[c].face_up for c in tableau)
    scene.update(DT * 10)
    moving_early = sum(1 for c in tableau if scene.motion.sprites[c].tween.started)
    assert 0 < moving_early < len(tableau)  # staggered: one by one, not all at once
    settle(scene, 10)
    assert matches_engine(scene)
    up = [c for c in tableau if scene.motion.sprites[c].face_up]
    expected_up = len(tableau) if variant == "saratoga" else len(scene.game.layout.tableau_range)
    assert len(up) == expected_up


def test_a_flip_is_a_visible_turn():
    scene = scene_for("klondike", seed=4)
    card = scene.game.state.piles[scene.game.layout.tableau_range.start][-1]
    sprite = scene.motion.sprites[card]
    widths = []
    for _ in range(240):
        scene.update(DT)
        widths.append(sprite.flip_scale()[0])
    assert min(widths) < 0.2 and widths[-1] == 1.0


def test_drag_a_legal_run_and_an_illegal_one():
    r = rules("klondike")
    tableau = SAMPLE_TABLEAU
    scene = scene_for(game=game_from(r, tableau))
    settle(scene)
    game, lay = scene.game, scene.game.layout
    t = list(lay.tableau_range)
    # Build a run: JD onto QS, TC onto JD, then drag the run JD-TC onto KH? (not legal)
    for src, dst in [(t[3], t[2]), (t[4], t[2])]:
        scene.do(Move(src, dst, 1))
    settle(scene)
    before = game.state
    # Illegal: the two-card run QS? no - drag JD+TC onto 8S (t7): refused, slides home.
    jd = game.state.piles[t[2]][-2]
    drag(scene, centre_of(scene, jd), centre_of(scene, game.state.piles[t[6]][-1]))
    assert game.state == before
    settle(scene)
    assert matches_engine(scene)
    # Legal: the run QS-JD-TC onto KH.
    qs = game.state.piles[t[2]][-3]
    drag(scene, centre_of(scene, qs), centre_of(scene, game.state.piles[t[1]][-1]))
    assert [CODE[c] for c in game.state.piles[t[1]][-4:]] == ["KH", "QS", "JD", "TC"]
    settle(scene)
    assert matches_engine(scene)


def test_grab_point_stays_under_the_pointer():
    scene = scene_for("klondike", seed=1)
    settle(scene)
    pile = scene.game.layout.tableau_range.start
    card = scene.game.state.piles[pile][-1]
    sprite = scene.motion.sprites[card]
    start = (sprite.home.x + 17, sprite.home.y + 23)
    mouse(scene, "down", start)
    mouse(scene, "move", (start[0] + 200, start[1] + 150))
    assert (sprite.x, sprite.y) == (start[0] + 200 - 17, start[1] + 150 - 23)
    assert scene.pointer.targets  # legal drops are known (and highlighted)
    mouse(scene, "up", (5, scene.layout.height - 60))  # nowhere legal
    settle(scene)
    assert matches_engine(scene)


def test_double_click_sends_to_foundation_and_foundation_double_click_collects():
    r = rules("klondike")
    tableau = [
        "AS",
        "2C AH",
        "3C 2D 2S",
        "4C 3D 2H JD",
        "5C 4D 3H KS TC",
        "6C 5D 4H 3S AC 9H",
        "7C 6D 5H 4S AD KH 8S",
    ]
    scene = scene_for(game=game_from(r, tableau))
    settle(scene)
    lay = scene.game.layout
    ace = scene.game.state.piles[lay.tableau_range.start][-1]
    pos = centre_of(scene, ace)
    for _ in range(2):
        mouse(scene, "down", pos)
        mouse(scene, "up", pos)
    assert scene.game.state.piles[lay.foundation_range.start] == (ace,)
    settle(scene)
    # Double-click the foundation: AH and 2S... everything that can go, goes.
    f_pos = centre_of(scene, ace)
    for _ in range(2):
        mouse(scene, "down", f_pos)
        mouse(scene, "up", f_pos)
    assert scene.game.score >= 3
    settle(scene)
    assert matches_engine(scene)


def test_click_on_stock_draws_and_undo_animates_back():
    scene = scene_for("klondike", mode="draw3", seed=2)
    settle(scene)
    stock = scene.layout.origins[STOCK]
    mouse(scene, "down", (stock[0] + 10, stock[1] + 10))
    mouse(scene, "up", (stock[0] + 10, stock[1] + 10))
    assert len(scene.game.state.piles[WASTE]) == 3
    settle(scene)
    fan = [scene.motion.sprites[c].home.x for c in scene.game.state.piles[WASTE]]
    assert fan[0] < fan[1] < fan[2]  # three-card draws fan out
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.game.state.piles[WASTE] == ()
    waste_card = scene.game.state.piles[STOCK][-1]
    assert scene.motion.sprites[waste_card].moving  # it flies back, not jumps
    settle(scene)
    assert matches_engine(scene)
    key(scene, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert len(scene.game.state.piles[WASTE]) == 3


def test_keyboard_play_picks_up_and_puts_down():
    r = rules("klondike")
    tableau = SAMPLE_TABLEAU
    scene = scene_for(game=game_from(r, tableau))
    settle(scene)
    lay = scene.game.layout
    t = list(lay.tableau_range)
    key(scene, pygame.K_RIGHT)  # first arrow shows the focus on t1
    assert scene.focus.visible and scene.focus.pile == t[0]
    for _ in range(3):
        key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_RETURN)  # pick up JD from t4
    assert scene.focus.held == (t[3], 1)
    key(scene, pygame.K_LEFT)
    key(scene, pygame.K_RETURN)  # put it on QS (t3)
    assert [CODE[c] for c in scene.game.state.piles[t[2]][-2:]] == ["QS", "JD"]
    key(scene, pygame.K_SPACE)
    assert len(scene.game.state.piles[WASTE]) == 1
    key(scene, pygame.K_r)  # a game with moves: the real controller asks first
    assert isinstance(scene.app.scenes.top, ConfirmDialog) and scene.game.moves_made == 2
    key(scene, pygame.K_y, text="y")
    assert scene.game.moves_made == 0


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (3840, 2160), (640, 1000)])
@pytest.mark.parametrize("variant", ["klondike", "double-klondike"])
def test_every_card_stays_on_screen_after_resize(variant, size):
    scene = scene_for(variant, seed=9)
    game = scene.game
    # Grow a long pile: deal a game and move many cards... use a long random game instead.
    rng = random.Random(3)
    for _ in range(150):
        moves = game.legal_moves()
        game.execute(rng.choice(moves))
    scene.show(game, animate=False)
    scene.resize(size)
    settle(scene)
    for sprite in scene.motion.sprites.values():
        assert 0 <= sprite.x and sprite.x + scene.layout.card_w <= size[0]
        assert 0 <= sprite.y and sprite.y + scene.layout.card_h <= scene.layout.status_rect.y
    assert matches_engine(scene)


def test_a_thousand_random_events_leave_sprites_matching_the_engine():
    scene = scene_for("double-klondike", seed=12)
    screen = pygame.display.get_surface()
    rng = random.Random(2024)
    w, h = scene.layout.width, scene.layout.height
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_d,
    ]
    for _ in range(1000):
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.3:
            mouse(scene, "down", pos)
        elif roll < 0.6:
            mouse(scene, "move", pos)
        elif roll < 0.8:
            mouse(scene, "up", pos)
        elif roll < 0.97:
            key(scene, rng.choice(keys))
        else:
            key(scene, pygame.K_z, pygame.KMOD_CTRL)
        for _ in range(rng.randrange(3)):
            scene.app.update(DT)
        scene.app.draw(screen, rng.random())
    mouse(scene, "up", (0, 0))
    settle(scene, 20)
    assert scene.game.moves_made > 0
    assert matches_engine(scene)
    assert scene.game.replayed_state() == scene.game.state


def test_drawing_changes_no_game_state():
    scene = scene_for("klondike", seed=3)
    settle(scene)
    scene.do(Draw())
    state, log = scene.game.state, list(scene.game.log)
    for _ in range(5):
        scene.draw(pygame.display.get_surface(), 0.5)
    assert scene.game.state == state and scene.game.log == log


def test_idle_table_draws_nothing():
    scene = scene_for("klondike", seed=3)
    settle(scene)
    screen = pygame.display.get_surface()
    scene.draw(screen)
    assert scene.idle
    assert scene.draw(screen) == []


def test_a_release_the_window_never_saw_ends_the_drag():
    scene = scene_for("klondike", seed=1)
    settle(scene)
    card = scene.game.state.piles[scene.game.layout.tableau_range.start][-1]
    start = centre_of(scene, card)
    mouse(scene, "down", start)
    mouse(scene, "move", (start[0] + 150, start[1] + 90))
    assert scene.pointer.dragging
    # The button came up outside the window: the next motion has no button held.
    scene.event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert not scene.pointer.dragging
    settle(scene)
    assert scene.idle and matches_engine(scene)


def test_the_felt_weave_repeats_to_the_window_edges():
    """Light specks every 12 px across and 6 down, dark ones 3 px below and right of
    them, all the way to the bottom right corner (the weave is one band copied down)."""
    from game.view.felt import make_felt

    pygame.display.init()
    felt = make_felt((1000, 700))

    def brightness(x, y):
        return sum(felt.get_at((x, y))[:3])

    for x, y in [(0, 0), (12, 6), (492, 348), (996, 696)]:
        assert brightness(x, y) > brightness(x + 1, y), (x, y)  # a light speck
        assert brightness(x + 3, y + 3) < brightness(x + 2, y + 3), (x, y)  # a dark one
    assert brightness(6, 3) == brightness(7, 3)  # felt between the specks
