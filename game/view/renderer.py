"""Drawing the table with as little work per frame as the picture allows.

The felt, the empty-pile outlines and every card at rest live on a cached *static layer*.
A frame restores, from that layer, only the rectangles where moving things were or are
now (cards in flight, dragged cards, highlights), draws the moving things on top, and
hands the changed rectangles to the display. Cards that start or stop moving update only
their own rectangle of the static layer. A still table draws nothing at all.
"""

from __future__ import annotations

import pygame

from game.engine.cards import CODE

from .card_art import CardArt
from .felt import felt_of
from .layout import TableLayout
from .motion import CardSprite


class TableRenderer:
    def __init__(self, art: CardArt, back_style: str = "blue") -> None:
        self.art = art
        self.back_style = back_style
        self.layout: TableLayout | None = None
        self.static: pygame.Surface | None = None
        self.felt: pygame.Surface | None = None
        # card -> (where, stacking order, face up, squeezed): what its picture there shows
        self._static_cards: dict[int, tuple[pygame.Rect, int, bool, bool]] = {}
        self._drawn_moving: list[pygame.Rect] = []
        self._slot_labels: dict[int, str | None] = {}
        self.full_redraw = True
        self._shade: pygame.Surface | None = None  # a moving card's drop shadow
        self._pending: list[pygame.Rect] = []
        # Things drawn over the resting cards but that change rarely (status line, focus
        # outline, drop-target highlights, messages): kept on the static layer.
        self._decorations: list[tuple[pygame.Surface, tuple[int, int]]] = []

    # -- static layer -------------------------------------------------------------------

    def set_layout(self, layout: TableLayout) -> None:
        self.layout = layout
        self.art.resize((layout.card_w, layout.card_h))
        size = (layout.width, layout.height)
        if self.felt is None or self.felt.get_size() != size:
            self.felt = felt_of(size)
        self.static = None
        self.full_redraw = True

    def set_back(self, style: str) -> None:
        self.back_style = style
        self.static = None
        self.full_redraw = True

    def set_faces(self, folder: str, squeezed: str | None = None) -> None:
        """Draw the faces of another style (``card_styles.face_folder``), and ``squeezed``
        ones for a squeezed fan's covered cards (``card_styles.squeezed_face_folder``)."""
        if (folder, squeezed or folder) != (self.art.faces, self.art.squeezed_faces):
            self.art.set_faces(folder, squeezed)
            self.static = None
            self.full_redraw = True

    def image(self, card: int, face_up: bool, squeezed: bool = False) -> pygame.Surface:
        if face_up:
            return self.art.face(CODE[card], squeezed)
        return self.art.back(self.back_style)

    def _draw_slots(self, surface: pygame.Surface, labels: dict[int, str | None]) -> None:
        layout = self.layout
        for pile in layout.shown():
            x, y = layout.origins[pile]
            surface.blit(
                self.art.empty_slot(layout.card_w, layout.card_h, labels.get(pile)), (x, y)
            )

    def _rebuild_static(self, sprites: dict[int, CardSprite], labels, hidden=frozenset()) -> None:
        # A surface of its own, the felt laid on it (not the shared felt's copy: a copy is
        # of the felt's own kind, made whenever the felt was first drawn).
        self.static = pygame.Surface(self.felt.get_size())
        self.static.blit(self.felt, (0, 0))
        self._slot_labels = dict(labels)
        self._draw_slots(self.static, labels)
        self._static_cards = {}
        w, h = self.layout.card_w, self.layout.card_h
        for s in sprites.values():
            if not s.in_flight and s.card not in hidden:
                rect = pygame.Rect(round(s.x), round(s.y), w, h)
                self._static_cards[s.card] = (rect, s.home.z, s.face_up, s.home.squeezed)
        self._paint_cards(self.static, self.static.get_rect())
        for surface, pos in self._decorations:
            self.static.blit(surface, pos)

    def _paint_cards(self, static: pygame.Surface, region: pygame.Rect) -> None:
        """The resting cards over ``region``. Of cards stacked exactly on top of each other
        (stock, foundations) only the top one is drawn: a tall stack costs one blit, and a
        whole repaint and a region's repaint give the same pixels (the soft corners of a
        stack drawn card by card would darken with its height)."""
        top_at: dict[tuple, tuple] = {}
        for card, (rect, z, face, squeezed) in self._static_cards.items():
            if rect.colliderect(region):
                key = tuple(rect)
                if key not in top_at or top_at[key][0] < z:
                    top_at[key] = (z, card, rect, face, squeezed)
        for _, card, rect, face, squeezed in sorted(top_at.values()):
            static.blit(self.image(card, face, squeezed), rect)

    def _redraw_region(self, region: pygame.Rect) -> None:
        """Repaint one rectangle of the static layer: felt, outlines, resting cards."""
        static = self.static
        static.set_clip(region)
        static.blit(self.felt, region, region)
        layout = self.layout
        for pile in layout.shown():
            x, y = layout.origins[pile]
            slot = pygame.Rect(x, y, layout.card_w, layout.card_h)
            if slot.colliderect(region):
                label = self._slot_labels.get(pile)
                static.blit(self.art.empty_slot(layout.card_w, layout.card_h, label), slot)
        self._paint_cards(static, region)
        for surface, pos in self._decorations:
            if region.colliderect(pygame.Rect(pos, surface.get_size())):
                static.blit(surface, pos)
        static.set_clip(None)

    def set_decorations(self, decorations: list[tuple[pygame.Surface, tuple[int, int]]]) -> None:
        """Replace the decorations; repaints only where old or new ones lie."""
        if decorations == self._decorations:
            return
        if self.static is None:
            self._decorations = list(decorations)
            return
        old_keys = {(id(s), p) for s, p in self._decorations}
        new_keys = {(id(s), p) for s, p in decorations}
        changed = [
            pygame.Rect(p, s.get_size())
            for s, p in self._decorations + list(decorations)
            if ((id(s), p) in old_keys) != ((id(s), p) in new_keys)
        ]
        self._decorations = list(decorations)
        for region in _merge_rects(changed):
            self._redraw_region(region)
        self._pending.extend(changed)

    def sync(
        self,
        sprites: dict[int, CardSprite],
        labels: dict[int, str | None],
        hidden: frozenset[int] = frozenset(),
    ) -> None:
        """Bring the static layer up to date with which cards rest where (``hidden``
        cards, off on the win cascade, rest nowhere)."""
        if self.static is None or labels != self._slot_labels:
            self._rebuild_static(sprites, labels, hidden)
            self.full_redraw = True
            return
        changed: list[pygame.Rect] = []
        w, h = self.layout.card_w, self.layout.card_h
        for card, sprite in sprites.items():
            entry = self._static_cards.get(card)
            if sprite.in_flight or card in hidden:
                if entry is not None:  # lifted off the table: repaint under it
                    del self._static_cards[card]
                    changed.append(entry[0])
                continue
            rect = pygame.Rect(round(sprite.x), round(sprite.y), w, h)
            state = (rect, sprite.home.z, sprite.face_up, sprite.home.squeezed)
            if entry != state:
                if entry is not None:
                    changed.append(entry[0])
                self._static_cards[card] = state
                changed.append(rect)
        if len(changed) > 40:
            self._rebuild_static(sprites, labels, hidden)
            self.full_redraw = True
            return
        for region in _merge_rects(changed):
            self._redraw_region(region)
        self._pending.extend(changed)

    # -- frames ---------------------------------------------------------------------------

    def draw(
        self,
        screen: pygame.Surface,
        sprites: dict[int, CardSprite],
        alpha: float,
        labels: dict[int, str | None],
        decorations: list[tuple[pygame.Surface, tuple[int, int]]],
        flyers: list[tuple[str, float, float]] = (),
        hidden: frozenset[int] = frozenset(),
        on_top: int = 0,
    ) -> list[pygame.Rect] | None:
        """Draw one frame: the resting cards (from the static layer), the decorations over
        them, the moving cards and the win cascade's ``flyers`` (code, x, y) over those;
        the last ``on_top`` decorations (the status line, a message, the win panel) again
        over everything. Returns the rectangles to update, [] for none, or None when the
        whole screen changed."""
        self.set_decorations(decorations)
        self.sync(sprites, labels, hidden)
        moving = sorted(
            (s for s in sprites.values() if s.in_flight),
            key=lambda s: (s.dragged, s.lift, s.home.z),
        )
        w, h = self.layout.card_w, self.layout.card_h
        pad = w // 20 + 3  # room for the drop shadow
        now: list[pygame.Rect] = []
        for s in moving:
            x, y = s.draw_position(alpha)
            now.append(pygame.Rect(int(x) - 1, int(y) - 1, w + pad, h + pad))
        for _code, x, y in flyers:
            now.append(pygame.Rect(int(x), int(y), w, h))
        if self.full_redraw:
            screen.blit(self.static, (0, 0))
            dirty = None
        else:
            dirty = _merge_rects(self._drawn_moving + now + self._pending)
            if not dirty:
                self._pending = []
                return []
            for region in dirty:
                screen.blit(self.static, region, region)
        for s in moving:
            self._draw_sprite(screen, s, alpha)
        for code, x, y in flyers:
            screen.blit(self.art.face(code), (int(x), int(y)))
        if now and on_top:
            for surface, pos in decorations[-on_top:]:
                area = pygame.Rect(pos, surface.get_size())
                for rect in now:
                    clip = area.clip(rect)
                    if clip:
                        screen.blit(surface, clip.topleft, clip.move(-pos[0], -pos[1]))
        self._drawn_moving = now
        self._pending = []
        self.full_redraw = False
        return dirty

    def _draw_sprite(self, screen: pygame.Surface, s: CardSprite, alpha: float) -> None:
        x, y = s.draw_position(alpha)
        scale, face = s.flip_scale()
        image = self.image(s.card, face, s.home.squeezed)
        if scale < 0.999:  # mid-turn: narrowed about the card's middle
            w = max(1, int(image.get_width() * scale))
            image = pygame.transform.scale(image, (w, image.get_height()))
            x += (self.layout.card_w - w) / 2
        if s.dragged or s.lift:
            # The shadow is the card's as drawn: a turning card's narrows with it, or its
            # full width would show as a dark box round the narrowed card.
            self._shadow(screen, int(x), int(y), image.get_width())
        screen.blit(image, (int(x), int(y)))

    def _shadow(self, screen: pygame.Surface, x: int, y: int, width: int) -> None:
        """The drop shadow of a card drawn ``width`` pixels wide at (x, y)."""
        w, h = self.layout.card_w, self.layout.card_h
        shade = self._shade
        if shade is None or shade.get_size() != (w, h):  # made once per card size
            shade = self._shade = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 60), shade.get_rect(), border_radius=max(2, w // 14))
        if width != w:
            shade = pygame.transform.scale(shade, (width, h))
        screen.blit(shade, (x + max(1, w // 40), y + max(1, w // 30)))


def _merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Union overlapping rectangles so each pixel is restored once."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.colliderect(r):
                    r.union_ip(o)
                    out.pop(i)
                    merged = True
                    break
        out.append(r)
    return out
