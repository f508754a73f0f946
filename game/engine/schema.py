"""The rule tables' schema: the keys each section takes, a checker for each, and the
messages that name the file, the key and the problem (in the language spoken)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from game.i18n import N_, _

from .cards import MAX_DECKS, RANKS
from .policies import (
    Build,
    DealPattern,
    EmptyPile,
    FaceUp,
    FoundationBase,
    Run,
    Scoring,
    StockTarget,
)
from .quoting import shown

UNLIMITED = "unlimited"


class RuleTableError(ValueError):
    """A rule table that cannot be used; the message names the file, the key and the problem."""


def key_error(source: object, key: str, problem: str) -> RuleTableError:
    """FILE: key 'KEY': PROBLEM (the problem says what the key's value must be)."""
    return RuleTableError(
        _("{file}: key '{key}': {problem}").format(file=source, key=key, problem=problem)
    )


# Each section maps a key to a checker returning an error text or None.

Checker = Callable[[Any], str | None]


def _int_between(low: int, high: int) -> Checker:
    def check(v: Any) -> str | None:
        if type(v) is not int or not low <= v <= high:
            problem = _("must be a whole number from {low} to {high}, got {value}")
            return problem.format(low=low, high=high, value=shown(v))
        return None

    return check


def _one_of(policy: type[StrEnum]) -> Checker:
    choices = [p.value for p in policy]

    def check(v: Any) -> str | None:
        if v not in choices:
            listed = ", ".join(repr(c) for c in choices)
            return _("must be one of {choices}, got {value}").format(choices=listed, value=shown(v))
        return None

    return check


def _is_bool(v: Any) -> str | None:
    if isinstance(v, bool):
        return None
    return _("must be true or false, got {value}").format(value=shown(v))


def _is_text(v: Any) -> str | None:
    if isinstance(v, str) and v.strip():
        return None
    return _("must be a non-empty string, got {value}").format(value=shown(v))


def _is_redeals(v: Any) -> str | None:
    if v == UNLIMITED or (type(v) is int and 0 <= v <= 1000):
        return None
    return _('must be a whole number from 0 to 1000 or "unlimited", got {value}').format(
        value=shown(v)
    )


def _is_rank(v: Any) -> str | None:
    if isinstance(v, str) and len(v) == 1 and v in RANKS:
        return None
    return _("must be a rank, one of {ranks}, got {value}").format(ranks=RANKS, value=shown(v))


def _is_counts(v: Any) -> str | None:
    if isinstance(v, list) and v and all(type(n) is int and 0 <= n <= 30 for n in v):
        return None
    return _("must be a list of whole numbers from 0 to 30, got {value}").format(value=shown(v))


SECTIONS: dict[str, dict[str, tuple[Checker, bool]]] = {
    # key: (checker, required)
    "tableau": {
        "piles": (_int_between(1, 12), True),
        "deal": (_one_of(DealPattern), True),
        "counts": (_is_counts, False),
        "face_up": (_one_of(FaceUp), True),
        "build": (_one_of(Build), True),
        "move_runs": (_is_bool, True),
        "runs": (_one_of(Run), False),  # what moves as a unit (default "built")
        "wrap": (_is_bool, False),  # a King builds on an Ace (down; Ace on King up)
        "empty_accepts": (_one_of(EmptyPile), True),
        "empty_rank": (_is_rank, False),  # with empty_accepts = "rank": "A" ... "K"
        "extra_face_up": (_is_counts, False),  # rows dealt face up after the deal (Yukon)
    },
    "foundations": {
        "count": (_int_between(1, 4 * MAX_DECKS), True),
        "cards_may_return": (_is_bool, True),
        "base": (_one_of(FoundationBase), False),  # default "ace"
        "wrap": (_is_bool, False),  # an Ace goes on a King
    },
    "stock": {
        "to": (_one_of(StockTarget), False),  # default "waste"
        "draw": (_int_between(1, 10), False),  # default 1
        "redeals": (_is_redeals, False),  # default 0
        "fill_empty_first": (_is_bool, False),  # no deal while a move could fill a pile
    },
    "reserves": {
        "count": (_int_between(1, 12), True),
        "deal": (_int_between(0, 30), True),  # cards dealt to each before the tableau
        "face_up": (_one_of(FaceUp), False),  # default "top"
    },
}
OPTIONAL_SECTIONS = frozenset({"reserves"})
TOP: dict[str, tuple[Checker, bool]] = {
    "id": (_is_text, True),
    "name": (_is_text, True),
    "description": (_is_text, False),
    "notes": (_is_text, False),
    "decks": (_int_between(1, MAX_DECKS), True),
    "default_mode": (_is_text, True),
    "scoring": (_one_of(Scoring), False),  # default "foundation-cards"
}
# Keys that once offered a choice the engine never had: say so rather than "unknown".
RETIRED_KEYS = {
    "foundations.build": N_("not a choice: foundations always build up in suit"),
}
MODE_KEYS = {"label": (_is_text, True), "description": (_is_text, False)}


def check_section(source: str, where: str, data: Any, spec: dict, partial: bool) -> None:
    if not isinstance(data, dict):
        raise key_error(source, where, not_a_table(data))
    for key, value in data.items():
        if key not in spec:
            retired = RETIRED_KEYS.get(f"{where.split('.')[-1]}.{key}")
            raise key_error(source, f"{where}.{key}", unknown_key(spec, retired))
        problem = spec[key][0](value)
        if problem:
            raise key_error(source, f"{where}.{key}", problem)
    if not partial:
        for key, (_check, required) in spec.items():
            if required and key not in data:
                raise key_error(source, f"{where}.{key}", _("missing"))


def not_a_table(value: Any) -> str:
    return _("must be a table, got {value}").format(value=shown(value))


def unknown_key(known: Any, retired: str | None = None) -> str:
    """Why a key is refused (unknown, or a retired choice), and the keys its table takes."""
    why = _(retired) if retired else _("unknown key")
    return _("{why} (expected one of: {keys})").format(why=why, keys=", ".join(known))
