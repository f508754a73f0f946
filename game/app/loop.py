"""The fixed-timestep game loop (after Glenn Fiedler's "Fix Your Timestep!"), which sleeps
while nothing moves.

Animation advances in fixed steps of ``DT`` from an accumulator, independent of the frame
rate; drawing interpolates by the leftover fraction; a long stall is capped at
``MAX_FRAME`` so it never spirals. Game time (the clock on the status line) is wall time,
given to ``tick`` whole.

While the table is idle (nothing moves, no search is running), the loop blocks on the
event queue until the next input or until the next timer the scenes ask for (the status
line's clock, a message going away), so an idle table wakes about once a second at most.
Where SDL's own wait would poll busily (its dummy and offscreen drivers do), the loop
sleeps in short naps instead.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Protocol

import pygame

STEPS_PER_SECOND = 120
DT = 1.0 / STEPS_PER_SECOND
MAX_FRAME = 0.25  # seconds: a longer stall (window drag, slow disk) is cut to this
MAX_TICK = 5.0  # seconds of game time one wake may add (a machine back from sleep)
FPS_CAP = 60
BUSY_POLL = 0.05  # seconds between looks while a background search runs
NAP = 0.02  # the fallback's sleep between looks at the event queue
# Video drivers whose event wait sleeps in the system until an event comes; others poll
# inside SDL, and the loop's own naps cost less than that.
BLOCKING_DRIVERS = ("x11", "wayland", "windows", "cocoa")


class LoopApp(Protocol):
    running: bool

    @property
    def idle(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    def next_timer(self) -> float | None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def tick(self, seconds: float) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface, alpha: float) -> list | None: ...


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


def blocking_wait() -> bool:
    """Does this video driver's event wait sleep in the system?"""
    override = os.environ.get("SOLITAIRE_IDLE_WAIT", "")
    if override in ("block", "nap"):
        return override == "block"
    driver = pygame.display.get_driver() if pygame.display.get_init() else ""
    return driver in BLOCKING_DRIVERS


class EventSource:
    """Where the loop gets its events, and how it waits for them."""

    def __init__(self, blocking: bool | None = None, sleep: Callable[[float], None] = time.sleep):
        self.blocking = blocking_wait() if blocking is None else blocking
        self.sleep = sleep
        self.wakes = 0  # how often the loop woke up: an idle table should rarely

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """Block until an event comes or ``timeout`` seconds pass (None: no limit)."""
        self.wakes += 1
        if self.blocking:
            ms = -1 if timeout is None else max(1, int(timeout * 1000))
            event = pygame.event.wait(ms) if ms > 0 else pygame.event.wait()
            return ([event] if event.type != pygame.NOEVENT else []) + pygame.event.get()
        limit = float("inf") if timeout is None else timeout
        waited = 0.0
        while True:
            events = pygame.event.get()
            if events or waited >= limit:
                return events
            nap = min(NAP, limit - waited)
            self.sleep(nap)
            waited += nap

    def poll(self) -> list[pygame.event.Event]:
        return pygame.event.get()


def run(
    app: LoopApp,
    max_frames: int | None = None,
    source: EventSource | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> int:
    """Loop until ``app.running`` is false (or ``max_frames`` frames, for tests and the
    self-test, which never wait). Returns the frames run."""
    loop = FixedStepLoop(clock)
    source = source or EventSource()
    fps = pygame.time.Clock()
    frames = 0
    last = clock()
    while app.running and (max_frames is None or frames < max_frames):
        if max_frames is None and app.idle:
            timeout = app.next_timer()
            if app.busy:
                timeout = BUSY_POLL if timeout is None else min(timeout, BUSY_POLL)
            events = source.wait(timeout)
            loop.last = clock()  # asleep, nothing was animating: no steps to catch up
        else:
            events = source.poll()
        # The time waited belongs to the game as it was before these events (a first move
        # after a long look at the deal does not start the clock back then).
        now = clock()
        app.tick(min(now - last, MAX_TICK))
        last = now
        for event in events:
            app.handle_event(event)
        alpha = loop.advance(app.update)
        present(app.draw(pygame.display.get_surface(), alpha))
        if not app.idle:
            fps.tick(FPS_CAP)
        frames += 1
    return frames
