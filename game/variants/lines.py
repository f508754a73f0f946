"""Where a key stands in a rule table's text: the line to name when the key is at fault.

tomllib says where the text stops being TOML, but once read a table is only data: a schema
problem (``tableau.piles`` out of range, an unknown key) knows the key, not its line. This
finds it again in the text, as a person would: ``[tableau]`` then ``piles = ...`` within
it, or ``tableau.piles = ...``, or ``tableau = { piles = ... }`` (that line).

It reads lines, not TOML: a key inside a multi-line string is skipped; a key never written
(one that is missing, or taken from the table extended) has no line, and the nearest
table that holds it is named instead when there is one (``[modes.draw3]`` for a missing
``modes.draw3.label``).
"""

from __future__ import annotations

import re

_PART = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = rf"{_PART}(?:\s*\.\s*{_PART})*"
_HEADER = re.compile(rf"^\s*\[\[?\s*({_DOTTED})\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(rf"^\s*({_DOTTED})\s*=")
_PARTS = re.compile(_PART)
_QUOTES = ('"""', "'''")


def _path(dotted: str) -> tuple[str, ...]:
    """``modes."draw 3".label`` -> ("modes", "draw 3", "label")."""
    parts = []
    for part in _PARTS.findall(dotted):
        if part[:1] == '"':
            part = part[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        elif part[:1] == "'":
            part = part[1:-1]
        parts.append(part)
    return tuple(parts)


def key_line(text: str, key: str) -> int | None:
    """The line number (from 1) of ``key`` (dotted, as a RuleTableError names it: the
    section, then the key) in the TOML ``text``; else the line of the nearest table that
    holds it; None when neither is written there."""
    target = tuple(key.split("."))
    section: tuple[str, ...] = ()
    best: tuple[int, int] | None = None  # (length of the path found, its line)
    open_quote: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if open_quote is not None:  # inside a multi-line string: no key here
            if line.count(open_quote) % 2:
                open_quote = None
            continue
        path: tuple[str, ...] | None = None
        header = _HEADER.match(line)
        if header:
            section = _path(header.group(1))
            path = section
        else:
            found = _KEY.match(line)
            if found:
                path = section + _path(found.group(1))
                rest = line[found.end() :]
                open_quote = next((q for q in _QUOTES if rest.count(q) % 2), None)
        if path is None:
            continue
        if path == target:
            return number
        if target[: len(path)] == path and (best is None or len(path) > best[0]):
            best = (len(path), number)
    return best[1] if best else None
