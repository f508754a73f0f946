"""Every number and string the game reads from a file, declared once with its range.

A file's reader (``loader`` discipline) checks the file's frame: size, encoding, JSON,
format and version. What the body holds is checked here, field by field, against one
declaration per format: the type, and the range of every number (no 400-digit time played,
no deal number the shuffle cannot take, no count whose average overflows), the length of
every string and list. A value that does not fit raises ``Misfit`` with a worded problem;
``fit`` takes a whole object and gives the values that fit and the problems of the rest,
so the reader can keep what is good and set the file aside for the others.

Settings keep their declarations beside their defaults (``settings._CHECKS``, written in
this module's vocabulary), rule tables
theirs in ``game.engine.schema``; the saved game's deal and moves are checked by the engine
(``game.engine.savefile``) as it replays them.

No schema library: the declarations are a few small callables, which cost 6 ms at start-up
and nothing in the executable, and give messages in the player's language
(docs/measurements.md, "Reading the player's files", measures msgspec and pydantic).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.deal import MAX_SEED
from game.engine.text import shown
from game.i18n import _


def quoted(value: Any) -> str:
    """A value as a message quotes it: short, as several may share one line."""
    return shown(value, 24)


class Misfit(ValueError):
    """A value outside its declaration; the message says what it must be."""


Spec = Callable[[Any], Any]  # a declaration: the value as the game uses it, or Misfit


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (true and false are not numbers)."""

    low: int
    high: int

    def __call__(self, value: Any) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            problem = _("must be a whole number from {low} to {high}, got {value}")
            raise Misfit(problem.format(low=self.low, high=self.high, value=quoted(value)))
        return value


@dataclass(frozen=True)
class Seconds:
    """A length of time in seconds, finite, from 0 to ``high``. A whole number is compared
    before it is made a float, so 10^400 is refused, not an OverflowError."""

    high: float

    def __call__(self, value: Any) -> float:
        if type(value) in (int, float) and 0 <= value <= self.high:
            return float(value)  # a NaN fails the comparison; a huge int fails the range
        problem = _("must be a number of seconds from 0 to {high}, got {value}")
        raise Misfit(problem.format(high=int(self.high), value=quoted(value)))


@dataclass(frozen=True)
class Text:
    """A string of 1 to ``longest`` characters."""

    longest: int

    def __call__(self, value: Any) -> str:
        if isinstance(value, str) and 0 < len(value) <= self.longest:
            return value
        problem = _("must be a text of 1 to {longest} characters, got {value}")
        raise Misfit(problem.format(longest=self.longest, value=quoted(value)))


@dataclass(frozen=True)
class OneOf:
    """One of the ``choices`` exactly."""

    choices: tuple

    def __call__(self, value: Any) -> Any:
        if isinstance(value, str | bool | int) and value in self.choices:
            return value
        listed = ", ".join(repr(c) for c in self.choices)
        raise Misfit(
            _("must be one of {choices}, got {value}").format(choices=listed, value=quoted(value))
        )


@dataclass(frozen=True)
class ListOf:
    """A list of at most ``longest`` items, each fitting ``item``."""

    item: Spec
    longest: int

    def __call__(self, value: Any) -> list:
        if not isinstance(value, list) or len(value) > self.longest:
            problem = _("must be a list of at most {longest} items, got {value}")
            raise Misfit(problem.format(longest=self.longest, value=quoted(value)))
        return [self.item(each) for each in value]

    def kept(self, value: Any) -> tuple[list, list[str]]:
        """The items that fit and the problems of those that do not (Misfit when it is
        no list, or too long a one)."""
        if not isinstance(value, list) or len(value) > self.longest:
            return self(value), []  # raises, worded
        items, problems = [], []
        for each in value:
            try:
                items.append(self.item(each))
            except Misfit as exc:
                problems.append(str(exc))
        return items, problems


@dataclass(frozen=True)
class Pair:
    """Two values (a JSON list of two), the first fitting ``first``, the second ``second``:
    a window's width and height."""

    first: Spec
    second: Spec

    def __call__(self, value: Any) -> tuple:
        if not isinstance(value, list | tuple) or len(value) != 2:
            problem = _("must be a list of two values, got {value}")
            raise Misfit(problem.format(value=quoted(value)))
        return (self.first(value[0]), self.second(value[1]))


@dataclass(frozen=True)
class FileName:
    """A plain file name of ours: ``*.json``, no folder part, no link out of its folder."""

    longest: int = 255

    def __call__(self, value: Any) -> str:
        plain = isinstance(value, str) and 5 < len(value) <= self.longest
        if plain and value.endswith(".json") and not _FOLDER_PART.search(value):
            return value
        raise Misfit(_("must be the name of a file, got {value}").format(value=quoted(value)))


_FOLDER_PART = re.compile(r"[/\\\x00:]|^\.")


@dataclass(frozen=True)
class Maybe:
    """``null`` or a value fitting ``spec``."""

    spec: Spec

    def __call__(self, value: Any) -> Any:
        return None if value is None else self.spec(value)


def flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise Misfit(_("must be true or false, got {value}").format(value=quoted(value)))


def fit(declared: Mapping[str, Spec], data: Mapping) -> tuple[dict[str, Any], list[str]]:
    """The declared keys of ``data`` that fit, and a problem ("KEY: must be...") for each
    that does not. Keys not declared are left out; a missing key is no problem."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, spec in declared.items():
        if key in data:
            try:
                values[key] = spec(data[key])
            except Misfit as exc:
                problems.append(f"{key}: {exc}")
    return values, problems


def held(seconds: Any, high: float) -> float:
    """``seconds`` held within 0..``high``: a clock or a sum that ran past its range stops at
    the end of it (NaN, negatives and non-numbers are 0). Never raises."""
    if type(seconds) in (int, float) and seconds >= 0:
        return float(min(seconds, high))  # compared before made a float: 10^400 is no error
    return 0.0


# -- the ranges ------------------------------------------------------------------------------

YEAR = 365.25 * 24 * 3600
TIME_PLAYED = 10 * YEAR  # one game's clock: ten years of play is beyond any game
TOTAL_TIME = 1e6 * YEAR  # a sum of wins' times: finite, and far beyond a lifetime
COUNT = 10**12  # games played, won, streaks, moves: a million games a day for 2,700 years
DEAL_NUMBER = Whole(0, MAX_SEED)  # what the shuffle takes (game.engine.deal.SplitMix64)
GAME_ID = Text(200)  # variant/mode/seedN/when/tag: some 60 characters
DEALS_KEPT = 100_000  # deals found winnable here, per variant and mode (50 are looked for)

# -- the formats -----------------------------------------------------------------------------

# A saved game's ``extra`` (current-game.json, game files, history/): the engine's
# savefile checks the deal and every move itself.
GAME_EXTRA: dict[str, Spec] = {
    "elapsed": Seconds(TIME_PLAYED),
    "game_id": GAME_ID,
    "assisted": flag,
    "result": OneOf(("won", "abandoned")),
}

# One variant and mode's record in statistics.json.
STATISTICS_RECORD: dict[str, Spec] = {
    "played": Whole(0, COUNT),
    "won": Whole(0, COUNT),
    "current_win_streak": Whole(0, COUNT),
    "current_loss_streak": Whole(0, COUNT),
    "longest_win_streak": Whole(0, COUNT),
    "longest_loss_streak": Whole(0, COUNT),
    "best_time": Maybe(Seconds(TIME_PLAYED)),
    "best_deal": Maybe(Text(40)),
    "fewest_moves": Maybe(Whole(0, COUNT)),
    "total_win_time": Seconds(TOTAL_TIME),
    "assisted": Whole(0, COUNT),
}
# Its "recorded_games": GAME_IDs (the newest statistics.REMEMBERED_GAMES are kept).

# winnable-deals-found.json: {"pools": {"variant/mode": [deal numbers]}}
FOUND_DEALS = ListOf(DEAL_NUMBER, DEALS_KEPT)
POOL_KEY = Text(200)

# history.json: the names of the finished games the game wrote into history/, oldest first.
HISTORY_NAMES = ListOf(FileName(), 1000)

# One line of a tool's results file (tools/deal_runs.py), after the settings line.
RESULTS_LINE: dict[str, Spec] = {
    "seed": DEAL_NUMBER,
    "outcome": OneOf(("won", "unwinnable", "undecided")),
    "won": flag,
    "seconds": Seconds(TOTAL_TIME),
    "nodes": Whole(0, COUNT * 1000),
}
