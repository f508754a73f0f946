"""The statistics table with games in it, in every language and at every window size: its
headings and cells are not drawn over each other. Ukrainian and Russian headings are
longer than the English ones ("% перемог", "Мин. ходов"), and the longest deal mode's name
("По три карти, одна перездача") leaves the columns the least room."""

from __future__ import annotations

import pytest

from game import i18n
from game.store.statistics import Statistics, record_result, save_statistics
from game.view import intents as i
from tests.view.text_log import TextLog, overlapping

from .app_helpers import frame, make_app, settle

SIZES = ((640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100))
RESULTS = [  # (variant, mode, [(won, seconds, moves)])
    ("klondike", "draw1", [(True, 312, 141), (False, 95, 40), (True, 268, 128)]),
    ("klondike", "draw3", [(True, 402, 180), (False, 150, 60), (False, 80, 30)]),
    ("saratoga", "draw1", [(True, 205, 110)]),
    ("double-klondike", "draw3", [(False, 600, 220), (True, 36000, 1104)]),
]


def with_results(folder) -> None:
    stats = Statistics()
    for variant, mode, games in RESULTS:
        for n, (won, seconds, moves) in enumerate(games):
            game_id = f"{variant}-{mode}-{n}"
            stats = record_result(stats, (variant, mode), game_id, won, seconds, moves)
    save_statistics(folder, stats)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_statistics_table_keeps_its_columns_apart(tmp_path, monkeypatch, language, size):
    with_results(tmp_path)
    log = TextLog(monkeypatch)
    app = make_app(tmp_path, "--language", language, "--windowed", f"{size[0]}x{size[1]}")
    try:
        settle(app)
        app.controller.apply(i.OpenStatistics())
        frame(app, 3)
        app.scenes._backdrop = None  # the whole frame, not just what changed
        app.scenes.live.invalidate()
        screen = log.screen(app.table.layout_size())
        app.scenes.draw(screen, 1.0)
        placed = log.placed(screen)
    finally:
        i18n.use_language("en")
    texts = [t.text for t in placed]
    assert i18n.catalogue(language).gettext("Fewest") in texts or language == "en"
    assert "1104" in texts and "10:00:00" in texts  # a row with the widest cells, shown
    assert overlapping(placed) == []
