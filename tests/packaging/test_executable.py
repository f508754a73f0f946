"""The standalone executable, end to end: built by tools/build_exe.py into a clean temporary
folder, then run from another folder with no Python path, as a player without Python would.

Slow (a full PyInstaller build, then the self-test through the real loop), but CI runs it.
PyInstaller comes with the ``dev`` and ``build`` extras; without it this test fails.
"""

from __future__ import annotations

import gettext
import importlib.util
import os
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "tools" / "build_exe.py"
MAX_BYTES = 40_000_000


def player_env() -> dict[str, str]:
    """No Python path (nothing may come from the source tree), SDL's dummy drivers."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYGAME_HIDE_SUPPORT_PROMPT")
    }
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail(
            "PyInstaller is not installed: the executable cannot be built. Install it with "
            'pip install -e ".[dev]" (or ".[build]").',
            pytrace=False,
        )
    out = tmp_path_factory.mktemp("exe-build")
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), "--dist", str(out / "dist"), "--work", str(out / "w")],
        cwd=out,
        capture_output=True,
        text=True,
        timeout=900,
    )
    seconds = time.perf_counter() - started
    assert result.returncode == 0, f"build failed:\n{result.stdout}\n{result.stderr[-6000:]}"
    exe = Path(result.stdout.strip().splitlines()[-1])
    assert exe.is_absolute() and exe.is_file(), f"last line is not the executable: {exe}"
    assert exe.parent == out / "dist"
    assert [p.name for p in exe.parent.iterdir()] == [exe.name], "only the executable in dist/"
    print(f"\nbuilt {exe} in {seconds:.1f} s, {exe.stat().st_size / 1e6:.1f} MB")
    return exe


def run_elsewhere(
    exe: Path, *args: str, tmp_path: Path, env: dict[str, str] | None = None
) -> tuple[subprocess.CompletedProcess, float]:
    """Run the executable from an empty folder (with ``env`` over the player's
    environment); also the time to its first-frame line."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(parents=True)
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(exe), *args],
        cwd=elsewhere,
        env={**player_env(), **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first_frame = float("nan")
    lines = []
    for line in process.stdout:
        if "first frame" in line and not lines:
            first_frame = time.perf_counter() - started
        lines.append(line)
    stderr = process.stderr.read()
    returncode = process.wait(timeout=120)
    result = subprocess.CompletedProcess(process.args, returncode, "".join(lines), stderr)
    return result, first_frame


def test_self_test_passes_from_another_folder(built: Path, tmp_path: Path) -> None:
    result, first_frame = run_elsewhere(built, "--self-test", tmp_path=tmp_path)
    assert result.returncode == 0, f"self-test failed:\n{result.stdout}\n{result.stderr}"
    assert "self-test passed" in result.stdout
    assert "pygame-ce" not in result.stdout + result.stderr, "pygame's support prompt shows"
    assert "Traceback" not in result.stderr
    print(f"\nstart-up to first frame: {1000 * first_frame:.0f} ms")


def test_version_is_the_installed_metadata_version(built: Path, tmp_path: Path) -> None:
    result, _ = run_elsewhere(built, "--version", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"solitaire {metadata.version('patience-table')}"
    assert "pygame-ce" not in result.stdout + result.stderr


def test_help(built: Path, tmp_path: Path) -> None:
    result, _ = run_elsewhere(built, "--help", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: solitaire")
    for flag in ("--self-test", "--fullscreen", "--data-dir", "--version"):
        assert flag in result.stdout


def test_a_bad_flag_is_one_line_and_status_2(built: Path, tmp_path: Path) -> None:
    result, _ = run_elsewhere(built, "--seed", "x", tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--seed" in result.stderr


def test_size(built: Path) -> None:
    assert built.stat().st_size < MAX_BYTES, f"{built.stat().st_size:,} bytes"


def catalogue_says(language: str, message: str) -> str:
    """``message`` as the repository's catalogue for ``language`` says it."""
    locale = ROOT / "game" / "locale"
    return gettext.translation("solitaire", locale, languages=[language]).gettext(message)


@pytest.mark.parametrize("language", ["en", "uk", "ru"])
def test_self_test_passes_in_each_language(built: Path, tmp_path: Path, language: str) -> None:
    result, _ = run_elsewhere(built, "--self-test", "--language", language, tmp_path=tmp_path)
    assert result.returncode == 0, f"self-test failed:\n{result.stdout}\n{result.stderr}"
    said = f"speaking {language}: {catalogue_says(language, 'New game')}"
    assert said in result.stdout


def test_the_system_language_uk_shows_ukrainian(built: Path, tmp_path: Path) -> None:
    env = {"LANGUAGE": "uk", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "uk_UA.UTF-8"}
    result, _ = run_elsewhere(built, "--self-test", tmp_path=tmp_path, env=env)
    assert result.returncode == 0, f"self-test failed:\n{result.stdout}\n{result.stderr}"
    ukrainian = catalogue_says("uk", "New game")
    assert ukrainian != "New game" and f"speaking uk: {ukrainian}" in result.stdout
    help_text, _ = run_elsewhere(built, "--help", tmp_path=tmp_path / "help", env=env)
    assert catalogue_says("uk", "start fullscreen") in help_text.stdout
