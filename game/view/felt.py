"""The felt the table lies on: drawn once per window size, and the first thing the window
shows (``game.app.window`` paints it before the table is loaded; the table's renderer
then takes the same picture, not drawing it again). Imports pygame only."""

from __future__ import annotations

import pygame

FELT = (22, 102, 52)
FELT_DARK = (14, 74, 38)


def make_felt(size: tuple[int, int]) -> pygame.Surface:
    """A green felt with a soft vignette and a faint weave, drawn once per window size."""
    w, h = size
    felt = pygame.Surface(size)
    felt.fill(FELT)
    # Vignette: concentric darkening toward the edges, cheap as a few filled ellipses.
    small = pygame.Surface((64, 40))
    small.fill(FELT_DARK)
    steps = 14
    for i in range(steps):
        t = i / steps
        colour = [int(FELT_DARK[c] + (FELT[c] - FELT_DARK[c]) * t) for c in range(3)]
        pad_x, pad_y = int(64 * 0.5 * t * 0.9), int(40 * 0.5 * t * 0.9)
        pygame.draw.ellipse(small, colour, (pad_x - 12, pad_y - 8, 88 - 2 * pad_x, 56 - 2 * pad_y))
    felt = pygame.transform.smoothscale(small, (w, h))
    # Weave: sparse light and dark specks, a deterministic pattern repeating every 12 px
    # across and 6 down. One band of it is drawn speck by speck, then laid on the felt all
    # the way down: a few hundred calls at 1920x1080 where speck by speck took 57,000 and
    # 20 ms of the start-up.
    step = 3
    band = pygame.Surface((w, step * 2), pygame.SRCALPHA)
    for x in range(0, w, step * 4):
        band.fill((255, 255, 255, 6), (x, 0, 1, 1))
        band.fill((0, 0, 0, 10), (x + step, step, 1, 1))
    felt.blits([(band, (0, y)) for y in range(0, h, step * 2)], doreturn=False)
    return felt


_drawn: dict[tuple[int, int], pygame.Surface] = {}  # the last size's felt: one window


def felt_of(size: tuple[int, int]) -> pygame.Surface:
    """The felt of a window of ``size``, drawn once for the last size asked (nobody
    draws on it: the renderer copies it into its static layer and blits from it)."""
    size = (int(size[0]), int(size[1]))
    if size not in _drawn:
        _drawn.clear()
        _drawn[size] = make_felt(size)
    return _drawn[size]
