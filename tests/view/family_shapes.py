"""The table shapes of the Klondike family, from the built-in rule tables: what the view
must lay out (reserves, no waste, no stock, wide and deep tableaux)."""

from __future__ import annotations

from game.engine.game import Game, new_game
from game.variants import get_variant
from tests.variant_ids import FAMILY

SHAPES = {variant: get_variant(variant).rules() for variant in FAMILY}


def dealt(name: str, seed: int = 1) -> Game:
    return new_game(SHAPES[name], seed)
