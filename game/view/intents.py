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

# Watching a game on its timeline: intents of their own module, named here as all others.
from .replay_intents import (
    CloseReplay,
    OpenReplay,
    ReplayBranch,
    ReplaySeek,
    ReplaySpeed,
    ReplayStep,
    ReplayToggle,
)

# -- playing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """Play an engine command. ``from_hand``: the cards were dropped from a drag, so they
    fly on from where they were let go. ``by_itself``: a move of an automatic finish or a
    demo, not the player's. ``by_solver``: a move of the demo ("show me"), which the
    solver found seeing every card: the game is then solved with help, not won."""

    command: Command
    from_hand: bool = False
    by_itself: bool = False
    by_solver: bool = False


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

    then: NewGame | Restart | SwitchVariant | PlayDeal | ReplayBranch | Quit


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
    """From the assistant: the hint found (None: no useful move is left); ``winning``
    False when no winning line was found in time and the move is the heuristic's."""

    command: Command | None
    winning: bool = True


@dataclass(frozen=True)
class ShowVerdict:
    """From the assistant: the quiet "still winnable?" indicator's verdict ("" for off):
    "thinking", "winnable", "lost", "unknown" or "won"."""

    verdict: str


@dataclass(frozen=True)
class Notify:
    """From the game's helpers: a message for the player; ``about`` the position (engine
    state) it speaks of, if one: it is not shown once that position is left."""

    text: str
    about: object = None


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
    variant: str | None = None  # the chooser's game; None: the game played


@dataclass(frozen=True)
class OpenChooser:
    first_start: bool = False  # opened by itself: leaving it says how to open it again


@dataclass(frozen=True)
class OpenKeys:
    """The keys page: every key of the game, from the key map."""


@dataclass(frozen=True)
class OpenLastMessage:
    """The last message in full, with its details (a message shows one line)."""


@dataclass(frozen=True)
class OpenStatistics:
    pass


@dataclass(frozen=True)
class OpenOptions:
    pass


@dataclass(frozen=True)
class OpenVariants:
    """The Variants menu; with ``variant``, the menu of that variant's deal modes."""

    variant: str | None = None


@dataclass(frozen=True)
class OpenDealPrompt:
    pass


@dataclass(frozen=True)
class ShowTableProblem:
    """A player's table that cannot be played, chosen in the Variants menu: why not."""

    name: str  # its file's name
    problem: str  # file, line and problem


@dataclass(frozen=True)
class OpenSubmenu:
    """A menu of the main menu's: ``name`` is the function of ``game.app.menus`` that
    builds it."""

    name: str


@dataclass(frozen=True)
class CloseScene:
    """Close the menu, page or dialog on top."""


@dataclass(frozen=True)
class CloseMenus:
    """Close every menu, page and dialog (a choice was made in a submenu)."""


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


# -- replays, demos and the analysis ---------------------------------------------------------


@dataclass(frozen=True)
class ShowMe:
    """The solver plays its winning line from here, for the player to watch."""


@dataclass(frozen=True)
class StopDemo:
    pass


@dataclass(frozen=True)
class WhereLost:
    """Find where a game was lost: the one watched, or the one being played (``source``
    as in OpenReplay). ``quiet``: a game just left, analysed with no fuss."""

    source: str | None = None
    quiet: bool = False


@dataclass(frozen=True)
class ShowAnalysis:
    """From the analysis: its result, for the game ``source`` names (as in OpenReplay)."""

    source: str | None
    analysis: object
    quiet: bool = False


@dataclass(frozen=True)
class ExportGame:
    """Write the game being played to a game file (``path`` None: ask where)."""

    path: str | None = None


@dataclass(frozen=True)
class OpenGameFile:
    """Open a game file to watch or go on with (``path`` None: ask which)."""

    path: str | None = None


@dataclass(frozen=True)
class OpenHistory:
    """The list of finished games, to watch again."""


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
    | OpenLastMessage
    | OpenKeys
    | OpenChooser
    | OpenStatistics
    | OpenOptions
    | OpenVariants
    | OpenDealPrompt
    | OpenSubmenu
    | CloseScene
    | CloseMenus
    | ChangeSetting
    | ResetStatistics
    | OpenReplay
    | ReplayStep
    | ReplaySeek
    | ReplayToggle
    | ReplaySpeed
    | ReplayBranch
    | CloseReplay
    | ShowMe
    | StopDemo
    | WhereLost
    | ShowAnalysis
    | ExportGame
    | OpenGameFile
    | OpenHistory
    | ToggleFullscreen
    | Quit
)
