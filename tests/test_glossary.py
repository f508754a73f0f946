"""The Ukrainian and Russian words are the glossary's (docs/GLOSSARY.md, kept out of the
package: the game does not read it): a message whose English says a term says it in the
glossary's words, and no message, rules page or desktop file uses a rendering the glossary
rejected. The check is tried on broken entries too, so a check that stopped looking fails
here."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
DESKTOP = ROOT / "assets" / "desktop"
HELP = ROOT / "game" / "variants" / "help"
LANGUAGES = {"Ukrainian": "uk", "Russian": "ru"}
KEY = re.compile(r"^(English|Ukrainian|Russian|except|AisleRiot|KPatience|Why[^:]*):")
TICKED = re.compile(r"`([^`]+)`")
# Left out of an English message before matching: what a translation keeps as written.
# A TOML section name ("[reserves]") is a literal too.
LITERAL = re.compile(r"\{[^{}]*\}|--[\w-]+|'\w[\w.-]*'|(\w+ = )?\"[^\"]*\"|\[[\w.-]+\]")


@dataclass
class Check:
    term: str
    english: list[str]
    stems: dict[str, list[str]] = field(default_factory=dict)
    never: dict[str, list[str]] = field(default_factory=dict)
    allowed: list[str] = field(default_factory=list)  # the "except" messages


def entries(text: str) -> list[tuple[str, str, str]]:
    """(term, key, value) for each keyed line of the glossary, its continuation lines joined."""
    found: list[list[str]] = []
    term = ""
    for line in text.splitlines():
        if line.startswith("## "):
            term = line[3:].strip()
        elif KEY.match(line):
            key, value = line.split(":", 1)
            found.append([term, key, value.strip()])
        elif line.strip() and found and not line.startswith(("#", "-")) and found[-1][0] == term:
            found[-1][2] += " " + line.strip()
        elif not line.strip() and found:
            found.append([term, "", ""])  # a blank line ends an entry
    return [(t, k, v) for t, k, v in found if k]


def parse(text: str) -> list[Check]:
    """The glossary's checks: each English line starts one; the language lines after it
    give its stems and its rejected renderings."""
    checks: list[Check] = []
    for term, key, value in entries(text):
        if key == "English":
            checks.append(Check(term, TICKED.findall(value)))
        elif key in LANGUAGES and checks and checks[-1].term == term:
            language = LANGUAGES[key]
            stems, _, never = value.partition(" never ")
            checks[-1].stems[language] = TICKED.findall(stems.partition(" stems ")[2])
            checks[-1].never[language] = TICKED.findall(never)
        elif key == "except" and checks and checks[-1].term == term:
            checks[-1].allowed += TICKED.findall(value)
    return checks


def says(patterns: list[str], text: str) -> bool:
    return any(re.search(pattern, text, re.IGNORECASE) for pattern in patterns)


def forms(message) -> list[str]:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [s for s in strings if s]


def message_problems(checks: list[Check], catalog: Catalog, language: str) -> list[str]:
    """Where a translated message leaves the glossary: the term said in other words, or
    a rejected rendering used."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        english = " ".join(LITERAL.sub(" ", i) for i in ids)
        for check in checks:
            stems = check.stems.get(language, [])
            for text in forms(message):
                if says(check.never.get(language, []), text):
                    found.append(f"{language}: {text!r} uses a rejected word for {check.term}")
                elif (
                    stems
                    and ids[0] not in check.allowed
                    and says(check.english, english)
                    and not says(stems, text)
                ):
                    found.append(f"{language}: {text!r} does not say {check.term} as {stems}")
    return found


def text_problems(checks: list[Check], texts: dict[str, str], language: str) -> list[str]:
    return [
        f"{where}: uses a rejected word for {check.term}"
        for where, text in texts.items()
        for check in checks
        if says(check.never.get(language, []), text)
    ]


def read_catalog(language: str) -> Catalog:
    path = ROOT / "game" / "locale" / language / "LC_MESSAGES" / "solitaire.po"
    with open(path, "rb") as handle:
        return read_po(handle, locale=language)


def pages_and_desktop(language: str) -> dict[str, str]:
    """Every other text in ``language``: its rules pages, its desktop entry lines and the
    AppStream record's elements in it."""
    texts = {str(p): p.read_text(encoding="utf-8") for p in sorted((HELP / language).glob("*"))}
    entry = (DESKTOP / "org.patiencetable.Patience.desktop").read_text(encoding="utf-8")
    texts["desktop entry"] = "\n".join(
        line for line in entry.splitlines() if f"[{language}]=" in line
    )
    root = ET.parse(DESKTOP / "org.patiencetable.Patience.metainfo.xml").getroot()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    texts["AppStream record"] = "\n".join(
        "".join(element.itertext()) for element in root.iter() if element.get(lang) == language
    )
    return texts


CHECKS = parse(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_gives_every_checked_term_in_both_languages():
    terms = {check.term for check in CHECKS}
    for term in ("foundation", "tableau", "pile", "stock", "waste", "redeal", "deal"):
        assert term in terms
    for term in ("deal mode", "hint", "undo", "redo", "winnable", "timeline", "solver"):
        assert term in terms
    for term in ("deal from the stock", "rank"):
        assert term in terms
    for check in CHECKS:
        assert check.english, check.term
        assert check.stems.get("uk") and check.stems.get("ru"), check.term
    foundation = next(check for check in CHECKS if check.term == "foundation")
    assert says(foundation.never["uk"], "на базу") and not says(foundation.never["uk"], "базовий")


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_every_message_says_the_terms_as_the_glossary_does(language):
    assert message_problems(CHECKS, read_catalog(language), language) == []


@pytest.mark.parametrize("language", ["uk", "ru"])
def test_no_page_or_desktop_text_uses_a_rejected_word(language):
    texts = pages_and_desktop(language)
    assert len(texts) >= 5 and all(texts.values()), texts.keys()
    assert text_problems(CHECKS, texts, language) == []


@pytest.mark.parametrize(
    "language, english, translated",
    [
        ("uk", "Undo", "Назад"),  # the status bar's old second name
        ("ru", "\u21b7 Redo", "\u21b7 Вперёд"),
        ("uk", "An empty foundation takes only an Ace, not {card}.", "На порожню базу — лише туза"),
        ("uk", "Watch this game (timeline)", "Переглянути партію (стрічка ходів)"),
        ("ru", "Unlimited redeals", "Без лимита пересдач"),
        ("uk", "the waste", "скидання"),
        ("uk", "nothing until the next deal", "нічого до наступної роздачі"),
        ("ru", "Fill the empty piles first: the next deal waits for them.", "следующая раздача"),
        ("uk", "the rank below the base card, or a run from it", "карта того самого значення"),
        ("ru", "must be a rank, one of {ranks}, got {value}", "должен быть достоинством"),
    ],
)
def test_a_wrong_entry_is_found(language, english, translated):
    catalog = Catalog(locale=language)
    catalog.add(english, translated)
    assert message_problems(CHECKS, catalog, language)


def test_a_plural_is_checked_in_every_form_and_an_exception_is_kept():
    catalog = Catalog(locale="uk")
    english = ("{card} on the foundation", "{card} and {count} on the foundations")
    catalog.add(english, ("{card} на основі", "{card} і {count} на основах", "{card} на базах"))
    assert len(message_problems(CHECKS, catalog, "uk")) == 1
    allowed = Catalog(locale="uk")
    allowed.add("{cards}: no pile takes them now.", "{cards}: зараз для цього немає місця.")
    assert message_problems(CHECKS, allowed, "uk") == []


def test_a_rejected_word_in_a_page_is_found():
    texts = {"page": "Бази: чотири купки вгорі праворуч."}
    assert len(text_problems(CHECKS, texts, "uk")) == 2
    assert text_problems(CHECKS, {"page": "Основи: чотири стоси."}, "uk") == []
