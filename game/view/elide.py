"""Text too long for its place, shortened where a reader still understands it: a file
name keeps its start and its end ("klondike-dea…0953.json"), a path its end, the part
being typed ("…/games/klondike-"), and a table cell or a status field its start
("Double Klon…").

``cut_end`` and its kin measure with any function (the status line's fields measure with
their padding); the ``elide_*`` forms measure with a font.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

ELLIPSIS = "\u2026"

Measure = Callable[[str], int]


def _longest(
    text: str, shown: Callable[[int], str], measure: Measure, width: int, most: int | None = None
) -> str:
    """The longest ``shown(n)``, n from 0 to ``most`` (the text's length), that fits
    ``width`` (the text itself when it fits); "" when not even ``shown(0)`` does."""
    if measure(text) <= width:
        return text
    low, high = 0, len(text) if most is None else most
    while low < high:
        mid = (low + high + 1) // 2
        if measure(shown(mid)) <= width:
            low = mid
        else:
            high = mid - 1
    best = shown(low)
    return best if measure(best) <= width else ""


def cut_end(text: str, width: int, measure: Measure) -> str:
    """The longest start that fits with the ellipsis after it."""
    return _longest(text, lambda n: text[:n].rstrip() + ELLIPSIS, measure, width)


_SPACES = re.compile(r"\s+")
_TRAILING = " \u00b7,;:-\u2013\u2014"  # what a start of words does not end on: "Name ·…"


def cut_words(text: str, width: int, measure: Measure) -> str:
    """The longest start of whole words that fits with the ellipsis after it; cut between
    letters (``cut_end``) only when not even the first word fits."""
    ends = [found.start() for found in _SPACES.finditer(text.rstrip())]

    def kept(words: int) -> str:
        return text[: ends[words - 1]].rstrip(_TRAILING) + ELLIPSIS if words else ""

    return _longest(text, kept, measure, width, len(ends)) or cut_end(text, width, measure)


def cut_start(text: str, width: int, measure: Measure) -> str:
    """The longest end that fits after the ellipsis."""
    return _longest(text, lambda n: ELLIPSIS + text[len(text) - n :], measure, width)


def cut_middle(text: str, width: int, measure: Measure) -> str:
    """As many characters as fit, half from each end, the ellipsis between."""
    return _longest(text, lambda n: _middle(text, n), measure, width)


def _middle(text: str, keep: int) -> str:
    head = (keep + 1) // 2
    return text[:head] + ELLIPSIS + text[len(text) - (keep - head) :]


def _width_in(font: pygame.font.Font) -> Measure:
    return lambda text: font.size(text)[0]


def elide_end(text: str, font: pygame.font.Font, width: int) -> str:
    return cut_end(text, width, _width_in(font))


def elide_words(text: str, font: pygame.font.Font, width: int) -> str:
    return cut_words(text, width, _width_in(font))


def elide_start(text: str, font: pygame.font.Font, width: int) -> str:
    return cut_start(text, width, _width_in(font))


def elide_middle(text: str, font: pygame.font.Font, width: int) -> str:
    return cut_middle(text, width, _width_in(font))
