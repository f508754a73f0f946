"""The looks a player can choose for the cards, as names and colours: no pygame here, so
the settings can offer them without loading the art."""

from __future__ import annotations

# Colours of each back style: panel, lattice lines, lattice dots / inner frame.
BACK_COLOURS: dict[str, tuple[str, str, str]] = {
    "blue": ("#14306e", "#5577c8", "#c8d6ff"),
    "red": ("#8c1616", "#d0605a", "#ffd2cc"),
    "green": ("#0f5a33", "#4f9f6e", "#cdeed8"),
}
BACK_STYLES = tuple(BACK_COLOURS)
