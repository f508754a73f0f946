"""Generate the game's icon: the Ace of Hearts and the Ace of Spades, fanned on green felt.

The two cards are the bundled card faces (assets/cards/AH.svg and AS.svg), rendered by
pygame-ce's SVG loader; the felt, the rounded corners and the shadows are drawn here. The
picture is drawn at 1024x1024 and scaled down smoothly for every size, so all sizes are
anti-aliased. Written files:

- assets/icon.png   256x256, the window icon (``pygame.display.set_icon``) and the master;
- assets/icon.ico   16, 24, 32, 48, 64, 128 and 256 px, PNG-compressed entries (Windows
                    Vista and later), for the Windows executable;
- assets/icon.icns  16, 32, 64, 128, 256 and 512 px, PNG entries, for a macOS app bundle;
- assets/desktop/icons/hicolor/<N>x<N>/apps/org.patiencetable.Patience.png, N from 16 to
                    512: the freedesktop icon theme's sizes, for the desktop entry.

Only pygame-ce is needed (no Pillow): the ICO and ICNS containers are written by hand.

Usage: python tools/make_icon.py (--out DIR | --write-shipped)

(``--write-shipped``: into the game's ``assets/``, each file replaced whole.)
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script

from tools.arguments import output_folder, parser, shipped_output, write_output  # noqa: E402

MASTER = 1024
FELT = (24, 110, 58)
FELT_EDGE = (12, 72, 36)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types holding PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "org.patiencetable.Patience"


def _card(code: str, width: int) -> pygame.Surface:
    height = round(width * 336 / 240)
    svg = ROOT / "assets" / "cards" / f"{code}.svg"
    return pygame.image.load_sized_svg(str(svg), (width, height)).convert_alpha()


def _shadow(card: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft dark silhouette of the card (box-blurred by scaling down and up)."""
    w, h = card.get_size()
    pad = radius * 2
    silhouette = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(
        silhouette, (0, 0, 0, 140), (pad, pad, w, h), border_radius=max(1, w * 12 // 240)
    )
    small = pygame.transform.smoothscale(
        silhouette, (max(1, silhouette.get_width() // 8), max(1, silhouette.get_height() // 8))
    )
    return pygame.transform.smoothscale(small, silhouette.get_size())


def draw_master() -> pygame.Surface:
    size = MASTER
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    # The felt: a rounded square with a darker rim.
    margin = size // 32
    corner = size // 5
    pygame.draw.rect(
        icon, FELT_EDGE, (margin, margin, size - 2 * margin, size - 2 * margin), 0, corner
    )
    rim = size // 40
    pygame.draw.rect(
        icon,
        FELT,
        (margin + rim, margin + rim, size - 2 * (margin + rim), size - 2 * (margin + rim)),
        0,
        corner - rim,
    )
    # Two cards fanned from a point below the middle: hearts behind, spades in front.
    card_w = int(size * 0.44)
    for code, angle, dx in (("AH", 14, -0.12), ("AS", -9, 0.1)):
        card = _card(code, card_w)
        shadow = _shadow(card, size // 64)
        for layer, offset in ((shadow, (size // 80, size // 60)), (card, (0, 0))):
            turned = pygame.transform.rotozoom(layer, angle, 1.0)
            rect = turned.get_rect(
                center=(int(size * (0.5 + dx)) + offset[0], int(size * 0.52) + offset[1])
            )
            icon.blit(turned, rect)
    return icon


def scaled(master: pygame.Surface, px: int) -> pygame.Surface:
    surface = master
    # Halve step by step (a better filter than one big jump), then the last exact step.
    while surface.get_width() // 2 >= px:
        w = surface.get_width() // 2
        surface = pygame.transform.smoothscale(surface, (w, w))
    if surface.get_width() != px:
        surface = pygame.transform.smoothscale(surface, (px, px))
    return surface


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (ICONDIR, ICONDIRENTRY x n, data)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries = b""
    data = b""
    offset = 6 + 16 * len(images)
    for px, png in sorted(images.items()):
        side = 0 if px >= 256 else px  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An ICNS file: 'icns', the total length, then (type, length, PNG data) per size."""
    body = b"".join(
        ICNS_TYPES[px] + struct.pack(">I", 8 + len(png)) + png for px, png in sorted(images.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    shipped_output(ap, ROOT / "assets", kind=output_folder)
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    master = draw_master()
    sizes = set(ICO_SIZES) | set(ICNS_TYPES) | set(HICOLOR_SIZES)
    pngs = {px: png_bytes(scaled(master, px)) for px in sizes}
    outputs = {
        "icon.png": pngs[256],
        "icon.ico": ico_bytes({px: pngs[px] for px in ICO_SIZES}),
        "icon.icns": icns_bytes({px: pngs[px] for px in ICNS_TYPES}),
    }
    for px in HICOLOR_SIZES:
        outputs[f"desktop/icons/hicolor/{px}x{px}/apps/{APP_ID}.png"] = pngs[px]
    for name, data in outputs.items():
        path = args.out / name
        write_output(path, data)
        print(f"wrote {path} ({len(data):,} bytes)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
