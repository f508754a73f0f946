"""Text that fits: paragraphs wrapped at word boundaries, never cut mid-word.

A single "word" wider than the line (a long folder path in an error) is broken where it
can be read across lines: after a slash, a backslash, a dot or a dash; only a word with
none of those is broken between letters.
"""

from __future__ import annotations

import re

import pygame

_BREAK_AFTER = re.compile(r"(?<=[/\\.\-_])")


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split one paragraph into lines that fit ``width`` pixels."""
    # Tokens: (text, glued to the one before: a piece of a broken word takes no space).
    tokens = [
        (piece, i > 0)
        for word in text.split()
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
