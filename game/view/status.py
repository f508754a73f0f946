"""The status line's fields and how they share its width. No drawing here.

Each field has its texts from longest to shortest (``forms``) and, for each, the widest
text it is likely to show (``samples``: "Moves 999" for "Moves 7"). How each field is
shown is planned from the samples, never from what the fields say now: as the moves, the
time or the deal number grow, no label changes its form and nothing moves along.

The plan follows a ladder of steps (the status line's own, ``hud.STEPS``), each shortening
or dropping a field (or a few alike), least loss first, until all fit; then, from the most
important, each loss that turns out not to be needed is taken back, until one does not
fit. Each field gets a slot of its sample's width: buttons and the deal from the left, the
counters from the right, a text drawn from the left of its slot (or its right end).
If all still do not fit, the deal's slot is narrowed and its text cut with an ellipsis:
fields are never drawn over each other. Plans are cached by the fields' widths: in effect,
once per window width, language and variant.

A text made elsewhere (the winnable indicator's, by the app) comes as a ``Worded``
(``game.i18n.wording``): a string that brings its shorter forms and their widest texts
along.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .elide import ELLIPSIS, cut_words

DROP = -1  # a step's form: the field is dropped


@dataclass(frozen=True)
class Field:
    key: str
    forms: tuple[str, ...]  # longest first
    side: str = "right"  # "left" (buttons, the deal) or "right" (counters)
    button: bool = False
    enabled: bool = True
    samples: tuple[str, ...] = ()  # the widest likely text of each form (default: forms)
    # Where each form sits in its slot: "left" (the default) keeps a label still as its
    # number grows; "right" for a number with no label at the line's end.
    align: tuple[str, ...] = ()

    def sample(self, form: int) -> str:
        return self.samples[form] if self.samples else self.forms[form]


@dataclass(frozen=True)
class Placed:
    field: Field
    text: str
    x: int
    width: int  # the field's slot (a button's box): the text is no wider
    offset: int = 0  # where the text starts in its slot (a right-aligned one: at its end)


@dataclass(frozen=True)
class Column:
    """What the plan knows of a field: its widths, not its words."""

    key: str
    side: str
    button: bool
    widths: tuple[int, ...]  # the slot each form needs (its sample's width or more)


@dataclass(frozen=True)
class Slot:
    key: str
    form: int  # an index into the field's forms
    x: int
    width: int


Measure = Callable[[Field, str], int]
Step = tuple[tuple[str, int], ...]  # (field key, the form it is shortened to, or DROP)...


def columns(fields: list[Field], measure: Measure) -> tuple[Column, ...]:
    """The widths the plan works from: each form's sample, or its text when that is wider
    (a deal number longer than any the game deals)."""
    return tuple(
        Column(
            f.key,
            f.side,
            f.button,
            tuple(
                max(measure(f, f.sample(i)), measure(f, f.forms[i])) for i in range(len(f.forms))
            ),
        )
        for f in fields
    )


def _between(a: Column, b: Column, gap: int) -> int:
    """The space between two neighbours: buttons, boxed, stand closer together."""
    return max(2, gap // 2) if a.button and b.button else gap


@lru_cache(maxsize=64)
def plan(cols: tuple[Column, ...], width: int, gap: int, steps: tuple[Step, ...]) -> tuple:
    """The form and slot of every field shown (``Slot``s, in ``cols``' order)."""
    form = {c.key: 0 for c in cols}
    by_key = {c.key: c for c in cols}

    def shown() -> list[Column]:
        return [c for c in cols if form[c.key] < len(c.widths)]

    def total() -> int:
        return _extent(shown(), form, gap)

    applied: list[dict[str, tuple[int, int]]] = []  # each step: key -> (before, after)
    for step in steps:
        if total() <= width:
            break
        change = {}
        for key, to in step:
            if key in by_key:
                count = len(by_key[key].widths)
                target = count if to == DROP else min(to, count - 1)
                if target > form[key]:
                    change[key] = (form[key], target)
                    form[key] = target
        if change:
            applied.append(change)
    # The last step was needed; one before it may not have been (the last saved more than
    # was missing). Take those back, most important first, until one does not fit: a less
    # important field never gets back what a more important one could not.
    for change in reversed(applied[:-1]):
        if any(form[key] != after for key, (_before, after) in change.items()):
            continue  # the field went further since (the deal: from "Draw 3" to no mode)
        for key, (before, _after) in change.items():
            form[key] = before
        if total() > width:
            for key, (_before, after) in change.items():
                form[key] = after
            break
    kept = shown()
    widths = {c.key: c.widths[form[c.key]] for c in kept}
    over = total() - width
    if over > 0:  # still too wide: the deal's slot (the widest text that may be cut) narrows
        cuttable = [c for c in kept if not c.button]
        if cuttable:
            widest = max(cuttable, key=lambda c: widths[c.key])
            widths[widest.key] = max(1, widths[widest.key] - over)
    slots = []
    left = [c for c in kept if c.side == "left"]
    right = [c for c in kept if c.side != "left"]
    x = gap
    for i, c in enumerate(left):
        slots.append(Slot(c.key, form[c.key], x, widths[c.key]))
        if i + 1 < len(left):
            x += widths[c.key] + _between(c, left[i + 1], gap)
    x = width - gap
    for c in reversed(right):
        x -= widths[c.key]
        slots.append(Slot(c.key, form[c.key], x, widths[c.key]))
        x -= gap
    order = [c.key for c in cols]
    return tuple(sorted(slots, key=lambda s: order.index(s.key)))


def _extent(shown: list[Column], form: dict[str, int], gap: int) -> int:
    left = [c for c in shown if c.side == "left"]
    right = [c for c in shown if c.side != "left"]
    inner = sum(_between(a, b, gap) for a, b in zip(left, left[1:], strict=False))
    inner += gap * max(0, len(right) - 1)
    edges = gap * (2 + (1 if left and right else 0))
    return sum(c.widths[form[c.key]] for c in shown) + inner + edges


def fit(
    fields: list[Field], width: int, measure: Measure, gap: int, steps: tuple[Step, ...]
) -> list[Placed]:
    """Plan the fields (``plan``, cached by their widths) and place what they say now."""
    cols = columns(fields, measure)
    slots = plan(cols, width, gap, tuple(steps))
    by_key = {f.key: f for f in fields}
    placed = []
    for slot in slots:
        f = by_key[slot.key]
        text = f.forms[slot.form]
        if measure(f, text) > slot.width:
            text = _cut(text, slot.width, lambda t, f=f: measure(f, t))
        right = f.align[slot.form : slot.form + 1] == ("right",)
        offset = slot.width - measure(f, text) if right else 0
        placed.append(Placed(f, text, slot.x, slot.width, offset))
    return placed


def _cut(text: str, room: int, measure: Callable[[str], int]) -> str:
    """``text`` cut to ``room`` pixels with an ellipsis, after a whole word when one fits
    (else at least one letter and it)."""
    cut = cut_words(text, room, measure)
    return cut if len(cut) > len(ELLIPSIS) else text[:1] + ELLIPSIS
