"""Dialogs: a question with two answers, and a line of text to type (a deal number).

Both have buttons for the mouse as well as keys. A question's safe answer (keep the game,
keep the statistics) is selected to begin with, so Enter never destroys anything.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _

from ..intents import CloseScene, Intent
from ..text import wrap
from . import style
from .base import Overlay


class ConfirmDialog(Overlay):
    """``yes``: the choice that changes something; ``no``: the safe one (also Esc and N).
    Y answers yes; Enter answers the selected one (the safe one unless moved)."""

    def __init__(
        self,
        title: str,
        question: str,
        size,
        yes: tuple[str, Intent],
        no: tuple[str, Intent | None],
    ) -> None:
        super().__init__(title, size)
        self.question = question
        self.answers = (yes, no)
        self.selected = 1  # the safe answer

    def _answer(self, index: int) -> list[Intent]:
        intent = self.answers[index][1]
        return [CloseScene()] + ([intent] if intent is not None else [])

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        width = max(m.unit * 26, min(self.size[0] - 4 * m.pad, m.unit * 36))
        lines = wrap(self.question, m.text_font, width - 4 * m.pad)
        buttons = self._button_width(m) * 2 + 3 * m.pad
        width = max(width, min(buttons, self.size[0] - 2 * m.pad))
        height = self.title_height(m) + len(lines) * m.text_font.get_linesize()
        return width, height + m.row_height * 2

    def _button_width(self, m: style.Metrics) -> int:
        return max(
            m.unit * 8, *(m.text_font.size(label)[0] + 2 * m.pad for label, _intent in self.answers)
        )

    def _lines(self, m: style.Metrics, rect: pygame.Rect) -> list[str]:
        return wrap(self.question, m.text_font, rect.w - 4 * m.pad)

    def _buttons(self) -> list[pygame.Rect]:
        m = self.metrics()
        rect = self.panel_rect()
        y = rect.y + self.title_height(m) + len(self._lines(m, rect)) * m.text_font.get_linesize()
        bw = min(self._button_width(m), (rect.w - 3 * m.pad) // 2)
        x = rect.x + (rect.w - 2 * bw - m.pad) // 2
        return [
            pygame.Rect(x + i * (bw + m.pad), y + m.pad // 2, bw, m.row_height) for i in range(2)
        ]

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                return self._answer(0)
            if event.key in (pygame.K_n, pygame.K_ESCAPE):
                return self._answer(1)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._answer(self.selected)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.selected = 1 - self.selected
                self.refresh()
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self._buttons()):
                if rect.collidepoint(event.pos):
                    return self._answer(i)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self._answer(1)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.panel_rect().collidepoint(event.pos):
                return self._answer(1)
        return []

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        rect = self.panel_rect()
        f = m.text_font
        y = rect.y + self.title_height(m)
        for text in self._lines(m, rect):
            line = f.render(text, True, style.TEXT)
            surface.blit(line, (rect.x + (rect.w - line.get_width()) // 2, y))
            y += f.get_linesize()
        for n, (box, (label, _intent)) in enumerate(
            zip(self._buttons(), self.answers, strict=True)
        ):
            style.button(surface, box, label, f, selected=n == self.selected, radius=m.unit // 3)


class PromptDialog(Overlay):
    """Asks for a line of text (a deal number, or a shared deal's code): typing,
    Backspace, Enter or OK to go on, Esc or Cancel to leave. ``on_done`` turns the text into
    intents, or a message saying what is wrong with it. ``hint`` says the keys as they work
    in this prompt ("Enter to deal"); ``empty``, what Enter on no text is told."""

    def __init__(
        self,
        title: str,
        prompt: str,
        size,
        on_done: Callable[[str], list[Intent] | str],
        accept: Callable[[str], bool] = str.isprintable,
        max_length: int = 40,
        *,
        hint: str,
        empty: str,
    ) -> None:
        super().__init__(title, size)
        self.prompt = prompt
        self.hint = hint
        self.empty = empty
        self.on_done = on_done
        self.accept = accept
        self.max_length = max_length
        self.value = ""
        self.error = ""

    def panel_size(self, m: style.Metrics) -> tuple[int, int]:
        width = max(m.unit * 24, m.text_font.size(self.prompt)[0] + 4 * m.pad)
        return width, self.title_height(m) + m.row_height * 4 + m.pad

    def _boxes(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        m = self.metrics()
        rect = self.panel_rect()
        y = rect.y + self.title_height(m) + m.row_height
        field = pygame.Rect(rect.x + 2 * m.pad, y, rect.w - 4 * m.pad, m.row_height)
        bw = min(m.unit * 8, (rect.w - 3 * m.pad) // 2)
        by = rect.bottom - m.row_height - m.pad // 2
        x = rect.x + (rect.w - 2 * bw - m.pad) // 2
        return field, [pygame.Rect(x + i * (bw + m.pad), by, bw, m.row_height) for i in range(2)]

    def submit(self) -> list[Intent]:
        if not self.value:
            self.error = self.empty
            self.refresh()
            return []
        answer = self.on_done(self.value)
        if isinstance(answer, str):
            self.error = answer
            self.refresh()
            return []
        return [CloseScene(), *answer]

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.submit()
            if event.key == pygame.K_ESCAPE:
                return [CloseScene()]
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.error = ""
            elif event.unicode and self.accept(event.unicode):
                self.type(event.unicode)
            self.refresh()
            return []
        if event.type == pygame.TEXTINPUT:
            return []  # KEYDOWN carries the text; a pasted line comes as typed keys
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            _field, (ok, cancel) = self._boxes()
            if ok.collidepoint(event.pos):
                return self.submit()
            if cancel.collidepoint(event.pos):
                return [CloseScene()]
            if self.panel_rect().collidepoint(event.pos):
                return []
        return super().handle(event)

    def type(self, text: str) -> None:
        for char in text:
            if len(self.value) < self.max_length and self.accept(char):
                self.value += char
        self.error = ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics()
        f = m.text_font
        rect = self.panel_rect()
        field, (ok, cancel) = self._boxes()
        line = f.render(self.prompt, True, style.TEXT)
        surface.blit(
            line, (rect.x + (rect.w - line.get_width()) // 2, field.y - m.row_height + m.pad // 2)
        )
        pygame.draw.rect(surface, (0, 0, 0), field, border_radius=m.unit // 4)
        pygame.draw.rect(surface, style.PANEL_EDGE, field, 1, border_radius=m.unit // 4)
        typed = f.render(self.value + "\u2502", True, style.TITLE)
        if typed.get_width() > field.w - m.pad:  # show the end of a long line
            typed = typed.subsurface(
                (typed.get_width() - field.w + m.pad, 0, field.w - m.pad, typed.get_height())
            )
        surface.blit(typed, (field.x + m.pad // 2, field.y + (field.h - typed.get_height()) // 2))
        note = self.error or self.hint
        for i, text in enumerate(wrap(note, m.small_font, rect.w - 2 * m.pad)[:2]):
            shown = m.small_font.render(text, True, style.TITLE if self.error else style.DIM)
            y = field.bottom + m.pad // 4 + i * m.small_font.get_linesize()
            surface.blit(shown, (rect.x + (rect.w - shown.get_width()) // 2, y))
        style.button(surface, ok, _("OK"), f, selected=True, radius=m.unit // 3)
        style.button(surface, cancel, _("Cancel"), f, radius=m.unit // 3)
