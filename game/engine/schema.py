"""The rule tables' schema: the keys each section takes, a checker for each, and the
messages that name the file, the key and the problem (``Message``s: the engine speaks no
language, the edge words them with ``game.i18n.say``)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from .cards import MAX_DECKS, RANKS
from .declared import ID_LIMIT, NAME_LIMIT, WORDS_LIMIT, first_control, is_slug
from .families import Family
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
from .text import N_, EngineError, Message, Template, shown

UNLIMITED = "unlimited"


class RuleTableError(EngineError):
    """A rule table that cannot be used; the message names the file, the key and the problem.

    One about a key (``at_key``) also keeps its parts (``source``, ``key``, ``problem``), so
    a player's table can be told the line the key is on (``game.variants.lines``)."""

    source: object = None
    key: str | None = None
    problem: Message | None = None

    @classmethod
    def at_key(
        cls, template: Template, source: object, key: str, problem: Message, **fields: Any
    ) -> RuleTableError:
        """``template`` said of ``source``'s ``key`` (fields ``file``, ``key``, ``problem``,
        and any more given), keeping the three parts."""
        # The key is said as the file has it, its control characters escaped, cut short
        # past the longest a table may write (a mode's id of NAME_LIMIT and a section's key).
        said = shown(key, limit=NAME_LIMIT + 80, quotes=False)
        error = cls(template, file=source, key=said, problem=problem, **fields)
        error.source, error.key, error.problem = source, key, problem
        return error


def key_error(source: object, key: str, problem: Message) -> RuleTableError:
    """FILE: key 'KEY': PROBLEM (the problem says what the key's value must be)."""
    return RuleTableError.at_key(N_("{file}: key '{key}': {problem}"), source, key, problem)


def missing() -> Message:
    """The problem of a required key not given."""
    return Message(N_("missing"))


# Each section maps a key to a checker returning the problem, or None.

Checker = Callable[[Any], Message | None]


def _int_between(low: int, high: int) -> Checker:
    def check(v: Any) -> Message | None:
        if type(v) is not int or not low <= v <= high:
            problem = N_("must be a whole number from {low} to {high}, got {value}")
            return Message(problem, low=low, high=high, value=shown(v))
        return None

    return check


def _one_of(policy: type[StrEnum]) -> Checker:
    choices = [p.value for p in policy]

    def check(v: Any) -> Message | None:
        if v not in choices:
            listed = ", ".join(repr(c) for c in choices)
            problem = N_("must be one of {choices}, got {value}")
            return Message(problem, choices=listed, value=shown(v))
        return None

    return check


def _is_bool(v: Any) -> Message | None:
    if isinstance(v, bool):
        return None
    return Message(N_("must be true or false, got {value}"), value=shown(v))


def _is_text(v: Any) -> Message | None:
    if isinstance(v, str) and v.strip():
        return None
    return Message(N_("must be a non-empty string, got {value}"), value=shown(v))


def _is_id(v: Any) -> Message | None:
    """An id: it names files (a save's, a finished game's), so a slug (``declared``)."""
    if is_slug(v):
        return None
    problem = N_(
        "must be an id of lowercase letters (a-z), digits and '-', starting with a letter "
        "or a digit, at most {limit} characters, got {value}"
    )
    return Message(problem, limit=ID_LIMIT, value=shown(v))


def _declared_text(limit: int, breaks_allowed: bool) -> Checker:
    """Text the player reads: not empty, at most ``limit`` characters, no control
    characters (newlines and tabs in paragraphs, with ``breaks_allowed``)."""

    def check(v: Any) -> Message | None:
        problem = _is_text(v)
        if problem:
            return problem
        if len(v) > limit:
            problem = N_("must be at most {limit} characters long, got {count}")
            return Message(problem, limit=limit, count=len(v))
        at = first_control(v, breaks_allowed)
        if at is not None:
            problem = N_("must hold no control characters, got {char} at character {position}")
            return Message(problem, char=f"U+{ord(v[at]):04X}", position=at + 1)
        return None

    return check


is_name = _declared_text(NAME_LIMIT, breaks_allowed=False)  # a name, a label: one line
_is_words = _declared_text(WORDS_LIMIT, breaks_allowed=True)  # descriptions, notes


def _is_redeals(v: Any) -> Message | None:
    if v == UNLIMITED or (type(v) is int and 0 <= v <= 1000):
        return None
    problem = N_('must be a whole number from 0 to 1000 or "unlimited", got {value}')
    return Message(problem, value=shown(v))


def _is_rank(v: Any) -> Message | None:
    if isinstance(v, str) and len(v) == 1 and v in RANKS:
        return None
    return Message(N_("must be a rank, one of {ranks}, got {value}"), ranks=RANKS, value=shown(v))


def _is_counts(v: Any) -> Message | None:
    if isinstance(v, list) and v and all(type(n) is int and 0 <= n <= 30 for n in v):
        return None
    problem = N_("must be a list of whole numbers from 0 to 30, got {value}")
    return Message(problem, value=shown(v))


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
        "base_takes_nothing": (_is_bool, False),  # no card goes on one of the base rank
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
    "id": (_is_id, True),
    "name": (is_name, True),
    "description": (_is_words, False),
    "notes": (_is_words, False),
    "decks": (_int_between(1, MAX_DECKS), True),
    "default_mode": (_is_text, True),
    "scoring": (_one_of(Scoring), False),  # default "foundation-cards"
    "family": (_one_of(Family), False),  # default "klondike"
    "code": (is_name, False),  # a built-in's deal-code letters (game.variants.codes)
}
# Keys that once offered a choice the engine never had: say so rather than "unknown".
RETIRED_KEYS = {
    "foundations.build": N_("not a choice: foundations always build up in suit"),
}
MODE_KEYS = {"label": (is_name, True), "description": (_is_words, False)}


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
                raise key_error(source, f"{where}.{key}", missing())


def not_a_table(value: Any) -> Message:
    return Message(N_("must be a table, got {value}"), value=shown(value))


def unknown_key(known: Any, retired: str | None = None) -> Message:
    """Why a key is refused (unknown, or a retired choice), and the keys its table takes."""
    why = Message(retired or N_("unknown key"))
    return Message(N_("{why} (expected one of: {keys})"), why=why, keys=", ".join(known))
