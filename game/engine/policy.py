"""The base of every named policy of a rule table (``policies``, ``dealing``, ``families``).

A policy kind is an enumeration of the values a table may write for one key. Each member
is declared as ``NAME = (value, label, rule)``: the string the table writes, the label the
key reference shows (``N_``), and a frozen dataclass of the kind's own type holding what
the member means to the engine (a function, a direction, a refusal and its sentence). The
key itself, its default and its meaning are declared once in ``vocabulary``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .refusals import Reason


@dataclass(frozen=True, slots=True)
class Refusal:
    """What a policy refuses, as data, and the English sentence for it (``game.i18n``
    words every declared sentence: ``policies.SENTENCES``)."""

    reason: Reason
    sentence: str | None = None  # None: the reason's sentence is declared elsewhere


class Policy(StrEnum):
    """A named choice: the table's string, its label, and its typed rule."""

    label: str
    rule: Any

    def __new__(cls, value: str, label: str = "", rule: object = None) -> Policy:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        member.rule = rule
        return member

    @property
    def refusal(self) -> Refusal | None:
        """What this member refuses, for kinds whose rule is or holds a ``Refusal``."""
        rule = self.rule
        if isinstance(rule, Refusal):
            return rule
        return getattr(rule, "refusal", None)
