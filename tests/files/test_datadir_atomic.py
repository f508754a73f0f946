import os
from datetime import datetime
from pathlib import Path

import pytest

from game.files.atomic import quarantine, write_atomic
from game.files.datadir import APP_DIR_NAME, default_data_dir, resolve_data_dir

HOME = Path("/home/ann")


def test_linux_uses_xdg_data_home_when_absolute():
    env = {"XDG_DATA_HOME": "/data/ann"}
    assert default_data_dir("linux", env, HOME) == Path("/data/ann") / APP_DIR_NAME


@pytest.mark.parametrize("env", [{}, {"XDG_DATA_HOME": ""}, {"XDG_DATA_HOME": "rel/dir"}])
def test_linux_falls_back_to_local_share(env):
    assert default_data_dir("linux", env, HOME) == HOME / ".local" / "share" / APP_DIR_NAME


def test_macos_uses_application_support():
    got = default_data_dir("darwin", {"XDG_DATA_HOME": "/x"}, HOME)
    assert got == HOME / "Library" / "Application Support" / APP_DIR_NAME


def test_windows_uses_appdata():
    assert default_data_dir("win32", {"APPDATA": "C:/Users/ann/AppData/Roaming"}, HOME) == (
        Path("C:/Users/ann/AppData/Roaming") / APP_DIR_NAME
    )
    assert default_data_dir("win32", {}, HOME) == HOME / "AppData" / "Roaming" / APP_DIR_NAME


def test_override_is_created_on_demand(tmp_path):
    target = tmp_path / "a" / "b"
    assert resolve_data_dir(str(target)) == target
    assert target.is_dir()
    assert resolve_data_dir(target) == target  # already there: fine


def test_default_is_created_on_demand(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = resolve_data_dir(None)
    assert folder == tmp_path / "xdg" / APP_DIR_NAME and folder.is_dir()


def test_write_atomic_writes_and_replaces(tmp_path):
    path = tmp_path / "sub" / "f.json"
    write_atomic(path, "one", within=tmp_path)
    write_atomic(path, "two ✓", within=tmp_path)
    assert path.read_text(encoding="utf-8") == "two ✓"
    assert [p.name for p in path.parent.iterdir()] == ["f.json"]  # no temp file left


def test_write_atomic_failure_keeps_old_file_and_cleans_up(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    write_atomic(path, "good", within=tmp_path)

    def boom(src, dst):
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, "new", within=tmp_path)
    assert path.read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_quarantine_renames_aside_never_deletes(tmp_path):
    path = tmp_path / "save.json"
    when = datetime(2026, 11, 30, 2, 15, 0)
    path.write_text("bad 1")
    first = quarantine(path, "corrupt", now=when)
    assert first.name == "save.json.corrupt-20261130-021500"
    path.write_text("bad 2")
    second = quarantine(path, "corrupt", now=when)
    assert second.name == "save.json.corrupt-20261130-021500-2"
    assert not path.exists()
    assert first.read_text() == "bad 1" and second.read_text() == "bad 2"


def test_quarantine_tag_is_sanitised(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("?")
    kept = quarantine(path, "Newer Version!/..", now=datetime(2026, 1, 2, 3, 4, 5))
    assert kept.parent == tmp_path
    assert kept.name == "x.json.newer-version-20260102-030405"
