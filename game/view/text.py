"""Text that fits: paragraphs wrapped at word boundaries, never cut mid-word; and text
the font renderer can always draw.

A single "word" wider than the line (a long folder path in an error) is broken where it
can be read across lines: after a slash, a backslash, a dot or a dash; only a word with
none of those is broken between letters.

Lines break at ordinary spaces only: a no-break space (U+00A0, U+202F, U+2007) holds its
neighbours together, as translators write it ("5\u00a0карт"). A word that starts with a
dash ("— 31", "– 7", or a lone "-") never starts a line: it goes with the word before it,
so a line never opens with a dash (in Ukrainian and Russian a dash opens a line only in
dialogue).

Every font the view draws with is a ``SafeFont`` (``card_art.font`` makes them): its
``render`` and ``size`` take any text through ``drawable``, so no text from any file (a NUL
that makes pygame raise, a lone surrogate, a megabyte-long name) can fail a frame.
"""

from __future__ import annotations

import re

import pygame

from game.engine.declared import PARAGRAPH_BREAKS, is_control

from .elide import ELLIPSIS

_BREAK_AFTER = re.compile(r"(?<=[/\\.\-_])")
# Where a line may break: a run of whitespace with no no-break space in it (str.split()
# would break at a no-break space too).
_SPACES = re.compile(r"[^\S\u00a0\u202f\u2007]+")
_DASHES = ("\u2014", "\u2013", "\u2012", "\u2015")  # em, en, figure dash, bar
LINE_LIMIT = 1000  # characters one line may send to the renderer: wider than any window
PARAGRAPH_LIMIT = 20_000  # characters of a paragraph laid out: pages of text
REPLACEMENT = "\ufffd"  # what a control character is drawn as


def drawable(text: object, limit: int = LINE_LIMIT) -> str:
    """``text`` as the renderer takes it: at most ``limit`` characters (the rest an
    ellipsis), tabs and line breaks as spaces, any other control character (``declared``:
    NUL, bidirectional overrides, lone surrogates...) as the replacement character."""
    text = text if isinstance(text, str) else str(text)
    if len(text) > limit:
        text = text[: limit - 1] + ELLIPSIS
    if text.isprintable():  # the usual case, at C speed
        return text
    return "".join(
        " " if c in PARAGRAPH_BREAKS else REPLACEMENT if is_control(c) else c for c in text
    )


class SafeFont(pygame.font.Font):
    """A font whose every measure and rendering goes through ``drawable``."""

    def render(self, text, *args, **kwargs) -> pygame.Surface:  # noqa: ANN001 (pygame's)
        return super().render(drawable(text), *args, **kwargs)

    def size(self, text) -> tuple[int, int]:  # noqa: ANN001 (pygame's)
        return super().size(drawable(text))


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split one paragraph into lines that fit ``width`` pixels (its first
    ``PARAGRAPH_LIMIT`` characters: a file's megabyte is never laid out)."""
    text = drawable(text, PARAGRAPH_LIMIT)
    # Tokens: (text, glued to the one before: a piece of a broken word takes no space).
    tokens = [
        (piece, i > 0)
        for word in _words(text)
        for i, piece in enumerate(_pieces(word, font, width))
    ]
    lines: list[str] = []
    line = ""
    for piece, glued in tokens:
        candidate = line + piece if glued or not line else f"{line} {piece}"
        if font.size(candidate)[0] <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = piece
    if line:
        lines.append(line)
    return lines or [""]


def _words(text: str) -> list[str]:
    """The units a line may break between: words split at breaking spaces, a word that
    starts with a dash joined to the word before it."""
    words: list[str] = []
    for word in _SPACES.split(text.strip()):
        if words and (word.startswith(_DASHES) or word == "-"):  # "-" alone: a dash
            words[-1] = f"{words[-1]} {word}"
        elif word:
            words.append(word)
    return words


def _pieces(word: str, font: pygame.font.Font, width: int) -> list[str]:
    """``word`` as parts that each fit ``width`` (the word itself when it fits)."""
    if font.size(word)[0] <= width:
        return [word]
    parts = [p for p in _BREAK_AFTER.split(word) if p]
    out: list[str] = []
    for part in parts:
        while font.size(part)[0] > width and len(part) > 1:
            low, high = 1, len(part) - 1  # the longest start that fits (at least a letter)
            while low < high:
                mid = (low + high + 1) // 2
                if font.size(part[:mid])[0] <= width:
                    low = mid
                else:
                    high = mid - 1
            out.append(part[:low])
            part = part[low:]
        out.append(part)
    return out
