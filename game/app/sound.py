"""Sound effects. Silent, without error, when there is no audio device or sound is off."""

from __future__ import annotations

import logging

import pygame

from game.resources import asset_path

EFFECTS = ("deal", "place", "invalid", "win")
log = logging.getLogger(__name__)


class Sounds:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=1, buffer=512)
            for name in EFFECTS:
                self._effects[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            self.available = True
        except (pygame.error, FileNotFoundError, OSError) as exc:
            log.info("sound unavailable: %s", exc)
            self._effects.clear()
            self.available = False

    def set_enabled(self, enabled: bool) -> None:
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
