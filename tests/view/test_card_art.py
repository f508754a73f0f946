"""Card art, backs, empty slots, the font and the sound files."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.files.resources import asset_path  # noqa: E402
from game.view import card_art  # noqa: E402
from game.view.card_art import CODES, CardArt, empty_slot, font  # noqa: E402
from game.view.card_styles import BACK_STYLES  # noqa: E402

SIZES = [(150, 210), (61, 85)]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


@pytest.fixture(scope="module")
def arts():
    return {size: CardArt(size) for size in SIZES}


def _signature(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_there_are_52_distinct_codes():
    assert len(CODES) == 52 == len(set(CODES))
    assert {"AS", "TD", "KH", "2C"} <= set(CODES)
    for code in CODES:
        assert asset_path("cards", f"{code}.svg").is_file()


@pytest.mark.parametrize("size", SIZES)
def test_every_face_loads_at_the_requested_size(arts, size):
    for code in CODES:
        surface = arts[size].face(code)
        assert surface.get_size() == size, code
        assert surface.get_flags() & pygame.SRCALPHA, code


@pytest.mark.parametrize("size", SIZES)
def test_faces_of_different_cards_differ(arts, size):
    signatures = {_signature(arts[size].face(code)) for code in CODES}
    assert len(signatures) == 52


def test_faces_have_white_paper_and_ink():
    face = CardArt((150, 210)).face("5H")
    # A point near the middle of the left edge is white card stock.
    assert face.get_at((8, 105))[:3] == (255, 255, 255)
    reds = sum(
        1
        for x in range(0, 150, 3)
        for y in range(0, 210, 3)
        if face.get_at((x, y)).r > 200 and face.get_at((x, y)).g < 60
    )
    assert reds > 100  # the heart pips are red


def test_requested_size_is_exact_even_off_proportion():
    assert CardArt((100, 100)).face("QS").get_size() == (100, 100)
    assert CardArt((100, 100)).back().get_size() == (100, 100)


@pytest.mark.parametrize("style", BACK_STYLES)
def test_backs_render(style):
    back = CardArt((150, 210)).back(style)
    assert back.get_size() == (150, 210)
    assert back.get_flags() & pygame.SRCALPHA
    centre = back.get_at((75, 105))
    assert centre.a == 255
    assert centre[:3] != (255, 255, 255)  # the coloured pattern, not blank paper


def test_there_are_at_least_two_back_styles_and_they_differ():
    assert {"blue", "red"} <= set(BACK_STYLES)
    art = CardArt((90, 126))
    assert _signature(art.back("blue")) != _signature(art.back("red"))


def test_unknown_back_style_or_card_is_an_error():
    art = CardArt((90, 126))
    with pytest.raises(ValueError):
        art.back("plaid")
    with pytest.raises(ValueError):
        art.face("ZZ")


def test_ten_can_be_spelled_10():
    art = CardArt((90, 126))
    assert art.face("10d") is art.face("TD")


@pytest.mark.parametrize("size", SIZES)
def test_corners_are_transparent(arts, size):
    w, h = size
    art = arts[size]
    for surface in (art.face("AS"), art.face("KH"), art.back("blue"), art.back("red")):
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surface.get_at(corner).a == 0, corner
        assert surface.get_at((w // 2, h // 2)).a == 255


def test_cache_keeps_surfaces_per_size():
    art = CardArt((100, 140))
    face, back = art.face("7C"), art.back("red")
    assert art.face("7C") is face
    assert art.back("red") is back
    art.resize((100, 140))  # the same size: nothing re-rendered
    assert art.face("7C") is face
    art.size = (120, 168)
    assert art.size == (120, 168)
    new_face = art.face("7C")
    assert new_face is not face
    assert new_face.get_size() == (120, 168)
    assert art.back("red") is not back
    assert art.face("7C") is new_face


def test_works_without_a_display_surface():
    pygame.display.quit()
    try:
        art = CardArt((80, 112))
        assert art.face("JD").get_size() == (80, 112)
        assert art.back("blue").get_size() == (80, 112)
        assert empty_slot(80, 112, "A").get_size() == (80, 112)
    finally:
        pygame.display.init()
        pygame.display.set_mode((1, 1))


@pytest.mark.parametrize("label", [None, "A", "redeal", "no_redeal", "\u21ba", "\u2715", "K"])
def test_empty_slot(label):
    slot = CardArt((150, 210)).empty_slot(150, 210, label)
    assert slot.get_size() == (150, 210)
    assert slot.get_flags() & pygame.SRCALPHA
    assert slot.get_at((0, 0)).a == 0  # rounded corner
    assert 0 < slot.get_at((1, 105)).a < 255 or 0 < slot.get_at((2, 105)).a < 255  # faint edge
    centre = slot.get_at((75, 105))
    assert centre.a < 200  # faint, never opaque
    if label is None:
        assert centre.a < 60


def test_empty_slot_labels_show():
    blank = _signature(empty_slot(150, 210))
    for label in ("A", "redeal", "no_redeal"):
        assert _signature(empty_slot(150, 210, label)) != blank


def test_font_renders_suit_symbols():
    for bold in (False, True):
        f = font(24, bold)
        assert f is font(24, bold)
        for symbol in "\u2660\u2665\u2666\u2663\u21ba\u2715":
            assert f.metrics(symbol)[0] is not None
            rendered = f.render(symbol, True, (0, 0, 0))
            assert rendered.get_bounding_rect().width > 4
    assert CardArt.font(30).get_height() > 20


def test_font_files_and_licence_are_bundled():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        assert asset_path("fonts", name).stat().st_size > 100_000
    assert any(p.name.lower().startswith("license") for p in asset_path("fonts").iterdir())
    assert asset_path("LICENSES.md").is_file()


@pytest.mark.parametrize("name", ["deal.wav", "place.wav", "invalid.wav", "win.wav"])
def test_sound_files_are_valid_wav(name):
    path = asset_path("sounds", name)
    assert path.is_file()
    assert path.stat().st_size < 100_000
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == 44_100
        frames = wav.getnframes()
        assert 0.03 * 44_100 < frames < 1.2 * 44_100
        data = wav.readframes(frames)
    samples = memoryview(data).cast("h")
    peak = max(abs(s) for s in samples)
    assert 3000 < peak < 32767  # audible, not clipped


def test_sounds_load_in_the_mixer():
    try:
        pygame.mixer.init(44_100, -16, 1)
    except pygame.error as exc:  # pragma: no cover - no audio device at all
        pytest.skip(f"no mixer: {exc}")
    try:
        for name in ("deal.wav", "place.wav", "invalid.wav", "win.wav"):
            sound = pygame.mixer.Sound(asset_path("sounds", name))
            assert sound.get_length() > 0.03
    finally:
        pygame.mixer.quit()


def test_preload_renders_everything():
    art = CardArt((60, 84))
    art.preload(("blue", "red"))
    assert len(art._cache) == 54
    assert card_art.card_height_for_width(150) == 210


FACE_FOLDERS = ("cards", "faces/large", "faces/four-colour", "faces/large-four-colour")


@pytest.mark.parametrize("folder", FACE_FOLDERS)
def test_the_ace_of_spades_has_no_stray_line_at_any_width(folder):
    """nanosvg once drew the big spade's dashed outline, where a dash ended at the spade's
    tip, as a line across the whole card (widths 182-251 px among others, the cards of a
    1920x1080 window): the paper between the spade and the card's top and bottom edges must
    be blank at every width a window may give."""
    path = str(asset_path(folder, "AS.svg"))
    for width in (*range(30, 700, 11), *range(182, 252, 2)):
        height = card_art.card_height_for_width(width)
        face = pygame.image.load_sized_svg(path, (width, height))
        for y in (int(height * 0.05), int(height * 0.95)):
            for x in range(int(width * 0.4), int(width * 0.6)):
                red, green, blue, alpha = face.get_at((x, y))
                assert alpha < 200 or red + green + blue > 200, (folder, width, x, y)
