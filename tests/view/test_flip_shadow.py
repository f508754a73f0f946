"""A card turning over in flight (Yukon's deal turns its face-up cards as they land) casts
the shadow of the card as drawn, narrowed with it: no dark box the card's full width
shows round the narrowed card. Frame by frame through the real App, headless."""

from __future__ import annotations

import pygame

from game.app.loop import DT

from .scene_helpers import scene_for


def unchanged_outside(screen, static, box: pygame.Rect, allowed: pygame.Rect, others) -> int:
    """How many pixels of ``box`` outside ``allowed`` and the ``others`` boxes differ from
    the resting table (``static``); the pixels checked are counted by the caller."""
    box = box.clip(screen.get_rect())
    drawn, resting = screen.subsurface(box).copy(), static.subsurface(box).copy()
    for keep in [allowed, *others]:  # pixels another card may rightly cover: equal both
        area = keep.clip(box).move(-box.x, -box.y)
        if area.w > 0 and area.h > 0:
            drawn.fill((0, 0, 0), area)
            resting.fill((0, 0, 0), area)
    a, b = pygame.PixelArray(drawn), pygame.PixelArray(resting)
    same = a.compare(b).make_surface()  # white where equal, black where not
    del a, b
    return pygame.mask.from_threshold(same, (0, 0, 0), (1, 1, 1, 255)).count()


def test_a_turning_cards_shadow_stays_under_the_card_as_drawn():
    table = scene_for("yukon", seed=1)
    screen = pygame.display.get_surface()
    app, scene = table.app, table.scene
    w, h = scene.layout.card_w, scene.layout.card_h
    reach = w // 10  # a drop shadow falls a little right of and below its card, no further
    frames = 0
    for _ in range(int(6 / DT)):
        app.update(DT)
        app.tick(DT)
        app.draw(screen, 1.0)
        if not scene.motion.busy:
            break
        flying = [s for s in scene.motion.sprites.values() if s.in_flight]
        for sprite in flying:
            scale, _ = sprite.flip_scale()
            if scale > 0.8 or not sprite.lift:
                continue
            x, y = (int(v) for v in sprite.draw_position(1.0))
            narrow = max(1, int(w * scale))
            left = x + (w - narrow) // 2
            allowed = pygame.Rect(left - 1, y - 1, narrow + reach + 2, h + reach + 2)
            box = pygame.Rect(x - reach, y - reach, w + 2 * reach, h + 2 * reach)
            others = [
                pygame.Rect(int(o.x) - reach, int(o.y) - reach, w + 2 * reach, h + 2 * reach)
                for o in flying
                if o is not sprite
            ]
            bad = unchanged_outside(screen, scene.renderer.static, box, allowed, others)
            assert bad == 0, (sprite.card, scale, bad)
            frames += 1
    assert frames > 10  # the deal turned cards over in flight, and they were looked at
