"""The statistics page (issue 21, finding 8): its columns are measured from their text in
the language shown, so Ukrainian and Russian headers and streaks never run into each
other; and before any game is counted it says what is true (a game counts when it ends,
the one being played too)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.commands import Draw
from game.view import intents as i
from tests.view.text_log import TextLog, overlapping

from .app_helpers import make_app, play, press, settle
from .test_text_fits import populated_statistics


def statistics_texts(app, log: TextLog):
    app.controller.apply(i.OpenStatistics())
    page = app.scenes.top
    screen = log.screen(app.table.layout_size())
    page.draw(screen)
    return page, log.placed(screen)


@pytest.mark.parametrize("language", ["uk", "ru", "en"])
@pytest.mark.parametrize("size", [(1280, 800), (700, 1100)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_statistics_with_data_never_run_together(tmp_path, monkeypatch, language, size):
    log = TextLog(monkeypatch)
    populated_statistics(tmp_path)
    app = make_app(tmp_path, "--language", language, "--windowed", f"{size[0]}x{size[1]}")
    try:
        settle(app)
        _page, placed = statistics_texts(app, log)
        texts = [t.text for t in placed]
        assert i18n._("Played") in texts and i18n._("Win %") in texts  # the headers, each
        assert "100%" in texts and any("1234" in t for t in texts)  # the values, each alone
        assert not overlapping(placed), overlapping(placed)[:5]
        assert not [t for t in placed if t.cut]
    finally:
        i18n.use_language("en")


def test_a_narrow_page_puts_each_rows_name_above_its_values(tmp_path, monkeypatch):
    """Ukrainian at 1280x800: the columns with the modes' names do not fit beside the
    seven values; the names go above, and every value keeps its column."""
    log = TextLog(monkeypatch)
    populated_statistics(tmp_path)
    app = make_app(tmp_path, "--language", "uk")
    try:
        settle(app)
        _page, placed = statistics_texts(app, log)
        name = next(t for t in placed if t.text == i18n._("Three-card deals"))
        values = [t for t in placed if t.text == "1000"]  # its games played (and won)
        assert values and all(v.rect.top >= name.rect.bottom for v in values)
        header = next(t for t in placed if t.text == i18n._("Played"))
        assert any(abs(v.rect.right - header.rect.right) <= 1 for v in values)  # one column
    finally:
        i18n.use_language("en")


def test_before_any_game_counts_the_page_says_what_counts(tmp_path):
    app = make_app(tmp_path, "--seed", "7")
    settle(app)
    app.controller.apply(i.OpenStatistics())
    text = app.scenes.top.text()
    assert text == i18n._(
        "No finished games yet. A game counts when it ends: won, or left for another "
        "once a card has moved."
    )
    press(app, pygame.K_ESCAPE)
    play(app, Draw())  # a game in progress, none finished
    app.controller.apply(i.OpenStatistics())
    assert app.scenes.top.text() == i18n._(
        "No finished games yet; the game in progress counts when it ends."
    )
    assert "No games played yet" not in app.scenes.top.text()


def test_with_games_counted_the_page_says_the_one_in_progress_is_not_yet(tmp_path):
    app = make_app(tmp_path, "--seed", "7")
    settle(app)
    play(app, Draw())
    press(app, pygame.K_n)
    press(app, pygame.K_y)  # abandoned: one game counted, a new one dealt
    settle(app)
    app.controller.apply(i.OpenStatistics())
    assert "\t1\t0\t" in app.scenes.top.text()
    assert i18n._("The game in progress counts when it ends.") not in app.scenes.top.text()
    press(app, pygame.K_ESCAPE)
    play(app, Draw())
    app.controller.apply(i.OpenStatistics())
    assert app.scenes.top.text().endswith(i18n._("The game in progress counts when it ends."))
