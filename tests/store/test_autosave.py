import json
import os

import pytest

from game.engine.game import new_game
from game.engine.savefile import game_to_dict
from game.store import autosave
from game.store.autosave import (
    CURRENT_GAME_FILE,
    clear_current,
    load_current,
    resume,
    save_current,
)
from game.variants import get_variant


def played(variant="klondike", seed=7, steps=30, undos=3):
    game = new_game(get_variant(variant).rules(), seed=seed)
    for i in range(steps):
        moves = game.legal_moves()
        game.execute(moves[i % len(moves)])
    for _ in range(undos):
        game.undo()
    return game


def aside(folder):
    return sorted(p for p in folder.iterdir() if p.name.startswith(CURRENT_GAME_FILE + "."))


def same_game(a, b):
    assert a.rules == b.rules and a.deal == b.deal
    assert a.state == b.state and a.initial == b.initial
    assert a.log == b.log and a.redo_stack == b.redo_stack


@pytest.mark.parametrize("variant", ["klondike", "saratoga", "double-klondike"])
def test_save_then_load_is_the_same_game(tmp_path, variant):
    game = played(variant)
    assert game.log and game.redo_stack
    save_current(tmp_path, game, 123.25, game_id="g-1")
    back, elapsed, message = load_current(tmp_path)
    same_game(back, game)
    assert elapsed == 123.25 and message is None
    found = resume(tmp_path)
    assert found.game_id == "g-1" and found.elapsed == 123.25
    # the restored game plays on like the original, redo included
    assert back.redo() == game.redo()
    same_game(back, game)


def test_missing_file(tmp_path):
    assert load_current(tmp_path) == (None, 0, None)
    assert resume(tmp_path).game_id is None


def test_save_without_game_id(tmp_path):
    save_current(tmp_path, played(), 5)
    assert resume(tmp_path).game_id is None
    assert load_current(tmp_path)[1] == 5.0


def test_clear_current(tmp_path):
    save_current(tmp_path, played(), 1.0)
    clear_current(tmp_path)
    assert not (tmp_path / CURRENT_GAME_FILE).exists()
    clear_current(tmp_path)  # nothing there: fine
    assert load_current(tmp_path) == (None, 0, None)


def _hand_edited(game, entry):
    data = game_to_dict(game, {"elapsed": 3.0})
    data["log"][0].update(entry)
    return json.dumps(data)


def _newer(game):
    data = game_to_dict(game, {"elapsed": 3.0})
    data["version"] = 99
    return json.dumps(data)


BAD_FILES = {
    "empty": (lambda g, good: "", "empty"),
    "blank": (lambda g, good: "  \n", "empty"),
    "truncated": (lambda g, good: good[: len(good) // 2], "not valid JSON"),
    "corrupt": (lambda g, good: "{{{{ not json", "not valid JSON"),
    "wrong shape": (lambda g, good: "[1, 2, 3]", "not a saved game"),
    "unknown variant": (lambda g, good: good.replace('"klondike"', '"spider"'), "spider"),
    "unreadable move": (lambda g, good: _hand_edited(g, {"command": "t1>f1"}), "log entry 1"),
    "illegal move": (lambda g, good: _hand_edited(g, {"command": "t1-t2"}), "not legal here"),
    "edited events": (lambda g, good: _hand_edited(g, {"events": []}), "events are not what"),
    "future version": (lambda g, good: _newer(g), "newer version"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_file_is_kept_aside_and_folder_stays_usable(tmp_path, case):
    game = played()
    save_current(tmp_path, game, 9.0)
    path = tmp_path / CURRENT_GAME_FILE
    make, words = BAD_FILES[case]
    bad = make(game, path.read_text())
    path.write_text(bad)

    back, elapsed, message = load_current(tmp_path)
    assert back is None and elapsed == 0
    assert CURRENT_GAME_FILE in message and words in message
    kept = aside(tmp_path)
    assert len(kept) == 1 and kept[0].read_text() == bad and kept[0].name in message
    assert not path.exists()
    tag = "newer" if case == "future version" else "corrupt"
    assert kept[0].name.startswith(f"{CURRENT_GAME_FILE}.{tag}-")

    # the folder is usable: nothing to resume now, and a new save loads
    assert load_current(tmp_path) == (None, 0, None)
    save_current(tmp_path, game, 10.0)
    back, elapsed, message = load_current(tmp_path)
    same_game(back, game)
    assert elapsed == 10.0 and message is None


def test_binary_garbage(tmp_path):
    (tmp_path / CURRENT_GAME_FILE).write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    back, _, message = load_current(tmp_path)
    assert back is None and "not a text file" in message and len(aside(tmp_path)) == 1


def test_unexpected_engine_error_is_contained(tmp_path, monkeypatch):
    save_current(tmp_path, played(), 1.0)

    def broken(data, lookup, *carried):
        raise IndexError("surprise")

    monkeypatch.setattr(autosave, "game_from_dict", broken)
    back, _, message = load_current(tmp_path)
    assert back is None and "IndexError" in message and len(aside(tmp_path)) == 1


@pytest.mark.parametrize("elapsed", [-5, "12", None, [1], 1e400])
def test_bad_elapsed_resets_the_clock_but_keeps_the_game(tmp_path, elapsed):
    game = played()
    data = game_to_dict(game, {"elapsed": elapsed, "game_id": 17})
    (tmp_path / CURRENT_GAME_FILE).write_text(json.dumps(data))
    found = resume(tmp_path)
    same_game(found.game, game)
    assert found.elapsed == 0.0 and found.game_id is None
    # said, naming the values reset (issue 22: nothing out of range passes unsaid)
    assert found.message.startswith("Some values in current-game.json were not valid")
    assert "elapsed: must be a number of seconds" in found.message and "game_id" in found.message


def test_nonfinite_elapsed_is_not_written(tmp_path):
    save_current(tmp_path, played(), float("nan"))
    assert load_current(tmp_path)[1] == 0.0


def test_interrupted_save_keeps_previous_save(tmp_path, monkeypatch):
    first = played(steps=10, undos=0)
    save_current(tmp_path, first, 42.0, game_id="first")
    second = played(steps=30, undos=1)

    def crash(src, dst):
        raise OSError("power cut between write and rename")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save_current(tmp_path, second, 99.0, game_id="second")
    monkeypatch.undo()

    found = resume(tmp_path)
    same_game(found.game, first)
    assert found.elapsed == 42.0 and found.game_id == "first" and found.message is None
    assert sorted(p.name for p in tmp_path.iterdir()) == [CURRENT_GAME_FILE]


def test_crash_after_temp_written_leaves_stray_temp_only(tmp_path, monkeypatch):
    """Killed after the temp file is complete but before the rename: the old save is
    what loads; the stray temp file does not disturb it."""
    first = played(steps=5, undos=0)
    save_current(tmp_path, first, 1.0)

    class Killed(BaseException):
        pass

    def killed(src, dst):
        raise Killed

    monkeypatch.setattr(os, "replace", killed)
    monkeypatch.setattr(os, "unlink", lambda p: None)  # a dead process cleans nothing up
    with pytest.raises(Killed):
        save_current(tmp_path, played(), 2.0)
    monkeypatch.undo()

    assert len(list(tmp_path.iterdir())) == 2
    back, elapsed, message = load_current(tmp_path)
    same_game(back, first)
    assert elapsed == 1.0 and message is None


def test_an_absurd_log_is_refused_by_its_size_before_it_is_parsed(tmp_path, monkeypatch):
    from game.files import loader

    path = tmp_path / CURRENT_GAME_FILE
    with open(path, "wb") as handle:  # a million-move log: refused unread
        handle.write(b'{"format":"klondike-family-game","version":2,"log":[')
        handle.write(b'{"command":"draw","events":[]},' * 300_000)
        handle.write(b"]}")
    monkeypatch.setattr(loader.json, "loads", lambda *a, **k: pytest.fail("parsed"))
    back, _, message = load_current(tmp_path)
    assert back is None and "far too large" in message
    assert aside(tmp_path)[0].name.startswith(CURRENT_GAME_FILE + ".too-big-")


def test_a_game_too_long_to_save_keeps_the_last_save_and_says_so(tmp_path, monkeypatch):
    from game.store.session import Session

    session = Session.open(str(tmp_path))
    session.start(session.deal("klondike", "draw1-unlimited", 3))
    session.play(session.game.legal_moves()[0])
    saved = (tmp_path / CURRENT_GAME_FILE).read_bytes()
    monkeypatch.setattr(autosave, "GAME_FILE", len(saved) + 50)
    for _ in range(5):
        session.play(session.game.legal_moves()[-1])
    notices = session.take_notices()
    assert notices and "longer than a saved game may be" in notices[0]
    assert (tmp_path / CURRENT_GAME_FILE).read_bytes() == saved  # nothing the loader refuses
    assert resume(tmp_path).game.moves_made == 1
