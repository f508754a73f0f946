"""Everything a player can ask for, as frozen values.

The pointer, the keyboard (through the key map), the toolbar, the menus and dialogs all
turn input into intents; nothing else travels upward. The controller
(``game.app.controller``) is the one place where an intent meets the game. A few intents
come from the game's own helpers rather than from input (a hint found, a message): they
are marked so below.
"""

from __future__ import annotations

from game.engine.commands import Command

from .frozen import Frozen

# -- playing ----------------------------------------------------------------------------------


class Play(Frozen):
    """Play an engine command. ``from_hand``: the cards were dropped from a drag, so they
    fly on from where they were let go. ``by_itself``: a move of an automatic finish or a
    demo, not the player's. ``by_solver``: a move of the demo ("show me"), which the
    solver found seeing every card: the game is then solved with help, not won."""

    command: Command
    from_hand: bool = False
    by_itself: bool = False
    by_solver: bool = False


class NowhereToGo(Frozen):
    """The player asked to move cards that have no legal place (click to move, a key)."""

    pile: int
    count: int


class CannotLift(Frozen):
    """The player tried to pick up cards that may not move together (or at all)."""

    pile: int
    position: int


class Undo(Frozen):
    pass


class Redo(Frozen):
    pass


class Restart(Frozen):
    """The same deal again (abandons the game in progress, after asking)."""


class NewGame(Frozen):
    """A new deal in the same variant and mode (abandons, after asking)."""


class SwitchVariant(Frozen):
    """A new game of another variant or mode, deal number ``seed`` if given (abandons,
    after asking)."""

    variant: str
    mode: str
    seed: int | None = None


class PlayDeal(Frozen):
    """Deal number ``seed`` of the variant and mode being played (abandons, after asking)."""

    seed: int


class Abandon(Frozen):
    """The player confirmed: leave the game in progress and do ``then``."""

    then: NewGame | Restart | SwitchVariant | PlayDeal | ReplayBranch | Quit


class KeepSavedGame(Frozen):
    """At start, a saved game with moves and a deal asked for on the command line: the
    player chose to go on with the saved game."""


# -- the solver's help --------------------------------------------------------------------------


class Hint(Frozen):
    pass


class AskWinnable(Frozen):
    """Is this game still winnable? (full knowledge, said so)."""


class Finish(Frozen):
    """Play out a game whose every card is face up."""


class ShowHint(Frozen):
    """From the assistant: the hint found (None: no useful move is left); ``winning``
    False when no winning line was found in time and the move is the heuristic's."""

    command: Command | None
    winning: bool = True


class ShowVerdict(Frozen):
    """From the assistant: the quiet "still winnable?" indicator's verdict ("" for off):
    "thinking", "winnable", "lost", "unknown" or "won"."""

    verdict: str


class Notify(Frozen):
    """From the game's helpers: a message for the player; ``about`` the position (engine
    state) it speaks of, if one: it is not shown once that position is left."""

    text: str
    about: object = None


# -- keyboard play on the table ------------------------------------------------------------------


class FocusMove(Frozen):
    """Move the keyboard focus: ``dx`` between piles, ``dy`` up (-1) or down (+1)."""

    dx: int
    dy: int


class FocusActivate(Frozen):
    """Enter: pick up the focused cards, or put the held ones down here."""


class Back(Frozen):
    """Esc on the table: let go of held cards, else leave fullscreen, else the menu."""


# -- around the table ----------------------------------------------------------------------------


class OpenMenu(Frozen):
    pass


class OpenRules(Frozen):
    variant: str | None = None  # the chooser's game; None: the game played


class OpenChooser(Frozen):
    first_start: bool = False  # opened by itself: leaving it says how to open it again


class OpenKeys(Frozen):
    """The keys page: every key of the game, from the key map."""


class OpenLastMessage(Frozen):
    """The last message in full, with its details (a message shows one line)."""


class OpenStatistics(Frozen):
    pass


class OpenOptions(Frozen):
    pass


class OpenVariants(Frozen):
    """The Variants menu; with ``variant``, the menu of that variant's deal modes; with
    ``family``, the menu of that family's games."""

    variant: str | None = None
    family: str | None = None


class OpenDealPrompt(Frozen):
    pass


class ShowTableProblem(Frozen):
    """A player's table that cannot be played, chosen in the Variants menu: why not."""

    name: str  # its file's name
    problem: str  # file, line and problem


class OpenSubmenu(Frozen):
    """A menu of the main menu's: ``name`` is the function of ``game.app.menus`` that
    builds it."""

    name: str


class CloseScene(Frozen):
    """Close the menu, page or dialog on top."""


class CloseMenus(Frozen):
    """Close every menu, page and dialog (a choice was made in a submenu)."""


class ChangeSetting(Frozen):
    """Set one setting. ``variant`` names the variant of a per-variant setting (deal mode,
    winnable deals only)."""

    name: str
    value: object
    variant: str | None = None


class ResetStatistics(Frozen):
    """Forget the statistics of one variant and mode, or of all (both None): asked first,
    then done when ``confirmed``."""

    variant: str | None = None
    mode: str | None = None
    confirmed: bool = False


# -- replays, demos and the analysis ---------------------------------------------------------


class OpenReplay(Frozen):
    """Watch a game from its deal: the one being played (``source`` None), a finished one
    kept in the history, or a game file (``source``: its path). ``at``: the move to show
    first (the end when None)."""

    source: str | None = None
    at: int | None = None


class ReplayStep(Frozen):
    """One move forward (+1) or back (-1)."""

    delta: int


class ReplaySeek(Frozen):
    """Jump to the position after ``move`` moves (``-1``: the end)."""

    move: int


class ReplayToggle(Frozen):
    """Play or pause."""


class ReplaySpeed(Frozen):
    """Faster (+1) or slower (-1)."""

    delta: int


class CloseReplay(Frozen):
    """Leave the replay (the game being played is as it was)."""


class ReplayBranch(Frozen):
    """Play on from the position shown: a new branch of the game (the original moves
    stay to redo, and the game watched is kept)."""


class ShowMe(Frozen):
    """The solver plays its winning line from here, for the player to watch."""


class StopDemo(Frozen):
    pass


class WhereLost(Frozen):
    """Find where a game was lost: the one watched, or the one being played (``source``
    as in OpenReplay). ``quiet``: a game just left, analysed with no fuss."""

    source: str | None = None
    quiet: bool = False


class ShowAnalysis(Frozen):
    """From the analysis: its result, for the game ``source`` names (as in OpenReplay)."""

    source: str | None
    analysis: object
    quiet: bool = False


class ExportGame(Frozen):
    """Write the game being played to a game file (``path`` None: ask where)."""

    path: str | None = None


class OpenGameFile(Frozen):
    """Open a game file to watch or go on with (``path`` None: ask which)."""

    path: str | None = None


class OpenHistory(Frozen):
    """The list of finished games, to watch again."""


class ToggleFullscreen(Frozen):
    pass


class Quit(Frozen):
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
    | OpenChooser
    | OpenKeys
    | OpenLastMessage
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
