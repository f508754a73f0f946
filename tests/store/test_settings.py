import json
from dataclasses import replace

import pytest

from game.store.settings import (
    ANIMATION_SPEEDS,
    SETTINGS_FILE,
    Settings,
    load_settings,
    save_settings,
)
from game.variants import all_variants


def aside(folder):
    return [p for p in folder.iterdir() if p.name.startswith(SETTINGS_FILE + ".")]


def write(folder, data):
    text = data if isinstance(data, str) else json.dumps(data)
    (folder / SETTINGS_FILE).write_text(text, encoding="utf-8")


def test_defaults():
    s = Settings()
    assert s.variant == "klondike" and s.modes == {t.id: t.default_mode for t in all_variants()}
    assert s.modes["klondike"] == "draw1" and s.modes["double-klondike"] == "draw3"
    assert (s.click_to_move, s.sound, s.left_handed, s.fullscreen) == (False, True, False, False)
    assert s.animation_speed == "normal" and s.animation_multiplier == 1.0
    assert s.card_back == "blue" and s.window_size == (1280, 800)
    assert s.winnable_only == {t.id: False for t in all_variants()}
    assert s.show_winnable_indicator is False and s.auto_finish == "ask"


def test_animation_multipliers():
    assert ANIMATION_SPEEDS["off"] == 0
    assert ANIMATION_SPEEDS["slow"] > ANIMATION_SPEEDS["normal"] > ANIMATION_SPEEDS["fast"] > 0
    assert Settings(animation_speed="off").animation_multiplier == 0


def test_settings_are_frozen_and_helpers_copy():
    s = Settings()
    with pytest.raises(AttributeError):
        s.sound = False  # type: ignore[misc]
    t = s.with_mode("saratoga", "draw3").with_winnable_only("klondike", True)
    assert s.modes["saratoga"] == "draw1" and t.modes["saratoga"] == "draw3"
    assert not s.is_winnable_only("klondike") and t.is_winnable_only("klondike")
    assert t.mode_for("saratoga") == "draw3" and t.mode_for("nonesuch") is None


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path) == (Settings(), None)


def test_round_trip(tmp_path):
    s = replace(
        Settings().with_mode("klondike", "draw3").with_winnable_only("saratoga", True),
        variant="double-klondike",
        click_to_move=True,
        animation_speed="fast",
        sound=False,
        card_back="red",
        left_handed=True,
        window_size=(1920, 1080),
        fullscreen=True,
        show_winnable_indicator=True,
        auto_finish="never",
    )
    save_settings(tmp_path, s)
    data = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert data["format"] == "klondike-family-settings" and data["version"] == 1
    assert load_settings(tmp_path) == (s, None)
    assert aside(tmp_path) == []


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ('{"format": "klondike-family-settings", "vers', "not valid JSON"),
        ("[1, 2]", "not a settings file"),
        ("\xff\xfe garbage", "not valid JSON"),
        ('{"format": "klondike-family-settings", "version": 99}', "newer version"),
        ('{"format": "klondike-family-settings", "version": "1"}', "unknown format version"),
        # Written by hand without the header: the message says which line is missing.
        ('{"sound": false}', 'has no "format": "klondike-family-settings" line'),
        (
            '{"format": "klondike-family-setings", "version": 1}',
            '"format" is "klondike-family-setings"',
        ),
        ('{"format": "klondike-family-settings", "sound": false}', 'no "version" line'),
    ],
)
def test_unusable_file_is_kept_aside(tmp_path, text, words):
    write(tmp_path, text)
    settings, message = load_settings(tmp_path)
    assert settings == Settings()
    assert SETTINGS_FILE in message and words in message
    kept = aside(tmp_path)
    assert len(kept) == 1 and kept[0].name in message
    assert kept[0].read_text(encoding="utf-8") == text
    # the folder stays usable
    save_settings(tmp_path, replace(Settings(), sound=False))
    assert load_settings(tmp_path) == (replace(Settings(), sound=False), None)


def test_binary_file_is_kept_aside(tmp_path):
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x80\x81\x82")
    settings, message = load_settings(tmp_path)
    assert settings == Settings() and "not a text file" in message
    assert len(aside(tmp_path)) == 1


def test_unknown_keys_ignored_bad_values_defaulted(tmp_path):
    write(
        tmp_path,
        {
            "format": "klondike-family-settings",
            "version": 1,
            "colour_scheme": "purple",  # unknown: ignored silently
            "sound": False,  # good
            "card_back": "purple",  # bad
            "animation_speed": "warp",  # bad
            "window_size": [10, 10],  # bad (too small)
            "fullscreen": "yes",  # bad (not a bool)
            "variant": "pyramid",  # bad (not a variant)
            "auto_finish": "always",  # good
            "modes": {"klondike": "draw3", "saratoga": "draw9", "my-own": "x"},
            "winnable_only": {"klondike": True, "saratoga": "maybe"},
        },
    )
    settings, message = load_settings(tmp_path)
    assert settings.sound is False and settings.auto_finish == "always"
    assert settings.card_back == "blue" and settings.animation_speed == "normal"
    assert settings.window_size == (1280, 800) and settings.fullscreen is False
    assert settings.variant == "klondike"
    assert settings.modes["klondike"] == "draw3" and settings.modes["saratoga"] == "draw1"
    assert settings.modes["my-own"] == "x"
    assert settings.winnable_only["klondike"] is True
    assert settings.winnable_only["saratoga"] is False
    for name in ("card back", "animation speed", "window size", "fullscreen", "variant"):
        assert name in message
    assert "Saratoga" in message and "colour" not in message
    assert aside(tmp_path) == []  # a partly bad file is mended, not set aside


def test_window_size_comes_back_as_tuple(tmp_path):
    write(tmp_path, {"format": "klondike-family-settings", "version": 1, "window_size": [800, 600]})
    settings, message = load_settings(tmp_path)
    assert settings.window_size == (800, 600) and message is None


def test_every_setting_has_a_name_for_messages():
    """A reset setting is named in the player's language: each one has a marked name."""
    from game.store.settings import _CHECKS, _NESTED_CHECKS, SETTING_NAMES

    assert set(SETTING_NAMES) == set(_CHECKS) | set(_NESTED_CHECKS)


@pytest.mark.parametrize(("language", "words"), [("uk", "немає рядка"), ("ru", "нет строки")])
def test_a_missing_header_line_is_named_in_the_players_language(tmp_path, language, words):
    from game import i18n

    i18n.use_language(language)
    try:
        write(tmp_path, '{"sound": false}')
        settings, message = load_settings(tmp_path)
    finally:
        i18n.use_language("en")
    assert settings == Settings() and words in message
    assert '"format": "klondike-family-settings"' in message


def test_the_app_names_the_missing_header_line_in_a_message_shown_whole(tmp_path):
    # Through the real App at a small window: the hand-written file is kept aside as it
    # was, the defaults are in force, and the message that says which line is missing is
    # drawn within the window.
    from game.view.decor import toast_position
    from tests.app.app_helpers import frame, make_app

    write(tmp_path, '{"sound": false}')
    app = make_app(tmp_path, "--windowed", "640x480")
    frame(app)
    said = app.table.toast.text if app.table.toast else ""
    kept = aside(tmp_path)
    assert len(kept) == 1 and kept[0].name in said
    assert kept[0].read_text(encoding="utf-8") == '{"sound": false}'
    assert 'has no "format": "klondike-family-settings" line' in said
    assert app.session.settings == Settings()
    layout = app.table.layout
    box = app.table.decor._toast(app.table.toast, layout)
    x, y = toast_position(box.get_size(), layout)
    assert 0 <= x and x + box.get_width() <= layout.width and y + box.get_height() <= layout.height
    app.session.close()
