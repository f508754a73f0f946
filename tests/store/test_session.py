"""The session, headless: keeping, resuming, abandoning and counting games, with no display
(``tests/test_structure.py`` checks it loads no pygame at all)."""

import errno
import json

import pytest

from game.engine.commands import Collect, Draw, Move, ToFoundation
from game.engine.refusals import Refused
from game.engine.state import WASTE
from game.store.autosave import CURRENT_GAME_FILE
from game.store.session import Session
from game.store.statistics import StatsKey, load_statistics

KLONDIKE = StatsKey("klondike", "draw1")


def started(folder, seed=3, variant="klondike") -> Session:
    session = Session.open(str(folder))
    session.start(session.deal(variant, None, seed))
    return session


def test_a_closed_session_resumes_exactly(tmp_path):
    s = started(tmp_path)
    for _ in range(4):
        s.play(Draw())
    s.undo()
    s.tick(12.5)
    s.close()
    again = Session.open(str(tmp_path))
    found = again.saved_game()
    assert found.game is not None and found.message is None
    again.adopt(found.game, found.elapsed, found.game_id)
    assert again.game.state == s.game.state and again.game.log == s.game.log
    assert again.game.redo_stack == s.game.redo_stack
    assert again.elapsed == pytest.approx(12.5) and again.game_id == s.game_id
    assert not again.take_notices()


def test_every_move_is_saved_at_once(tmp_path):
    s = started(tmp_path)
    s.play(Draw())
    data = json.loads((tmp_path / CURRENT_GAME_FILE).read_text())
    assert [entry["command"] for entry in data["log"]] == ["draw"]


def test_abandoning_a_game_with_moves_counts_a_loss_once(tmp_path):
    s = started(tmp_path)
    s.play(Draw())
    assert s.in_progress
    s.start(s.deal("klondike", None, 4))
    assert s.stats.get(KLONDIKE).played == 1 and s.stats.get(KLONDIKE).won == 0
    s.start(s.deal("klondike", None, 5))  # the new game had no moves: nothing to count
    assert s.stats.get(KLONDIKE).played == 1
    stats, _ = load_statistics(tmp_path)
    assert stats.get(KLONDIKE).played == 1


def test_restart_is_the_same_deal_as_a_new_game(tmp_path):
    s = started(tmp_path, seed=8)
    first_id = s.game_id
    s.play(Draw())
    s.tick(30)
    s.restart()
    assert s.game.deal.seed == 8 and s.game.moves_made == 0 and s.elapsed == 0
    assert s.game_id != first_id
    assert s.stats.get(KLONDIKE).played == 1  # the attempt so far was abandoned


def test_a_win_is_recorded_once_and_the_save_is_cleared(tmp_path):
    from tests.engine.test_rules_of_play import winning_game

    s = Session.open(str(tmp_path))
    _, game = winning_game("klondike")
    s.adopt(game)
    while s.game.stock_count:
        s.play(Draw())
        s.play(ToFoundation(WASTE))
    s.play(Collect())
    assert s.game.won
    s.undo()
    s.redo()
    record = s.stats.get(KLONDIKE)
    assert (record.played, record.won) == (1, 1)
    assert not (tmp_path / CURRENT_GAME_FILE).exists()
    s.start(s.deal("klondike", None, 2))  # leaving a won game is no abandon
    assert s.stats.get(KLONDIKE).played == 1


def test_a_refused_move_changes_nothing(tmp_path):
    s = started(tmp_path)
    state, log = s.game.state, list(s.game.log)
    with pytest.raises(Refused):
        s.play(Move(WASTE, s.game.layout.tableau_range.start, 1))
    assert s.game.state == state and s.game.log == log


def test_a_corrupt_save_is_set_aside_with_a_message(tmp_path):
    (tmp_path / CURRENT_GAME_FILE).write_bytes(b"[" * 1000 + b"]" * 1000)
    s = Session.open(str(tmp_path))
    found = s.saved_game()
    assert found.game is None
    [notice] = s.take_notices()
    assert CURRENT_GAME_FILE in notice
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(CURRENT_GAME_FILE + ".")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"[" * 1000 + b"]" * 1000


def test_a_save_that_fails_becomes_a_message_a_person_can_act_on(tmp_path, monkeypatch):
    s = started(tmp_path)

    def read_only(path, text, **_where):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr("game.store.autosave.write_atomic", read_only)
    s.play(Draw())
    [notice] = s.take_notices()
    assert notice == f"The game could not be saved: the folder {tmp_path} is read-only."
    assert s.game.moves_made == 1  # the move stands; the game goes on


def test_a_data_folder_that_is_a_file_leaves_the_game_playable(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    s = Session.open(str(blocker / "data"))
    [notice] = s.take_notices()
    assert "is a file, not a folder" in notice and str(blocker) in notice
    s.start(s.deal("klondike", None, 1))
    s.play(Draw())
    assert (s.data_dir / CURRENT_GAME_FILE).exists()  # kept in a scratch folder this time


def test_the_clock_runs_from_the_first_move_until_the_win(tmp_path):
    s = started(tmp_path)
    s.tick(5)
    assert s.elapsed == 0  # nothing played yet
    s.play(Draw())
    s.tick(2.5)
    assert s.elapsed == 2.5


def test_a_new_deal_takes_the_mode_from_the_settings(tmp_path):
    s = Session.open(str(tmp_path))
    s.change_settings(s.settings.with_mode("klondike", "draw3"))
    assert s.deal("klondike").rules.mode == "draw3"
    assert s.deal("klondike", "draw1").rules.mode == "draw1"


def test_a_save_that_keeps_failing_is_said_once_and_its_return_too(tmp_path, monkeypatch):
    """A full disk is not a message at every move; when a save works again, it says so."""
    from game.store import autosave

    s = started(tmp_path)
    writes = autosave.write_atomic

    def full(path, text, **_where):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr("game.store.autosave.write_atomic", full)
    for _ in range(3):
        s.play(Draw())
    full_disk = f"The game could not be saved: the disk holding {tmp_path} is full."
    assert s.take_notices() == [full_disk]
    monkeypatch.setattr("game.store.autosave.write_atomic", writes)
    s.play(Draw())
    assert s.take_notices() == ["The game is saved again."]
    assert json.loads((tmp_path / CURRENT_GAME_FILE).read_text())  # all four moves kept
    s.play(Draw())
    assert s.take_notices() == []
