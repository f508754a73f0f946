"""Issue 37, finding 5: Statistics and the Variants menu listed the games by their English
ids in Ukrainian and Russian. They list them by the name shown, in the alphabet's order
(Klondike's own three first, as in English; each family's games in a menu of their own)."""

import pytest

from game import i18n
from game.app.pages import statistics_text
from game.engine.families import Family
from game.i18n.collation import sort_key
from game.store.statistics import Statistics, StatsKey, record_result, save_statistics
from game.variants import all_variants
from game.view import intents as i

from .app_helpers import make_app, settle

FIRST = 3  # Klondike, Saratoga and Double Klondike head the list in every language


def in_alphabet(names, language):
    return names == sorted(names, key=lambda n: sort_key(n, language))


@pytest.mark.parametrize("language", ["en", "uk", "ru"])
def test_the_variants_menu_is_in_the_alphabet_of_the_language(tmp_path, language):
    app = make_app(tmp_path, "--language", language)
    try:
        settle(app)
        app.controller.apply(i.OpenVariants())
        items = app.scenes.top.items
        families = [
            it for it in items if isinstance(it.intent, i.OpenVariants) and it.intent.family
        ]
        names = [item.text() for item in items if item not in families]
        klondike = [i18n._(t.name) for t in all_variants() if t.family is Family.KLONDIKE]
        assert sorted(names) == sorted(klondike)  # the family played: Klondike's
        assert names[:FIRST] == [i18n._(n) for n in ("Klondike", "Saratoga", "Double Klondike")]
        assert in_alphabet(names[FIRST:], language), names
        seen = set(names)
        for row in families:  # each other family's games, a menu of their own, in order
            app.controller.apply(row.intent)
            games = [item.text() for item in app.scenes.top.items]
            assert in_alphabet(games, language), games
            seen |= set(games)
            app.controller.apply(i.CloseScene())
        assert seen == {i18n._(t.name) for t in all_variants()}
    finally:
        i18n.use_language("en")


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_statistics_are_in_the_alphabet_of_the_language(tmp_path, language):
    stats = Statistics()
    for table in all_variants():
        key = StatsKey(table.id, table.default_mode)
        stats = record_result(stats, key, table.id, False, 10.0, 3)
    save_statistics(tmp_path, stats)
    app = make_app(tmp_path, "--language", language)
    try:
        settle(app)
        text = statistics_text(app.session)
        headings = [line[3:] for line in text.splitlines() if line.startswith("## ")][:-1]
        assert len(headings) == len(all_variants())
        assert in_alphabet(headings[FIRST:], language), headings
        by_ids = [i18n._(t.name) for t in all_variants()][FIRST:]
        assert headings[FIRST:] != by_ids  # the English ids' order, as before
    finally:
        i18n.use_language("en")
