"""What ``pip install .`` installs: the wheel built from pyproject.toml carries every module
and every file the game reads (rule tables, help pages in each language, compiled message
catalogues, art, the desktop entry), so an installed game is the checkout's game."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NOT_SHIPPED = {".pyc", ".po", ".pot", ".c", ".h", ".so", ".pyd"}


def shipped_from_the_tree() -> set[str]:
    """Where each file of game/ and assets/ lands in the installed package."""
    expected = set()
    for folder, prefix in ((ROOT / "game", "game"), (ROOT / "assets", "game/assets")):
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                if path.suffix not in NOT_SHIPPED:
                    expected.add(f"{prefix}/{path.relative_to(folder).as_posix()}")
    return expected


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return {name for name in archive.namelist() if not name.endswith("/")}


def test_the_wheel_carries_every_file_the_game_reads(wheel_names: set[str]) -> None:
    missing = sorted(shipped_from_the_tree() - wheel_names)
    assert not missing, f"left out of the wheel: {missing[:20]}"


def test_the_wheel_carries_each_language(wheel_names: set[str]) -> None:
    for language in ("en", "uk", "ru"):
        assert f"game/locale/{language}/LC_MESSAGES/solitaire.mo" in wheel_names
    for language in ("uk", "ru"):
        assert f"game/variants/help/{language}/klondike.txt" in wheel_names
    assert "game/assets/desktop/org.patiencetable.Patience.desktop" in wheel_names
