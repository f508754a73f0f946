"""What the table says, as data: the status line's fields, the toast, the win panel, the
highlights. ``TableScene.snapshot`` builds a ``Snapshot``; ``Decor`` draws it. Nothing here
draws or changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.game import Game
from game.engine.policies import StockTarget
from game.i18n import _

from .intents import Hint, Intent, NewGame, OpenMenu, OpenStatistics, Redo, Undo
from .layout import Rect
from .status import DROP, Field

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
    details: str = ""  # more than the line says, one key away (OpenLastMessage)

    @classmethod
    def of(cls, text: str, error: bool = False, about: object = None, details: str = "") -> Toast:
        seconds = TOAST_SECONDS + TOAST_SECONDS_PER_WORD * len(text.split())
        return cls(text, seconds * (2 if error else 1), error, about, details)

    @property
    def whole(self) -> str:
        """The message with its details, as the last message's page shows it."""
        return f"{self.text}\n\n{self.details}" if self.details else self.text


@dataclass(frozen=True)
class WinPanel:
    score: int
    max_score: int
    moves: int
    seconds: float
    code: str = ""  # the deal's code, to share it ("" for a custom deal)
    helped: bool = False  # the solver played moves of it ("show me"): not the player's win

    @classmethod
    def of(cls, game: Game, seconds: float, helped: bool = False, code: str = "") -> WinPanel:
        """The panel of a won game, with its deal code to share ("" for a custom deal)."""
        return cls(game.score, game.max_score, game.moves_made, seconds, code, helped)


@dataclass(frozen=True)
class Snapshot:
    """Everything drawn over the cards, by value: equal snapshots draw the same."""

    fields: tuple[Field, ...]
    toast: Toast | None
    outlines: tuple[tuple[Rect, str], ...]  # (area, kind: "target", "hint", "focus", "held")
    win: WinPanel | None
    footer: object = None  # a replay's bar (``timeline.ReplayBar``) in place of the fields
    counts: tuple[tuple[Rect, int], ...] = ()  # (a squared pile's top card, its cards)


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


# The widest values the status line keeps room for, so that nothing moves as they grow:
# random deals are numbered below 10**9 (a longer number typed in gets its own room).
WIDEST_DEAL_DIGITS = 9
WIDEST_MOVES = 999
WIDEST_TIME = "9:59:59"
WIDEST_STOCK = 99

# How the status line gives way when the window is narrow, least loss first: each step
# shortens a field to the form given (an index into its forms) or drops it. Every
# language goes down the same ladder, so each shows what English shows, or a short form.
STEPS: tuple[tuple[tuple[str, int], ...], ...] = (
    (("time", 1),),  # "Time 9:59" -> "9:59"
    (("score", 1),),  # "Score 12/52" -> "12/52"
    (("verdict", 1),),  # the winnable indicator, when on, said short
    (("deal", 1),),  # "Deal 4242" -> "#4242"
    (("hint", 1),),  # "Hint" -> "?"
    (("deal", 2),),  # no deal mode (its one name, as the menus say it, does not shrink)
    (("undo", 1), ("redo", 1)),  # icons
    (("menu", 1),),
    (("verdict", 2),),  # the verdict alone
    (("verdict", DROP),),
    (("deal", 3),),  # the game's name alone: it outranks the number
    (("deal", 4),),  # the name's first word and an ellipsis: "Double\u2026"
    (("redeals", DROP),),
    (("stock", DROP),),
    (("time", DROP),),
    (("moves", DROP),),
    (("score", DROP),),
    (("hint", DROP),),
    (("new", DROP),),
    (("redo", DROP),),
    (("undo", DROP),),
)


def first_word(name: str) -> str:
    """A game's name cut short between words: "Double Klondike" -> "Double\u2026"."""
    head, space, _rest = name.partition(" ")
    return f"{head}\u2026" if space else name


def status_fields(game: Game, elapsed: float, verdict: str) -> tuple[Field, ...]:
    """The status line's fields, in their order on the line, each with the widest text it
    is likely to show (its room). ``verdict``: the quiet winnable indicator's text ("" when
    off; a ``Worded`` brings its short form and room along)."""
    rules = game.rules
    seed = game.deal.seed
    if seed is None:
        deal = number = sample_deal = sample_number = _("Custom deal")
    else:
        deal, number = deal_name(game), _("#{number}").format(number=seed)
        digits = "9" * max(WIDEST_DEAL_DIGITS, len(str(seed)))
        sample_deal = _("Deal {number}").format(number=digits)
        sample_number = _("#{number}").format(number=digits)
    name, mode = _(rules.name), _(rules.mode_label)

    def deal_forms(deal: str, number: str) -> tuple[str, ...]:
        """The deal mode by its one name (as the menus, Options and Statistics say it), or
        not at all; the game's name always, the deal's number as long as there is room."""
        return (
            f"{name} \u00b7 {mode} \u00b7 {deal}",
            f"{name} \u00b7 {mode} \u00b7 {number}",
            f"{name} \u00b7 {number}",
            name,
            first_word(name),
        )

    redeals = "\u221e" if game.redeals_left is None else str(game.redeals_left)
    widest_redeals = "\u221e" if rules.redeals is None else str(rules.redeals)
    time, widest_time = format_time(elapsed), WIDEST_TIME
    score = _("Score {score}/{max}")
    stock = _("Stock {count}")
    moves = _("Moves {count}")
    top = game.max_score

    def button(key: str, forms: tuple[str, ...], enabled: bool = True) -> Field:
        return Field(key, forms, "left", button=True, enabled=enabled)

    fields = [
        button("menu", (_("\u2630 Menu"), "\u2630")),
        button("new", (_("New"),)),
        button("undo", (_("\u21b6 Undo"), "\u21b6"), game.can_undo),
        button("redo", (_("\u21b7 Redo"), "\u21b7"), game.can_redo),
        button("hint", (_("Hint"), "?"), not game.won),
        Field(
            "deal",
            deal_forms(deal, number),
            "left",
            samples=deal_forms(sample_deal, sample_number),
        ),
    ]
    if verdict:
        forms = getattr(verdict, "forms", (verdict,))
        fields.append(Field("verdict", forms, samples=getattr(verdict, "samples", ())))
    fields += [
        Field(
            "score",
            (score.format(score=game.score, max=top), f"{game.score}/{top}"),
            samples=(score.format(score=top, max=top), f"{top}/{top}"),
        ),
        Field(
            "stock",
            (stock.format(count=game.stock_count),),
            samples=(stock.format(count=max(WIDEST_STOCK, game.stock_count)),),
        ),
        Field(
            "redeals",
            (_("Redeals {count}").format(count=redeals),),
            samples=(_("Redeals {count}").format(count=widest_redeals),),
        ),
    ]
    # A game that deals every card has no stock to count; a stock that deals to the piles
    # is never redealt.
    unused = {"stock", "redeals"} if rules.stock_to is StockTarget.NONE else set()
    if rules.stock_to is not StockTarget.WASTE:
        unused.add("redeals")
    fields = [f for f in fields if f.key not in unused]
    fields += [
        Field(
            "moves",
            (moves.format(count=game.moves_made),),
            samples=(moves.format(count=WIDEST_MOVES),),
        ),
        Field(
            "time",
            (_("Time {time}").format(time=time), time),
            samples=(_("Time {time}").format(time=widest_time), widest_time),
            align=("left", "right"),  # the clock alone keeps to the line's end
        ),
    ]
    return tuple(fields)
