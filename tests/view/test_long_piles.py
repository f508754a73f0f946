"""Yukon's long piles of face-up cards name every card: the layout gives the fan room for
a King-to-Ace run on the deepest deal's face-down cards, and a face-up card squeezed under
the full step is drawn with the large index (rank and suit side by side across its top),
whole in the strip that shows. Through the real App, as on screen, at the sizes players
use; and the player who chose the standard index keeps it."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.cards import CODE
from game.engine.commands import Move
from game.engine.game import Game, new_game
from game.view import intents as i
from game.view.card_styles import face_folder, squeezed_face_folder
from game.view.geometry import LARGE_INDEX_STEP, UP_STEP
from game.view.homes import card_homes
from game.view.layout import table_layout
from tests.view.family_shapes import SHAPES
from tests.view.test_layout_grid import long_pile

from .scene_helpers import scene_for, settle

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 1100), (1024, 768)]


def index_shown(homes, card_h: int) -> list[tuple[int, int, int, bool]]:
    """(card, pixels of it that show, pile, squeezed) for each covered face-up tableau card."""
    shown = []
    by_pile: dict[int, list] = {}
    for card, home in homes.items():
        by_pile.setdefault(home.pile, []).append((home.position, card, home))
    for pile, cards in by_pile.items():
        cards.sort()
        for (_, card, home), (_, _, above) in zip(cards, cards[1:], strict=False):
            if home.face_up and above.y > home.y:  # a fanned pile: squared ones show one
                shown.append((card, above.y - home.y, pile, home.squeezed))
    return shown


def readable(step: int, faces: str, card_h: int) -> bool:
    """The strip shows the whole index of the ``faces`` drawn: the large index's band, or
    the standard corner index."""
    large = faces.startswith("faces/large")
    return step >= (LARGE_INDEX_STEP if large else UP_STEP) * card_h - 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_king_to_ace_run_on_the_deepest_deal_shows_every_index(size):
    rules = SHAPES["yukon"]
    layout = table_layout(*size, rules)
    state = long_pile(rules)  # the last pile: six face-down cards under King to Ace
    homes = card_homes(state, layout, 1)
    last = layout.piles.tableau_range[-1]
    strips = [s for s in index_shown(homes, layout.card_h) if s[2] == last]
    assert len(strips) == 12
    for card, step, _, squeezed in strips:
        pick = squeezed_face_folder if squeezed else face_folder  # the faces of "auto"
        faces = pick("auto", False, layout.card_w)
        assert readable(step, faces, layout.card_h), (card, step, faces, layout.card_h)
    assert any(squeezed for *_, squeezed in strips) or size == (700, 1100)


def grown(length: int, most_face_up: int = 52) -> Game:
    """A Yukon game played by legal moves (each the one growing a pile most, now and then
    another) until a pile holds ``length`` cards, at most ``most_face_up`` of them face up."""
    rules = SHAPES["yukon"]
    for seed in range(1, 100):
        game, rng = new_game(rules, seed), random.Random(seed)
        for _ in range(300):
            moves = [
                m
                for m in game.legal_moves()
                if isinstance(m, Move) and game.layout.is_tableau(m.target)
            ]
            if not moves:
                break
            moves.sort(key=lambda m: len(game.state.piles[m.target]) + m.count, reverse=True)
            game.execute(moves[0] if rng.random() < 0.7 else rng.choice(moves))
            state = game.state
            for t in game.layout.tableau_range:
                cards = len(state.piles[t])
                if cards >= length and cards - state.down[t] <= most_face_up:
                    return game
    raise AssertionError(f"no game grew a pile of {length} cards")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_pile_in_play_names_every_card_on_screen(size):
    """A pile grown in play to 18 cards, at most 13 face up: as long as the layout
    promises in every window."""
    names_every_card(size, grown(18, most_face_up=13))


def test_at_1280x800_a_longer_pile_names_every_card_too():
    """21 cards, 16 face up: more than promised, but the window allows it (squeezed
    under the full step: the large index shows)."""
    strips = names_every_card((1280, 800), grown(21))
    assert len(strips) >= 15 and any(squeezed for *_, squeezed in strips)


def names_every_card(size, game: Game) -> list[tuple[int, int, int, bool]]:
    """Every face-up card of ``game``'s piles, on screen at ``size``, shows its whole
    index: the strip that shows is that card's face as the renderer draws it."""
    table = scene_for("yukon", size=size, game=game.played_copy())
    screen = pygame.display.get_surface()
    settle(table, 10.0, screen)
    table.app.draw(screen, 1.0)
    scene = table.scene
    w, h = scene.layout.card_w, scene.layout.card_h
    sprites = scene.motion.sprites
    strips = index_shown({c: s.home for c, s in sprites.items()}, h)
    art = scene.art
    for card, step, _, squeezed in strips:
        faces = art.squeezed_faces if squeezed else art.faces
        assert readable(step, faces, h), (card, step, faces, h)
        # What shows on screen is that face, as the renderer draws it, uncovered.
        home = sprites[card].home
        face = scene.renderer.image(card, True, squeezed)
        # Inside the card's edge and rounded corners (where the felt shows through its
        # soft border), the strip is that face: drawn over it again, nothing changes.
        edge = w // 20 + 2
        rows = pygame.Rect(edge, 2, w - 2 * edge, min(step, h) - 2)
        drawn = screen.subsurface(rows.move(home.x, home.y)).copy()
        again = drawn.copy()
        again.blit(face, (0, 0), rows)
        a, b = pygame.PixelArray(drawn), pygame.PixelArray(again)
        same = a.compare(b, 0.02).make_surface()
        del a, b
        differ = pygame.mask.from_threshold(same, (0, 0, 0), (1, 1, 1, 255)).count()
        assert differ == 0, (card, differ)
    if any(squeezed for *_, squeezed in strips):
        assert scene.art.squeezed_faces.startswith("faces/large")
    return strips


def test_the_standard_index_stays_where_the_player_chose_it():
    table = scene_for("yukon", size=(1280, 800), game=grown(19).played_copy())
    table.apply(i.ChangeSetting("face_style", "standard"))
    screen = pygame.display.get_surface()
    settle(table, 10.0, screen)
    art = table.scene.art
    assert art.faces == art.squeezed_faces == "cards"
    card = next(c for c, s in table.scene.motion.sprites.items() if s.home.squeezed)
    assert table.scene.renderer.image(card, True, True) is art.face(CODE[card])
