"""The fixed-timestep game loop (after Glenn Fiedler's "Fix Your Timestep!").

Game time advances in fixed steps of ``DT`` from an accumulator, independent of the frame
rate; drawing interpolates by the leftover fraction; a long stall is capped at
``MAX_FRAME`` so it never spirals. When the scene is idle the loop sleeps between short
looks at the event queue instead of spinning, and a still table draws nothing, so it uses
next to no CPU.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import pygame

STEPS_PER_SECOND = 120
DT = 1.0 / STEPS_PER_SECOND
MAX_FRAME = 0.25  # seconds: a longer stall (window drag, slow disk) is cut to this
FPS_CAP = 60
IDLE_POLL_MS = 20  # idle: sleep this long between looks at the event queue


class Scene(Protocol):
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list | None: ...

    @property
    def idle(self) -> bool: ...


class FixedStepLoop:
    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.accumulator = 0.0
        self.last = clock()
        self.steps = 0

    def advance(self, update: Callable[[float], None]) -> float:
        """Run the fixed steps the elapsed time calls for; returns the interpolation alpha."""
        now = self.clock()
        frame = min(now - self.last, MAX_FRAME)
        self.last = now
        self.accumulator += frame
        while self.accumulator >= DT:
            update(DT)
            self.accumulator -= DT
            self.steps += 1
        return self.accumulator / DT


def present(dirty: list | None) -> None:
    if dirty is None:
        pygame.display.flip()
    elif dirty:
        pygame.display.update(dirty)


def run(
    get_scene: Callable[[], Scene],
    handle_app_event: Callable[[pygame.event.Event], bool],
    running: Callable[[], bool],
    max_frames: int | None = None,
    on_step: Callable[[float], None] | None = None,
    busy: Callable[[], bool] = lambda: False,
) -> int:
    """Loop until ``running()`` is false (or ``max_frames`` frames, for tests and the
    self-test). ``handle_app_event`` sees each event first; False passes it to the scene.
    ``on_step`` runs at each fixed step beside the scene's update (the app's timers);
    ``busy`` keeps the loop awake while the scene is idle. Returns the frames run."""
    loop = FixedStepLoop()
    fps = pygame.time.Clock()
    frames = 0
    while running() and (max_frames is None or frames < max_frames):
        scene = get_scene()
        if scene.idle and not busy() and max_frames is None:
            # A true sleep: SDL's event wait polls busily on some video drivers.
            pygame.time.wait(IDLE_POLL_MS)
        events = pygame.event.get()
        for event in events:
            if not handle_app_event(event):
                get_scene().handle_event(event)
        scene = get_scene()

        def step(dt: float, scene=scene) -> None:
            scene.update(dt)
            if on_step is not None:
                on_step(dt)

        alpha = loop.advance(step)
        present(scene.draw(pygame.display.get_surface(), alpha))
        fps.tick(FPS_CAP)
        frames += 1
    return frames
