"""The looks a player can choose for the cards, as names and colours: no pygame here, so
the settings can offer them without loading the art."""

from __future__ import annotations

from game.store.settings import BACK_STYLES

# Colours of each back style: panel, lattice lines, lattice dots / inner frame.
BACK_COLOURS: dict[str, tuple[str, str, str]] = {
    "blue": ("#14306e", "#5577c8", "#c8d6ff"),
    "red": ("#8c1616", "#d0605a", "#ffd2cc"),
    "green": ("#0f5a33", "#4f9f6e", "#cdeed8"),
}
if set(BACK_COLOURS) != set(BACK_STYLES):  # every back a player may choose is drawn
    raise ImportError(f"back colours {sorted(BACK_COLOURS)} for the styles {BACK_STYLES}")

# Face styles: the standard corner index, or a large index across the top of the card
# (made by tools/make_faces.py) that names a card in a squeezed pile. "auto" takes the
# large one on small cards.
LARGE_FACES_BELOW = 110  # card width in pixels under which "auto" means "large"
STANDARD_FACES = "cards"


def face_folder(style: str, four_colour: bool, card_width: int) -> str:
    """The assets folder of the faces to draw: a style, in two colours or four (clubs
    green, diamonds blue)."""
    large = style == "large" or (style == "auto" and card_width < LARGE_FACES_BELOW)
    if large:
        return "faces/large-four-colour" if four_colour else "faces/large"
    return "faces/four-colour" if four_colour else STANDARD_FACES


def squeezed_face_folder(style: str, four_colour: bool, card_width: int) -> str:
    """The faces of the covered face-up cards of a squeezed fan (``Home.squeezed``): under
    "auto" the large index, whose band across the top names the card where the corner
    index would be cut; the player's own choice otherwise."""
    return face_folder("large" if style == "auto" else style, four_colour, card_width)
