"""The replay's bar under the table: a timeline to scrub and the buttons to play it.

Two rows: the timeline (a track with a handle at the move shown, and a red tick at the
move that lost the game, when the analysis found one) with "Move 23 of 140" beside it;
then the buttons: to the start, one back, play or pause, one on, to the end, slower,
faster, play from here, close. ``render_bar`` draws it and says where its buttons are;
``track_rect`` is where the timeline is, for the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _

from .card_art import font
from .intents import (
    CloseReplay,
    Intent,
    ReplayBranch,
    ReplaySeek,
    ReplaySpeed,
    ReplayStep,
    ReplayToggle,
)
from .layout import TableLayout

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # moves a second
BAR = (8, 40, 20, 255)
TRACK = (46, 92, 62, 255)
FILLED = (255, 214, 110, 255)
MARK = (235, 80, 70, 255)
TEXT = (236, 240, 228)


@dataclass(frozen=True)
class ReplayBar:
    position: int  # moves played at the position shown
    total: int
    playing: bool
    speed: float
    losing_move: int | None  # the move (1 = first) that lost the game, when known
    branch_label: str  # "Play from here", or "Try again from here"


def _rows(layout: TableLayout) -> tuple[pygame.Rect, pygame.Rect]:
    rect = layout.status_rect
    half = int(rect.h) // 2
    top = pygame.Rect(int(rect.x), int(rect.y), int(rect.w), half)
    return top, pygame.Rect(int(rect.x), int(rect.y) + half, int(rect.w), int(rect.h) - half)


def track_rect(layout: TableLayout, bar: ReplayBar) -> pygame.Rect:
    """Where the timeline's track lies on screen."""
    top, _bottom = _rows(layout)
    f = font(max(11, int(top.h * 0.5)))
    pad = max(6, top.h // 3)
    label_w = f.size(_move_text(bar.total, bar.total))[0]
    return pygame.Rect(top.x + pad, top.y + top.h // 3, top.w - 3 * pad - label_w, top.h // 3)


def _move_text(position: int, total: int) -> str:
    return _("Move {move} of {total}").format(move=position, total=total)


def move_at(layout: TableLayout, bar: ReplayBar, x: float) -> int:
    """The move the timeline shows at ``x``."""
    track = track_rect(layout, bar)
    share = (x - track.x) / max(1, track.w)
    return max(0, min(bar.total, round(share * bar.total)))


def buttons(bar: ReplayBar) -> list[tuple[str, Intent]]:
    return [
        ("|\u25c0", ReplaySeek(0)),
        ("\u25c2", ReplayStep(-1)),
        ("\u275a\u275a" if bar.playing else "\u25b6", ReplayToggle()),
        ("\u25b8", ReplayStep(1)),
        ("\u25b6|", ReplaySeek(-1)),
        ("\u2212", ReplaySpeed(-1)),
        (_("{speed}\u00d7").format(speed=f"{bar.speed:g}"), None),
        ("+", ReplaySpeed(1)),
        (bar.branch_label, ReplayBranch()),
        (_("Close"), CloseReplay()),
    ]


def render_bar(bar: ReplayBar, layout: TableLayout) -> tuple[pygame.Surface, list]:
    """The bar and its buttons' areas (in window coordinates) with their intents."""
    rect = layout.status_rect
    surface = pygame.Surface((int(rect.w), int(rect.h)), pygame.SRCALPHA)
    surface.fill(BAR)
    top, bottom = _rows(layout)
    dy = -int(rect.y)
    f = font(max(11, int(top.h * 0.5)))
    pad = max(6, top.h // 3)
    # The timeline.
    track = track_rect(layout, bar).move(0, dy)
    pygame.draw.rect(surface, TRACK, track, border_radius=track.h // 2)
    done = track.copy()
    done.w = int(track.w * bar.position / max(1, bar.total))
    if done.w:
        pygame.draw.rect(surface, FILLED, done, border_radius=track.h // 2)
    if bar.losing_move is not None:
        x = track.x + int(track.w * bar.losing_move / max(1, bar.total))
        pygame.draw.rect(surface, MARK, (x - 2, track.y - track.h // 2, 4, track.h * 2))
    handle = (track.x + done.w, track.centery)
    pygame.draw.circle(surface, FILLED, handle, max(5, track.h))
    label = f.render(_move_text(bar.position, bar.total), True, TEXT)
    surface.blit(label, (track.right + pad, top.y + dy + (top.h - label.get_height()) // 2))
    # The buttons, centred; the widest ones shrink to fit a narrow window.
    hits = []
    items = buttons(bar)
    widths = [f.size(text)[0] + 2 * pad for text, _i in items]
    gap = max(3, pad // 3)
    total = sum(widths) + gap * (len(items) - 1)
    x = max(0, (int(rect.w) - total) // 2)
    for (text, intent), width in zip(items, widths, strict=True):
        box = pygame.Rect(x, bottom.y + dy + 2, width, bottom.h - 4)
        if intent is not None:
            pygame.draw.rect(surface, (40, 72, 52, 255), box, border_radius=box.h // 4)
            hits.append((box.move(int(rect.x), int(rect.y)), intent))
        shown = f.render(text, True, TEXT)
        surface.blit(shown, shown.get_rect(center=box.center))
        x = box.right + gap
    return surface, hits
