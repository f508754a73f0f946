"""Every variant has its rules page in every language, and each page fits the smallest
window, scrolled from its first line to its last. The pages in Ukrainian and Russian say
what the English ones say: the same sections, every deal mode by its name in that
language (as the menus name it: the page's own header, ``game.i18n.games``), and every
number the English page gives (52 cards, 7 piles, 104, 59...)."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.i18n.games import split_page
from game.variants import TABLES_DIR, all_variants, builtin_ids, get_variant, help_text
from game.view import intents as i
from game.view.widgets.page import PagePanel
from tests.app.app_helpers import frame, make_app, settle
from tests.app.test_text_fits import back_to_the_table, english_words, shown_texts
from tests.variant_ids import FAMILY
from tests.view.text_log import TextLog, overlapping

TRANSLATED = [language for language in i18n.LANGUAGES if language != "en"]
NUMBER = re.compile(r"\d+")
SMALLEST = (640, 480)  # the smallest window the guide names

PAGE_IDS = builtin_ids()  # every game in the variants folder


def headings(text: str) -> list[str]:
    return [line[3:] for line in text.splitlines() if line.startswith("## ")]


def english_page(variant_id: str) -> str:
    return (TABLES_DIR / "help" / f"{variant_id}.txt").read_text(encoding="utf-8")


def page(variant_id: str, language: str) -> str:
    """The page as the game shows it: after its header of the game's words."""
    path = TABLES_DIR / "help" / language / f"{variant_id}.txt"
    assert path.is_file(), f"no {language} rules page for {variant_id}"
    return split_page(path.read_text(encoding="utf-8"))[1]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("table", all_variants(), ids=lambda t: t.id)
def test_the_page_has_the_english_pages_sections(table, language):
    english, text = english_page(table.id), page(table.id, language)
    tr = i18n.catalogue(language)
    assert text.splitlines()[0] == "# " + tr.gettext(table.name)
    assert len(headings(text)) == len(headings(english))
    # The deal modes' section is called as the catalogue calls it elsewhere.
    assert "Deal modes" in headings(english)
    assert tr.gettext("Deal modes") in headings(text)
    assert text.count("\t") == english.count("\t")  # table rows: the same cells


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("table", all_variants(), ids=lambda t: t.id)
def test_the_page_names_every_deal_mode_as_the_menus_do(table, language):
    text = page(table.id, language).lower()
    tr = i18n.catalogue(language)
    for mode in table.modes:
        label = tr.gettext(mode.label)
        assert label != mode.label, f"{mode.label!r} is not translated into {language}"
        assert label.lower() in text, f"{language} {table.id}: no deal mode {label!r}"


@pytest.mark.parametrize("variant_id", PAGE_IDS)
def test_every_variant_has_its_page_in_every_language(variant_id):
    english = english_page(variant_id)
    assert english.startswith("# ") and "Deal modes" in headings(english)
    for language in TRANSLATED:
        text = page(variant_id, language)
        assert text.startswith("# ") and len(headings(text)) == len(headings(english))
        assert i18n.catalogue(language).gettext("Deal modes") in headings(text)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("variant_id", PAGE_IDS)
def test_the_page_gives_every_number_of_the_english_page(variant_id, language):
    wanted = set(NUMBER.findall(english_page(variant_id)))
    found = set(NUMBER.findall(page(variant_id, language)))
    assert wanted <= found, f"{language} {variant_id}: missing {sorted(wanted - found)}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_game_shows_the_page_of_its_language(language):
    for table in all_variants():
        assert help_text(table.id, language) == page(table.id, language)


def scroll_through(panel: PagePanel, draw) -> tuple[set[str], list[str]]:
    """Every text the page shows from its top to its end, a page down at a time, and what
    is wrong with them. ``draw()`` draws the screen and returns (texts, problems)."""
    seen: set[str] = set()
    problems: list[str] = []
    for _ in range(200):
        texts, wrong = draw()
        seen |= set(texts)
        problems += wrong
        before = panel.scroll
        panel.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
        if panel.scroll == before:
            return seen, problems
    raise AssertionError("the page never reached its end")


def page_problems(variant_id: str, language: str, seen: set[str], problems: list[str]):
    """What is wrong with a page scrolled through: the problems found on the way, a word
    left in English, and its last words never shown."""
    if language != "en":
        problems = problems + [f"{t!r} not translated" for t in seen if english_words(t)]
    last = help_text(variant_id, language).rstrip().splitlines()[-1]
    if not any(text and last.endswith(text) for text in seen):
        problems = problems + [f"its last line never shown: {last!r}"]
    return [f"{language} {variant_id}: {p}" for p in problems]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_built_in_variants_page_fits_the_smallest_window(tmp_path, monkeypatch, language):
    """Through the game: each variant in turn, its rules opened as F1 opens them."""
    log = TextLog(monkeypatch)
    app = make_app(
        tmp_path, "--variant", "klondike", "--language", language, "--windowed", "640x480"
    )
    settle(app)
    problems = []
    try:
        for variant_id in builtin_ids():
            app.controller.apply(i.SwitchVariant(variant_id, get_variant(variant_id).default_mode))
            settle(app)
            app.controller.apply(i.OpenRules())
            frame(app)
            panel = app.scenes.top
            assert isinstance(panel, PagePanel) and panel.text() == help_text(variant_id)
            seen, wrong = scroll_through(panel, lambda: shown_texts(app, log, "rules"))
            assert panel.title in seen, f"{variant_id}: its title not seen"
            problems += page_problems(variant_id, language, seen, wrong)
            back_to_the_table(app)
    finally:
        app.controller.assistant.stop()
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("variant_id", FAMILY)
def test_a_family_page_fits_the_smallest_window(monkeypatch, variant_id, language):
    """Each family page on the page panel the game opens for F1 alone, titled as the game
    titles it (the page's first line is the name): one test for each, on the workers."""
    log = TextLog(monkeypatch)
    pygame.init()
    i18n.use_language(language)
    text = help_text(variant_id, language)
    title = i18n._("Rules: {variant}").format(variant=text.splitlines()[0][2:])
    panel = PagePanel(title, lambda: text, SMALLEST)

    def draw():
        screen = log.screen(SMALLEST)
        panel.draw(screen)
        placed = log.placed(screen)
        cut = [f"{t.text!r} cut at {tuple(t.rect)}" for t in placed if t.cut]
        return [t.text for t in placed], overlapping(placed) + cut

    seen, wrong = scroll_through(panel, draw)
    assert title in seen
    problems = page_problems(variant_id, language, seen, wrong)
    assert not problems, "\n".join(problems[:30])
