"""The window's settings read first (``peek_window``) are those the settings' own reading
keeps, whatever the file holds: the window opens at the size the game then plays in."""

import codecs
import json
from dataclasses import replace

import pytest

from game.store.settings import SETTINGS_FILE, Settings, load_settings, settings_to_dict
from game.store.window import DEFAULT_WINDOW_SIZE, peek_window


def saved(**changes) -> dict:
    return settings_to_dict(replace(Settings(), **changes))


GOOD = json.dumps(saved(window_size=(800, 600), fullscreen=True)).encode()

FILES = {
    "no file": None,
    "good": GOOD,
    "good, with a byte-order mark": codecs.BOM_UTF8 + GOOD,
    "good, in UTF-16": GOOD.decode().encode("utf-16"),
    "smallest window": json.dumps(saved(window_size=(320, 240))).encode(),
    "largest window": json.dumps(saved(window_size=(7680, 4320))).encode(),
    "a window too small": json.dumps({**saved(), "window_size": [319, 600]}).encode(),
    "a window too large": json.dumps({**saved(), "window_size": [7681, 600]}).encode(),
    "a size of three numbers": json.dumps({**saved(), "window_size": [800, 600, 1]}).encode(),
    "a size in floats": json.dumps({**saved(), "window_size": [800.0, 600.0]}).encode(),
    "a size of true and false": json.dumps({**saved(), "window_size": [True, 600]}).encode(),
    "fullscreen as a word": json.dumps({**saved(), "fullscreen": "yes"}).encode(),
    "fullscreen as a number": json.dumps({**saved(), "fullscreen": 1}).encode(),
    "another bad value beside them": json.dumps(
        {**saved(window_size=(900, 700)), "sound": "loud"}
    ).encode(),
    "not JSON": b"{window_size: [800, 600]",
    "NaN": GOOD.replace(b'"version": 1', b'"version": 1, "x": NaN'),
    "a list": b"[800, 600]",
    "no format line": json.dumps({"version": 1, "window_size": [800, 600]}).encode(),
    "another format": json.dumps({**saved(window_size=(800, 600)), "format": "x"}).encode(),
    "a newer version": json.dumps({**saved(window_size=(800, 600)), "version": 2}).encode(),
    "empty": b"",
    "far too large": GOOD[:-1] + b', "x": "' + b"a" * (1 << 20) + b'"}',
    "nested too deeply": b'{"format": "klondike-family-settings", "version": 1, "x": '
    + b"[" * 100_000
    + b"]" * 100_000
    + b"}",
}


@pytest.mark.parametrize("name", FILES)
def test_the_first_look_agrees_with_the_settings(tmp_path, name):
    if FILES[name] is not None:
        (tmp_path / SETTINGS_FILE).write_bytes(FILES[name])
    peeked = peek_window(str(tmp_path))
    settings, _ = load_settings(tmp_path)  # after: a bad file is set aside here, not there
    assert peeked == (settings.window_size, settings.fullscreen)


def test_the_first_look_reads_the_size_and_sets_nothing_aside(tmp_path):
    (tmp_path / SETTINGS_FILE).write_bytes(GOOD)
    assert peek_window(str(tmp_path)) == ((800, 600), True)
    (tmp_path / SETTINGS_FILE).write_bytes(b"{broken")
    assert peek_window(str(tmp_path)) == (DEFAULT_WINDOW_SIZE, False)
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]  # kept as it was


def test_a_folder_that_is_not_there_gives_the_default_window(tmp_path):
    assert peek_window(str(tmp_path / "nowhere")) == (DEFAULT_WINDOW_SIZE, False)
    assert not (tmp_path / "nowhere").exists()  # not made by a look
