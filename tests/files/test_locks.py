"""Locks that hold (issue 22, D4 and the lock files' words): a lock file deleted or replaced
while a game runs is noticed before the next write, so two games never overwrite each
other's saved game; lock files are never followed through links, nor made outside the data
folder."""

from __future__ import annotations

import os
import sys

import pytest

from game.engine.commands import Draw
from game.files.folderlock import OWNER_LOCK, UPDATE_LOCK, FolderLock, UntrustedLock
from game.store.autosave import resume
from game.store.ownership import Role, claim_folder
from game.store.session import Session

links = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights there")


def opened(folder, seed) -> Session:
    session = Session.open(str(folder))
    session.start(session.deal("klondike", "draw1", seed))
    return session


@pytest.mark.parametrize("how", ["deleted", "replaced", "a link"])
def test_an_owner_whose_lock_file_went_stops_writing_and_says_so(tmp_path, how):
    """D4: owner.lock deleted while a game ran let a second game own the folder too, and
    the two overwrote each other's saved game."""
    first = opened(tmp_path, 3)
    first.play(Draw())
    first.take_notices()
    lock = tmp_path / OWNER_LOCK
    lock.unlink()
    if how == "replaced":
        lock.write_bytes(b"")
    elif how == "a link":
        os.symlink(tmp_path / "elsewhere", lock)
    if how == "deleted":  # a second game starts on the folder: it owns it now
        second = opened(tmp_path, 4)
        assert second.role is Role.OWNER
        second.play(Draw())
        second.play(Draw())
    first.play(Draw())  # the first writes no more ...
    assert first.role is Role.GUEST and not first.keeps_games
    [notice] = first.take_notices()
    assert f"The lock file {lock} was deleted or replaced" in notice
    first.change_settings(first.settings.__class__())  # ... neither the settings
    first.close()
    saved = resume(tmp_path)
    if how == "deleted":  # ... so the second's game is the one kept
        assert saved.game.moves_made == 2 and saved.game.deal.seed == 4
        second.close()
    else:
        assert saved.game.moves_made == 1  # the first's last save before the lock went
    assert not (tmp_path / "elsewhere").exists()


def test_an_intact_lock_is_trusted_and_an_owner_keeps_saving(tmp_path):
    owner = opened(tmp_path, 3)
    for _ in range(3):
        owner.play(Draw())
    assert owner.role is Role.OWNER and owner.take_notices() == []
    assert resume(tmp_path).game.moves_made == 3
    owner.close()


@links
def test_an_owner_lock_that_is_a_link_is_not_followed(tmp_path):
    folder, outside = tmp_path / "data", tmp_path / "outside"
    folder.mkdir()
    os.symlink(outside / "planted.lock", folder / OWNER_LOCK)
    outside.mkdir()
    claim = claim_folder(str(folder))
    assert claim.role is Role.READ_ONLY
    assert "is a link, which the game does not follow" in claim.notices[0]
    assert not (outside / "planted.lock").exists()  # nothing made outside the folder


@links
def test_an_update_lock_that_is_a_link_is_not_followed_and_is_named(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "data"
    session = opened(folder, 3)
    session.take_notices()
    (folder / UPDATE_LOCK).unlink()
    os.symlink(outside / "planted.lock", folder / UPDATE_LOCK)
    session.play(Draw())
    session.abandon()  # the result goes to the statistics, under the update lock
    notice = " ".join(session.take_notices())
    assert f"the lock file {folder / UPDATE_LOCK} is a link" in notice
    assert not (outside / "planted.lock").exists()
    session.close()


def test_an_update_lock_replaced_by_a_folder_is_named_as_such(tmp_path):
    """It was reported as "statistics.json is a folder"."""
    session = opened(tmp_path, 3)
    session.take_notices()
    (tmp_path / UPDATE_LOCK).unlink()
    (tmp_path / UPDATE_LOCK).mkdir()
    session.play(Draw())
    session.abandon()
    notice = " ".join(session.take_notices())
    assert f"the lock file {tmp_path / UPDATE_LOCK} is not a plain file" in notice, notice
    assert "statistics.json is a folder" not in notice
    session.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_lock_file_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / OWNER_LOCK)
    with pytest.raises(UntrustedLock):
        FolderLock.try_acquire(tmp_path / OWNER_LOCK)
