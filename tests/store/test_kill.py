"""Fault injection: a game killed at random moments, and a disk that fills up.

A game process killed with SIGKILL while it plays and saves, a few hundred times
(``crash_loop.py``, a loop bounded in time in its own process): after each kill the next
start resumes the game after the last step the process finished or the one it was in the
middle of, never a damaged or lost game, and every game it left is counted once. A disk
that fills up while the game, the statistics or the settings are written: a message a
person can act on, and the previous file intact.
"""

import errno
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.commands import Draw
from game.files import atomic
from game.store.autosave import CURRENT_GAME_FILE, resume
from game.store.session import Session
from game.store.settings import SETTINGS_FILE
from game.store.statistics import STATISTICS_FILE, load_statistics

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.skipif(
    not hasattr(os, "fork") or sys.platform == "win32", reason="SIGKILL and fork are POSIX"
)
def test_a_game_killed_at_random_moments_resumes_its_last_or_next_to_last_step(tmp_path):
    seed = random.randrange(1 << 30)
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tests/app/crash_loop.py"), str(tmp_path), "45", "300"]
        + [str(seed)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=180,
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["problems"] == [], f"seed {seed}: {summary}"
    assert summary["kills"] >= 150, summary  # 300 in about 12 s on a 2-core machine
    assert summary["mid_write"] > 0  # some kills came between writing a file and renaming it
    assert summary["resumed_pending"] > 0  # some came after a save, before the step ended
    assert summary["counted"] > 0


class FillingFile:
    """A file on a disk with ``room`` bytes left: what does not fit fails with ENOSPC, at
    the write or (as some file systems report it) at the fsync."""

    def __init__(self, handle, room: int, at: str) -> None:
        self._handle, self._room, self._at = handle, room, at

    def write(self, text: str) -> int:
        if self._at == "write" and len(text) > self._room:
            self._handle.write(text[: self._room])
            raise OSError(errno.ENOSPC, "No space left on device")
        return self._handle.write(text)

    def __getattr__(self, name):
        return getattr(self._handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return self._handle.__exit__(*exc)


@pytest.fixture(params=["write", "fsync"])
def fill_disk(request, monkeypatch):
    def fill(room: int = 40) -> None:
        real_fdopen = os.fdopen
        monkeypatch.setattr(
            atomic.os,
            "fdopen",
            lambda *a, **k: FillingFile(real_fdopen(*a, **k), room, request.param),
        )
        if request.param == "fsync":

            def no_room(fd):
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr(atomic.os, "fsync", no_room)

    fill.free = monkeypatch.undo
    return fill


def strays(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_full_disk_keeps_the_last_save_and_says_so(tmp_path, fill_disk):
    session = Session.open(str(tmp_path))
    session.start(session.deal("klondike", "draw3", 5))
    session.play(Draw())
    saved = (tmp_path / CURRENT_GAME_FILE).read_bytes()
    fill_disk()
    session.play(Draw())
    session.play(Draw())
    expected = f"The game could not be saved: the disk holding {tmp_path} is full."
    assert session.take_notices() == [expected]  # once, not at every move
    assert (tmp_path / CURRENT_GAME_FILE).read_bytes() == saved and strays(tmp_path) == []
    assert session.game.moves_made == 3  # the game goes on
    fill_disk.free()
    session.play(Draw())
    assert session.take_notices() == ["The game is saved again."]
    assert resume(tmp_path).game.moves_made == 4


def test_a_full_disk_keeps_the_statistics_and_settings_as_they_were(tmp_path, fill_disk):
    session = Session.open(str(tmp_path))
    session.start(session.deal("klondike", "draw3", 5))
    session.play(Draw())
    session.start(session.deal("klondike", "draw3", 6))  # one game counted, kept
    stats_before = (tmp_path / STATISTICS_FILE).read_bytes()
    settings_before = (tmp_path / SETTINGS_FILE).read_bytes()
    session.play(Draw())
    fill_disk()
    session.start(session.deal("klondike", "draw1", 7))  # another, and a new mode chosen
    notices = session.take_notices()
    assert f"The statistics could not be saved: the disk holding {tmp_path} is full." in notices
    assert f"The settings could not be saved: the disk holding {tmp_path} is full." in notices
    assert (tmp_path / STATISTICS_FILE).read_bytes() == stats_before
    assert (tmp_path / SETTINGS_FILE).read_bytes() == settings_before
    assert strays(tmp_path) == []
    assert session.stats.get(("klondike", "draw3")).played == 2  # counted, to be written
    fill_disk.free()
    session.close()  # room again: what could not be written is written now
    assert load_statistics(tmp_path)[0].get(("klondike", "draw3")).played == 2
