"""Declared text: what a rule table's id, names and words may hold.

A player's table is read from files, saves and game files the player may not have written,
and what it says reaches file names (the id), the status line, menus and the rules page.
So an id is a slug, safe in a file name on every system; a name (a table's, a mode's
label) is one short line; words (descriptions, notes) are paragraphs of bounded length.
None of them holds a control character (``is_control``).
"""

from __future__ import annotations

import re
import unicodedata

ID_LIMIT = 40  # characters of an id: "double-klondike" is 15
NAME_LIMIT = 80  # characters of a name or a mode's label: the longest built-in is 49
WORDS_LIMIT = 4000  # characters of a description or notes: the longest built-in's is 851

_SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")

# What no declared text holds. Cc: C0 and C1 controls, DEL (a NUL crashes the font
# renderer). Cf: format characters, such as the bidirectional overrides that reorder what a
# line says, zero-width spaces and the byte-order mark. Cs: lone surrogates (no encoding
# takes them). Zl, Zp: line and paragraph separators. Two Cf characters are spelling, not
# control: the zero-width non-joiner and joiner (Persian, the Indic scripts, emoji).
_CONTROL = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_SPELLING = frozenset({"\u200c", "\u200d"})
# A paragraph's own breaks: words may hold newlines (and tabs, shown as spaces) as
# multi-line TOML strings write them.
PARAGRAPH_BREAKS = frozenset("\n\t\r")


def is_control(char: str) -> bool:
    """Is ``char`` (one character) a control character no declared text holds?"""
    return unicodedata.category(char) in _CONTROL and char not in _SPELLING


def first_control(text: str, breaks_allowed: bool = False) -> int | None:
    """The index of the first control character in ``text`` (newlines and tabs are
    allowed with ``breaks_allowed``), or None when there is none."""
    if text.isprintable():  # the usual case, at C speed: no Cc, Cf, Cs, Zl, Zp in it
        return None
    for index, char in enumerate(text):
        if is_control(char) and not (breaks_allowed and char in PARAGRAPH_BREAKS):
            return index
    return None


def is_slug(text: object) -> bool:
    """Is ``text`` an id: lowercase ASCII letters, digits and '-', starting with a letter
    or a digit, at most ``ID_LIMIT`` characters."""
    return isinstance(text, str) and len(text) <= ID_LIMIT and bool(_SLUG.fullmatch(text))
