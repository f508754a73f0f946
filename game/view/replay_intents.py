"""The intents of watching a game on its timeline (a replay): re-exported by
``game.view.intents``, where every intent is named."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OpenReplay:
    """Watch a game from its deal: the one being played (``source`` None), a finished one
    kept in the history, or a game file (``source``: its path). ``at``: the move to show
    first (the end when None)."""

    source: str | None = None
    at: int | None = None


@dataclass(frozen=True)
class ReplayStep:
    """One move forward (+1) or back (-1)."""

    delta: int


@dataclass(frozen=True)
class ReplaySeek:
    """Jump to the position after ``move`` moves (``-1``: the end)."""

    move: int


@dataclass(frozen=True)
class ReplayToggle:
    """Play or pause."""


@dataclass(frozen=True)
class ReplaySpeed:
    """Faster (+1) or slower (-1)."""

    delta: int


@dataclass(frozen=True)
class CloseReplay:
    """Leave the replay (the game being played is as it was)."""


@dataclass(frozen=True)
class ReplayBranch:
    """Play on from the position shown: a new branch of the game (the original moves
    stay to redo, and the game watched is kept)."""
