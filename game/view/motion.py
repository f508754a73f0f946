"""Card sprites in motion: tweens with delay and easing, flips, and the pull toward home.

No pygame here: a sprite is a position, a face and a target, advanced by ``update(dt)`` at
the loop's fixed step. ``previous`` keeps the position one step back so drawing can
interpolate between steps. The view turns engine states into homes (layout.card_homes) and
hands them to ``Motion.retarget``; every sprite away from its home tweens there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .layout import Home

SHAKE_SECONDS = 0.32


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


@dataclass(slots=True)
class Tween:
    x0: float
    y0: float
    x1: float
    y1: float
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    shake: float = 0.0  # sideways swing in pixels, dying away: a refused move

    def update(self, dt: float) -> tuple[float, float]:
        self.elapsed += dt
        return self.position()

    def progress(self) -> float:
        t = self.elapsed - self.delay
        if t <= 0:
            return 0.0
        return 1.0 if self.duration <= 0 else min(1.0, t / self.duration)

    def position(self) -> tuple[float, float]:
        t = self.progress()
        p = ease_out_cubic(t)
        swing = self.shake * math.sin(6 * math.pi * t) * (1 - t) if self.shake else 0.0
        return self.x0 + (self.x1 - self.x0) * p + swing, self.y0 + (self.y1 - self.y0) * p

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


@dataclass(slots=True)
class Flip:
    """Turning a card over: width shrinks to nothing, then grows showing the other side."""

    to_face_up: bool
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    def progress(self) -> float:
        t = self.elapsed - self.delay
        if t <= 0:
            return 0.0
        return 1.0 if self.duration <= 0 else min(1.0, t / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


class CardSprite:
    """One physical card on the table."""

    __slots__ = (
        "card",
        "x",
        "y",
        "px",
        "py",
        "face_up",
        "home",
        "tween",
        "flip",
        "dragged",
        "lift",
    )

    def __init__(self, card: int, home: Home) -> None:
        self.card = card
        self.home = home
        self.x = self.px = float(home.x)
        self.y = self.py = float(home.y)
        self.face_up = home.face_up
        self.tween: Tween | None = None
        self.flip: Flip | None = None
        self.dragged = False
        self.lift = 0  # extra stacking while moving: later moves draw above earlier ones

    @property
    def moving(self) -> bool:
        return self.tween is not None or self.flip is not None or self.dragged

    @property
    def in_flight(self) -> bool:
        """Visibly moving now: a card still waiting for its turn to go (a delayed tween
        not yet started) rests where it is, so the renderer can keep it on the still layer."""
        if self.dragged:
            return True
        tween, flip = self.tween, self.flip
        return (tween is not None and tween.started) or (
            flip is not None and flip.elapsed > flip.delay
        )

    @property
    def at_home(self) -> bool:
        return (
            not self.moving
            and round(self.x) == self.home.x
            and round(self.y) == self.home.y
            and self.face_up == self.home.face_up
        )

    def draw_position(self, alpha: float) -> tuple[float, float]:
        """Position between the last two steps (``alpha`` 0..1), for smooth drawing."""
        return self.px + (self.x - self.px) * alpha, self.py + (self.y - self.py) * alpha

    def flip_scale(self) -> tuple[float, bool]:
        """(width scale 0..1, face shown) for drawing a card mid-turn."""
        if self.flip is None:
            return 1.0, self.face_up
        p = ease_in_out(self.flip.progress())
        showing_new = p >= 0.5
        face = self.flip.to_face_up if showing_new else not self.flip.to_face_up
        return abs(math.cos(math.pi * p)), face


class Motion:
    """All the sprites, and the rules for moving them home."""

    def __init__(self, speed: float = 1.0) -> None:
        self.sprites: dict[int, CardSprite] = {}
        self.speed = speed  # duration multiplier; 0 = no animation
        self._active: set[CardSprite] = set()  # sprites with a tween or a flip to advance
        self._held: list[tuple[CardSprite, float, float]] = []  # dragged, offset from pointer

    # -- dragging -----------------------------------------------------------------------

    def begin_drag(self, cards: list[int], x: float, y: float) -> None:
        """Lift ``cards`` under the pointer at (x, y); each keeps its offset from it."""
        self.end_drag()
        for card in cards:
            sprite = self.sprites[card]
            sprite.dragged = True
            sprite.tween = None
            self._active.discard(sprite)
            self._held.append((sprite, sprite.x - x, sprite.y - y))

    def drag_to(self, x: float, y: float) -> None:
        for sprite, dx, dy in self._held:
            sprite.x = sprite.px = x + dx
            sprite.y = sprite.py = y + dy

    def held_at(self) -> tuple[float, float] | None:
        """Where the lowest held card is now (its top-left), None when nothing is held."""
        if not self._held:
            return None
        base = self._held[0][0]
        return base.x, base.y

    @property
    def dragging(self) -> bool:
        return bool(self._held)

    def end_drag(self) -> None:
        """Let go: the cards stay where they are, free to fly to their (new) homes."""
        for sprite, _, _ in self._held:
            sprite.dragged = False
        self._held = []

    def drop_back(self) -> None:
        """Let go and slide the held cards back home."""
        held = [sprite for sprite, _, _ in self._held]
        self.end_drag()
        for sprite in held:
            self._send(sprite, sprite.home)

    def shake(self, cards: list[int], amplitude: float) -> None:
        """A refused move: the cards swing ``amplitude`` pixels side to side where they lie
        (not with animations off: the message says it all then)."""
        if self.speed <= 0:
            return
        for card in cards:
            sprite = self.sprites.get(card)
            if sprite is None or sprite.dragged:
                continue
            home = sprite.home
            duration = SHAKE_SECONDS * self.speed
            sprite.tween = Tween(sprite.x, sprite.y, home.x, home.y, duration, shake=amplitude)
            self._active.add(sprite)

    # -- durations ----------------------------------------------------------------------

    def move_duration(self, distance: float) -> float:
        return self.speed * min(0.42, 0.16 + distance / 5000)

    def flip_duration(self) -> float:
        return self.speed * 0.16

    # -- homes --------------------------------------------------------------------------

    def reset(self, homes: dict[int, Home]) -> None:
        """Every sprite exactly at home, no motion (used before a deal animation)."""
        self.sprites = {card: CardSprite(card, home) for card, home in homes.items()}
        self._active.clear()
        self._held = []  # those sprites are gone

    def retarget(self, homes: dict[int, Home], delays: dict[int, float] | None = None) -> int:
        """Send every sprite whose home changed toward its new home. ``delays`` staggers
        chosen cards (dealing, a collect). Returns how many sprites were set moving."""
        delays = delays or {}
        started = 0
        for card, home in homes.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                sprite = self.sprites[card] = CardSprite(card, home)
                continue
            moved = (home.x, home.y) != (sprite.home.x, sprite.home.y)
            moved = moved or (
                sprite.tween is None and (round(sprite.x), round(sprite.y)) != (home.x, home.y)
            )
            turned = home.face_up != sprite.home.face_up
            sprite.home = home
            if sprite.dragged:
                continue
            delay = delays.get(card, 0.0)
            if moved or card in delays:
                self._send(sprite, home, delay)
                started += 1
            if turned:
                self._turn(sprite, home.face_up, delay)
                started += 1
        return started

    def _send(self, sprite: CardSprite, home: Home, delay: float = 0.0) -> None:
        distance = math.hypot(home.x - sprite.x, home.y - sprite.y)
        duration = self.move_duration(distance)
        if duration <= 0 and delay <= 0:
            sprite.x = sprite.px = float(home.x)
            sprite.y = sprite.py = float(home.y)
            sprite.tween = None
            return
        sprite.tween = Tween(sprite.x, sprite.y, home.x, home.y, duration, delay * self.speed)
        sprite.lift = 1
        self._active.add(sprite)

    def _turn(self, sprite: CardSprite, face_up: bool, delay: float = 0.0) -> None:
        if sprite.flip is not None and sprite.flip.to_face_up == face_up:
            return
        duration = self.flip_duration()
        if duration <= 0 and delay <= 0:
            sprite.face_up = face_up
            sprite.flip = None
            return
        start = delay * self.speed
        if sprite.tween is not None:  # turn over in flight, finishing as it lands
            start = sprite.tween.delay + max(0.0, sprite.tween.duration - duration)
        sprite.flip = Flip(face_up, duration, start)
        self._active.add(sprite)

    # -- time ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if not self._active:
            return
        for sprite in list(self._active):
            sprite.px, sprite.py = sprite.x, sprite.y
            if sprite.tween is not None:
                sprite.x, sprite.y = sprite.tween.update(dt)
                if sprite.tween.done:
                    sprite.x, sprite.y = sprite.tween.x1, sprite.tween.y1
                    sprite.tween = None
                    sprite.lift = 0
            if sprite.flip is not None:
                sprite.flip.elapsed += dt
                if sprite.flip.done:
                    sprite.face_up = sprite.flip.to_face_up
                    sprite.flip = None
            if sprite.tween is None and sprite.flip is None:
                self._active.discard(sprite)

    def finish(self) -> None:
        """Complete every running tween and flip at once (a new command arrived)."""
        for sprite in self.sprites.values():
            if sprite.dragged:
                continue
            sprite.tween = None
            sprite.flip = None
            sprite.lift = 0
            sprite.x = sprite.px = float(sprite.home.x)
            sprite.y = sprite.py = float(sprite.home.y)
            sprite.face_up = sprite.home.face_up
        self._active.clear()

    @property
    def busy(self) -> bool:
        return bool(self._active) or bool(self._held)
