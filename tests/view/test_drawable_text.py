"""Text reaching the font renderer is made safe in one place (``game.view.text``): every
font the view draws with is a ``SafeFont``, whose ``render`` and ``size`` replace control
characters and bound the length; a paragraph is bounded before it is laid out; a field
too narrow for its words loses whole words."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.view.card_art import font
from game.view.elide import ELLIPSIS, cut_words
from game.view.text import LINE_LIMIT, PARAGRAPH_LIMIT, REPLACEMENT, SafeFont, drawable, wrap

VIEW = Path(__file__).resolve().parents[2] / "game" / "view"


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


@pytest.mark.parametrize(
    "text, shown",
    [
        ("plain", "plain"),
        ("a\0b", f"a{REPLACEMENT}b"),
        ("tab\there\nnext", "tab here next"),
        ("\u202eevil", f"{REPLACEMENT}evil"),
        ("lone \ud800", f"lone {REPLACEMENT}"),
        ("\x1b[2J", f"{REPLACEMENT}[2J"),
        ("joined \u200d \u200c kept", "joined \u200d \u200c kept"),
        ("1\u00a0000", "1\u00a0000"),  # a no-break space is no control
    ],
)
def test_drawable_replaces_control_characters(text, shown):
    assert drawable(text) == shown


def test_drawable_bounds_the_length():
    shown = drawable("x" * 10**6)
    assert len(shown) == LINE_LIMIT and shown.endswith(ELLIPSIS)


def test_every_font_of_the_view_is_safe():
    f = font(18)
    assert isinstance(f, SafeFont) and isinstance(font(30, bold=True), SafeFont)
    assert f.render("a\0b\ud800", True, (0, 0, 0)).get_width() > 0  # pygame raised for these
    assert f.size("x" * 10**6)[0] == f.size("x" * (LINE_LIMIT - 1) + ELLIPSIS)[0]


def test_no_font_is_made_but_by_card_art_font():
    """One place makes fonts (``card_art.font``), so every text goes through ``drawable``."""
    makers = []
    for path in sorted(VIEW.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if called and node.func.attr in ("Font", "SysFont"):
                makers.append(f"{path.relative_to(VIEW)}:{node.lineno}: {node.func.attr}")
            if isinstance(node, ast.Attribute) and node.attr == "freetype":
                makers.append(f"{path.relative_to(VIEW)}:{node.lineno}: freetype")
    assert makers == [], makers


def test_a_paragraph_is_bounded_before_it_is_wrapped():
    f = font(14)
    lines = wrap("word " * 10**6, f, 300)
    assert sum(len(line) + 1 for line in lines) <= PARAGRAPH_LIMIT + 1
    unbroken = wrap("x" * 10**6, f, 300)  # one word wider than any line: cut by halving
    assert all(f.size(line)[0] <= 300 for line in unbroken)


def test_a_field_loses_whole_words():
    def measure(text):
        return len(text)

    assert (
        cut_words("Grand Patience of the Long Evenings", 20, measure) == "Grand Patience of\u2026"
    )
    assert cut_words("Name \u00b7 Mode \u00b7 Deal 7", 12, measure) == "Name \u00b7 Mode\u2026"
    assert cut_words("Unbreakable", 6, measure) == "Unbre\u2026"  # no word fits: letters
    assert cut_words("fits", 6, measure) == "fits"
