"""Drawing what the table says (a ``hud.Snapshot``): the status line, highlights, the
toast and the win panel. Surfaces are cached by content, so an unchanged decoration is the
same object and costs nothing to keep on screen. ``render`` also returns where its buttons
are, with the intent each stands for; it changes nothing but its caches.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from .card_art import font
from .hud import (
    BUTTON_INTENTS,
    STEPS,
    WIN_BUTTONS,
    Snapshot,
    Toast,
    WinPanel,
    format_time,
    win_button_label,
)
from .intents import Intent
from .layout import Rect, TableLayout
from .status import Field, fit
from .text import wrap

STATUS_BG = (8, 40, 20, 255)  # opaque: it is drawn again over cards in flight
TEXT = (236, 240, 228)
DIM_TEXT = (150, 176, 154)
MESSAGE = (255, 222, 140)
ERROR = (255, 170, 150)


def lighter(colour: tuple, amount: float) -> tuple[int, int, int, int]:
    """``colour`` with white laid over it at ``amount`` (0..1), opaque: drawing onto a
    surface with per-pixel alpha replaces pixels, it does not blend."""
    r, g, b = colour[:3]
    return (
        round(r + (255 - r) * amount),
        round(g + (255 - g) * amount),
        round(b + (255 - b) * amount),
        255,
    )


BUTTON = lighter(STATUS_BG, 0.11)
BUTTON_DISABLED = lighter(STATUS_BG, 0.03)
OUTLINES = {
    "target": (255, 226, 90),
    "hint": (255, 120, 230),
    "focus": (120, 200, 255),
    "held": (255, 160, 60),
}
PANEL = (6, 34, 18, 255)
PANEL_EDGE = (255, 226, 120)

Items = list[tuple[pygame.Surface, tuple[int, int]]]
Hits = list[tuple[pygame.Rect, Intent]]


CLOCK = "time"  # the status line's field that changes by itself, each second


class Decor:
    def __init__(self) -> None:
        self._cache: dict[tuple, tuple] = {}
        self._clock: tuple[tuple, pygame.Surface] | None = None  # the last clock drawn

    def _cached(self, key: tuple, make):
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 96:
                self._cache.clear()
            found = self._cache[key] = make()
        return found

    def render(self, snap: Snapshot, lay: TableLayout) -> tuple[Items, Hits, int]:
        """The surfaces to draw over the cards, in order; the clickable areas; and how
        many of the last surfaces stay above moving cards too (all but the highlights)."""
        items: Items = [self._count(rect, count, lay) for rect, count in snap.counts]
        hits: Hits = []
        for rect, kind in snap.outlines:
            items.append(self._outline(rect, kind, lay))
        if snap.win is not None:
            box, buttons = self._cached(
                ("win", lay.width, lay.height, snap.win), lambda: self._win_panel(snap.win, lay)
            )
            pos = ((lay.width - box.get_width()) // 2, int(lay.status_rect.y * 0.38))
            items.append((box, pos))
            hits += [(r.move(pos), intent) for r, intent in buttons]
        sx, sy = int(lay.status_rect.x), int(lay.status_rect.y)
        if snap.footer is not None:
            key = ("bar", lay.width, lay.height, snap.footer)
            from .timeline import render_bar  # the replay's bar: not on the first frame

            bar, bar_hits = self._cached(key, lambda: render_bar(snap.footer, lay))
            items.append((bar, (sx, sy)))
            hits += bar_hits
        else:
            # The line without the clock's text, made again only when something else on it
            # changes; the clock's slot over it: a tick of the clock repaints that alone.
            clock = next((f for f in snap.fields if f.key == CLOCK), None)
            still = tuple(replace(f, forms=()) if f is clock else f for f in snap.fields)
            status, buttons, slot = self._cached(
                ("status", lay.width, lay.height, still), lambda: self._status(snap, lay)
            )
            items.append((status, (sx, sy)))
            if clock is not None and slot is not None:
                items.append((self._clock_slot(clock, slot, lay), (sx + slot[0], sy)))
            hits += [(r.move(sx, sy), BUTTON_INTENTS[key]) for r, key in buttons]
        if snap.toast is not None:
            key = ("toast", lay.width, lay.height, snap.toast.text, snap.toast.error)
            toast = self._cached(key, lambda: self._toast(snap.toast, lay))
            items.append((toast, toast_position(toast.get_size(), lay)))
        return items, hits, len(items) - len(snap.outlines) - len(snap.counts)

    # -- the status line ---------------------------------------------------------------------

    def _status(
        self, snap: Snapshot, lay: TableLayout
    ) -> tuple[pygame.Surface, list, tuple | None]:
        """The status line but the clock's text; its buttons; the clock's slot (x, width,
        form, right-aligned), or None when the line has no room for the clock."""
        w, h = int(lay.status_rect.w), int(lay.status_rect.h)
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        surface.fill(STATUS_BG)
        f = font(status_font_size(h))
        pad = max(4, h // 4)
        placed = status_places(snap.fields, w, h)
        buttons = []
        slot = None
        for p in placed:
            if p.field.key == CLOCK:
                forms = p.field.forms
                form = forms.index(p.text) if p.text in forms else 0
                right = p.field.align[form : form + 1] == ("right",)
                slot = (p.x, p.width, form, right)
                continue
            colour = TEXT if p.field.enabled else DIM_TEXT
            text = f.render(p.text, True, colour)
            y = (h - text.get_height()) // 2
            if p.field.button:
                box = pygame.Rect(p.x, 2, p.width, h - 4)
                fill = BUTTON if p.field.enabled else BUTTON_DISABLED
                pygame.draw.rect(surface, fill, box, border_radius=h // 5)
                surface.blit(text, (p.x + pad, y))
                if p.field.enabled:
                    buttons.append((box, p.field.key))
            else:
                surface.blit(text, (p.x + p.offset, y))
        return surface, buttons, slot

    def _clock_slot(self, clock: Field, slot: tuple, lay: TableLayout) -> pygame.Surface:
        """The clock's slot of the status line, as the line would draw it (opaque, so it
        covers the second before); the same surface while the time shown is the same."""
        x, width, form, right = slot
        h = int(lay.status_rect.h)
        key = (width, h, clock.forms[form], right)
        if self._clock is None or self._clock[0] != key:
            surface = pygame.Surface((width, h), pygame.SRCALPHA)
            surface.fill(STATUS_BG)
            text = font(status_font_size(h)).render(clock.forms[form], True, TEXT)
            offset = width - text.get_width() if right else 0
            surface.blit(text, (offset, (h - text.get_height()) // 2))
            self._clock = (key, surface)
        return self._clock[1]

    # -- highlights -------------------------------------------------------------------------

    def _outline(self, rect: Rect, kind: str, lay: TableLayout):
        pad = max(2, lay.card_w // 30)
        w, h = int(rect.w) + 2 * pad, int(rect.h) + 2 * pad
        colour = OUTLINES[kind]
        # The held cards' outline is thicker, so the focus drawn over it never hides it.
        width = pad * 2 if kind == "held" else pad

        def make():
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(3, lay.card_w // 12)
            pygame.draw.rect(surface, colour, surface.get_rect(), width, border_radius=radius)
            return surface

        return self._cached(("outline", w, h, kind), make), (int(rect.x) - pad, int(rect.y) - pad)

    def _count(self, rect: Rect, count: int, lay: TableLayout):
        """How many cards a squared pile holds (a reserve: only its top card shows), on a
        small dark tab in the blank band along the card's bottom edge, at its left: whole
        at every size, over no other card, and over nothing any face prints (the pips end
        above that band, the bottom index is at the right; tests/view/
        test_badge_off_the_pips.py holds every face to it)."""
        band = max(8, int(lay.card_h * COUNT_BAND))

        def make():
            size = band
            while True:  # the largest bold digits whose ink fits the band, a pixel spare
                text = font(size, bold=True).render(str(count), True, TEXT)
                ink = text.get_bounding_rect()
                if ink.h <= band - 2 or size <= 6:
                    break
                size -= 1
            pad = max(2, band // 4)
            tab = pygame.Surface((ink.w + 2 * pad, band), pygame.SRCALPHA)
            pygame.draw.rect(tab, STATUS_BG, tab.get_rect(), border_radius=band // 2)
            tab.blit(text, (pad, (band - ink.h) // 2), ink)
            return tab

        tab = self._cached(("count", band, count), make)
        inset = max(2, lay.card_w // 25)  # off the card's rounded corner
        edge = max(2, lay.card_h // 50)  # above the card's outline
        return tab, (int(rect.x) + inset, int(rect.bottom) - band - edge)

    # -- the toast ----------------------------------------------------------------------------

    def _toast(self, toast: Toast, lay: TableLayout) -> pygame.Surface:
        h = int(lay.status_rect.h)
        f = font(status_font_size(h))
        pad = max(6, h // 2)
        width = min(lay.width - 2 * pad, max(int(lay.width * 0.6), f.size("M")[0] * 40))
        lines = wrap(toast.text, f, width - 2 * pad)
        line_h = f.get_linesize()
        room = max(1, (band_above_status(lay) - pad) // line_h)  # lines the band holds
        if len(lines) > room:  # wider, to take fewer lines
            width = lay.width - 2 * pad
            lines = wrap(toast.text, f, width - 2 * pad)
        if len(lines) > room or toast.details:
            lines = ended_with_more(lines[:room], len(lines) > room, f, width - 2 * pad)
        text_w = max(f.size(line)[0] for line in lines)
        box_h = line_h * len(lines) + pad
        box_w = text_w + 2 * pad
        radius = pad // 2
        box = pygame.Surface((box_w, box_h), pygame.SRCALPHA)
        pygame.draw.rect(box, PANEL, box.get_rect(), border_radius=radius)
        edge = ERROR if toast.error else PANEL_EDGE
        pygame.draw.rect(box, edge, box.get_rect(), 1, border_radius=radius)
        colour = ERROR if toast.error else MESSAGE
        for i, line in enumerate(lines):
            surface = f.render(line, True, colour)
            box.blit(surface, ((box.get_width() - surface.get_width()) // 2, pad // 2 + i * line_h))
        return box

    # -- the win panel ------------------------------------------------------------------------

    def _win_panel(self, win: WinPanel, lay: TableLayout) -> tuple[pygame.Surface, list]:
        from game.i18n import _

        unit = max(12, min(lay.width // 50, lay.height // 28))
        big = font(int(unit * 2.2), bold=True)
        small = font(unit)
        pad = unit
        # A game the solver finished ("show me") is not the player's win: it says so.
        said = _("Solved with help") if win.helped else _("You won!")
        room = lay.width - 4 * pad  # inside the widest panel the window holds
        if big.size(said)[0] > room:  # a long title in a narrow window: smaller, whole
            big = font(max(unit, int(unit * 2.2 * room / big.size(said)[0])), bold=True)
        title = big.render(said, True, (255, 236, 150))
        info_text = _("Score {score}/{max}   Moves {moves}   Time {time}").format(
            score=win.score, max=win.max_score, moves=win.moves, time=format_time(win.seconds)
        )
        info = small.render(info_text, True, TEXT)
        share = _("Deal code {code}: share it, or play it again").format(code=win.code)
        code = small.render(share if win.code else "", True, DIM_TEXT)
        labels = [small.render(win_button_label(key), True, TEXT) for key, _i in WIN_BUTTONS]
        button_h = int(unit * 2.2)
        buttons_w = sum(label.get_width() + 2 * pad for label in labels) + pad * (len(labels) - 1)
        widest = max(title.get_width(), info.get_width(), code.get_width(), buttons_w)
        w = min(lay.width - 2 * pad, widest + 2 * pad)
        h = title.get_height() + info.get_height() + code.get_height() + button_h + 4 * pad
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, PANEL, box.get_rect(), border_radius=pad // 2)
        pygame.draw.rect(box, PANEL_EDGE, box.get_rect(), 2, border_radius=pad // 2)
        y = pad
        for line in (title, info, code):
            box.blit(line, ((w - line.get_width()) // 2, y))
            y += line.get_height() + pad // 2
        y += pad // 2
        x = (w - buttons_w) // 2
        hits = []
        for (_key, intent), label in zip(WIN_BUTTONS, labels, strict=True):
            rect = pygame.Rect(x, y, label.get_width() + 2 * pad, button_h)
            pygame.draw.rect(box, lighter(PANEL, 0.13), rect, border_radius=pad // 2)
            pygame.draw.rect(box, PANEL_EDGE, rect, 1, border_radius=pad // 2)
            box.blit(label, (rect.x + pad, rect.y + (button_h - label.get_height()) // 2))
            hits.append((rect, intent))
            x = rect.right + pad
        return box, hits


# The band along a card's bottom edge that no face prints on, in card heights (the
# standard faces' is the narrower: a tenth of the card, below the lowest pips).
COUNT_BAND = 0.08


def ended_with_more(lines: list[str], cut: bool, f, width: int) -> list[str]:
    """The lines a message keeps, the last one saying that there is more one key away (the
    key map's OpenLastMessage), cut between words (with an ellipsis where words went)."""
    from game.i18n import _

    more = _("(I: all of it)")
    words = lines[-1].split(" ")
    while True:
        said = " ".join(words) + ("\u2026" if cut else "")
        last = f"{said} {more}" if words else more
        if f.size(last)[0] <= width or not words:
            return [*lines[:-1], last]
        words.pop()
        cut = True


def band_above_status(lay: TableLayout) -> int:
    """The height of the band kept free of cards above the status line, for messages."""
    return int(lay.message_rect.h - lay.status_rect.h)


def toast_position(size: tuple[int, int], lay: TableLayout) -> tuple[int, int]:
    """A message's place: in the band the layout keeps free of cards above the status
    line; a message taller than the band rises above it, over the cards, and never
    reaches down over the status line: its buttons stay in sight and in reach."""
    band = lay.message_rect
    free = band_above_status(lay)
    x = (lay.width - size[0]) // 2
    if size[1] < free:
        return x, int(band.y) + (free - size[1] + 1) // 2
    return x, max(0, int(band.y) + free - size[1])


def status_font_size(status_height: int) -> int:
    return max(11, int(status_height * 0.5))


def status_places(fields, width: int, height: int) -> list:
    """Where the status line's fields go on a line ``width`` by ``height`` pixels, and in
    which form (``status.fit`` with the line's font, a button's padding and the gaps)."""
    f = font(status_font_size(height))
    pad, gap = max(4, height // 4), max(6, height // 3)

    def measure(field: Field, text: str) -> int:
        return f.size(text)[0] + (pad * 2 if field.button else 0)

    return fit(list(fields), width, measure, gap, STEPS)
