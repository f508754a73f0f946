"""A game the solver finished for the player ("show me") is solved with help, not won
(issue 21, finding 4): the statistics, the finished games, the win panel and the saved
game all say so; hints, undo and the automatic finish stay free."""

import json
import time

import pygame

from game.app.loop import DT
from game.app.pages import statistics_text
from game.engine.commands import Draw, ToFoundation
from game.engine.state import WASTE
from game.solver import solve
from game.store.autosave import CURRENT_GAME_FILE, save_current
from game.store.gamefiles import HISTORY, finished_games, read_game, write_game
from game.store.statistics import (
    Statistics,
    StatsKey,
    load_statistics,
    record_result,
    save_statistics,
)
from game.view import intents as i
from tests.engine.test_rules_of_play import winning_game

from .app_helpers import make_app, play, press

KEY = ("klondike", "draw1")


# -- the counting rule, as pure functions -----------------------------------------------------


def test_an_assisted_win_is_played_not_won_and_sets_no_record():
    stats = record_result(Statistics(), KEY, "a", True, 284.0, 151, "K1R0-5", assisted=True)
    s = stats.get(KEY)
    assert (s.played, s.won, s.assisted, s.lost) == (1, 0, 1, 0)
    assert s.best_time is None and s.fewest_moves is None and s.best_deal is None
    assert s.average_win_time is None and s.total_win_time == 0.0
    assert s.win_rate == 0.0


def test_an_assisted_win_ends_either_streak_and_extends_neither():
    stats = Statistics()
    for n, won in enumerate([True, True]):
        stats = record_result(stats, KEY, f"w{n}", won, 100.0, 90)
    stats = record_result(stats, KEY, "help", True, 50.0, 80, assisted=True)
    s = stats.get(KEY)
    assert s.current_win_streak == 0 and s.longest_win_streak == 2
    assert s.current_loss_streak == 0 and s.best_time == 100.0 and s.fewest_moves == 90
    for n in range(3):
        stats = record_result(stats, KEY, f"l{n}", False, 10.0, 3)
    stats = record_result(stats, KEY, "help2", True, 50.0, 80, assisted=True)
    s = stats.get(KEY)
    assert s.current_loss_streak == 0 and s.longest_loss_streak == 3
    assert (s.played, s.won, s.assisted, s.lost) == (7, 2, 2, 3)


def test_an_abandoned_game_with_help_is_a_loss():
    stats = record_result(Statistics(), KEY, "a", False, 20.0, 7, assisted=True)
    s = stats.get(KEY)
    assert (s.played, s.won, s.assisted, s.lost) == (1, 0, 0, 1)


def test_assisted_counts_are_kept_and_old_files_load_without_them(tmp_path):
    stats = record_result(Statistics(), KEY, "a", True, 20.0, 7, assisted=True)
    save_statistics(tmp_path, stats)
    assert load_statistics(tmp_path)[0].get(KEY).assisted == 1
    data = json.loads((tmp_path / "statistics.json").read_text())
    del data["records"]["klondike"]["draw1"]["assisted"]  # as every file before this
    data["records"]["klondike"]["draw1"].update(played=3, won=2)
    (tmp_path / "statistics.json").write_text(json.dumps(data))
    loaded, message = load_statistics(tmp_path)
    s = loaded.get(KEY)
    assert message is None and (s.played, s.won, s.assisted, s.lost) == (3, 2, 0, 1)


# -- the real game ---------------------------------------------------------------------------


def on_table(app, game) -> None:
    app.session.adopt(game)
    app.table.show(game, animate=False)
    app.controller.position_changed()


def player_moves(app, game, count: int) -> None:
    """The player's own moves: a card drawn, then each one up to the foundation."""
    while game.moves_made < count:
        play(app, ToFoundation(WASTE) if game.state.piles[WASTE] else Draw())
        app.table.motion.finish()


def show_me_to_the_end(app, game) -> None:
    """S, as the player presses it; the solver's line played out until the game is won."""
    press(app, pygame.K_s)
    assistant = app.controller.assistant
    end = time.monotonic() + 60
    while not assistant.demonstrating and time.monotonic() < end:
        app.tick(DT)
        time.sleep(0.01)
    assert assistant.demonstrating, "the solver found no line to show"
    for _ in range(5000):
        if game.won:
            break
        app.tick(0.5)
        app.update(DT)
        app.table.motion.finish()
    assert game.won


def history_labels(app) -> list[str]:
    app.controller.apply(i.OpenHistory())
    labels = [item.text() for item in app.scenes.top.items]
    app.controller.apply(i.CloseScene())
    return labels


def test_show_me_finishing_a_game_is_solved_with_help_not_won(tmp_path):
    app = make_app(tmp_path)
    r, game = winning_game("klondike")
    on_table(app, game)
    player_moves(app, game, 5)
    assert not app.session.assisted  # the player's moves are the player's
    show_me_to_the_end(app, game)
    s = app.session.stats.get((r.variant, r.mode))
    assert (s.played, s.won, s.assisted) == (1, 0, 1)
    assert s.best_time is None and s.fewest_moves is None
    on_disk = load_statistics(tmp_path)[0].get((r.variant, r.mode))
    assert (on_disk.played, on_disk.won, on_disk.assisted) == (1, 0, 1)
    assert "1 game solved with help, counted as played, not won." in statistics_text(app.session)
    win = app.table.snapshot().win
    assert win is not None and win.helped  # the panel says "Solved with help"
    [kept] = finished_games(tmp_path)
    assert kept.result == "won" and kept.assisted
    [label] = history_labels(app)
    assert label.endswith("\u00b7 solved with help") and "won" not in label


def test_a_win_after_show_me_is_undone_is_still_solved_with_help(tmp_path):
    app = make_app(tmp_path)
    r, game = winning_game("klondike")
    on_table(app, game)
    player_moves(app, game, 3)
    line = solve(game.state, r, max_seconds=30, max_nodes=None).line
    press(app, pygame.K_s)
    assistant = app.controller.assistant
    end = time.monotonic() + 60
    while game.moves_made < 4 and time.monotonic() < end:  # one move of the demo
        app.tick(0.5)
        app.update(DT)
        time.sleep(0.01)
    press(app, pygame.K_x)  # any key stops it
    assert not assistant.demonstrating and game.moves_made == 4
    app.controller.apply(i.Undo())
    assert game.moves_made == 3 and app.session.assisted  # the line was seen: it stays
    for command in line:  # the same line, played by hand now
        play(app, command)
    assert game.won
    s = app.session.stats.get((r.variant, r.mode))
    assert (s.played, s.won, s.assisted) == (1, 0, 1)


def test_the_automatic_finish_and_hints_leave_a_win_the_players(tmp_path):
    app = make_app(tmp_path)
    r, game = winning_game("saratoga")  # every card face up: the finish is offered
    on_table(app, game)
    press(app, pygame.K_h)  # a hint is free
    while game.stock_count > 10:
        play(app, Draw())
        play(app, ToFoundation(WASTE))
    press(app, pygame.K_f)
    for _ in range(20000):
        if game.won:
            break
        app.tick(DT)
        app.update(DT)
    assert game.won and not app.session.assisted
    s = app.session.stats.get((r.variant, r.mode))
    assert (s.played, s.won, s.assisted) == (1, 1, 0) and s.best_time is not None
    assert not app.table.snapshot().win.helped
    [kept] = finished_games(tmp_path)
    assert kept.result == "won" and not kept.assisted
    assert history_labels(app)[0].endswith("\u00b7 won")


def test_a_resumed_game_keeps_the_mark(tmp_path):
    app = make_app(tmp_path)
    r, game = winning_game("klondike")
    on_table(app, game)
    player_moves(app, game, 2)
    press(app, pygame.K_s)
    end = time.monotonic() + 60
    while game.moves_made < 3 and time.monotonic() < end:
        app.tick(0.5)
        app.update(DT)
        time.sleep(0.01)
    press(app, pygame.K_x)
    app.controller.apply(i.ExportGame(str(tmp_path / "shared.json")))  # Ctrl+S: the mark too
    assert read_game(tmp_path / "shared.json").assisted
    app.controller.apply(i.Quit())
    saved = json.loads((tmp_path / CURRENT_GAME_FILE).read_text())
    assert saved["extra"]["assisted"] is True
    again = make_app(tmp_path)
    assert again.session.assisted and again.session.game.state == game.state
    resumed = again.session.game
    for command in solve(resumed.state, r, max_seconds=30, max_nodes=None).line:
        play(again, command)
    assert resumed.won and again.table.snapshot().win.helped
    s = again.session.stats.get((r.variant, r.mode))
    assert (s.played, s.won, s.assisted) == (1, 0, 1)


def test_old_files_without_the_mark_are_the_players(tmp_path):
    r, game = winning_game("klondike")
    for _ in range(3):
        game.execute(Draw())
    save_current(tmp_path, game, 30.0, "old-id")  # written as before this change
    assert "assisted" not in json.loads((tmp_path / CURRENT_GAME_FILE).read_text())["extra"]
    finished = winning_game("klondike")[1]
    for command in solve(finished.state, r, max_seconds=30, max_nodes=None).line:
        finished.execute(command)
    (tmp_path / HISTORY).mkdir()
    write_game(tmp_path / HISTORY / "20260101-120000-000000-old.json", finished, 99.0, "won")
    app = make_app(tmp_path)
    assert app.session.game.state == game.state and not app.session.assisted
    assert not finished_games(tmp_path)[0].assisted
    assert history_labels(app)[0].endswith("\u00b7 won")
    for command in solve(game.state, r, max_seconds=30, max_nodes=None).line:
        play(app, command)
    s = app.session.stats.get((r.variant, r.mode))
    assert (s.played, s.won, s.assisted) == (1, 1, 0)
    assert StatsKey(r.variant, r.mode) in app.session.stats.records


def test_a_finished_game_keeps_the_mark_on_its_timeline_and_when_played_on(tmp_path):
    app = make_app(tmp_path)
    r, helped = winning_game("klondike")
    on_table(app, helped)
    player_moves(app, helped, 3)
    show_me_to_the_end(app, helped)
    app.controller.apply(i.NewGame())
    _, own = winning_game("klondike")
    on_table(app, own)
    for command in solve(own.state, r, max_seconds=30, max_nodes=None).line:
        play(app, command)
    assert own.won and not app.session.assisted
    mine, solved = finished_games(tmp_path)  # newest first
    assert solved.assisted and not mine.assisted
    for entry, was_helped in ((solved, True), (mine, False)):
        app.controller.apply(i.Abandon(i.NewGame()))  # as the player says yes to leaving
        app.controller.apply(i.OpenReplay(str(entry.path)))
        # The timeline opens on the last move, with its own controls (no win panel).
        assert app.scenes.top.table.snapshot().win is None
        app.controller.apply(i.ReplaySeek(2))
        app.controller.apply(i.ReplayBranch())  # play from here: the rest is there to redo
        assert app.scenes.top is app.table and app.session.game.moves_made == 2
        assert app.session.assisted is was_helped
    app.controller.apply(i.Quit())  # the analyses of the games left stop with the game


def test_show_me_does_not_run_the_players_clock(tmp_path):
    """Issue 37, finding 11: the solver's playing time was shown as the player's Time."""
    app = make_app(tmp_path)
    r, game = winning_game("klondike")
    on_table(app, game)
    player_moves(app, game, 5)
    app.tick(7.0)  # the player's own seven seconds
    assert app.session.elapsed == 7.0
    show_me_to_the_end(app, game)  # ticks half a second a step while the solver plays
    assert app.session.elapsed == 7.0
    win = app.table.snapshot().win
    assert win is not None and win.helped and win.seconds == 7.0
