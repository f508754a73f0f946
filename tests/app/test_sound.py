"""Sound without a sound device: silent, and quiet on the terminal."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_missing_audio_device_is_found_out_quietly():
    # A real audio driver on a machine with no sound card: the libraries under SDL would
    # print their errors to the terminal; the game must print nothing and play nothing.
    code = (
        "import os, pygame\n"
        "from game.app.sound import Sounds\n"
        "s = Sounds(True)\n"
        "s.play('place')\n"
        "print('available', s.available)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "SDL_AUDIODRIVER": "alsa", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no "ALSA lib ..." lines
    assert done.stdout.startswith("available")
