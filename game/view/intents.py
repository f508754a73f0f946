"""Everything a player can ask for, as frozen values.

The pointer, the keyboard (through the key map), the toolbar, the menus and dialogs all
turn input into intents; nothing else travels upward. The controller
(``game.app.controller``) is the one place where an intent meets the game. A few intents
come from the game's own helpers rather than from input (a hint found, a message): they
are marked so below.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.commands import Command

# -- playing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """Play an engine command. ``from_hand``: the cards were dropped from a drag, so they
    fly on from where they were let go."""

    command: Command
    from_hand: bool = False


@dataclass(frozen=True)
class NowhereToGo:
    """The player asked to move cards that have no legal place (click to move, a key)."""

    pile: int
    count: int


@dataclass(frozen=True)
class CannotLift:
    """The player tried to pick up cards that may not move together (or at all)."""

    pile: int
    position: int


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Redo:
    pass


@dataclass(frozen=True)
class Restart:
    """The same deal again (abandons the game in progress, after asking)."""


@dataclass(frozen=True)
class NewGame:
    """A new deal in the same variant and mode (abandons, after asking)."""


@dataclass(frozen=True)
class SwitchVariant:
    """A new game of another variant or mode, deal number ``seed`` if given (abandons,
    after asking)."""

    variant: str
    mode: str
    seed: int | None = None


@dataclass(frozen=True)
class PlayDeal:
    """Deal number ``seed`` of the variant and mode being played (abandons, after asking)."""

    seed: int


@dataclass(frozen=True)
class Abandon:
    """The player confirmed: leave the game in progress and do ``then``."""

    then: NewGame | Restart | SwitchVariant | PlayDeal | Quit


@dataclass(frozen=True)
class KeepSavedGame:
    """At start, a saved game with moves and a deal asked for on the command line: the
    player chose to go on with the saved game."""


# -- the solver's help --------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class AskWinnable:
    """Is this game still winnable? (full knowledge, said so)."""


@dataclass(frozen=True)
class Finish:
    """Play out a game whose every card is face up."""


@dataclass(frozen=True)
class ShowHint:
    """From the assistant: the hint found (None: no useful move is left)."""

    command: Command | None


@dataclass(frozen=True)
class ShowVerdict:
    """From the assistant: the quiet "still winnable?" indicator's verdict ("" for off):
    "thinking", "winnable", "lost", "unknown" or "won"."""

    verdict: str


@dataclass(frozen=True)
class Notify:
    """From the game's helpers: a message for the player."""

    text: str


# -- keyboard play on the table ------------------------------------------------------------------


@dataclass(frozen=True)
class FocusMove:
    """Move the keyboard focus: ``dx`` between piles, ``dy`` up (-1) or down (+1)."""

    dx: int
    dy: int


@dataclass(frozen=True)
class FocusActivate:
    """Enter: pick up the focused cards, or put the held ones down here."""


@dataclass(frozen=True)
class Back:
    """Esc on the table: let go of held cards, else leave fullscreen, else the menu."""


# -- around the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class OpenMenu:
    pass


@dataclass(frozen=True)
class OpenRules:
    pass


@dataclass(frozen=True)
class OpenStatistics:
    pass


@dataclass(frozen=True)
class OpenOptions:
    pass


@dataclass(frozen=True)
class OpenVariants:
    pass


@dataclass(frozen=True)
class OpenDealPrompt:
    pass


@dataclass(frozen=True)
class CloseScene:
    """Close the menu, page or dialog on top."""


@dataclass(frozen=True)
class ChangeSetting:
    """Set one setting. ``variant`` names the variant of a per-variant setting (deal mode,
    winnable deals only)."""

    name: str
    value: object
    variant: str | None = None


@dataclass(frozen=True)
class ResetStatistics:
    """Forget the statistics of one variant and mode, or of all (both None): asked first,
    then done when ``confirmed``."""

    variant: str | None = None
    mode: str | None = None
    confirmed: bool = False


@dataclass(frozen=True)
class ToggleFullscreen:
    pass


@dataclass(frozen=True)
class Quit:
    pass


Intent = (
    Play
    | NowhereToGo
    | CannotLift
    | Undo
    | Redo
    | Restart
    | NewGame
    | SwitchVariant
    | PlayDeal
    | Abandon
    | KeepSavedGame
    | Hint
    | AskWinnable
    | Finish
    | ShowHint
    | ShowVerdict
    | Notify
    | FocusMove
    | FocusActivate
    | Back
    | OpenMenu
    | OpenRules
    | OpenStatistics
    | OpenOptions
    | OpenVariants
    | OpenDealPrompt
    | CloseScene
    | ChangeSetting
    | ResetStatistics
    | ToggleFullscreen
    | Quit
)
