"""Issue 37, findings 2 and 3: a statistics file with one wrongly typed field lost all its
records, its 17-line message covered the cards and the status line and stayed drawn under
the Statistics panel; the Ctrl+S band covered the toolbar and Ctrl+O opened over it.
Messages take the band above the status line, the rest one key away (I), and end when a
panel or dialog covers the table."""

import json

import pygame

from game.store.statistics import (
    STATISTICS_FILE,
    Statistics,
    load_statistics,
    record_result,
    save_statistics,
)
from game.variants import all_variants
from game.view import intents as i
from game.view.decor import Decor, toast_position
from game.view.layout import Rect
from game.view.widgets.page import PagePanel

from .app_helpers import frame, make_app, press, settle


def a_record_for_every_mode(folder):
    """A record for every built-in game's every mode (23 in December 2026), one of them
    with a bad field; how many."""
    stats, n = Statistics(), 0
    for table in all_variants():
        for mode in table.mode_ids():
            stats = record_result(stats, (table.id, mode), f"g{n}", True, 100.0 + n, 90, "K1R2-5")
            n += 1
    save_statistics(folder, stats)
    data = json.loads((folder / STATISTICS_FILE).read_text())
    data["records"]["klondike"]["draw1"]["best_deal"] = 4242  # a number, not a text
    text = json.dumps(data)
    (folder / STATISTICS_FILE).write_text(text)
    return n, text


def toast_box(app) -> Rect:
    """Where the table draws its message now."""
    layout = app.table.layout
    toast = Decor()._toast(app.table.snapshot().toast, layout)
    x, y = toast_position(toast.get_size(), layout)
    return Rect(x, y, toast.get_width(), toast.get_height())


def test_one_bad_field_keeps_every_valid_record_and_says_so_in_one_line(tmp_path):
    count, original = a_record_for_every_mode(tmp_path)
    app = make_app(tmp_path, "--windowed", "800x600")
    settle(app)
    assert count >= 23 and len(app.session.stats.records) == count - 1
    said = app.table.snapshot().toast
    assert said is not None and said.text.startswith("Statistics: 1 record was not valid")
    assert f"{count - 1} kept" in said.text and "best_deal" not in said.text
    box, layout = toast_box(app), app.table.layout
    assert box.y >= layout.message_rect.y and box.bottom <= layout.status_rect.y  # one line
    # The valid records are written back at once; the file as it was is kept aside.
    assert len(load_statistics(tmp_path)[0].records) == count - 1
    [aside] = [p for p in tmp_path.iterdir() if p.name.startswith(STATISTICS_FILE + ".")]
    assert aside.read_text() == original
    # The details, one key away.
    press(app, pygame.K_i, text="i")
    page = app.scenes.top
    assert isinstance(page, PagePanel)
    whole = page.text()
    assert "best_deal" in whole and "klondike draw1" in whole and aside.name in whole
    # No message under the panel; and the panel shows the records kept.
    app.controller.apply(i.CloseScene())
    app.controller.apply(i.OpenStatistics())
    frame(app)
    assert app.table.snapshot().toast is None
    app.controller.apply(i.CloseScene())
    assert app.table.snapshot().toast is None  # it ended with the scene it belonged to
    # The next start finds the records kept, and says nothing of them.
    app.controller.apply(i.Quit())
    again = make_app(tmp_path, "--windowed", "800x600")
    settle(again)
    assert len(again.session.stats.records) == count - 1
    assert again.table.snapshot().toast is None


def test_the_saved_band_leaves_the_toolbar_and_ends_under_the_open_dialog(tmp_path):
    app = make_app(tmp_path, "--windowed", "800x600")
    settle(app)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    said = app.table.snapshot().toast
    assert said is not None and "saved to" in said.whole
    box, layout = toast_box(app), app.table.layout
    assert box.bottom <= layout.status_rect.y  # the toolbar stays in sight and in reach
    press(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.scenes.top is not app.table
    frame(app)
    assert app.table.snapshot().toast is None  # not drawn under the dialog
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is app.table and app.table.snapshot().toast is None
    press(app, pygame.K_i, text="i")  # the whole of it stays one key away
    assert isinstance(app.scenes.top, PagePanel)
