"""Issue 37, finding 6: at 640x480 the status line showed only "#5" (at 800x600 Double
Klondike's too): a player could not tell which game was on the table. The game's name,
cut short between words if need be, outranks the deal's number, in every language."""

import pytest

from game import i18n
from game.variants import all_variants
from game.view.decor import status_places

from .app_helpers import frame, make_app


def deal_text(app) -> str:
    """What the status line draws for the deal, as the table draws it."""
    snap, rect = app.table.snapshot(), app.table.layout.status_rect
    placed = status_places(snap.fields, int(rect.w), int(rect.h))
    return next(p.text for p in placed if p.field.key == "deal")


@pytest.mark.parametrize("size", ["640x480", "800x600"])
@pytest.mark.parametrize("language", ["en", "uk", "ru"])
def test_the_status_line_names_the_game_at_small_sizes(tmp_path, size, language):
    for table in all_variants():
        data = tmp_path / table.id
        app = make_app(
            data, "--windowed", size, "--variant", table.id, "--seed", "5", "--language", language
        )
        try:
            frame(app)  # the status line is laid out and drawn; the deal need not land
            name = i18n._(table.name)
            text = deal_text(app)
            first = name.split(" ")[0]
            assert text.startswith(name) or text == f"{first}\u2026", (table.id, text)
        finally:
            i18n.use_language("en")
