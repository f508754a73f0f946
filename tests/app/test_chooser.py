"""The game chooser, through the real App: shown on a first start (never over a resumed
game or one asked for), one key away (G); typing filters by the name shown, in the
player's language; the arrows and Enter, or a click, deal a game of the one chosen; the
wheel scrolls; a game in progress is asked about first and kept as New keeps it; F1 opens
the chosen game's rules; the player's tables have their own group; every tile fits the
window and no text lies over another."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.commands import Draw
from game.store.gamefiles import finished_games
from game.store.settings import RECENT_KEPT, settings_from_dict
from game.variants import all_variants
from game.view import intents as i
from game.view.widgets.chooser import ChooserPanel
from game.view.widgets.dialogs import ConfirmDialog
from game.view.widgets.page import PagePanel
from tests.variants.test_player_tables import MINE, put
from tests.view.text_log import TextLog

from .app_helpers import click, frame, make_app, play, press, settle
from .test_text_fits import shown_texts

BUILT_IN = {table.id for table in all_variants()}
# The families of the built-in games, as the chooser heads them: the Klondike family first.
FAMILIES = {table.family.heading for table in all_variants()}


def chooser_of(app) -> ChooserPanel:
    top = app.scenes.top
    assert isinstance(top, ChooserPanel), f"the chooser is not in front: {top!r}"
    return top


def names(chooser: ChooserPanel) -> list[str]:
    return [tile.name for tile in chooser.shown()]


def type_text(app, text: str) -> None:
    for char in text:
        press(app, pygame.K_UNKNOWN, text=char)


def draw_pictures(app) -> None:
    """Frames until the pictures of the tiles in view are drawn (a few a frame)."""
    for _ in range(40):
        frame(app)
        if app.scenes.top.idle:
            return
    raise AssertionError("the pictures in view were never all drawn")


# -- when it shows ---------------------------------------------------------------------------


def test_a_first_start_opens_the_chooser_on_every_game_grouped_by_family(tmp_path):
    app = make_app(tmp_path, chooser=True)
    chooser = chooser_of(app)
    headings = [g.heading for g in chooser.shown_groups()]
    assert headings[0] == "Klondike family" and sorted(headings) == sorted(FAMILIES)
    assert {tile.key for tile in chooser.shown()} == BUILT_IN
    assert chooser.chosen.key == "klondike"  # the game dealt under it
    tile = chooser.chosen
    assert tile.about == "The classic patience: seven piles, build down in alternating colours."
    assert tile.record == "Not played yet"
    assert app.session.game.moves_made == 0 and app.session.elapsed == 0


def test_leaving_the_first_starts_chooser_says_where_it_is_found_again(tmp_path):
    app = make_app(tmp_path, chooser=True)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.table
    assert app.table.toast.text.startswith("G opens the game chooser")
    app.table.hush()
    press(app, pygame.K_g)
    press(app, pygame.K_ESCAPE)  # opened by the player: nothing to say
    assert app.scenes.top is app.table and app.table.toast is None
    chosen = make_app(tmp_path / "other", chooser=True)
    type_text(chosen, "yukon")
    press(chosen, pygame.K_RETURN)
    assert chosen.session.game.rules.variant == "yukon"
    assert chosen.table.toast.text.startswith("G opens the game chooser")


def test_neither_a_resumed_game_nor_a_game_asked_for_opens_it(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    play(app, Draw())
    app.controller.apply(i.Quit())
    again = make_app(tmp_path, chooser=True)
    assert again.scenes.top is again.table and again.session.game.moves_made == 1
    asked = make_app(tmp_path / "other", "--variant", "yukon", chooser=True)
    assert asked.scenes.top is asked.table and asked.session.game.rules.variant == "yukon"


def test_news_at_a_first_start_is_shown_on_the_table_not_under_the_chooser(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app(tmp_path, chooser=True)
    assert app.scenes.top is app.table and "settings.json" in app.table.toast.text
    press(app, pygame.K_g)
    chooser_of(app)


def test_pictures_are_drawn_as_tiles_come_into_view_a_few_a_frame_and_kept(tmp_path):
    app = make_app(tmp_path, "--windowed", "640x480", chooser=True)
    press(app, pygame.K_HOME)
    chooser = chooser_of(app)
    in_view = [t.key for t, _r in chooser.visible_tiles()]
    missing = chooser.missing_pictures()
    assert len(in_view) < len(BUILT_IN) and not chooser.idle
    frame(app)
    assert 0 <= len(chooser.missing_pictures()) < len(missing)
    draw_pictures(app)
    drawn = {key for key, _size in chooser._pictures}
    assert drawn == set(in_view)  # none out of view
    picture = next(iter(chooser._pictures.values()))
    assert picture.get_size() == chooser._picture_size()
    press(app, pygame.K_END)  # the last rows come into view: their pictures follow
    assert not chooser.idle
    draw_pictures(app)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_g)  # opened again: the pictures drawn before are kept, not redrawn
    again = chooser_of(app)
    press(app, pygame.K_HOME)
    frame(app)  # kept: all of them at once
    assert again is not chooser and again._pictures and again.idle
    assert all(again._pictures[key] is chooser._pictures[key] for key in again._pictures)


def test_g_opens_it_from_the_table_and_the_menu_row_too(tmp_path):
    app = make_app(tmp_path)
    assert app.scenes.top is app.table
    press(app, pygame.K_g)
    chooser_of(app)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.table
    app.controller.apply(i.OpenMenu())
    app.controller.apply(i.OpenChooser())
    chooser_of(app)
    assert len(app.scenes.scenes) == 1  # the menu closed: Esc goes back to the table


# -- filtering and choosing ---------------------------------------------------------------------


def test_typing_filters_by_name_and_backspace_widens_again(tmp_path):
    app = make_app(tmp_path, chooser=True)
    type_text(app, "KLON")
    assert names(chooser_of(app)) == ["Double Klondike", "Klondike"]
    type_text(app, "dx")
    assert names(chooser_of(app)) == [] and chooser_of(app).chosen is None
    press(app, pygame.K_RETURN)  # nothing to play: nothing happens
    chooser_of(app)
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_BACKSPACE)
    assert names(chooser_of(app)) == ["Double Klondike", "Klondike"]


def test_typing_filters_by_the_name_in_the_players_language(tmp_path):
    app = make_app(tmp_path, "--language", "uk", chooser=True)
    try:
        chooser = chooser_of(app)
        assert chooser.title == "Виберіть гру"
        type_text(app, "гаван")  # «Західна гавань», «Східна гавань»
        havens = {t.id for t in all_variants() if "гаван" in i18n._(t.name)}
        assert {t.key for t in chooser.shown()} == havens >= {"westhaven", "easthaven"}
        assert all("гавань" in name for name in names(chooser))
        type_text(app, "westhaven")  # the English names are not the player's
        assert names(chooser) == []
    finally:
        i18n.use_language("en")


def text_input(app, text: str) -> None:
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_a_key_and_its_text_type_once_and_text_without_a_key_is_typed(tmp_path):
    app = make_app(tmp_path, "--language", "uk")
    try:
        press(app, pygame.K_g, text="g")  # as SDL sends a key: its KEYDOWN, then its text
        text_input(app, "g")
        chooser = chooser_of(app)
        assert chooser.typed == ""  # G opened the chooser: it is not typed
        press(app, pygame.K_PERIOD, text="ю")  # a key of a Ukrainian keyboard
        text_input(app, "ю")
        assert chooser.typed == "ю"
        text_input(app, "к")  # text with no key of its own (an input method)
        assert chooser.typed == "юк" and names(chooser) == ["Юкон"]
    finally:
        i18n.use_language("en")


UKRAINIAN = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"


def in_ukrainian_order(name: str) -> list[int]:
    """The alphabet's own order (і after и, є after е), not the code points'."""
    return [UKRAINIAN.find(c) if c in UKRAINIAN else 100 + ord(c) for c in name.casefold()]


def test_the_names_are_in_the_languages_alphabetical_order(tmp_path):
    app = make_app(tmp_path, "--language", "uk", chooser=True)
    try:
        for group in chooser_of(app).shown_groups():  # each family's games in order
            shown = [tile.name for tile in group.tiles]
            assert shown == sorted(shown, key=in_ukrainian_order)
        assert names(chooser_of(app))[0] == "Агнес"
    finally:
        i18n.use_language("en")


def test_arrows_and_enter_deal_a_game_of_the_chosen_one(tmp_path):
    app = make_app(tmp_path, chooser=True)
    press(app, pygame.K_HOME)
    chooser = chooser_of(app)
    first, second = chooser.shown()[:2]
    assert chooser.chosen == first
    press(app, pygame.K_RIGHT)
    assert chooser.chosen == second
    press(app, pygame.K_DOWN)
    below = chooser.chosen
    rects = dict((t.key, r) for t, r in chooser.tile_rects())
    assert rects[below.key].x == rects[second.key].x and rects[below.key].y > rects[second.key].y
    press(app, pygame.K_UP)
    assert chooser.chosen == second
    press(app, pygame.K_RETURN)
    assert app.scenes.top is app.table
    assert app.session.game.rules.variant == second.key and app.session.game.moves_made == 0


def test_a_click_on_a_tile_deals_its_game(tmp_path):
    app = make_app(tmp_path, chooser=True)
    draw_pictures(app)
    chooser = chooser_of(app)
    tile, rect = next((t, r) for t, r in chooser.visible_tiles() if t.key != "klondike")
    click(app, rect.center)
    assert app.scenes.top is app.table and app.session.game.rules.variant == tile.key


def test_the_wheel_scrolls_a_small_window(tmp_path):
    app = make_app(tmp_path, "--windowed", "640x480", chooser=True)
    chooser = chooser_of(app)
    press(app, pygame.K_HOME)
    assert chooser.scroll == 0 and chooser.furthest() > 0
    before = [t.key for t, _r in chooser.visible_tiles()]
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert chooser.scroll > 0
    assert [t.key for t, _r in chooser.visible_tiles()] != before
    for _ in range(50):
        app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert chooser.scroll == chooser.furthest()
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100))
    assert chooser.scroll == 0


def test_choosing_mid_game_asks_first_and_the_game_left_is_kept(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    play(app, Draw())
    left = app.session.game
    press(app, pygame.K_g)
    type_text(app, "yukon")
    press(app, pygame.K_RETURN)
    question = app.scenes.top
    assert isinstance(question, ConfirmDialog) and question.title == "Abandon this game?"
    press(app, pygame.K_ESCAPE)  # keep playing: back in the chooser, the game as it was
    chooser_of(app)
    assert app.session.game is left
    press(app, pygame.K_RETURN)
    press(app, pygame.K_y)
    assert app.scenes.top is app.table and app.session.game.rules.variant == "yukon"
    kept = finished_games(tmp_path)
    assert [(f.game.rules.variant, f.result) for f in kept] == [("klondike", "abandoned")]
    assert app.session.stats.get(("klondike", "draw1")).played == 1


def test_f1_opens_the_rules_of_the_chosen_game_and_esc_comes_back(tmp_path):
    app = make_app(tmp_path, chooser=True)
    type_text(app, "lady")
    press(app, pygame.K_F1)
    page = app.scenes.top
    assert isinstance(page, PagePanel) and page.title == "Rules: Lady Jane"
    assert "Lady Jane" in page.text()
    press(app, pygame.K_ESCAPE)
    assert names(chooser_of(app)) == ["Lady Jane"]


def test_the_record_and_the_last_played_first(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    app.controller.apply(i.Abandon(i.SwitchVariant("yukon", "standard")))
    play(app, next(iter(app.session.game.legal_moves())))
    app.controller.apply(i.Abandon(i.SwitchVariant("athena", "draw1")))
    play(app, Draw())
    app.controller.apply(i.Abandon(i.SwitchVariant("klondike", "draw1")))  # yukon: lost
    press(app, pygame.K_g)
    chooser = chooser_of(app)
    keys = [t.key for t in chooser.shown()]
    assert keys[:2] == ["athena", "yukon"]  # Klondike was dealt, never played
    first, *others = chooser.shown_groups()  # after the recent ones, each family in order
    for rest in [[t.name for t in first.tiles[2:]], *([t.name for t in g.tiles] for g in others)]:
        assert rest == sorted(rest)
    records = {t.key: t.record for t in chooser.shown()}
    assert records["athena"] == "Played 1 \u00b7 won 0"
    assert records["yukon"] == "Played 1 \u00b7 won 0"
    assert records["klondike"] == "Not played yet"


def test_the_players_tables_have_their_own_group(tmp_path):
    put(tmp_path, "mine.toml", MINE)
    app = make_app(tmp_path, chooser=True)
    groups = chooser_of(app).shown_groups()
    assert [g.heading for g in groups][:: len(groups) - 1] == ["Klondike family", "Your tables"]
    assert [(t.key, t.name, t.about) for t in groups[-1].tiles] == [
        ("mine", "My Klondike", "Klondike with eight piles.")
    ]
    press(app, pygame.K_END)
    press(app, pygame.K_RETURN)
    assert app.session.game.rules.variant == "mine"
    layout = app.session.game.layout
    assert layout.tableau_range.stop - layout.tableau_range.start == 8


# -- it fits ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ("en", "uk", "ru"))
@pytest.mark.parametrize("size", ((640, 480), (1280, 800), (700, 1100)), ids=str)
def test_every_tile_fits_the_window_and_no_text_lies_over_another(
    tmp_path, monkeypatch, language, size
):
    log = TextLog(monkeypatch)
    flags = ("--language", language, "--windowed", f"{size[0]}x{size[1]}")
    app = make_app(tmp_path, *flags, chooser=True)
    window = pygame.Rect((0, 0), size)
    try:
        chooser = chooser_of(app)
        assert chooser.panel_rect().w <= size[0] and chooser.panel_rect().h <= size[1]
        press(app, pygame.K_HOME)
        seen = set()
        for _ in range(len(chooser.shown())):
            draw_pictures(app)
            grid = chooser.grid_rect()
            assert window.contains(grid) and chooser.panel_rect().contains(grid)
            tile, rect = (
                chooser.chosen,
                dict((t.key, r) for t, r in chooser.tile_rects())[chooser.chosen.key],
            )
            assert grid.contains(rect), f"{tile.key} at {rect} outside {grid}"
            seen.add(tile.key)
            texts, problems = shown_texts(app, log, f"chooser at {tile.key}")
            assert not problems, "\n".join(problems)
            assert tile.name in texts or any(tile.name.startswith(t[:-1]) for t in texts)
            press(app, pygame.K_RIGHT)
        assert seen == BUILT_IN
    finally:
        i18n.use_language("en")


def test_the_recently_played_games_are_kept_in_the_settings_and_a_bad_list_is_reset():
    settings, problems = settings_from_dict({"recent": ["yukon", "mine", "yukon"]})
    assert settings.recent == ("yukon", "mine") and not problems
    assert settings.with_played("mine").recent == ("mine", "yukon")
    for bad in (7, ["yukon", 3], [""], ["x"] * (RECENT_KEPT + 1)):
        settings, problems = settings_from_dict({"recent": bad, "sound": False})
        assert settings.recent == () and problems == ["recently played games"]
        assert settings.sound is False  # the rest kept
