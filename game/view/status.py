"""The status line's fields and how they share its width. No drawing here.

Each field has a rank (0 is kept longest) and its texts from longest to shortest. When the
line is too narrow, the lowest-ranked fields are shortened first, then the lowest-ranked
are dropped, then the deal's name is cut with an ellipsis: fields are never drawn over
each other. Buttons sit at the left, the deal after them, the counters at the right.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class Field:
    key: str
    forms: tuple[str, ...]  # longest first
    rank: int  # 0: the most important
    side: str = "right"  # "left" (buttons, the deal) or "right" (counters)
    droppable: bool = True
    button: bool = False
    enabled: bool = True


@dataclass(frozen=True)
class Placed:
    field: Field
    text: str
    x: int
    width: int


Measure = Callable[[Field, str], int]


def fit(fields: list[Field], width: int, measure: Measure, gap: int) -> list[Placed]:
    """Choose a text (or nothing) for each field so that all fit in ``width`` pixels with
    ``gap`` between them, and place them. ``measure(field, text)``: the width the field
    takes showing ``text`` (a button's padding included)."""
    form = {f.key: 0 for f in fields}  # index into forms; len(forms) means dropped
    shown = lambda f: form[f.key] < len(f.forms)  # noqa: E731

    def total() -> int:
        texts = [measure(f, f.forms[form[f.key]]) for f in fields if shown(f)]
        return sum(texts) + gap * (len(texts) + 1)

    by_rank = sorted(fields, key=lambda f: -f.rank)
    for f in by_rank:  # shorten, least important first
        while total() > width and form[f.key] < len(f.forms) - 1:
            form[f.key] += 1
    for f in by_rank:  # then drop
        if total() > width and f.droppable:
            form[f.key] = len(f.forms)
    texts = {f.key: f.forms[form[f.key]] for f in fields if shown(f)}
    over = total() - width
    cuttable = [f for f in fields if shown(f) and not f.button]
    if over > 0 and cuttable:  # still too wide: cut the longest text that may be cut
        longest = max(cuttable, key=lambda f: measure(f, texts[f.key]))
        room = measure(longest, texts[longest.key]) - over
        texts[longest.key] = _cut(texts[longest.key], room, lambda t: measure(longest, t))
    left = [f for f in fields if f.side == "left" and f.key in texts]
    right = [f for f in fields if f.side == "right" and f.key in texts]
    placed = []
    x = gap
    for f in left:
        w = measure(f, texts[f.key])
        placed.append(Placed(f, texts[f.key], x, w))
        x += w + gap
    x = width - gap
    for f in reversed(right):
        w = measure(f, texts[f.key])
        x -= w
        placed.append(Placed(f, texts[f.key], x, w))
        x -= gap
    return placed


def _cut(text: str, room: int, measure: Callable[[str], int]) -> str:
    """``text`` cut to ``room`` pixels with an ellipsis (at least one letter and it)."""
    for end in range(len(text) - 1, 0, -1):
        candidate = text[:end].rstrip() + ELLIPSIS
        if measure(candidate) <= room:
            return candidate
    return text[:1] + ELLIPSIS
