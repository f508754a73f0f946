"""The checkers of the rule tables' values and the messages that name the file, the key and
the problem (``Message``s: the engine speaks no language, the edge words them with
``game.i18n.say``). Which key takes which checker is declared once, in ``vocabulary``."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from .cards import RANKS, SUITS
from .declared import ID_LIMIT, NAME_LIMIT, WORDS_LIMIT, first_control, is_slug
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


def int_between(low: int, high: int) -> Checker:
    def check(v: Any) -> Message | None:
        if type(v) is not int or not low <= v <= high:
            problem = N_("must be a whole number from {low} to {high}, got {value}")
            return Message(problem, low=low, high=high, value=shown(v))
        return None

    return check


def one_of(policy: type[StrEnum]) -> Checker:
    choices = [p.value for p in policy]

    def check(v: Any) -> Message | None:
        if v not in choices:
            listed = ", ".join(repr(c) for c in choices)
            problem = N_("must be one of {choices}, got {value}")
            return Message(problem, choices=listed, value=shown(v))
        return None

    return check


def is_bool(v: Any) -> Message | None:
    if isinstance(v, bool):
        return None
    return Message(N_("must be true or false, got {value}"), value=shown(v))


def is_text(v: Any) -> Message | None:
    if isinstance(v, str) and v.strip():
        return None
    return Message(N_("must be a non-empty string, got {value}"), value=shown(v))


def is_id(v: Any) -> Message | None:
    """An id: it names files (a save's, a finished game's), so a slug (``declared``)."""
    if is_slug(v):
        return None
    problem = N_(
        "must be an id of lowercase letters (a-z), digits and '-', starting with a letter "
        "or a digit, at most {limit} characters, got {value}"
    )
    return Message(problem, limit=ID_LIMIT, value=shown(v))


def declared_text(limit: int, breaks_allowed: bool) -> Checker:
    """Text the player reads: not empty, at most ``limit`` characters, no control
    characters (newlines and tabs in paragraphs, with ``breaks_allowed``)."""

    def check(v: Any) -> Message | None:
        problem = is_text(v)
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


is_name = declared_text(NAME_LIMIT, breaks_allowed=False)  # a name, a label: one line
is_words = declared_text(WORDS_LIMIT, breaks_allowed=True)  # descriptions, notes


def is_redeals(v: Any) -> Message | None:
    if v == UNLIMITED or (type(v) is int and 0 <= v <= 1000):
        return None
    problem = N_('must be a whole number from 0 to 1000 or "unlimited", got {value}')
    return Message(problem, value=shown(v))


def is_rank(v: Any) -> Message | None:
    if isinstance(v, str) and len(v) == 1 and v in RANKS:
        return None
    return Message(N_("must be a rank, one of {ranks}, got {value}"), ranks=RANKS, value=shown(v))


def is_code(v: Any) -> Message | None:
    """A built-in game's deal-code letters: one to three capitals A-Z."""
    if isinstance(v, str) and 1 <= len(v) <= 3 and v.isascii() and v.isalpha() and v.isupper():
        return None
    return Message(N_("must be one to three capital letters A-Z, got {value}"), value=shown(v))


def is_suits(v: Any) -> Message | None:
    """Suit letters for a deck of chosen suits: 1, 2 or 4 of them (so that every card has
    as many copies), each once."""
    if (
        isinstance(v, str)
        and len(v) in (1, 2, 4)
        and len(set(v)) == len(v)
        and all(s in SUITS for s in v)
    ):
        return None
    problem = N_("must be one, two or four of the suit letters {suits}, each once, got {value}")
    return Message(problem, suits=SUITS, value=shown(v))


def is_counts(v: Any) -> Message | None:
    if isinstance(v, list) and v and all(type(n) is int and 0 <= n <= 30 for n in v):
        return None
    problem = N_("must be a list of whole numbers from 0 to 30, got {value}")
    return Message(problem, value=shown(v))


def check_section(
    source: str, where: str, data: Any, spec: dict, partial: bool, retired: dict | None = None
) -> None:
    """Check a section's table against ``spec`` (key: (checker, required)); ``retired``
    maps "section.key" to why a key that once was a choice is not one."""
    if not isinstance(data, dict):
        raise key_error(source, where, not_a_table(data))
    for key, value in data.items():
        if key not in spec:
            why = (retired or {}).get(f"{where.split('.')[-1]}.{key}")
            raise key_error(source, f"{where}.{key}", unknown_key(spec, why))
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
