"""The wrapper (game/view/text.py): a line never starts with a dash, a no-break space never
breaks, and long words still break where they can be read."""

from __future__ import annotations

import pygame
import pytest

from game.view.card_art import font
from game.view.text import wrap

DASHES = ("\u2014", "\u2013", "-")


@pytest.fixture(scope="module")
def f():
    pygame.init()
    return font(20)


def width_of(f, text: str) -> int:
    return f.size(text)[0]


@pytest.mark.parametrize("dash", DASHES)
def test_a_dash_never_starts_a_line(f, dash):
    """Where the dash would fall first on the next line, the word before it goes with it."""
    text = f"Після роздачі тут лежить решта карт {dash} 31."
    width = width_of(f, "Після роздачі тут лежить решта карт")  # the dash does not fit after it
    lines = wrap(text, f, width)
    assert len(lines) > 1
    assert not any(line.startswith(DASHES) for line in lines), lines
    assert f"карт {dash}" in " ".join(lines)
    assert all(width_of(f, line) <= width for line in lines)


def test_every_line_of_a_page_of_dashes_at_every_width(f):
    text = " ".join(f"слово{i} — пояснення{i}" for i in range(30))
    widest = max(width_of(f, word) for word in text.split())
    for width in range(widest + width_of(f, " —"), 600, 7):
        lines = wrap(text, f, width)
        assert not any(line.startswith("\u2014") for line in lines), (width, lines)
        assert " ".join(lines).split() == text.split()


def test_a_no_break_space_holds_its_words_together(f):
    text = "Залишилося 5\u00a0карт і 12\u202fс"
    for width in range(width_of(f, "Залишилося"), width_of(f, text) + 1, 3):
        lines = wrap(text, f, width)
        assert any("5\u00a0карт" in line for line in lines), (width, lines)
        assert any("12\u202fс" in line for line in lines), (width, lines)


def test_hyphenated_options_are_not_glued_to_the_word_before(f):
    """Only a dash starts a glued word: "--no-sound" may start a line."""
    lines = wrap("запущено з --no-sound", f, width_of(f, "запущено з"))
    assert lines == ["запущено з", "--no-sound"]


def test_a_word_wider_than_the_line_still_breaks_after_a_slash(f):
    path = "/home/player/.local/share/klondike-family/games/klondike-deal-4242.json"
    lines = wrap(f"Не вдалося відкрити {path}", f, 200)
    assert all(width_of(f, line) <= 200 for line in lines)
    assert "".join(lines).replace(" ", "").endswith(path.replace(" ", ""))
