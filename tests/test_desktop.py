"""The desktop entry, its icons and its AppStream record: valid, and installed and removed
where the freedesktop specifications say."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.desktop import APP_ID, exec_line, install, uninstall

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = ROOT / "assets" / "desktop"
ENTRY = DESKTOP / f"{APP_ID}.desktop"
METAINFO = DESKTOP / f"{APP_ID}.metainfo.xml"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:  # CI installs them (.ci/run); elsewhere they may be missing
        pytest.skip(f"{name} is not installed (Debian: desktop-file-utils, appstream)")
    return found


def test_the_desktop_entry_is_valid():
    done = subprocess.run(
        [tool("desktop-file-validate"), str(ENTRY)], capture_output=True, text=True
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_appstream_record_is_valid():
    command = [tool("appstreamcli"), "validate", "--no-net", str(METAINFO)]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_entry_speaks_three_languages_and_is_a_card_game():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ENTRY, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Name[uk]"] and section["Name[ru]"] and section["Comment"]
    assert section["Categories"] == "Game;CardGame;"
    assert section["Icon"] == APP_ID


def test_the_record_describes_the_game_in_three_languages_with_screenshots():
    root = ET.parse(METAINFO).getroot()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    langs = {p.get(lang) for p in root.find("description").findall("p")}
    assert langs == {None, "uk", "ru"}
    for image in root.iter("image"):
        name = image.text.rsplit("/", 1)[1]
        assert (ROOT / "docs" / name).is_file(), f"the screenshot {name} is not in docs/"
    # The first screenshot shows the game in each language (a software centre picks its own).
    default = root.find("screenshots").find("screenshot")
    assert {image.get(lang) for image in default.findall("image")} == {None, "uk", "ru"}


def test_the_icons_are_at_the_themes_sizes():
    for size in SIZES:
        icon = DESKTOP / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        data = icon.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (width, height) == (size, size)


def test_install_and_uninstall_in_the_users_data_folder(tmp_path):
    command = ["/opt/my games/solitaire"]
    written = install(tmp_path, command)
    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    assert entry in written and (tmp_path / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert len(list((tmp_path / "icons" / "hicolor").rglob("*.png"))) == len(SIZES)
    assert 'Exec="/opt/my games/solitaire" %f' in entry.read_text(encoding="utf-8")
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
    removed = uninstall(tmp_path)
    assert set(removed) == set(written)
    assert not list(tmp_path.rglob(f"{APP_ID}*"))


def test_exec_lines_quote_what_needs_it():
    assert exec_line(["/usr/bin/solitaire"]) == "/usr/bin/solitaire %f"
    assert exec_line([sys.executable, "-m", "game"]).endswith("-m game %f")
    assert exec_line(['/a "b"/c$']) == '"/a \\"b\\"/c\\$" %f'


def test_the_command_line_installs_into_xdg_data_home(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}

    def game(flag):
        run = [sys.executable, "-m", "game", flag]
        return subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True)

    entry = tmp_path / "applications" / f"{APP_ID}.desktop"
    done = game("--install-desktop-entry")
    assert done.returncode == 0 and entry.is_file(), done.stderr
    done = game("--uninstall-desktop-entry")
    assert done.returncode == 0 and not entry.exists(), done.stderr
