"""The player's games, kept: starting, resuming, abandoning and recording them; the
autosave, the settings and the statistics; each game's id. No pygame: tested headless.

How a game is kept and counted (docs/playing.md's rule, in one place):

* every change of the game (a move, an undo, a redo) is saved at once
  (``current-game.json``), and a new start resumes it exactly;
* a game counts in the statistics once it is over: won, or abandoned with at least one
  move made (a new game, a restart, another variant or mode, a deal by number, or a deal
  asked for on the command line while a game with moves is saved). Abandoning counts a
  loss; the table asks before it abandons (the controller's part);
* a game is counted once, by its id, however often it is won again after an undo;
* a game the solver played a move of ("show me") is *assisted* from then on, even if that
  move is undone (the solver's line showed cards the player could not see): won, it
  counts as solved with help, played and not won, and the mark is kept with the saved
  game and the finished one. Hints, undo and the automatic finish are free.

Whatever the disk does, the session goes on: a problem becomes a notice for the player
(``take_notices``), never an exception.

One data folder has one owner at a time (``ownership``): a second game opened on it is a
guest, which keeps no saved game and no settings, and adds its results to the statistics
as the first does, each change made to the file as it is then, under a lock. A folder that
cannot be written is said so at start, and then nothing is tried.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path

from game import i18n
from game.engine.commands import Command
from game.engine.events import Step
from game.engine.game import Game, new_game
from game.engine.savefile import EntryTexts
from game.files.folderlock import FolderLock, updating
from game.files.problems import could_not_save, could_not_save_settings, could_not_save_statistics
from game.i18n import N_, _
from game.variants.catalogue import Catalogue
from game.variants.codes import deal_code
from game.variants.player import is_builtin

from .autosave import CURRENT_GAME_FILE, GameTooLong, Resumed, clear_current, resume, save_current
from .ownership import Role, claim_folder, lost_lock_notice
from .settings import SETTINGS_FILE, Settings, load_settings, save_settings
from .statistics import (
    STATISTICS_FILE,
    Statistics,
    key_for,
    load_statistics,
    new_game_id,
    record_result,
    reset_statistics,
    update_statistics,
)
from .winnable import WinnableDeals

log = logging.getLogger(__name__)
NONE_WINNABLE = N_(
    "No deal of {variant} \u00b7 {mode} is proven winnable yet (the solver keeps looking): "
    "this one is dealt at random."
)
SEED_RANGE = 1_000_000_000  # random deals are numbered below this, easy to read aloud


class Session:
    def __init__(
        self,
        data_dir: Path,
        settings: Settings,
        stats: Statistics,
        role: Role = Role.OWNER,
        lock: FolderLock | None = None,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.catalogue = catalogue or Catalogue()  # the run's variants: known nowhere else
        self.settings = settings
        self.stats = stats
        self.role = role
        self._lock = lock  # the owner's, held until ``close``
        self._unsaved: list[Callable[[Statistics], Statistics]] = []  # not yet written
        self.winnable = WinnableDeals(self.data_dir)
        self.game: Game | None = None
        self.game_id = ""
        self.elapsed = 0.0
        self.assisted = False  # the solver played a move of this game ("show me")
        self.last_finished: Path | None = None  # the last game won or abandoned, kept
        self._notices: list[str] = []
        self._saved_marker: tuple | None = None
        self._texts = EntryTexts()  # the saved text of each move, so a save only adds
        self.language_asked: str | None = None  # --language: this run's, not kept
        self._save_failing: str | None = None  # why the last save failed (said once)

    @classmethod
    def open(cls, data_dir: str | None = None, language: str | None = None) -> Session:
        """The session of a data folder (the platform's own unless given), its settings
        and statistics loaded. A folder that cannot be made or used: a scratch folder; one
        in use: a guest; one that cannot be written: nothing kept. Each is said. The
        language: ``language`` (``--language``) if given, else the settings', else the
        system's."""
        claim = claim_folder(data_dir)
        folder = claim.folder

        def load() -> tuple:
            settings, settings_note = load_settings(folder)
            i18n.use_language(i18n.choose(language or settings.language))
            return settings, settings_note, *load_statistics(folder)

        # Read under the update lock: a bad file is set aside by one game at a time.
        guard = nullcontext() if claim.role is Role.READ_ONLY else updating(folder)
        try:
            with guard:
                settings, settings_note, stats, stats_note = load()
        except OSError:  # the lock could not be had: read anyway, the files are whole
            settings, settings_note, stats, stats_note = load()
        session = cls(folder, settings, stats, claim.role, claim.lock)
        session._notices = [n for n in (*claim.notices, settings_note, stats_note) if n]
        session.language_asked = language
        return session

    @property
    def language_setting(self) -> str:
        """The language chosen for this run: the ``--language`` flag's until the player
        picks one in Options, else the settings' ("system" or a language)."""
        return self.language_asked or self.settings.language

    @property
    def keeps_games(self) -> bool:
        """Is the game in progress kept? (Not by a guest, nor in a folder one cannot write.)"""
        if self.role is Role.OWNER and self._lock is not None and not self._lock.holds():
            self.role = Role.GUEST  # its lock file went: another game may own the folder now
            self.notify(lost_lock_notice(self._lock.path))
        return self.role is Role.OWNER

    # -- what the player sees of it -------------------------------------------------------

    def take_notices(self) -> list[str]:
        """Messages for the player since the last call (problems with files, mostly)."""
        notices, self._notices = self._notices, []
        return notices

    def notify(self, text: str) -> None:
        self._notices.append(text)

    def deal_code(self, game: Game) -> str:
        """The code to share ``game``'s deal by ("" for a custom deal)."""
        seed = game.deal.seed
        return "" if seed is None else deal_code(game.rules, seed, self.catalogue)

    @property
    def in_progress(self) -> bool:
        """A game with moves made and not won: leaving it abandons it."""
        game = self.game
        return game is not None and game.moves_made > 0 and not game.won

    # -- which game ---------------------------------------------------------------------------

    def saved_game(self) -> Resumed:
        """The game left last time (None if there is none; a bad file is set aside). A
        guest has none: the saved game is the owner's, being played."""
        if self.role is Role.GUEST:
            return Resumed(None)
        found = resume(self.data_dir, self.catalogue)
        if found.message:
            self.notify(found.message)
        return found

    def deal(self, variant: str | None = None, mode: str | None = None, seed: int | None = None):
        """A new game (not started): the variant and mode from the settings unless given;
        the deal a winnable one when the player asked for those, else a random one."""
        table = self.catalogue.find(variant or self.settings.variant, self.settings.variant)
        mode = mode or self.settings.mode_for(table.id) or table.default_mode
        if mode not in table.mode_ids():
            mode = table.default_mode
        rules = table.rules(mode)
        if seed is None and self.settings.is_winnable_only(table.id):
            seed = self.winnable.pick(rules, self.settings.winnable_grade)
            if seed is None:
                words = {"variant": _(rules.name), "mode": _(rules.mode_label)}
                self.notify(_(NONE_WINNABLE).format(**words))
        if seed is not None and not (n := rules.numbering).holds(seed):
            said = _("{variant} deals are numbered {first} to {last}: this one is dealt at random.")
            self.notify(said.format(variant=_(rules.name), first=n.first, last=n.last))
            seed = None
        if seed is None:
            seed = rules.numbering.spread(random.SystemRandom().randrange(SEED_RANGE))
        return new_game(rules, seed=seed)

    def adopt(
        self,
        game: Game,
        elapsed: float = 0.0,
        game_id: str | None = None,
        assisted: bool = False,
    ) -> None:
        """Make ``game`` the one being played, as it is (a resumed game keeps its id, its
        time and whether the solver played moves of it): nothing is counted."""
        self.game = game
        self.elapsed = elapsed
        self.game_id = game_id or new_game_id(game)
        self.assisted = assisted
        self._saved_marker = None
        self.autosave()

    def start(self, game: Game, assisted: bool = False) -> None:
        """Play ``game`` from now on; the game left behind counts as abandoned if it was in
        progress. Its mode (and variant, if built in) become the settings' choice; ``assisted``:
        it comes with moves the solver played (a finished game solved with help, played on)."""
        self.abandon()
        rules = game.rules
        variant = rules.variant if is_builtin(rules.variant) else self.settings.variant
        chosen = self.settings.with_mode(rules.variant, rules.mode)
        self.change_settings(replace(chosen, variant=variant))
        self.adopt(game, assisted=assisted)

    def branch(self, game: Game) -> None:
        """The game being played, taken back to another point of its own timeline (a
        replay's "play from here"): the same game, its moves after that point kept to
        redo; still assisted if it was."""
        self.game = game
        self._saved_marker = None
        self.autosave()

    def restart(self) -> None:
        """The same deal again, as a new game (the attempt so far is abandoned)."""
        game = self.game
        self.start(Game(game.rules, game.deal))

    def abandon(self) -> None:
        """The game in progress ends unfinished: a loss."""
        if self.in_progress:
            self._record(won=False)

    # -- playing ------------------------------------------------------------------------------

    def play(self, command: Command, by_solver: bool = False) -> Step:
        """Do ``command`` (raises ``Refused``, changing nothing, when the rules forbid it).
        ``by_solver``: a move of "show me": the game is assisted from now on."""
        step = self.game.execute(command)
        if by_solver:
            self.assisted = True
        self._changed()
        return step

    def undo(self) -> Step | None:
        step = self.game.undo()
        if step is not None:
            self._changed()
        return step

    def redo(self) -> Step | None:
        step = self.game.redo()
        if step is not None:
            self._changed()
        return step

    def tick(self, seconds: float) -> None:
        """Game time: the clock runs from the first move until the game is won."""
        game = self.game
        if game is not None and game.moves_made and not game.won:
            self.elapsed += seconds

    def _changed(self) -> None:
        if self.game.won:
            self._record(won=True)
        self.autosave()

    # -- keeping ------------------------------------------------------------------------------

    def autosave(self, force: bool = False) -> None:
        """Save the game if it changed since the last save (a won game is not kept: there
        is nothing left to resume)."""
        game = self.game
        if game is None or not self.keeps_games:
            return
        marker = (id(game), game.moves_made, len(game.redo_stack), self.assisted)
        if marker == self._saved_marker and not force:
            return
        try:
            if game.won:
                clear_current(self.data_dir)
            else:
                kept = (self.game_id, self._texts, self.assisted, self.catalogue)
                save_current(self.data_dir, game, self.elapsed, *kept)
        except OSError as exc:
            message = could_not_save(exc, self.data_dir / CURRENT_GAME_FILE)
            self._save_failed(message, message)
            return
        except GameTooLong:
            message = _(
                "The game could not be saved: at {moves} moves it is longer than a saved "
                "game may be. Start a new game to be saved again."
            ).format(moves=game.moves_made)
            self._save_failed("too long", message)
            return
        self._saved_marker = marker
        if self._save_failing is not None:
            self._save_failing = None
            self.notify(_("The game is saved again."))

    def _save_failed(self, reason: str, message: str) -> None:
        """Said once, not at every move while the disk stays full: again only when the
        reason changes, and "saved again" when a save works."""
        if reason != self._save_failing:
            self.notify(message)
        self._save_failing = reason

    def _record(self, won: bool) -> None:
        game = self.game
        key, game_id, elapsed, moves = key_for(game), self.game_id, self.elapsed, game.moves_made
        counts = not self.stats.is_recorded(game_id) and (won or moves > 0)
        deal = self.deal_code(game) or None
        helped = self.assisted
        self._update_statistics(
            lambda s: record_result(s, key, game_id, won, elapsed, moves, deal, assisted=helped)
        )
        if counts:
            self._keep_finished("won" if won else "abandoned")

    def _keep_finished(self, result: str) -> None:
        """A finished game goes to the history, to be watched (and analysed) again."""
        if not self.keeps_games:
            return
        try:
            from .gamefiles import keep_finished  # not needed by the first frame

            self.last_finished = keep_finished(
                self.data_dir, self.game, self.elapsed, result, self.assisted, self.catalogue
            )
        except OSError as exc:  # a convenience lost, not a game: no message for this
            log.info("could not keep a finished game: %s", exc)

    def reset_statistics(self, key: tuple[str, str] | None) -> None:
        self._update_statistics(lambda stats: reset_statistics(stats, key))

    def _update_statistics(self, change: Callable[[Statistics], Statistics] | None) -> None:
        """Change the statistics as the file holds them now (another game on this folder
        may have added to them), and keep them. A change that could not be written (a full
        disk) is kept and made again at the next one, or at close."""
        if change is not None:
            self._unsaved.append(change)
        changes = list(self._unsaved)

        def all_changes(stats: Statistics) -> Statistics:
            for each in changes:
                stats = each(stats)
            return stats

        if self.role is Role.READ_ONLY:
            self.stats = change(self.stats) if change is not None else self.stats
            self._unsaved.clear()
            return
        try:
            self.stats, message = update_statistics(self.data_dir, all_changes, self.stats)
        except OSError as exc:
            if change is not None:
                self.stats = change(self.stats)
                self.notify(could_not_save_statistics(exc, self.data_dir / STATISTICS_FILE))
            return
        self._unsaved.clear()
        if message:
            self.notify(message)

    def change_settings(self, settings: Settings) -> None:
        """New settings, kept at once."""
        if settings != self.settings:
            self.settings = settings
            self.save_settings()

    def remember_settings(self, settings: Settings) -> None:
        """New settings kept when the session closes (the window size, which changes at
        every step of a resize)."""
        self.settings = settings

    def save_settings(self) -> None:
        if not self.keeps_games:  # a guest leaves them to the owner; read-only: cannot
            return
        try:
            with updating(self.data_dir):  # a guest may be reading them (Windows minds)
                save_settings(self.data_dir, self.settings)
        except OSError as exc:
            self.notify(could_not_save_settings(exc, self.data_dir / SETTINGS_FILE))

    def close(self) -> None:
        """The player leaves: the game and the settings are kept, to resume next time, and
        the folder is let go. A guest's game cannot be resumed: leaving it abandons it."""
        if self.role is Role.GUEST:
            self.abandon()
        if self._unsaved:
            self._update_statistics(None)
        self.autosave(force=True)
        self.save_settings()
        if self._lock is not None:
            self._lock.release()
