"""The face styles: large index and four colours, made by tools/make_faces.py."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.files.resources import asset_path  # noqa: E402
from game.view.card_art import CODES, CardArt  # noqa: E402
from game.view.card_styles import LARGE_FACES_BELOW, face_folder  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ["faces/large", "faces/four-colour", "faces/large-four-colour"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_style_has_all_52_faces(folder):
    for code in CODES:
        assert asset_path(*folder.split("/"), f"{code}.svg").is_file(), (folder, code)


def test_the_shipped_faces_are_what_the_tool_makes(tmp_path):
    subprocess.run(
        [sys.executable, "tools/make_faces.py", "--out", str(tmp_path)], cwd=ROOT, check=True
    )
    for folder in ("large", "four-colour", "large-four-colour"):
        for made in (tmp_path / folder).iterdir():
            shipped = ROOT / "assets" / "faces" / folder / made.name
            assert made.read_bytes() == shipped.read_bytes(), shipped


def test_auto_takes_the_large_index_on_small_cards():
    assert face_folder("auto", False, LARGE_FACES_BELOW - 1) == "faces/large"
    assert face_folder("auto", False, LARGE_FACES_BELOW) == "cards"
    assert face_folder("standard", True, 40) == "faces/four-colour"
    assert face_folder("large", True, 400) == "faces/large-four-colour"


def colour_share(surface: pygame.Surface, test) -> int:
    w, h = surface.get_size()
    return sum(1 for x in range(w) for y in range(h) if test(surface.get_at((x, y))))


def test_four_colours_paint_clubs_green_and_diamonds_blue():
    pygame.display.init()
    art = CardArt((120, 168), "faces/four-colour")
    greenish = lambda c: c.a > 200 and c.g > 90 and c.r < 60 and c.b < 90  # noqa: E731
    bluish = lambda c: c.a > 200 and c.b > 150 and c.r < 80 and c.g < 120  # noqa: E731
    assert colour_share(art.face("7C"), greenish) > 300
    assert colour_share(art.face("7D"), bluish) > 300
    standard = CardArt((120, 168))
    assert colour_share(standard.face("7C"), greenish) == 0


def test_the_large_index_fills_the_top_of_the_card():
    """In a pile squeezed to a sixth of a card, the large index still shows rank and suit:
    the top band holds more ink than the standard face's."""
    pygame.display.init()
    size = (90, 126)
    band = pygame.Rect(0, 0, 90, int(126 * 0.14))

    def ink(folder: str) -> int:
        face = CardArt(size, folder).face("8H").subsurface(band)
        return colour_share(face, lambda c: c.a > 200 and c.r > 180 and c.g < 90)

    assert ink("faces/large") > 1.5 * ink("cards")
