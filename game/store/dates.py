"""Dates as the player's language writes them: "1 Dec 03:53", "1 груд. 03:53", "1 дек. 03:53".

``strftime("%b")`` would name the month in the C locale's English whatever language the
game speaks (and setting the process locale is neither thread-safe nor sure to exist), so
the month names are the game's own messages, translated like every other.
"""

from __future__ import annotations

from datetime import datetime

from game.i18n import N_, _

# Short month names as a date writes them: Ukrainian and Russian use the genitive ("1 груд.").
MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


def month_name(month: int) -> str:
    """The short name of ``month`` (1 to 12) in the language spoken."""
    return _(MONTHS[month - 1])


def short_date(when: datetime | None, now: datetime | None = None) -> str:
    """``when`` as a list shows it: day, month and time ("1 Dec 03:53"); the year instead
    of the time when it is not this year's ("1 Dec 2025"). None (a date that could not be
    had): no date at all, ""."""
    if when is None:
        return ""
    now = now or datetime.now()
    tail = f"{when:%H:%M}" if when.year == now.year else str(when.year)
    return f"{when.day} {month_name(when.month)} {tail}"
