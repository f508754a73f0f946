"""The base of every named policy of a rule table (``policies``, ``dealing``)."""

from __future__ import annotations

from enum import StrEnum


class Policy(StrEnum):
    """A named choice: the table's string, a label (``N_``), and what the member carries.

    Members are declared as ``NAME = (value, label, *details)``; ``details`` is what the
    member's own kind reads (a function, a reason and its sentence, ...)."""

    def __new__(cls, value: str, label: str = "", *details: object) -> Policy:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        member.details = details
        return member
