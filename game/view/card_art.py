"""Card faces, card backs, empty-pile outlines and the game font, as pygame Surfaces.

Faces are the SVG files in assets/cards/ (imported by tools/import_cards.py) rendered by
pygame-ce's nanosvg at the exact pixel size asked for, so they stay crisp at any window size.
Backs are SVG generated here (a diamond lattice in a coloured panel with a white border) and
rendered the same way. Empty-pile outlines are drawn with pygame, supersampled for smooth
edges. Every Surface has per-pixel alpha, with transparent rounded corners.

A CardArt keeps the surfaces of one card size; changing its size drops them, and they are
re-rendered on demand (e.g. after a window resize)::

    art = CardArt((150, 210))
    screen.blit(art.face("QH"), pos)
    screen.blit(art.back("red"), pos)
    art.size = (120, 168)          # new size: new surfaces from here on
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

import pygame

from game.engine.cards import CODE, RANKS, SUITS, full_deck, parse_code
from game.files.resources import asset_path

from .card_styles import BACK_COLOURS, BACK_STYLES, STANDARD_FACES
from .geometry import CARD_ASPECT
from .text import SafeFont

# The 52 faces, by code ("AS", "TD", ...): one deck's worth of the engine's codes.
CODES = tuple(CODE[card] for card in full_deck(1))

SLOT_LABELS = {"redeal": "\u21ba", "no_redeal": "\u2715"}  # "↺" and "✕"

_SUPERSAMPLE = 4
# The smallest corner radius in pixels: below it a corner pixel would be partly covered.
_MIN_CORNER_RADIUS = 3.5


def card_height_for_width(width: int) -> int:
    """The height of a card `width` pixels wide, in the 5:7 proportion of the art."""
    return max(1, round(width * CARD_ASPECT))


def normalize_code(code: str) -> str:
    """``"as"``, ``"10d"`` -> ``"AS"``, ``"TD"`` (the engine's reading of a card code).
    Raises ValueError for anything else."""
    rank, suit = parse_code(code)
    return RANKS[rank - 1] + SUITS[suit]


# --------------------------------------------------------------------------------------------
# Fonts


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (or DejaVu Sans Bold) at `size` points, loaded from assets/fonts/."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return SafeFont(asset_path("fonts", name), max(1, int(size)))  # any text draws


# --------------------------------------------------------------------------------------------
# Rendering helpers


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format for fast blits, when there is a display."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _check_size(size: tuple[int, int]) -> tuple[int, int]:
    width, height = (int(size[0]), int(size[1]))
    if width < 1 or height < 1:
        raise ValueError(f"card size must be positive, got {size!r}")
    return width, height


def _render_svg(source, size: tuple[int, int]) -> pygame.Surface:
    """Render an SVG (path or file object) to exactly `size` pixels, with per-pixel alpha."""
    surface = pygame.image.load_sized_svg(source, size)
    if not surface.get_flags() & pygame.SRCALPHA or surface.get_bitsize() != 32:
        with_alpha = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        with_alpha.blit(surface, (0, 0))
        surface = with_alpha
    if surface.get_size() != size:
        # nanosvg keeps the aspect ratio: stretch the pixel or two of rounding (or an odd
        # proportion the caller asked for) so the surface is exactly the requested size.
        surface = pygame.transform.smoothscale(surface, size)
    if 12 / 240 * size[0] < _MIN_CORNER_RADIUS:
        # Small cards: the drawn corner is under a pixel or two and its anti-aliasing would
        # leave the corner pixels faintly opaque. Cut a slightly rounder, clean corner.
        surface.blit(_corner_mask(size), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


@lru_cache(maxsize=8)
def _corner_mask(size: tuple[int, int]) -> pygame.Surface:
    """Opaque white with rounded transparent corners of _MIN_CORNER_RADIUS pixels."""
    big = pygame.Surface((size[0] * _SUPERSAMPLE, size[1] * _SUPERSAMPLE), pygame.SRCALPHA)
    radius = math.ceil(_MIN_CORNER_RADIUS * _SUPERSAMPLE)
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius)
    return pygame.transform.smoothscale(big, size)


# Below this card width the thin strokes of the rank letters get bolder, to stay legible.
_BOLD_INDEX_BELOW = 96
# The rank letters of the indices are the only strokes of this width in the face SVGs.
_INDEX_STROKE = ' stroke-width="80"'


def render_face(code: str, size: tuple[int, int], faces: str = STANDARD_FACES) -> pygame.Surface:
    """A new surface of the face of card `code` (e.g. "AS", "TD") at `size` pixels, from
    the faces folder ``faces`` (see ``card_styles.face_folder``)."""
    code = normalize_code(code)
    size = _check_size(size)
    path = asset_path(*faces.split("/"), f"{code}.svg")
    if size[0] >= _BOLD_INDEX_BELOW:
        return _render_svg(str(path), size)
    bolder = min(135.0, 80.0 * _BOLD_INDEX_BELOW / size[0])
    svg = path.read_text(encoding="utf-8").replace(_INDEX_STROKE, f' stroke-width="{bolder:.0f}"')
    return _render_svg(io.BytesIO(svg.encode("utf-8")), size)


def _lattice_segments(
    box: tuple[float, float, float, float], step: float, slope: float
) -> list[tuple[float, float, float, float]]:
    """Both families of lines y = ±slope * x + c, `step` apart horizontally, clipped to box."""
    x0, y0, x1, y1 = box
    segments = []
    for sign in (1.0, -1.0):
        m = sign * slope
        # Lines through (cx + k * step, 0): y = m * (x - cx - k * step); cover the whole box.
        reach = (y1 - y0) / slope + (x1 - x0)
        count = int(reach / step) + 2
        for k in range(-count, count + 1):
            ax = k * step
            # Clip y = m * (x - ax) to the box: limit x to where y is inside [y0, y1].
            lo, hi = x0, x1
            if m > 0:
                lo = max(lo, ax + y0 / m)
                hi = min(hi, ax + y1 / m)
            else:
                lo = max(lo, ax + y1 / m)
                hi = min(hi, ax + y0 / m)
            if hi - lo < 1e-6:
                continue
            ya, yb = m * (lo - ax), m * (hi - ax)
            segments.append((lo, ya, hi, yb))
    return segments


def _rounded_rect_path(x: float, y: float, w: float, h: float, r: float) -> str:
    return (
        f"M{x + r:.2f} {y:.2f}H{x + w - r:.2f}A{r} {r} 0 0 1 {x + w:.2f} {y + r:.2f}"
        f"V{y + h - r:.2f}A{r} {r} 0 0 1 {x + w - r:.2f} {y + h:.2f}"
        f"H{x + r:.2f}A{r} {r} 0 0 1 {x:.2f} {y + h - r:.2f}"
        f"V{y + r:.2f}A{r} {r} 0 0 1 {x + r:.2f} {y:.2f}Z"
    )


@lru_cache(maxsize=16)
def back_svg(style: str) -> bytes:
    """The SVG source of a card back (240 x 336 units, like the faces)."""
    try:
        panel, line, accent = BACK_COLOURS[style]
    except KeyError:
        raise ValueError(f"unknown back style {style!r}; choose from {BACK_STYLES}") from None
    # Panel: inset 11 from the card edge. Lattice area: inset 6 more, behind an inner frame.
    px, py, pw, ph, pr = -109.0, -157.0, 218.0, 314.0, 9.0
    ix, iy, iw, ih, ir = px + 6, py + 6, pw - 12, ph - 12, 5.0
    step, slope = 13.0, 1.5
    lines = "".join(
        f"M{a:.2f} {b:.2f}L{c:.2f} {d:.2f}"
        for a, b, c, d in _lattice_segments((ix, iy, ix + iw, iy + ih), step, slope)
    )
    # Small diamonds at the centre of every lattice cell. The lines cross at
    # (n * step / 2, m * slope * step / 2) with n, m of equal parity; centres have n, m of
    # different parity.
    dots = []
    half_w, half_h = 2.2, 3.3
    cols = int(iw / step) + 2
    rows = int(ih / (step * slope)) * 2 + 2
    for m in range(-rows, rows + 1):
        for i in range(-cols, cols + 1):
            cx = i * step + (step / 2 if m % 2 == 0 else 0.0)
            cy = m * slope * step / 2
            if ix + half_w < cx < ix + iw - half_w and iy + half_h < cy < iy + ih - half_h:
                dots.append(
                    f"M{cx:.2f} {cy - half_h:.2f}l{half_w} {half_h}l{-half_w} {half_h}"
                    f"l{-half_w} {-half_h}Z"
                )
    frame_mask = _rounded_rect_path(px, py, pw, ph, pr) + _rounded_rect_path(ix, iy, iw, ih, ir)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="336" '
        'viewBox="-120 -168 240 336" preserveAspectRatio="none">',
        '<rect width="239" height="335" x="-119.5" y="-167.5" rx="12" ry="12" '
        'fill="#fff" stroke="#000"/>',
        f'<rect x="{px}" y="{py}" width="{pw}" height="{ph}" rx="{pr}" fill="{panel}"/>',
        f'<path d="{lines}" stroke="{line}" stroke-width="1.6" fill="none"/>',
        f'<path d="{"".join(dots)}" fill="{accent}" fill-opacity="0.85"/>',
        f'<path d="{frame_mask}" fill="{panel}" fill-rule="evenodd"/>',
        f'<path d="{_rounded_rect_path(ix + 2, iy + 2, iw - 4, ih - 4, 3.5)}" '
        f'stroke="{accent}" stroke-width="1.4" fill="none"/>',
        f'<path d="{_rounded_rect_path(ix - 3, iy - 3, iw + 6, ih + 6, 6.5)}" '
        f'stroke="{line}" stroke-width="0.9" fill="none"/>',
        "</svg>",
    ]
    return "".join(parts).encode("ascii")


def render_back(style: str, size: tuple[int, int]) -> pygame.Surface:
    """A new surface of a card back of `style` (see BACK_STYLES) at `size` pixels."""
    return _render_svg(io.BytesIO(back_svg(style)), _check_size(size))


def empty_slot(w: int, h: int, label: str | None = None) -> pygame.Surface:
    """A faint rounded outline for an empty pile, optionally with a faint centred label.

    `label` is any short text ("A", "K", a suit symbol) or one of the SLOT_LABELS keys
    ("redeal" -> "↺", "no_redeal" -> "✕").
    """
    w, h = _check_size((w, h))
    big = pygame.Surface((w * _SUPERSAMPLE, h * _SUPERSAMPLE), pygame.SRCALPHA)
    radius = round(12 / 240 * w * _SUPERSAMPLE)
    thickness = max(_SUPERSAMPLE, round(w * _SUPERSAMPLE / 70))
    inset = thickness // 2
    rect = big.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(big, (255, 255, 255, 22), rect, border_radius=radius)
    pygame.draw.rect(big, (255, 255, 255, 110), rect, width=thickness, border_radius=radius)
    surface = pygame.transform.smoothscale(big, (w, h))
    if label:
        text = SLOT_LABELS.get(label, label)
        glyph = font(max(6, round(min(w * 0.55, h * 0.4))), bold=True).render(
            text, True, (255, 255, 255)
        )
        glyph.fill((255, 255, 255, 95), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(glyph, glyph.get_rect(center=(w / 2, h / 2)))
    return _finish(surface)


# --------------------------------------------------------------------------------------------
# The per-size cache


@lru_cache(maxsize=6 * 52)
def _finished_face(code: str, size: tuple[int, int], faces: str) -> pygame.Surface:
    """Faces shared by every ``CardArt`` of one size and style: a replay's table beside the
    game's, or the size a window returns to, draws them once (each is shared, never drawn
    on). Room for six sets: the table's and a replay's, at two window sizes, and the
    squeezed piles' large index."""
    return _finish(render_face(code, size, faces))


class CardArt:
    """Card surfaces for one card size and face style, rendered on first use and kept until
    the size or the style changes."""

    def __init__(
        self,
        size: tuple[int, int] = (150, 210),
        faces: str = STANDARD_FACES,
        squeezed: str | None = None,
    ):
        self._size = _check_size(size)
        self.faces = faces
        self.squeezed_faces = squeezed or faces  # a squeezed fan's covered cards
        self._cache: dict[tuple, pygame.Surface] = {}

    def set_faces(self, faces: str, squeezed: str | None = None) -> None:
        """Use the faces of another folder (a style), and ``squeezed`` (that one unless
        given) for a squeezed fan's covered cards; the faces drawn so far are dropped."""
        squeezed = squeezed or faces
        if (faces, squeezed) != (self.faces, self.squeezed_faces):
            self.faces, self.squeezed_faces = faces, squeezed
            self._cache = {k: v for k, v in self._cache.items() if k[0] not in ("face", "squeezed")}

    @property
    def size(self) -> tuple[int, int]:
        """The card size in pixels, (width, height)."""
        return self._size

    @size.setter
    def size(self, size: tuple[int, int]) -> None:
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        """Use a new card size; surfaces of the old size are dropped (if it really changed)."""
        size = _check_size(size)
        if size != self._size:
            self._size = size
            self._cache.clear()

    def clear(self) -> None:
        """Drop every cached surface (e.g. after a display mode change)."""
        self._cache.clear()
        _finished_face.cache_clear()

    def face(self, code: str, squeezed: bool = False) -> pygame.Surface:
        """The face of card `code` ("AS", "TD", "KH", ...); ``squeezed``: as a squeezed
        fan's covered card. Do not draw on it: it is shared."""
        squeezed = squeezed and self.squeezed_faces != self.faces
        key = ("squeezed" if squeezed else "face", normalize_code(code))
        surface = self._cache.get(key)
        if surface is None:
            folder = self.squeezed_faces if squeezed else self.faces
            surface = self._cache[key] = _finished_face(key[1], self._size, folder)
        return surface

    def back(self, style: str = "blue") -> pygame.Surface:
        """A card back; `style` is one of BACK_STYLES ("blue", "red", "green")."""
        key = ("back", style)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._cache[key] = _finish(render_back(style, self._size))
        return surface

    def empty_slot(self, w: int, h: int, label: str | None = None) -> pygame.Surface:
        """An empty-pile outline of w x h pixels (see the module function empty_slot)."""
        key = ("slot", int(w), int(h), label)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._cache[key] = empty_slot(w, h, label)
        return surface

    def preload(self, back_styles: tuple[str, ...] = ("blue",)) -> None:
        """Render all 52 faces and the given backs now rather than on first use."""
        for code in CODES:
            self.face(code)
        for style in back_styles:
            self.back(style)

    def warm(self, count: int = 1) -> bool:
        """Render up to ``count`` faces not drawn yet, ahead of need (a few at each step
        after the window shows, so no frame pays for many); False when all are ready."""
        for code in CODES:
            if ("face", code) not in self._cache:
                self.face(code)
                count -= 1
                if count <= 0:
                    return True
        return False

    @staticmethod
    def font(size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans at `size` points (the module function font)."""
        return font(size, bold)
