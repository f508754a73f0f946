"""Sound effects. Silent, without error, when there is no audio device or sound is off.

Opening the audio device on a machine without one makes the sound libraries under SDL
(ALSA on Linux) print a screenful of errors to the terminal. The device is opened with
the process's stderr turned away, so a missing device is found out quietly; the game
logs it once at the info level.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys

import pygame

from game.files.resources import asset_path

EFFECTS = ("deal", "place", "invalid", "win")
log = logging.getLogger(__name__)


class Sounds:
    def __init__(self, enabled: bool = True, silenced: bool = False) -> None:
        """``silenced``: the command line said no sound (``--no-sound``); the setting then
        cannot turn it on for this run."""
        self.silenced = silenced
        enabled = enabled and not silenced
        self.enabled = enabled
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=44100, size=-16, channels=1, buffer=512)
            for name in EFFECTS:
                self._effects[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            self.available = True
        except (pygame.error, FileNotFoundError, OSError) as exc:
            log.info("sound unavailable: %s", exc)
            self._effects.clear()
            self.available = False

    def set_enabled(self, enabled: bool) -> None:
        enabled = enabled and not self.silenced
        self.enabled = enabled
        if enabled and not self.available:
            self._open()

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        effect = self._effects.get(name)
        if effect is not None:
            try:
                effect.play()
            except pygame.error:
                pass


@contextlib.contextmanager
def quiet_stderr():
    """Send what C libraries write to the process's stderr (file descriptor 2) nowhere,
    for the duration. Python's own ``sys.stderr`` is flushed first and works after."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no real stderr (a windowed build)
        yield
        return
    try:
        with open(os.devnull, "wb") as nowhere:
            os.dup2(nowhere.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
