"""Text that fits: paragraphs wrapped at word boundaries, never cut mid-word.

A single "word" wider than the line (a long folder path in an error) is broken where it
can be read across lines: after a slash, a backslash, a dot or a dash; only a word with
none of those is broken between letters.

Lines break at ordinary spaces only: a no-break space (U+00A0, U+202F, U+2007) holds its
neighbours together, as translators write it ("5\u00a0карт"). A word that starts with a
dash ("— 31", "– 7", or a lone "-") never starts a line: it goes with the word before it, so a line
never opens with a dash (in Ukrainian and Russian a dash opens a line only in dialogue).
"""

from __future__ import annotations

import re

import pygame

_BREAK_AFTER = re.compile(r"(?<=[/\\.\-_])")
# Where a line may break: a run of whitespace with no no-break space in it (str.split()
# would break at a no-break space too).
_SPACES = re.compile(r"[^\S\u00a0\u202f\u2007]+")
_DASHES = ("\u2014", "\u2013", "\u2012", "\u2015")  # em, en, figure dash, bar


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split one paragraph into lines that fit ``width`` pixels."""
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
            cut = len(part) - 1
            while cut > 1 and font.size(part[:cut])[0] > width:
                cut -= 1
            out.append(part[:cut])
            part = part[cut:]
        out.append(part)
    return out
