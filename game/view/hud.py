"""What the table says, as data: the status line's fields, the toast, the win panel, the
highlights. ``TableScene.snapshot`` builds a ``Snapshot``; ``Decor`` draws it. Nothing here
draws or changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.game import Game
from game.i18n import _
from game.variants.codes import deal_code

from .intents import Hint, Intent, NewGame, OpenMenu, OpenStatistics, Redo, Undo
from .layout import Rect
from .status import Field

TOAST_SECONDS = 6.0  # a message stays this long (longer ones a little longer), or until
TOAST_SECONDS_PER_WORD = 0.25  # the player's next action


def format_time(seconds: float) -> str:
    s = int(seconds)
    return (
        f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
    )


def deal_name(game: Game) -> str:
    seed = game.deal.seed
    return _("Deal {number}").format(number=seed) if seed is not None else _("Custom deal")


@dataclass(frozen=True)
class Toast:
    """A message shown whole above the status line for ``seconds`` (an error: longer)."""

    text: str
    seconds: float
    error: bool = False
    about: object = None  # the position it speaks of (None: news of no one position)

    @classmethod
    def of(cls, text: str, error: bool = False, about: object = None) -> Toast:
        seconds = TOAST_SECONDS + TOAST_SECONDS_PER_WORD * len(text.split())
        return cls(text, seconds * (2 if error else 1), error, about)


@dataclass(frozen=True)
class WinPanel:
    score: int
    max_score: int
    moves: int
    seconds: float
    code: str = ""  # the deal's code, to share it ("" for a custom deal)
    helped: bool = False  # the solver played moves of it ("show me"): not the player's win

    @classmethod
    def of(cls, game: Game, seconds: float, helped: bool = False) -> WinPanel:
        """The panel of a won game, with its deal code to share ("" for a custom deal)."""
        seed = game.deal.seed
        code = deal_code(game.rules, seed) if seed is not None else ""
        return cls(game.score, game.max_score, game.moves_made, seconds, code, helped)


@dataclass(frozen=True)
class Snapshot:
    """Everything drawn over the cards, by value: equal snapshots draw the same."""

    fields: tuple[Field, ...]
    toast: Toast | None
    outlines: tuple[tuple[Rect, str], ...]  # (area, kind: "target", "hint", "focus", "held")
    win: WinPanel | None
    footer: object = None  # a replay's bar (``timeline.ReplayBar``) in place of the fields


BUTTON_INTENTS: dict[str, Intent] = {
    "menu": OpenMenu(),
    "new": NewGame(),
    "undo": Undo(),
    "redo": Redo(),
    "hint": Hint(),
}

WIN_BUTTONS: tuple[tuple[str, Intent], ...] = (
    ("new", NewGame()),
    ("undo", Undo()),
    ("statistics", OpenStatistics()),
)


def win_button_label(key: str) -> str:
    return {"new": _("New game"), "undo": _("Undo"), "statistics": _("Statistics")}[key]


def status_fields(game: Game, elapsed: float, verdict: str) -> tuple[Field, ...]:
    """The status line's fields, most important first in rank. ``verdict``: the quiet
    winnable indicator's text ("" when off)."""
    rules = game.rules
    deal = deal_name(game)
    redeals = "\u221e" if game.redeals_left is None else str(game.redeals_left)
    time = format_time(elapsed)
    fields = [
        Field("menu", (_("\u2630 Menu"), "\u2630"), 0, "left", droppable=False, button=True),
        Field(
            "deal",
            (
                f"{_(rules.name)} \u00b7 {_(rules.mode_label)} \u00b7 {deal}",
                f"{_(rules.name)} \u00b7 {deal}",
                deal,
            ),
            1,
            "left",
            droppable=False,
        ),
        Field(
            "score",
            (
                _("Score {score}/{max}").format(score=game.score, max=game.max_score),
                f"{game.score}/{game.max_score}",
            ),
            2,
        ),
        Field("undo", (_("\u21b6 Undo"), "\u21b6"), 3, "left", button=True, enabled=game.can_undo),
        Field("redo", (_("\u21b7 Redo"), "\u21b7"), 4, "left", button=True, enabled=game.can_redo),
        Field("stock", (_("Stock {count}").format(count=game.stock_count),), 5),
        Field("redeals", (_("Redeals {count}").format(count=redeals),), 6),
        Field("new", (_("New"),), 7, "left", button=True),
        Field("hint", (_("Hint"), "?"), 8, "left", button=True, enabled=not game.won),
        Field("moves", (_("Moves {count}").format(count=game.moves_made),), 9),
        Field("time", (_("Time {time}").format(time=time), time), 10),
    ]
    if verdict:
        fields.append(Field("verdict", (verdict,), 11))
    order = [
        "menu",
        "new",
        "undo",
        "redo",
        "hint",
        "deal",
        "verdict",
        "score",
        "stock",
        "redeals",
        "moves",
        "time",
    ]
    return tuple(sorted(fields, key=lambda f: order.index(f.key)))
