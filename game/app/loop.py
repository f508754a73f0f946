"""The fixed-timestep game loop (after Glenn Fiedler's "Fix Your Timestep!"), which sleeps
while nothing moves.

Animation advances in fixed steps of ``DT`` from an accumulator, independent of the frame
rate; drawing interpolates by the leftover fraction; a long stall is capped at
``MAX_FRAME`` so it never spirals. Game time (the clock on the status line) is wall time,
given to ``tick`` whole.

While the table is idle (nothing moves), the loop waits for the next input or until the
next timer the scenes ask for (the status line's clock, a message going away), so an idle
table wakes about once a second at most (how it waits: ``waiting``). A search running in
the background does not wake it until it ends and has its answer (``waiting.wake``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import pygame

from .waiting import EventSource, event_source

STEPS_PER_SECOND = 120
DT = 1.0 / STEPS_PER_SECOND
MAX_FRAME = 0.25  # seconds: a longer stall (window drag, slow disk) is cut to this
MAX_TICK = 5.0  # seconds of game time one wake may add (a machine back from sleep)
FPS_CAP = 60
BUSY_POLL = 0.05  # seconds between looks while a background search runs


class LoopApp(Protocol):
    running: bool

    @property
    def idle(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    @property
    def polling(self) -> bool: ...
    def next_timer(self) -> float | None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def tick(self, seconds: float) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface, alpha: float) -> list | None: ...
    def presented(self) -> None: ...


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
    app: LoopApp,
    max_frames: int | None = None,
    source: EventSource | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> int:
    """Loop until ``app.running`` is false (or ``max_frames`` frames, for tests and the
    self-test, which never wait). Returns the frames run."""
    loop = FixedStepLoop(clock)
    fps = pygame.time.Clock()
    frames = 0
    last = clock()
    while app.running and (max_frames is None or frames < max_frames):
        if max_frames is None and app.idle:
            source = source or event_source()  # only a loop that waits needs to know how
            timeout = app.next_timer()
            # A search wakes the loop when it ends (``waiting.wake``), where the wait can
            # hear it; anything else under way is looked at every BUSY_POLL.
            if app.polling or (app.busy and not source.hears_wakes):
                timeout = BUSY_POLL if timeout is None else min(timeout, BUSY_POLL)
            events = source.wait(timeout)
            loop.last = clock()  # asleep, nothing was animating: no steps to catch up
        else:
            events = pygame.event.get()
        # The time waited belongs to the game as it was before these events (a first move
        # after a long look at the deal does not start the clock back then).
        now = clock()
        app.tick(min(now - last, MAX_TICK))
        last = now
        for event in events:
            app.handle_event(event)
        alpha = loop.advance(app.update)
        present(app.draw(pygame.display.get_surface(), alpha))
        app.presented()
        if not app.idle:
            fps.tick(FPS_CAP)
        frames += 1
    return frames
