"""A small picture of a game's table as it is dealt, drawn by the table's own renderer.

The game chooser shows one per game. The table is laid out and drawn as the window would
draw it (``table_layout``, ``TableRenderer``, the player's card back and faces), at a few
times the picture's size so the cards keep their shapes, then scaled down smoothly. No
status line: the picture is of the cards.
"""

from __future__ import annotations

import pygame

from game.engine.game import Game

from .card_art import CardArt
from .card_styles import face_folder, squeezed_face_folder
from .homes import card_homes
from .layout import table_layout
from .motion import Motion
from .renderer import TableRenderer
from .slots import slot_labels

# The table is drawn this many times larger than the picture, then scaled down: the
# smallest cards a layout makes are wider than a picture's would be.
OVERSAMPLE = 3


def opening_picture(
    game: Game,
    size: tuple[int, int],
    back_style: str = "blue",
    face_style: str = "auto",
    four_colour: bool = False,
    left_handed: bool = False,
) -> pygame.Surface:
    """``game``'s table as it is now, ``size`` pixels, drawn by the table's renderer."""
    w, h = max(1, size[0]), max(1, size[1])
    big = (w * OVERSAMPLE, h * OVERSAMPLE)
    layout = table_layout(*big, game.rules, left_handed, footer_rows=0)
    art = CardArt((layout.card_w, layout.card_h))
    art.set_faces(
        face_folder(face_style, four_colour, layout.card_w),
        squeezed_face_folder(face_style, four_colour, layout.card_w),
    )
    renderer = TableRenderer(art, back_style)
    renderer.set_layout(layout)
    motion = Motion(0.0)
    motion.reset(card_homes(game.state, layout, game.waste_fan()))
    canvas = pygame.Surface(big)
    renderer.draw(canvas, motion.sprites, 1.0, slot_labels(game), [])
    # The band kept for messages under the cards holds none here: the picture ends with
    # the cards' room.
    room = pygame.Rect(0, 0, big[0], int(layout.tableau_bottom))
    return pygame.transform.smoothscale(canvas.subsurface(room), (w, h))
