"""The rules pages in Ukrainian and Russian say what the English ones say: the same
sections, every deal mode by its name in that language (as the catalogue names it in the
menus), and every number the English page gives (52 cards, 7 piles, 104, 59...)."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.variants import TABLES_DIR, all_variants, help_text

TRANSLATED = [language for language in i18n.LANGUAGES if language != "en"]
NUMBER = re.compile(r"\d+")


def headings(text: str) -> list[str]:
    return [line[3:] for line in text.splitlines() if line.startswith("## ")]


def english_page(variant_id: str) -> str:
    return (TABLES_DIR / "help" / f"{variant_id}.txt").read_text(encoding="utf-8")


def page(variant_id: str, language: str) -> str:
    path = TABLES_DIR / "help" / language / f"{variant_id}.txt"
    assert path.is_file(), f"no {language} rules page for {variant_id}"
    return path.read_text(encoding="utf-8")


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


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("table", all_variants(), ids=lambda t: t.id)
def test_the_page_gives_every_number_of_the_english_page(table, language):
    wanted = set(NUMBER.findall(english_page(table.id)))
    found = set(NUMBER.findall(page(table.id, language)))
    assert wanted <= found, f"{language} {table.id}: missing {sorted(wanted - found)}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_game_shows_the_page_of_its_language(language):
    for table in all_variants():
        assert help_text(table.id, language) == page(table.id, language)
