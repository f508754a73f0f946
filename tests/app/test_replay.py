"""Watching, rewinding and branching games; "show me"; game files (issue: replays)."""

import random
import time

import pygame
import pytest

from game.app.loop import DT
from game.engine.commands import Draw
from game.engine.game import new_game
from game.store.gamefiles import read_game, write_game
from game.variants import get_variant
from game.view import intents as i
from game.view.replay import ReplayScene
from game.view.widgets.dialogs import ConfirmDialog

from .app_helpers import make_app, play, press, settle


def long_game(variant="klondike", moves=300, seed=8):
    game = new_game(get_variant(variant).rules(), seed=seed)
    rng = random.Random(seed)
    while game.moves_made < moves:
        game.execute(rng.choice(game.legal_moves()))
    return game


def adopt(app, game):
    app.session.adopt(game)
    app.table.show(game, animate=False)


def rest(scene) -> None:
    """Let the cards land (no drawing: the motion alone)."""
    for _ in range(2000):
        if not scene.table.motion.busy:
            return
        scene.table.motion.update(DT)


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, "--seed", "3")
    settle(application)
    return application


def test_scrubbing_to_every_move_shows_the_engines_position(app):
    game = long_game()
    adopt(app, game)
    app.controller.apply(i.OpenReplay())
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene) and scene.position == 300
    order = list(range(301))
    random.Random(1).shuffle(order)
    screen = pygame.display.get_surface()
    for k in order:
        app.controller.apply(i.ReplaySeek(k))
        rest(scene)
        assert scene.game.state == game.position_after(k)
        assert scene.table.in_sync(), k
    scene.draw(screen)
    assert app.session.game is game and game.moves_made == 300  # watching changed nothing


def test_the_timeline_by_mouse_and_keys(app):
    adopt(app, long_game(moves=40))
    press(app, pygame.K_v)
    scene = app.scenes.top
    bar = scene.bar()
    from game.view.timeline import track_rect

    track = track_rect(scene.table.layout, bar)
    app.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.x, track.centery), button=1)
    )
    assert scene.position == 0  # the start of the timeline
    app.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(track.centerx, track.centery), rel=(1, 0), buttons=(1, 0, 0)
        )
    )
    assert scene.position == 20  # dragging scrubs
    app.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.centerx, track.centery), button=1)
    )
    press(app, pygame.K_RIGHT)
    assert scene.position == 21
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert scene.position == 19
    press(app, pygame.K_HOME)
    assert scene.position == 0
    press(app, pygame.K_PLUS)
    assert scene.speed > 2.0
    press(app, pygame.K_SPACE)  # play
    assert scene.playing
    for _ in range(3000):
        scene.update(DT)
        if scene.position >= 3:
            break
    assert scene.position >= 3  # it plays by itself
    press(app, pygame.K_SPACE)
    assert not scene.playing
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.table


def test_play_from_here_branches_and_keeps_the_original(app):
    game = long_game(moves=60)
    original = list(game.timeline())
    adopt(app, game)
    app.controller.apply(i.OpenReplay(at=25))
    press(app, pygame.K_RETURN)  # play from here
    assert app.scenes.top is app.table
    current = app.session.game
    assert current.moves_made == 25 and current.timeline() == original  # the rest, to redo
    assert current.state == game.position_after(25)
    play(app, Draw())  # a move of the new branch
    assert app.session.game.moves_made == 26


def test_a_finished_game_is_kept_and_branching_from_it_asks_first(app, tmp_path):
    first = app.session.game
    play(app, Draw())
    play(app, Draw())
    app.controller.apply(i.Abandon(i.NewGame()))
    kept = app.session.last_finished
    assert kept is not None and kept.exists()
    finished = read_game(kept)
    assert finished.game.timeline() == first.timeline() and finished.result == "abandoned"
    play(app, Draw())  # the new game is in progress
    app.controller.apply(i.OpenReplay(str(kept), at=1))
    app.controller.apply(i.ReplayBranch())
    assert isinstance(app.scenes.top, ConfirmDialog)  # leaving a game in progress: asked
    press(app, pygame.K_y)
    assert app.session.game.deal == first.deal and app.session.game.moves_made == 1
    assert read_game(kept).game.timeline() == first.timeline()  # the original is kept


def demonstrating(app, game):
    """``game`` on the table, "show me" asked and its line found: the assistant, playing."""
    adopt(app, game)
    app.controller.apply(i.ShowMe())
    assistant = app.controller.assistant
    end = time.monotonic() + 60
    while not assistant.demonstrating and time.monotonic() < end:
        app.tick(DT)
        time.sleep(0.01)
    assert assistant.demonstrating
    return assistant


def test_a_demo_stopped_at_any_moment_leaves_a_legal_undoable_game(app):
    from tests.engine.test_rules_of_play import winning_game

    _, game = winning_game("saratoga")
    assistant = demonstrating(app, game)
    stop_after = random.Random(4).randrange(2, 8)
    while game.moves_made < stop_after:
        app.tick(0.1)
        app.update(DT)
        app.scenes.table.motion.finish()
    press(app, pygame.K_x)  # any key stops it
    assert not assistant.demonstrating
    made = game.moves_made
    for _ in range(20):
        app.tick(0.1)
    assert game.moves_made == made  # stopped for good
    assert game.replayed_state() == game.state
    app.controller.apply(i.Undo())
    assert game.moves_made == made - 1


def test_show_me_keeps_saying_how_to_stop_while_its_moves_play(app):
    # Its message (how to stop, and that the game counts as solved with help) had gone
    # with the first move it played, half a second after it was shown.
    from tests.engine.test_rules_of_play import winning_game

    _, game = winning_game("saratoga")
    assistant = demonstrating(app, game)
    while game.moves_made < 3:
        app.tick(0.1)
        app.update(DT)
        app.scenes.table.motion.finish()
    assert app.table.toast is not None and "Press any key" in app.table.toast.text
    press(app, pygame.K_x)  # the player's key: it stops, and the message goes
    assert not assistant.demonstrating and app.table.toast is None


def test_show_me_says_so_when_there_is_no_line(app):
    from tests.engine.helpers import game_at, position, rules

    r = rules("klondike", "draw1-noredeal")
    adopt(app, game_at(r, position(r, {"t1": "KS", "t2": "KH", "f1": "AC"})))
    app.controller.apply(i.ShowMe())
    end = time.monotonic() + 30
    while app.controller.assistant.busy and time.monotonic() < end:
        app.tick(DT)
        time.sleep(0.01)
    app.tick(DT)
    assert app.table.toast.text == "This position cannot be won."


def test_an_exported_game_opens_identical(app, tmp_path):
    game = long_game(variant="double-klondike", moves=80)
    for _ in range(5):
        game.undo()
    adopt(app, game)
    app.session.elapsed = 321.5
    path = tmp_path / "mine.json"
    app.controller.apply(i.ExportGame(str(path)))
    assert path.name in app.table.toast.text and str(path) in app.table.toast.whole
    opened = read_game(path)
    assert opened.game.state == game.state and opened.game.log == game.log
    assert opened.game.redo_stack == game.redo_stack and opened.elapsed == 321.5
    app.controller.apply(i.OpenGameFile(str(path)))
    scene = app.scenes.top
    # Undo is the position: the five moves taken back are kept in the file (above) but
    # never shown as played; the timeline opens at move 75 of 75.
    assert isinstance(scene, ReplayScene) and scene.total == 75 and scene.position == 75
    assert scene.game.state == game.state


@pytest.mark.parametrize("damage", ["cut", "garbage", "missing"])
def test_a_damaged_game_file_is_refused_with_a_message(app, tmp_path, damage):
    path = tmp_path / "broken.json"
    write_game(path, long_game(moves=10), 5.0)
    if damage == "cut":
        path.write_bytes(path.read_bytes()[:-30])
    elif damage == "garbage":
        path.write_bytes(b"\x00\xff" * 50)
    else:
        path.unlink()
    kept = path.read_bytes() if path.exists() else None
    app.controller.apply(i.OpenGameFile(str(path)))
    assert app.scenes.top is app.table
    assert "broken.json" in app.table.toast.text and app.table.toast.error
    assert (path.read_bytes() if path.exists() else None) == kept  # the player's file, untouched
