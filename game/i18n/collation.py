"""Sorting words as a reader of the language expects: the Ukrainian and Russian
alphabets in their own order (Python's code-point order puts є, і, ї and ґ after я), case
not counting, then Latin letters as in English.

Written here rather than taken from the system's locale (``locale.strxfrm`` needs the
uk_UA or ru_RU locale installed, which many systems lack) or from ICU (a large package
for two alphabets).
"""

from __future__ import annotations

ALPHABETS = {
    "uk": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    "ru": "абвгдежзийклмнопрстуфхцчшщъыьэюя",
}
# Letters that sort with another and after it only when all else is equal (Russian ё is
# filed as е in dictionaries).
SECONDARY = {"ru": {"ё": "е"}}
# Each letter's place in its alphabet, made once (a sort asks for a key per name).
_ORDERS = {lang: {c: n for n, c in enumerate(letters)} for lang, letters in ALPHABETS.items()}
IGNORED = "'\u2019\u02bc"  # the Ukrainian apostrophe: "м'ята" files as "мята"


def _primary(char: str, order: dict[str, int]) -> tuple[int, int]:
    """(kind, place): punctuation and spaces first, then digits, Latin letters, the
    language's own alphabet, and any other letter by code point."""
    if char in order:
        return (3, order[char])
    if char.isdigit():
        return (1, ord(char))
    if "a" <= char <= "z":
        return (2, ord(char))
    if char.isalpha():
        return (4, ord(char))
    return (0, ord(char))


def sort_key(text: str, language: str) -> tuple:
    """A key that sorts ``text`` among others in ``language``'s alphabetical order."""
    order = _ORDERS.get(language, {})
    folded = [SECONDARY.get(language, {}).get(c, c) for c in text.lower() if c not in IGNORED]
    return (tuple(_primary(c, order) for c in folded), text.lower(), text)
