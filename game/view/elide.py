"""Text too long for its place, shortened where a reader still understands it: a file
name keeps its start and its end ("klondike-dea…0953.json"), a path its end, the part
being typed ("…/games/klondike-"), and a table cell its start ("Double Klon…").
"""

from __future__ import annotations

import pygame

ELLIPSIS = "\u2026"


def fits(text: str, font: pygame.font.Font, width: int) -> bool:
    return font.size(text)[0] <= width


def elide_end(text: str, font: pygame.font.Font, width: int) -> str:
    if fits(text, font, width):
        return text
    low, high = 0, len(text)  # the longest start that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if fits(text[:mid].rstrip() + ELLIPSIS, font, width):
            low = mid
        else:
            high = mid - 1
    return _if_fits(text[:low].rstrip() + ELLIPSIS, font, width)


def elide_start(text: str, font: pygame.font.Font, width: int) -> str:
    if fits(text, font, width):
        return text
    low, high = 0, len(text)  # the longest end that fits after the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if fits(ELLIPSIS + text[len(text) - mid :], font, width):
            low = mid
        else:
            high = mid - 1
    return _if_fits(ELLIPSIS + text[len(text) - low :], font, width)


def elide_middle(text: str, font: pygame.font.Font, width: int) -> str:
    if fits(text, font, width):
        return text
    low, high = 0, len(text)  # how many characters are kept, half from each end
    while low < high:
        mid = (low + high + 1) // 2
        if fits(_middle(text, mid), font, width):
            low = mid
        else:
            high = mid - 1
    return _if_fits(_middle(text, low), font, width)


def _middle(text: str, keep: int) -> str:
    head = (keep + 1) // 2
    return text[:head] + ELLIPSIS + text[len(text) - (keep - head) :]


def _if_fits(text: str, font: pygame.font.Font, width: int) -> str:
    return text if fits(text, font, width) else ""  # not even the ellipsis: nothing
