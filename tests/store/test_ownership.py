"""One data folder, one owner: a second game is a guest that loses nobody's statistics and
overwrites nobody's saved game; a folder that cannot be written is said so at start."""

import errno
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.engine.commands import Draw
from game.files import folderlock
from game.files.folderlock import OWNER_LOCK, FolderLock
from game.store import ownership
from game.store.autosave import CURRENT_GAME_FILE, resume
from game.store.ownership import Role
from game.store.session import Session
from game.store.statistics import StatsKey, load_statistics

KLONDIKE = StatsKey("klondike", "draw1")


def opened(folder, seed=3) -> Session:
    session = Session.open(str(folder))
    session.start(session.deal("klondike", "draw1", seed))
    return session


def abandon_one(session: Session, seed: int) -> None:
    """Play a move, then deal again: the game counts as lost."""
    session.play(Draw())
    session.start(session.deal("klondike", "draw1", seed))


def test_a_second_game_on_a_folder_in_use_is_a_guest_and_says_so(tmp_path):
    owner = opened(tmp_path)
    owner.play(Draw())
    saved = (tmp_path / CURRENT_GAME_FILE).read_bytes()
    guest = Session.open(str(tmp_path))
    assert owner.role is Role.OWNER and guest.role is Role.GUEST
    [notice] = guest.take_notices()
    assert "Another game is open on the data folder" in notice and str(tmp_path) in notice
    assert guest.saved_game().game is None  # the owner's game is not the guest's to take
    guest.start(guest.deal("klondike", "draw3", 9))
    for _ in range(3):
        guest.play(Draw())
    guest.change_settings(guest.settings.with_mode("klondike", "draw3"))
    guest.close()
    assert (tmp_path / CURRENT_GAME_FILE).read_bytes() == saved  # never overwritten
    assert not guest.take_notices()  # nothing failed: it simply was not written
    assert resume(tmp_path).game.log == owner.game.log
    stats, _ = load_statistics(tmp_path)
    assert stats.get(("klondike", "draw3")).played == 1  # left unfinished: a loss
    owner.close()
    assert Session.open(str(tmp_path)).settings.mode_for("klondike") == "draw1"


def test_both_games_results_are_kept(tmp_path):
    """Each result is added to the file as it is then: neither game overwrites the other's."""
    owner = opened(tmp_path, 1)
    guest = opened(tmp_path, 2)
    assert guest.role is Role.GUEST
    for n in range(5):
        abandon_one(owner, 10 + n)
        abandon_one(guest, 20 + n)
    assert load_statistics(tmp_path)[0].get(KLONDIKE).played == 10
    assert owner.stats.get(KLONDIKE).played == 9  # it saw the file as it was at its last
    owner.close()
    guest.close()
    assert load_statistics(tmp_path)[0].get(KLONDIKE).played == 10


def test_closing_lets_the_folder_go(tmp_path):
    first = opened(tmp_path)
    first.close()
    assert Session.open(str(tmp_path)).role is Role.OWNER


def test_the_lock_dies_with_its_process(tmp_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from game.store.session import Session\n"
            f"s = Session.open({str(tmp_path)!r})\n"
            "print(s.role, flush=True)\n"
            "time.sleep(60)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "owner"
        assert Session.open(str(tmp_path)).role is Role.GUEST
    finally:
        holder.kill()  # SIGKILL: no chance to let go by itself
        holder.wait()
    assert (tmp_path / OWNER_LOCK).exists()  # the file stays; its lock does not
    assert Session.open(str(tmp_path)).role is Role.OWNER


def test_a_lock_is_one_holder_at_a_time(tmp_path):
    path = tmp_path / "x.lock"
    first = FolderLock.try_acquire(path)
    assert first is not None and first.held
    assert FolderLock.try_acquire(path) is None
    first.release()
    again = FolderLock.try_acquire(path)
    assert again is not None
    again.release()


def test_leftover_temporary_files_are_swept_by_the_owner_only(tmp_path):
    stray = tmp_path / f".{CURRENT_GAME_FILE}.k1ll3d.tmp"
    theirs = tmp_path / ".notes.txt.tmp"  # not a file of ours
    owner = Session.open(str(tmp_path))
    stray.write_text("{half a save")
    theirs.write_text("keep")
    Session.open(str(tmp_path))  # a guest: another game may be writing
    assert stray.exists()
    owner.close()
    Session.open(str(tmp_path))
    assert not stray.exists() and theirs.read_text() == "keep"


# -- a folder that cannot be written, or read -------------------------------------------------


def refuse_writes(*_args, **_kwargs):
    raise PermissionError(errno.EACCES, "Permission denied")


def test_a_read_only_folder_is_said_at_start_and_nothing_is_tried(tmp_path, monkeypatch):
    monkeypatch.setattr(ownership, "probe_writable", refuse_writes)
    monkeypatch.setattr("game.files.atomic.write_atomic", refuse_writes)
    session = Session.open(str(tmp_path))
    assert session.role is Role.READ_ONLY
    assert session.take_notices() == [
        f"Your games cannot be kept: the folder {tmp_path} is read-only. "
        "You can play, but nothing is saved."
    ]
    session.start(session.deal("klondike", None, 1))
    abandon_one(session, 2)
    session.close()
    assert not session.take_notices()  # said once, at start, not at every move
    assert session.stats.get(KLONDIKE).played == 1  # counted for this session
    assert not any(tmp_path.iterdir())


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder really not writable: by permissions, or (for root, whom permissions do not
    stop) by the immutable attribute."""
    folder = tmp_path / "data"
    folder.mkdir()
    if sys.platform == "win32":
        pytest.skip("Windows folders have no read-only bit that stops new files")
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if root:
        chattr = shutil.which("chattr")
        if not chattr or subprocess.run([chattr, "+i", folder], capture_output=True).returncode:
            pytest.skip("running as root on a file system without the immutable attribute")
        undo = [chattr, "-i", folder]
    else:
        folder.chmod(0o555)
        undo = None
    try:
        yield folder
    finally:
        if undo:
            subprocess.run(undo, check=True)
        folder.chmod(0o755)


def test_a_really_read_only_folder(read_only_folder):
    session = Session.open(str(read_only_folder))
    assert session.role is Role.READ_ONLY
    [notice] = session.take_notices()
    assert notice.startswith("Your games cannot be kept: ") and str(read_only_folder) in notice
    assert "[Errno" not in notice
    session.start(session.deal("klondike", None, 1))
    session.play(Draw())
    session.close()
    assert not session.take_notices()


def test_an_unreadable_folder_leaves_the_game_playable_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setattr(ownership.os, "listdir", refuse_writes)
    session = Session.open(str(tmp_path))
    [notice] = session.take_notices()
    assert f"{tmp_path} may not be read" in notice and "This time they live in" in notice
    assert session.role is Role.OWNER and session.data_dir != tmp_path


# -- two processes -----------------------------------------------------------------------------

PLAYER = textwrap.dedent(
    """
    import json, sys
    from game.store.session import Session
    from game.engine.commands import Collect, Draw, ToFoundation
    from game.engine.state import WASTE
    from tests.engine.test_rules_of_play import winning_game

    folder, name, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    session = Session.open(folder)
    print(json.dumps({"role": session.role, "notices": session.take_notices()}), flush=True)
    sys.stdin.readline()  # both start playing together
    wins = 0
    for n in range(rounds):
        if n % 3 == 0:  # a win
            _, game = winning_game("klondike")
            session.start(game)
            while session.game.stock_count:
                session.play(Draw())
                session.play(ToFoundation(WASTE))
            session.play(Collect())
            wins += 1
        else:  # a game left for another: a loss
            session.start(session.deal("klondike", "draw1", n))
            session.play(Draw())
    session.start(session.deal("klondike", "draw1", 999))
    session.play(Draw())
    session.play(Draw())
    session.close()
    print(json.dumps({"wins": wins, "notices": session.take_notices(), "id": session.game_id}))
    """
)


def test_two_game_processes_on_one_folder(tmp_path):
    """Every finished game of both is counted; the owner's saved game is its own."""
    import json

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rounds = 30

    def start(name):
        return subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(tmp_path), name, str(rounds)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=root,
        )

    first = start("first")
    hello_first = json.loads(first.stdout.readline())
    second = start("second")
    hello_second = json.loads(second.stdout.readline())
    assert hello_first == {"role": "owner", "notices": []}
    assert hello_second["role"] == "guest"
    assert "Another game is open" in hello_second["notices"][0]
    for proc in (first, second):
        proc.stdin.write("go\n")
        proc.stdin.flush()
    outs = [json.loads(proc.communicate(timeout=120)[0]) for proc in (first, second)]
    assert first.returncode == 0 and second.returncode == 0
    assert outs[0]["notices"] == [] and outs[1]["notices"] == []
    stats, message = load_statistics(tmp_path)
    assert message is None
    record = stats.get(KLONDIKE)
    wins = outs[0]["wins"] + outs[1]["wins"]
    # Every game of both, but the owner's last, which is saved to go on with; the guest's
    # last counts as lost when it closes.
    assert (record.played, record.won) == (2 * rounds + 1, wins)
    saved = resume(tmp_path)
    assert saved.game_id == outs[0]["id"] and saved.game.moves_made == 2


def test_on_screen_a_guest_says_so_and_asks_before_quitting(tmp_path):
    import pygame

    from game.view import intents as i
    from game.view.widgets.dialogs import ConfirmDialog
    from tests.app.app_helpers import make_app, play, settle

    owner = make_app(tmp_path, "--variant", "klondike", "--seed", "4")
    guest = make_app(tmp_path, "--variant", "klondike", "--seed", "5")
    assert "Another game is open on the data folder" in guest.table.toast.text
    assert guest.table.toast.error
    settle(guest)
    play(guest, Draw())
    guest.handle_event(pygame.event.Event(pygame.QUIT))
    assert guest.running and isinstance(guest.scenes.top, ConfirmDialog)
    guest.controller.apply(i.CloseScene())  # "keep playing"
    assert guest.running
    guest.handle_event(pygame.event.Event(pygame.QUIT))  # closing the window again: quit
    assert not guest.running
    assert load_statistics(tmp_path)[0].get(KLONDIKE).played == 1
    owner.controller.apply(i.Quit())  # no question: the owner keeps its game
    assert not owner.controller.running


def test_no_home_folder_at_all_leaves_the_game_playable(monkeypatch):
    from pathlib import Path

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", no_home)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)
    session = Session.open(None)
    [notice] = session.take_notices()
    assert notice.startswith("Your games cannot be kept") and "This time they live in" in notice
    assert session.role is Role.OWNER


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="file names of any bytes")
def test_a_file_name_that_is_not_utf8_is_shown_not_crashed_on(tmp_path):
    import pygame

    from tests.app.app_helpers import frame, make_app

    blocker = os.fsdecode(os.fsencode(str(tmp_path)) + b"/caf\xe9")
    with open(blocker, "w") as handle:
        handle.write("a file")
    app = make_app(blocker + "/games")
    assert "caf\ufffd is a file, not a folder" in app.table.toast.text
    frame(app, 3)  # drawn: a font takes no lone surrogate
    assert pygame.display.get_surface() is not None


def test_the_windows_lock_code_path_with_a_stand_in_for_msvcrt(monkeypatch, tmp_path):
    """Windows cannot be run here: its branch of ``folderlock`` is loaded with a stand-in
    ``msvcrt`` that keeps Windows' rules (a byte-range lock per open file; a held lock
    refused with EACCES at once under LK_NBLCK), to show the branch locks, refuses a second
    holder, and lets go."""
    import types

    held: dict[tuple, int] = {}  # (file identity, offset) -> the fd holding it

    def locking(fd, mode, nbytes):
        key = (os.fstat(fd).st_ino, os.lseek(fd, 0, os.SEEK_CUR))
        if mode == fake.LK_UNLCK:
            held.pop(key, None)
        elif held.get(key, fd) != fd:
            raise PermissionError(errno.EACCES, "Permission denied")
        else:
            held[key] = fd

    fake = types.SimpleNamespace(LK_NBLCK=2, LK_UNLCK=0, locking=locking)
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    source = Path(folderlock.__file__).read_text()
    assert source.count('if os.name == "nt":') == 1
    windows = types.ModuleType("folderlock_on_windows")
    code = compile(source.replace('if os.name == "nt":', "if True:"), "folderlock.py", "exec")
    exec(code, windows.__dict__)  # the Windows branch, on this system
    assert windows.msvcrt is fake

    first = windows.FolderLock.try_acquire(tmp_path / "owner.lock")
    assert first is not None and first.held
    assert windows.FolderLock.try_acquire(tmp_path / "owner.lock") is None
    with pytest.raises(TimeoutError):
        with windows.updating(tmp_path, wait=0.05):
            with windows.updating(tmp_path, wait=0.05):
                pass
    first.release()
    again = windows.FolderLock.try_acquire(tmp_path / "owner.lock")
    assert again is not None
    again.release()
