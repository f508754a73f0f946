"""What a person (or a file) wrote, quoted in a message of one short line.

Error messages repeat the offending text; a 5,000-character argument or a deeply nested
value must not turn that line into a page (or raise while it is being shown).
"""

from __future__ import annotations

from typing import Any

from .text import N_, Message

LIMIT = 60


def shown(value: Any, limit: int = LIMIT, quotes: bool = True) -> str | Message:
    """``repr(value)``, cut to ``limit`` characters; newlines come out escaped. A string
    loses its quotes with ``quotes=False``. A value whose ``repr`` fails is said in words,
    a ``Message`` (worded in the player's language when it fills one of the engine's
    messages; in English where it is formatted as it is)."""
    try:
        text = repr(value)
    except (RecursionError, ValueError, MemoryError):
        return Message(N_("(a value too deep or too large to show)"))
    if not quotes and isinstance(value, str):
        text = text[1:-1]
    return text if len(text) <= limit else text[: limit - 3] + "..."
