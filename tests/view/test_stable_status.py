"""A stable status line (issue 21, finding 7): how each field is shown is chosen from the
window's width and the language, never from what the fields say. A 9-digit deal, moves in
the hundreds, an hour on the clock: no label changes its form, nothing moves. Every
language keeps the fields English keeps; Double Klondike keeps its deal mode and the
buttons' words at 1280x800, and its name at 700x1100."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.commands import Draw
from game.engine.game import new_game
from game.i18n.wording import VERDICTS, verdict_indicator
from game.variants import all_variants, get_variant
from game.view.decor import status_places
from game.view.hud import status_fields
from game.view.layout import status_height

SIZES = ((640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100))
LANGUAGES = ("en", "uk", "ru")


@pytest.fixture(params=LANGUAGES)
def language(request):
    assert i18n.use_language(request.param) == request.param
    yield request.param
    i18n.use_language("en")


def a_game(rules, seed: int, moves: int):
    """A game with ``moves`` moves made (as many as it has): turns of the stock and
    redeals, then any legal moves."""
    game = new_game(rules, seed=seed)
    while game.moves_made < moves:
        # The stock's turns, or where it has none left (or none at all) any legal move.
        legal = [Draw()] if game.can_draw() else game.legal_moves()
        if not legal:
            break
        game.execute(legal[0])
    return game


def unlimited_modes():
    """Every variant's deal modes with unlimited redeals: as many moves as wanted."""
    return [t.rules(m) for t in all_variants() for m in t.mode_ids() if t.rules(m).redeals is None]


def status_line(game, size, elapsed: float = 5.0, verdict: str = ""):
    """The status line as drawn at ``size``: (key, form index or "cut", x, width) each."""
    pygame.font.init()
    fields = status_fields(game, elapsed, verdict)
    placed = status_places(fields, size[0], status_height(*size))
    return [
        (
            p.field.key,
            p.field.forms.index(p.text) if p.text in p.field.forms else "cut",
            p.x,
            p.width,
        )
        for p in placed
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_changes_form_or_moves_as_the_content_grows(size, language):
    for rules in unlimited_modes():
        short = status_line(a_game(rules, 12345, 9), size)
        assert all(form != "cut" for _k, form, _x, _w in short), short
        for seed, moves, elapsed in (
            (123456789, 9, 5.0),
            (12345, 10, 59.0),
            (987654321, 100, 3725.0),
        ):
            grown = status_line(a_game(rules, seed, moves), size, elapsed)
            assert grown == short, (rules.variant, rules.mode, seed, moves, elapsed)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_language_keeps_the_fields_english_keeps(size, language):
    for table in all_variants():
        for mode in table.mode_ids():
            game = a_game(table.rules(mode), 123456789, 20)
            i18n.use_language("en")
            english = {key for key, *_ in status_line(game, size)}
            i18n.use_language(language)
            keys = {key for key, *_ in status_line(game, size)}
            assert keys == english, (table.id, mode)
            if size == (1280, 800):
                assert {"hint", "redo", "undo", "time", "moves"} <= keys
                assert ("stock" in keys) == (table.rules(mode).stock_to != "none")
                assert ("redeals" in keys) == (table.rules(mode).stock_to == "waste")


def test_at_1280x800_every_language_keeps_the_buttons_words_in_klondike(language):
    """Finding 7: in Ukrainian and Russian, Hint, Redo and the time dropped out at 1280x800.
    Every language keeps Undo and Redo in words there, Hint and the time at least short
    (the line gives up the deal mode first: its short form, then the mode itself)."""
    for mode in get_variant("klondike").mode_ids():
        game = a_game(get_variant("klondike").rules(mode), 123456789, 20)
        forms = {key: form for key, form, *_ in status_line(game, (1280, 800))}
        assert forms["undo"] == forms["redo"] == forms["menu"] == 0, (mode, forms)
        assert "hint" in forms and "time" in forms and "moves" in forms, (mode, forms)


@pytest.mark.parametrize("mode", get_variant("double-klondike").mode_ids())
def test_double_klondike_at_1280x800_keeps_its_name_number_and_the_buttons_words(mode):
    """The deal mode has one name (issue 37, finding 7): Double Klondike's ("Three-card
    deals, one redeal") gives way at 1280x800 to the buttons' words, the game's name and
    the deal's number; the redeals counter still says how many are left."""
    rules = get_variant("double-klondike").rules(mode)
    game = a_game(rules, 123456789, 20)
    forms = {key: form for key, form, *_ in status_line(game, (1280, 800))}
    assert forms["undo"] == forms["redo"] == forms["hint"] == forms["menu"] == 0  # words
    assert "redeals" in forms
    deal = next(f for f in status_fields(game, 5.0, "") if f.key == "deal")
    shown = deal.forms[forms["deal"]]
    assert shown.startswith("Double Klondike") and "123456789" in shown
    assert "Draw" not in shown


def test_double_klondike_at_700x1100_keeps_its_name():
    for mode in get_variant("double-klondike").mode_ids():
        rules = get_variant("double-klondike").rules(mode)
        game = a_game(rules, 123456789, 20)
        line = status_line(game, (700, 1100))
        deal = next(f for f in status_fields(game, 5.0, "") if f.key == "deal")
        form = next(form for key, form, *_ in line if key == "deal")
        assert "Double Klondike" in deal.forms[form] and "123456789" in deal.forms[form]


def test_the_winnable_indicator_has_room_for_every_verdict_and_moves_nothing(language):
    """The quiet indicator's verdict changes as the solver thinks and as the game goes on:
    the line keeps the room of the longest, so nothing else moves, nor does it."""
    rules = get_variant("klondike").rules("draw3")
    game = a_game(rules, 123456789, 100)
    for size in SIZES:
        lines = [status_line(game, size, verdict=verdict_indicator(v)) for v in VERDICTS]
        assert all(line == lines[0] for line in lines), size
        if language == "en" and size in ((1280, 800), (1920, 1080)):
            assert any(key == "verdict" for key, *_ in lines[0]), size
