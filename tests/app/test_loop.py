"""The loop sleeps while the table is idle: it wakes for input and for its timers only."""

import os
import signal
import socket
import threading
import time

import pygame
import pytest

from game.app import loop
from game.app.waiting import (
    MAX_SLEEP,
    EventSource,
    X11Wait,
    quit_on_terminate,
    wake,
    woken,
)
from game.engine.commands import Draw

from .app_helpers import make_app, play, settle


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SleepingSource(EventSource):
    """Waits by moving a fake clock on: to the timeout, or ``MAX_SLEEP`` with none (as the
    real waits do), and ends the run after ``seconds`` of fake time."""

    def __init__(self, clock: FakeTime, app, seconds: float) -> None:
        super().__init__()
        self.clock, self.app, self.end = clock, app, seconds
        self.timeouts: list[float | None] = []

    def wait(self, timeout):
        self.wakes += 1
        self.timeouts.append(timeout)
        self.clock.now += MAX_SLEEP if timeout is None else min(timeout, MAX_SLEEP)
        if self.clock.now >= self.end:
            self.app.controller.running = False
        return []


def idle_run(app, seconds: float = 10.0) -> SleepingSource:
    clock = FakeTime()
    source = SleepingSource(clock, app, seconds)
    loop.run(app, source=source, clock=clock)
    return source


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, "--seed", "3")
    settle(application)
    application.tick(0.01)  # the assistant's first look, after the first frame
    application.table.hush()
    return application


def test_an_idle_table_with_no_timer_due_sleeps(app):
    source = idle_run(app, 120.0)
    assert source.wakes <= 3  # the longest sleep there is: a safety net of a minute
    assert all(t is None for t in source.timeouts)  # nothing asked to be woken


def test_the_clock_on_the_status_line_wakes_it_once_a_second(app):
    play(app, Draw())  # the clock runs from the first move
    settle(app)
    source = idle_run(app, 10.0)
    assert 8 <= source.wakes <= 14
    assert all(t is not None and t <= 1.0 for t in source.timeouts)
    assert app.session.elapsed == pytest.approx(10.0, abs=1.1)  # wall time, not steps


def test_a_message_wakes_it_when_it_is_due_to_go(app):
    app.table.say("Hello")
    source = idle_run(app, 30.0)
    assert app.table.toast is None  # it went by itself
    assert source.wakes <= 30 * 1.5


class DeafSource(SleepingSource):
    hears_wakes = False  # as SDL's own wait: a search's end cannot end it


def test_a_running_search_keeps_a_wait_that_cannot_hear_it_looking(app):
    app.controller.assistant.hint()
    assert app.busy and not app.polling
    clock = FakeTime()
    source = DeafSource(clock, app, 0.5)
    loop.run(app, source=source, clock=clock)
    assert source.timeouts and all(t <= loop.BUSY_POLL for t in source.timeouts)
    app.controller.assistant.stop()


def test_a_running_search_does_not_wake_a_wait_that_hears_its_end(app):
    app.controller.assistant.hint()
    assert app.busy and not app.polling
    source = idle_run(app, 6.0)
    assert all(t is None or t > loop.BUSY_POLL for t in source.timeouts)
    assert source.wakes <= 6 * 1.5
    app.controller.assistant.stop()


def test_moves_playing_by_themselves_keep_it_looking(app):
    app.controller.assistant._finish = [Draw()]  # as a finish leaves them to play
    assert app.polling
    source = SleepingSource(FakeTime(), app, 0.0)  # the run ends at its first wait
    loop.run(app, source=source, clock=source.clock)
    assert source.timeouts and all(t <= loop.BUSY_POLL for t in source.timeouts)
    app.controller.assistant._finish = []


def test_a_search_that_ends_wakes_the_waits_at_once(app):
    pygame.display.init()
    woken()  # wakes other tests left
    ours, theirs = socket.socketpair()  # an X server that never speaks
    try:
        for source in (X11Wait(ours.fileno()), EventSource()):
            app.controller.assistant.hint()
            task = app.controller.assistant.hint_task
            t0 = time.perf_counter()
            while not task.done() and time.perf_counter() - t0 < 20:
                source.wait(30.0)
            assert task.done()
            assert time.perf_counter() - t0 < 20  # not the 30 s asked for
            t0 = time.perf_counter()
            threading.Timer(0.05, wake).start()  # from another thread
            source.wait(30.0)
            assert time.perf_counter() - t0 < 5.0
    finally:
        ours.close()
        theirs.close()


def test_the_x11_wait_sleeps_on_the_socket_and_wakes_when_it_speaks():
    pygame.display.init()
    ours, theirs = socket.socketpair()
    try:
        source = X11Wait(ours.fileno())
        pygame.event.get()  # whatever other tests left in the queue
        slept = []
        for _ in range(5):  # a search another test left may end (and wake it) meanwhile
            woken()
            t0 = time.perf_counter()
            assert source.wait(0.2) == []
            slept.append(time.perf_counter() - t0)
        assert max(slept) >= 0.18  # slept the whole timeout
        theirs.send(b"x")  # the server speaks: the wait ends at once
        t0 = time.perf_counter()
        source.wait(5.0)
        assert time.perf_counter() - t0 < 1.0
    finally:
        ours.close()
        theirs.close()


def test_the_dummy_driver_waits_the_plain_way():
    from game.app.waiting import event_source

    assert os.environ["SDL_VIDEODRIVER"] == "dummy"  # tests/conftest.py
    assert type(event_source()) is EventSource


def test_sigterm_ends_a_long_wait_with_a_quit_at_once():
    pygame.display.init()
    before = signal.getsignal(signal.SIGTERM)
    ours, theirs = socket.socketpair()  # an X server that never speaks
    try:
        quit_on_terminate()
        pygame.event.get()
        woken()
        source = X11Wait(ours.fileno())
        threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGTERM)).start()
        t0 = time.perf_counter()
        events = source.wait(30.0)
        assert time.perf_counter() - t0 < 5.0
        assert [e.type for e in events] == [pygame.QUIT]
    finally:
        signal.signal(signal.SIGTERM, before)
        ours.close()
        theirs.close()
