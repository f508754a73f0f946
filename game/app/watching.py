"""What the controller does for replays, "show me", "where was it lost?" and game files.

A game to watch is named by a *source*: None for the game being played, else the path of
a game file (one the player opened, or a finished game kept in the history). Watching
never changes the game being played; "play from here" does, as the player's own step:
for the game being played it goes back to that point (its later moves stay to redo), for
another game it starts that game as a new one, after asking if a game is in progress.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.game import Game
from game.files.problems import printable, why
from game.i18n import _
from game.i18n.wording import analysis_result, last_game_result
from game.view import intents as i

if TYPE_CHECKING:
    from game.view.replay import ReplayScene

    from .analyst import Analyst

# The replay, the analyst, the file browser and the game files load when first used: the
# first frame needs none of them (tests/app/test_first_frame_imports.py).


def replay_scene_type() -> type[ReplayScene] | None:
    """The replay's scene class once the replay is loaded, else None: no replay can be on
    the scene stack before then, and asking must not load it."""
    module = sys.modules.get("game.view.replay")
    return None if module is None else module.ReplayScene


def gamefiles():
    from game.store import gamefiles as module

    return module


def analyses_kept() -> int:
    """Analyses kept: as many as the history keeps games, and the game being played."""
    return gamefiles().HISTORY_KEPT + 1


def browsing():
    from . import browsing as module

    return module


class Watching:
    def __init__(self, controller) -> None:
        self.c = controller
        self._analyst: Analyst | None = None
        # source -> its last analysis, the newest last: as many as the history keeps games,
        # and the game being played (a session of a thousand games keeps no more)
        self.analyses: dict[str | None, object] = {}

    @property
    def analyst(self) -> Analyst:
        if self._analyst is None:
            from .analyst import Analyst

            self._analyst = Analyst(self.c.apply, self.c.assistant.budget)
        return self._analyst

    def replay_scene(self) -> ReplayScene | None:
        """The replay on the scene stack, if one is."""
        kind = replay_scene_type()
        return None if kind is None else self.c.scenes.find(kind)

    def handlers(self) -> dict[type, Callable]:
        return {
            i.OpenReplay: self.open_replay,
            i.ReplayStep: lambda it: self._replay(lambda r: r.step(it.delta)),
            i.ReplaySeek: lambda it: self._replay(lambda r: r.seek(it.move)),
            i.ReplayToggle: lambda it: self._replay(lambda r: r.toggle()),
            i.ReplaySpeed: lambda it: self._replay(lambda r: r.faster(it.delta)),
            i.ReplayBranch: self.branch,
            i.CloseReplay: lambda it: self._close(),
            i.ShowMe: lambda it: self.c.assistant.show_me(),
            i.StopDemo: self.stop_demo,
            i.WhereLost: self.where_lost,
            i.ShowAnalysis: self.show_analysis,
            i.ExportGame: self.export,
            i.OpenGameFile: self.open_file,
            i.OpenHistory: lambda it: self.c.open_menu("history_menu", self.history()),
        }

    # -- which game ------------------------------------------------------------------------------

    def game_of(self, source: str | None) -> Game | str:
        """A copy of the game ``source`` names, as played up to its position (moves taken
        back are not shown as played: undo is the position), or why it cannot be had."""
        if source is None:
            return self.c.session.game.played_copy()
        found = gamefiles().read_game(Path(source), self.c.session.catalogue)
        return found if isinstance(found, str) else found.game.played_copy()

    def assisted(self, source: str | None) -> bool:
        """Did the solver play moves of the game ``source`` names ("show me")? Its win is
        then solved with help, on the timeline and when played on from it."""
        if source is None:
            return self.c.session.assisted
        found = gamefiles().read_game(Path(source), self.c.session.catalogue)
        return not isinstance(found, str) and found.assisted

    def history(self) -> list:
        session = self.c.session
        return gamefiles().finished_games(session.data_dir, catalogue=session.catalogue)

    # -- the timeline --------------------------------------------------------------------------

    def open_replay(self, intent: i.OpenReplay) -> None:
        game = self.game_of(intent.source)
        if isinstance(game, str):
            self.c.table.say(game, error=True)
            return
        analysis = self.analyses.get(intent.source)
        losing = getattr(analysis, "lost_at", None)
        c = self.c
        c.scenes.close_overlays()
        if self.replay_scene() is not None:
            c.scenes.clear()
        from game.view.replay import ReplayScene

        scene = ReplayScene(
            c.table.layout_size(),
            game,
            c.table.options,
            at=intent.at,
            source=intent.source,
            losing_move=losing,
        )
        c.scenes.push(scene)

    def _replay(self, action: Callable[[ReplayScene], None]) -> None:
        scene = self.replay_scene()
        if scene is not None:
            action(scene)

    def _close(self) -> None:
        if self.replay_scene() is not None:
            self.c.scenes.clear()

    def branch(self, intent: i.ReplayBranch, confirmed: bool = False) -> None:
        """Play on from the position watched (``confirmed``: the player agreed to leave the
        game in progress for it)."""
        scene = self.replay_scene()
        if scene is None:
            return
        session, c = self.c.session, self.c
        if scene.source is None:
            session.branch(scene.game.copy())
        elif session.in_progress and not confirmed:
            c.open_menu("abandon_question", intent)
            return
        else:  # the solver's moves, if it played any, are there to redo: still helped
            session.start(scene.game.copy(), assisted=self.assisted(scene.source))
        c.scenes.clear()
        c.table.show(session.game, animate=False)
        c.position_changed()

    def stop_demo(self, _intent=None) -> None:
        """The player's key or click stops "show me"; its message, which says how to stop
        it, goes too."""
        self.c.assistant.stop_finishing()
        self.c.table.hush()

    # -- where was it lost? ------------------------------------------------------------------------

    def where_lost(self, intent: i.WhereLost) -> None:
        source = intent.source
        if source is None:
            scene = self.replay_scene()
            source = scene.source if scene is not None else None
        game = self.game_of(source)
        if isinstance(game, str):
            self.c.table.say(game, error=True)
            return
        if not game.moves_made:
            self.c.table.say(_("No move has been made yet: nothing can have been lost."))
            return
        self.analyst.start(game, source, quiet=intent.quiet)

    def show_analysis(self, intent: i.ShowAnalysis) -> None:
        analysis = intent.analysis
        self.analyses.pop(intent.source, None)
        self.analyses[intent.source] = analysis
        while len(self.analyses) > analyses_kept():
            del self.analyses[next(iter(self.analyses))]
        game = self.game_of(intent.source)
        if isinstance(game, str):
            return
        if intent.quiet:  # about a game just left: say it, do not take the player away
            text = last_game_result(analysis, game)
            if text is not None:
                self.c.table.say(text)
            return
        text = analysis_result(analysis, game)
        if analysis.losing_move is not None:
            # On the timeline, just before the move that lost it: "try again from here".
            self.open_replay(i.OpenReplay(intent.source, at=analysis.last_winnable_move))
            scene = self.replay_scene()
            scene.table.say(text)
        else:
            self.c.table.say(text)

    # -- game files --------------------------------------------------------------------------------

    def export(self, intent: i.ExportGame) -> None:
        """Save the game: at once into the games folder under a name of its own (Ctrl+S),
        or to the path ``intent`` names."""
        c = self.c
        game = c.session.game
        files, paths = gamefiles(), browsing()
        path = paths.expand(intent.path) if intent.path is not None else None
        if isinstance(path, str):  # "~someone" with no such home folder
            c.table.say(path, error=True)
            return
        try:
            helped, tables = c.session.assisted, c.session.catalogue
            if path is None:
                path = files.save_new(
                    c.session.data_dir, game, c.session.elapsed, helped, catalogue=tables
                )
            else:
                files.write_game(path, game, c.session.elapsed, assisted=helped, catalogue=tables)
        except OSError as exc:
            where = path or files.games_folder(c.session.data_dir) / files.suggested_name(game)
            if isinstance(exc.filename, str):  # the file or folder that failed
                where = Path(exc.filename)
            c.table.say(
                _("The game could not be saved to a file: {why}.").format(
                    why=why(exc, where, True)
                ),
                error=True,
            )
            return
        # One line names the file; where it is (a long path) is one key away.
        if intent.path is None:
            text = _("The game was saved as {name}; Ctrl+O lists the saved games.")
        else:
            text = _("The game was saved as {name}.")
        where = _("The game was saved to {path}.").format(path=paths.shown_path(path))
        c.table.say(text.format(name=printable(Path(path).name)), details=where)

    def open_file(self, intent: i.OpenGameFile) -> None:
        c = self.c
        if intent.path is None:
            c.open_menu("file_browser")
            return
        found = gamefiles().read_game(Path(intent.path), self.c.session.catalogue)
        if isinstance(found, str):
            c.table.say(found, error=True)
            return
        c.scenes.close_overlays()
        self.open_replay(i.OpenReplay(str(found.path)))

    def step(self) -> None:
        if self._analyst is not None:
            self._analyst.step()

    @property
    def busy(self) -> bool:
        return self._analyst is not None and self._analyst.busy
