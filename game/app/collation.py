"""Names in alphabetical order as a reader of the language expects it.

Python compares text by code point, which puts Ukrainian «Є», «І», «Ї», «Ґ» and Russian
«Ё» after «Я», and capitals before small letters; the system's collation (``locale``)
needs the language's locale installed, which a player's system may lack. The key here
orders Latin letters as English does and Cyrillic ones as Ukrainian and Russian do (their
alphabets merged: each language's own letters keep their places), ignoring case and
accents; Latin comes before Cyrillic, digits before letters.
"""

from __future__ import annotations

import unicodedata

CYRILLIC = "абвгґдеєёжзиіїйклмнопрстуфхцчшщъыьэюя"
_CYRILLIC_PLACE = {letter: n for n, letter in enumerate(CYRILLIC)}


def name_key(text: str) -> tuple:
    """Sort by this to list names alphabetically (then by the text itself, to be stable)."""
    primary = []
    for char in text.casefold():
        if char in _CYRILLIC_PLACE:
            primary.append((3, _CYRILLIC_PLACE[char]))
            continue
        base = unicodedata.normalize("NFD", char)[0]  # é -> e; й keeps its place above
        if base.isdigit():
            primary.append((1, ord(base)))
        elif base.isalpha():
            primary.append((2, ord(base)))
        # spaces and punctuation do not order names
    return tuple(primary), text
