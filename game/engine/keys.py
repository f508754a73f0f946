"""The parts a rule table's key is declared with (``vocabulary`` declares every key): what
a key takes (``Value``: its checker, the words of the key reference, how the table's value
becomes the rules' field) and the key itself (``Key``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import RANKS, SUITS
from .declared import ID_LIMIT, NAME_LIMIT, WORDS_LIMIT
from .policy import Policy
from .schema import (
    UNLIMITED,
    Checker,
    int_between,
    is_bool,
    is_code,
    is_counts,
    is_id,
    is_name,
    is_rank,
    is_redeals,
    is_suits,
    is_text,
    is_words,
    one_of,
)


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Value:
    """What a key takes: its checker, the words the reference gives for it, and how the
    table's value becomes the ``Rules`` field's (``kind``: the policy kind, for choices)."""

    check: Checker
    words: str
    coerce: Callable[[Any], Any] = _same
    kind: type[Policy] | None = None


def whole(low: int, high: int) -> Value:
    return Value(int_between(low, high), f"a whole number from {low} to {high}")


def choice(kind: type[Policy]) -> Value:
    """One value of a policy kind; the reference lists each with its label."""
    words = "; ".join(f'`"{member.value}"`: {member.label}' for member in kind)
    return Value(one_of(kind), words, kind, kind)


def _redeals(value: Any) -> int | None:
    return None if value == UNLIMITED else value


FLAG = Value(is_bool, "`true` or `false`")
TEXT = Value(is_text, "text, not empty")
SLUG = Value(is_id, f"lowercase letters `a-z`, digits and `-`, at most {ID_LIMIT} characters")
NAME = Value(is_name, f"one line of text, at most {NAME_LIMIT} characters")
WORDS = Value(is_words, f"text, at most {WORDS_LIMIT} characters (newlines kept)")
REDEALS = Value(is_redeals, 'a whole number from 0 to 1000, or `"unlimited"`', _redeals)
RANK = Value(is_rank, "a rank: " + ", ".join(f'`"{r}"`' for r in RANKS), RANKS.index)
LETTERS = Value(is_code, "one to three capital letters `A-Z`")
COUNTS = Value(is_counts, "a list of whole numbers from 0 to 30", tuple)
SUIT_LETTERS = Value(
    is_suits,
    'one, two or four of the suit letters `C`, `D`, `H`, `S`, each once (`"S"`, `"HS"`)',
    lambda letters: "".join(sorted(letters, key=SUITS.index)),
)

REQUIRED = object()  # a key the table must give (in its section, where the section is given)
ABSENT = object()  # a key that may be left out and then says nothing (no default value)


@dataclass(frozen=True, slots=True)
class Key:
    """One key: where it is (``"decks"``, ``"tableau.build"``), what it takes, what it
    means, its default as a table would write it, and the ``Rules`` field it fills (None:
    the key is read by ``rules.validate``/``_resolve`` itself)."""

    path: str
    value: Value
    meaning: str
    default: Any = REQUIRED
    field: str | None = None

    @property
    def section(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def has_default(self) -> bool:
        return self.default is not REQUIRED and self.default is not ABSENT

    def coerced_default(self) -> Any:
        return self.value.coerce(self.default)
