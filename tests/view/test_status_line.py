"""The status line and the toast with every field and long messages, in English, in every
string made 40% longer, and in Ukrainian and Russian: nothing drawn over anything, nothing
cut mid-word."""

from __future__ import annotations

import gettext

import pygame
import pytest

from game import i18n
from game.engine.commands import Draw
from game.engine.game import new_game
from game.variants import all_variants
from game.view.card_art import font
from game.view.decor import Decor, status_font_size
from game.view.hud import STEPS, Toast, first_word, status_fields
from game.view.layout import status_height, table_layout
from game.view.status import ELLIPSIS, fit


class Longer(gettext.NullTranslations):
    """Every string 40% longer than its English, at its end (placeholders untouched)."""

    def gettext(self, message):
        return message + " " + "\u00e9" * max(1, int(len(message) * 0.4))

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)


@pytest.fixture(params=["english", "longer", "uk", "ru"])
def language(request):
    """English, English made 40% longer, and the game's own Ukrainian and Russian."""
    if request.param == "longer":
        i18n.use(Longer())
    elif request.param != "english":
        assert i18n.use_language(request.param) == request.param
    yield request.param
    i18n.use_language("en")


WIDTHS = [320, 480, 640, 800, 1024, 1280, 1920, 3840, 7680]
VERDICT = "Solver, seeing all cards: undecided (too many ways to try)"


def a_game(rules):
    game = new_game(rules, seed=123456789)
    for _ in range(20):  # moves on the clock and the counters (Yukon has no stock to turn)
        legal = game.legal_moves()
        if legal:
            game.execute(Draw() if Draw() in legal else legal[0])
    return game


@pytest.mark.parametrize("width", WIDTHS)
def test_status_fields_never_overlap_and_the_deal_stays(width, language):
    pygame.font.init()
    height = status_height(width, int(width * 0.6))
    f = font(status_font_size(height))
    pad, gap = max(4, height // 4), max(6, height // 3)
    for table in all_variants():
        for mode in table.mode_ids():
            game = a_game(table.rules(mode))
            fields = status_fields(game, 3725.0, i18n._(VERDICT))
            placed = fit(
                list(fields),
                width,
                lambda fd, t: f.size(t)[0] + (2 * pad if fd.button else 0),
                gap,
                STEPS,
            )
            placed.sort(key=lambda p: p.x)
            for a, b in zip(placed, placed[1:], strict=False):
                assert a.x + a.width <= b.x, (a.text, b.text)
            assert placed[0].x >= 0 and placed[-1].x + placed[-1].width <= width
            keys = {p.field.key for p in placed}
            assert {"menu", "deal"} <= keys
            deal = next(p.text for p in placed if p.field.key == "deal")
            name = i18n._(table.name)
            # The game's name outranks the deal's number (issue 37, finding 6): it is
            # there whole, or cut between words, or (only below 640) cut to fit.
            assert deal.startswith((name, first_word(name))) or deal.endswith(ELLIPSIS)
            if width >= 640:
                assert deal.startswith(name) or deal == first_word(name), deal


def window_layout(size):
    """The table's layout in a window of ``size`` (a display of that size opened)."""
    pygame.display.init()
    pygame.display.set_mode(size)
    return table_layout(*size, all_variants()[0].rules())


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (700, 1100), (1920, 1080)])
def test_a_long_toast_is_shown_whole(size, language):
    layout = window_layout(size)
    text = i18n._(
        "The game could not be saved: the folder "
        "/home/someone/.local/share/klondike-family/with/a/very/long/path is read-only."
    )
    surface = Decor()._toast(Toast.of(text, error=True), layout)
    assert surface.get_width() <= size[0]
    # Every word of the message is on some line, whole (long paths break at slashes).
    from game.view.text import wrap

    f = font(status_font_size(int(layout.status_rect.h)))
    lines = wrap(text, f, surface.get_width())
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:
        assert f.size(line)[0] <= surface.get_width()


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (700, 1100), (1920, 1080)])
def test_a_toast_over_the_status_line_hides_all_of_it(size, language):
    # A message too tall for the band above the status line reaches down over the line:
    # it covers the whole line, so that no piece of the line's words shows at its sides
    # (at 700x1100 the menu button's icon and the clock's last digits did).
    from game.view.decor import toast_position

    layout = window_layout(size)
    said = i18n._(
        "{hint}. Not known to lead to a win: the solver found no winning line in time."
    ).format(hint=i18n._("Hint: move {card} to the foundations").format(card="A\u2660"))
    for text in (said, said + " " + said, "Saved."):
        toast = Decor()._toast(Toast.of(text), layout)
        x, y = toast_position(toast.get_size(), layout)
        status = layout.status_rect
        if y + toast.get_height() > status.y:  # over the line
            assert x <= status.x and x + toast.get_width() >= status.x + status.w, (text, x)
            assert y <= status.y and y + toast.get_height() >= status.y + status.h


@pytest.mark.parametrize("size", [(640, 480), (700, 1100), (1920, 1080)])
def test_a_message_that_fits_one_line_of_the_window_stays_above_the_status_line(size, language):
    # At 700x1100 a sentence the window's width holds was wrapped at 60% of it into two
    # lines, too tall for the band above the status line, and so hid the line.
    from game.view.decor import toast_position

    layout = window_layout(size)
    text = i18n._("No move has been made yet: nothing can have been lost.")
    f = font(status_font_size(int(layout.status_rect.h)))
    pad = max(6, int(layout.status_rect.h) // 2)
    assert f.size(text)[0] + 4 * pad <= size[0]  # one line of the window holds it
    toast = Decor()._toast(Toast.of(text), layout)
    _x, y = toast_position(toast.get_size(), layout)
    assert y + toast.get_height() <= layout.status_rect.y, (text, size)
