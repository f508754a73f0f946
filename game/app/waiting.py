"""How the loop waits for the next event while nothing moves.

pygame's ``event.wait`` does not sleep: it looks at the queue every millisecond (about a
thousand wake-ups a second, some 1-2% of a core on the machine measured:
docs/measurements.md).
So the loop waits in one of these ways, chosen when it first has to wait (after the first
frame):

* ``x11``: on X11, in the system, on the X server's socket (``select``), until an event
  arrives or the next timer is due: an idle table wakes only for its timers (and, as a
  safety net, every ``MAX_SLEEP`` seconds); a search that ends wakes it at once, and so
  does a request to end (SIGTERM, from a session ending): ``wake``, through a pipe the
  wait also watches;
* ``nap``: anywhere else, short sleeps between looks at the queue (``NAP``);
* ``sdl``: pygame's own wait, kept to measure against.

``SOLITAIRE_IDLE_WAIT`` (x11, nap or sdl) overrides the choice.
"""

from __future__ import annotations

import logging
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable

import pygame

log = logging.getLogger(__name__)

NAP = 0.02  # seconds between looks at the queue, waiting the plain way
MAX_SLEEP = 60.0  # the longest a socket wait lasts with no timer due (a safety net)


_pipe_lock = threading.Lock()
_pipe: tuple[int, int] | None = None  # read end, write end


def _wake_pipe() -> tuple[int, int]:
    global _pipe
    with _pipe_lock:
        if _pipe is None:
            read, write = os.pipe()
            os.set_blocking(read, False)
            os.set_blocking(write, False)
            _pipe = (read, write)
        return _pipe


def wake() -> None:
    """From any thread: the loop, if it is waiting, looks at once (a search has ended)."""
    try:
        os.write(_wake_pipe()[1], b"\0")
    except OSError:  # the pipe is full: wakes are waiting to be seen already
        pass


def woken() -> bool:
    """Was ``wake`` called since the last look? (Each wake is seen once.)"""
    found = False
    try:
        while os.read(_wake_pipe()[0], 512):
            found = True
    except OSError:  # empty
        pass
    return found


def quit_on_terminate() -> None:
    """SIGTERM (a session ending, ``kill``) quits as the window's close button does, at
    once: SDL's own handler for it would only be seen at the next wake. Call after the
    display is started (SDL installs its handler then, and this replaces it)."""

    def terminate(_signal, _frame) -> None:  # runs on the main thread, between bytecodes
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        wake()

    try:
        signal.signal(signal.SIGTERM, terminate)
    except (ValueError, OSError, AttributeError):  # not the main thread, or no SIGTERM
        pass


class EventSource:
    """Where the loop gets its events, and how it waits for them. ``hears_wakes``: a
    ``wake`` ends the wait at once."""

    name = "nap"
    hears_wakes = True

    def __init__(self, sleep: Callable[[float], None] = time.sleep) -> None:
        self.sleep = sleep
        self.wakes = 0  # how often the loop woke up: an idle table should rarely

    def poll(self) -> list[pygame.event.Event]:
        return pygame.event.get()

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """Events, waiting up to ``timeout`` seconds (None: until one comes)."""
        limit = float("inf") if timeout is None else timeout
        waited = 0.0
        while True:
            self.wakes += 1
            events = pygame.event.get()
            if events or waited >= limit or woken():
                return events
            nap = min(NAP, limit - waited)
            self.sleep(nap)
            waited += nap


class SdlWait(EventSource):
    name = "sdl"
    hears_wakes = False  # SDL's own wait: the loop looks every BUSY_POLL while busy

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        self.wakes += 1
        event = (
            pygame.event.wait()
            if timeout is None
            else pygame.event.wait(max(1, int(timeout * 1000)))
        )
        return ([event] if event.type != pygame.NOEVENT else []) + pygame.event.get()


class X11Wait(EventSource):
    """Sleeps on the X server's socket. Every event reaches SDL through that socket, and
    SDL reads the socket dry whenever it pumps (``event.get``), so nothing waits unseen
    in Xlib's buffer when the loop goes to sleep."""

    name = "x11"

    def __init__(self, fd: int, sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__(sleep)
        self.fd = fd

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        limit = MAX_SLEEP if timeout is None else min(timeout, MAX_SLEEP)
        events = pygame.event.get()
        self.wakes += 1
        if events:
            return events
        try:
            select.select([self.fd, _wake_pipe()[0]], [], [], limit)
        except (OSError, ValueError):  # the connection went away: the next get says so
            self.sleep(NAP)
        woken()
        return pygame.event.get()


def x11_socket() -> int | None:
    """The X server connection's file descriptor of the open window, or None."""
    if sys.getprofile() is not None:
        # pygame-ce 2.5's get_wm_info crashes the process under a profiler (cProfile sees
        # its C calls): a profiled game waits the plain way.
        return None
    import ctypes  # here, not at the top: the loop first waits after the first frame
    import ctypes.util

    try:
        display = pygame.display.get_wm_info().get("display")
        if display is None:
            return None
        capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        capsule_pointer.restype = ctypes.c_void_p
        capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        pointer = capsule_pointer(display, b"display")
        library = ctypes.util.find_library("X11")
        if not pointer or library is None:
            return None
        x11 = ctypes.CDLL(library)
        x11.XConnectionNumber.argtypes = [ctypes.c_void_p]
        x11.XConnectionNumber.restype = ctypes.c_int
        fd = x11.XConnectionNumber(pointer)
        return fd if fd >= 0 else None
    except Exception as exc:  # any surprise here only costs the better wait
        log.info("no X11 socket to wait on: %s", exc)
        return None


def event_source() -> EventSource:
    """The best way to wait on this system (see the module text)."""
    wanted = os.environ.get("SOLITAIRE_IDLE_WAIT", "")
    driver = pygame.display.get_driver() if pygame.display.get_init() else ""
    if wanted == "sdl":
        return SdlWait()
    if wanted in ("", "x11") and driver == "x11":
        fd = x11_socket()
        if fd is not None:
            return X11Wait(fd)
    return EventSource()
