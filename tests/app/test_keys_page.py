"""Issue 37: the keys were listed only in the README, the F1 page named only double-click.
A keys page, one key away (K) and from the rules page, made from the key map and in the
player's language."""

import pygame
import pytest

from game import i18n
from game.app import keymap
from game.view.widgets.page import PagePanel

from .app_helpers import make_app, press, settle


@pytest.mark.parametrize("language", ["en", "uk", "ru"])
def test_k_shows_every_key_of_the_key_map_in_the_players_language(tmp_path, language):
    app = make_app(tmp_path, "--language", language)
    try:
        settle(app)
        press(app, pygame.K_k, text="k")
        page = app.scenes.top
        assert isinstance(page, PagePanel) and page.title == i18n._("Keys")
        text = page.text()
        for binding in keymap.ALL:
            row = next(
                line for line in text.splitlines() if line.startswith(i18n._(binding.action))
            )
            assert binding.name in row.split("\t")[1], (binding.name, row)
        if language != "en":  # every action said in the language, none left in English
            assert not any(b.action in text for b in keymap.ALL if i18n._(b.action) != b.action)
            assert all(i18n._(b.action) != b.action for b in keymap.ALL)
    finally:
        i18n.use_language("en")


def test_the_rules_page_leads_to_the_keys(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    press(app, pygame.K_F1)
    assert isinstance(app.scenes.top, PagePanel)
    press(app, pygame.K_k, text="k")
    assert app.scenes.top.title == "Keys"
