"""Player settings: a frozen ``Settings`` value, kept in ``settings.json`` in the data folder.

Loading never fails: a missing file gives the defaults; a file that is not JSON, not a
settings file, or of an unknown format version is renamed aside (``atomic.quarantine``)
and the defaults are used; unknown keys are ignored and a bad value is replaced by that
key's default. Whenever something was not used as written, a short message for the
player says what.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files.atomic import write_atomic
from game.files.formats import OneOf, flag
from game.files.loader import Loaded, load_file, read_versioned_json
from game.i18n import LANGUAGES, N_, _
from game.variants import all_variants, builtin_ids

# The window's settings are declared in ``window`` (the window opens with them before
# this module is loaded), and so are the file's name, format and version.
from .window import (
    DEFAULT_WINDOW_SIZE,
    FORMAT,
    SETTINGS_FILE,
    VERSION,
    fullscreen_flag,
    window_size,
)

# Animation duration multiplier per speed: a duration is the "normal" one times this.
ANIMATION_SPEEDS: MappingProxyType[str, float] = MappingProxyType(
    {"off": 0.0, "slow": 1.6, "normal": 1.0, "fast": 0.5}
)
# The looks a player may choose, by name (the art that draws them is the view's,
# ``game.view.card_styles``, which draws every name listed here).
BACK_STYLES = ("blue", "red", "green")
FACE_STYLES = ("auto", "standard", "large")
CARD_BACKS = BACK_STYLES
AUTO_FINISH_CHOICES = ("ask", "always", "never")
WINNABLE_GRADES = ("any", "easy", "medium", "hard", "expert")
LANGUAGE_CHOICES = ("system", *LANGUAGES)
RECENT_KEPT = 64  # variants remembered as recently played: every built-in and then some


def default_modes() -> dict[str, str]:
    """Each built-in variant's default deal mode."""
    return {table.id: table.default_mode for table in all_variants()}


def default_winnable_only() -> dict[str, bool]:
    return {variant: False for variant in builtin_ids()}


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. Frozen: change it with ``dataclasses.replace`` or the
    ``with_*`` helpers; do not mutate the dicts in place."""

    modes: dict[str, str] = field(default_factory=default_modes)
    variant: str = "klondike"
    click_to_move: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    card_back: str = "blue"
    face_style: str = "auto"
    four_colour: bool = False
    left_handed: bool = False
    window_size: tuple[int, int] = DEFAULT_WINDOW_SIZE
    fullscreen: bool = False
    winnable_only: dict[str, bool] = field(default_factory=default_winnable_only)
    language: str = "system"  # "system", or one of game.i18n.LANGUAGES
    winnable_grade: str = "any"  # the difficulty of winnable deals: any, easy ... expert
    show_winnable_indicator: bool = False
    auto_finish: str = "ask"
    recent: tuple[str, ...] = ()  # the variants played, most recent first (the chooser's order)

    @property
    def animation_multiplier(self) -> float:
        """Multiply a "normal" animation duration by this; 0 means no animation."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def mode_for(self, variant: str) -> str | None:
        """The chosen deal mode of ``variant``; None means "the variant's default"."""
        return self.modes.get(variant)

    def is_winnable_only(self, variant: str) -> bool:
        return bool(self.winnable_only.get(variant, False))

    def with_mode(self, variant: str, mode: str) -> Settings:
        return replace(self, modes={**self.modes, variant: mode})

    def with_winnable_only(self, variant: str, on: bool) -> Settings:
        return replace(self, winnable_only={**self.winnable_only, variant: bool(on)})

    def with_played(self, variant: str) -> Settings:
        """``variant`` was dealt: first of the recently played."""
        recent = (variant, *(v for v in self.recent if v != variant))
        return replace(self, recent=recent[:RECENT_KEPT])


# -- to and from JSON --------------------------------------------------------------------


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    for f in fields(Settings):
        value = getattr(settings, f.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        data[f.name] = value
    return data


def _check_variant(value: Any) -> str:
    if value not in builtin_ids():
        raise ValueError
    return value


def _check_recent(value: Any) -> tuple[str, ...]:
    """Variant ids (a player's table's too: any text a table's id may be), most recent first."""
    if not isinstance(value, list) or len(value) > RECENT_KEPT:
        raise ValueError
    if not all(isinstance(v, str) and 0 < len(v) <= 256 for v in value):
        raise ValueError
    return tuple(dict.fromkeys(value))


def _check_modes(value: Any, problems: list[str]) -> dict[str, str]:
    """Keep the good entries, default the bad ones (per variant)."""
    if not isinstance(value, dict):
        raise ValueError
    result = default_modes()
    tables = {t.id: t for t in all_variants()}
    for variant, mode in value.items():
        if variant in tables:
            if mode in tables[variant].mode_ids():
                result[variant] = mode
            else:
                problems.append(_("deal mode of {variant}").format(variant=_(tables[variant].name)))
        elif isinstance(variant, str) and isinstance(mode, str) and mode:
            result[variant] = mode  # a variant this copy does not know: keep it as written
    return result


def _check_winnable(value: Any, problems: list[str]) -> dict[str, bool]:
    if not isinstance(value, dict):
        raise ValueError
    result = default_winnable_only()
    names = {t.id: _(t.name) for t in all_variants()}
    for variant, on in value.items():
        if isinstance(on, bool):
            result[variant] = on
        else:
            name = names.get(variant, str(variant))
            problems.append(_("winnable deals only ({variant})").format(variant=name))
    return result


_CHECKS = {
    "variant": _check_variant,
    "click_to_move": flag,
    "animation_speed": OneOf(tuple(ANIMATION_SPEEDS)),
    "sound": flag,
    "card_back": OneOf(tuple(CARD_BACKS)),
    "face_style": OneOf(tuple(FACE_STYLES)),
    "four_colour": flag,
    "left_handed": flag,
    "window_size": window_size,
    "fullscreen": fullscreen_flag,
    "show_winnable_indicator": flag,
    "winnable_grade": OneOf(WINNABLE_GRADES),
    "language": OneOf(LANGUAGE_CHOICES),
    "auto_finish": OneOf(AUTO_FINISH_CHOICES),
    "recent": _check_recent,
}
_NESTED_CHECKS = {"modes": _check_modes, "winnable_only": _check_winnable}
# Each setting as a message naming the ones reset calls it (as Options does, in lower case).
SETTING_NAMES = {
    "variant": N_("variant"),
    "click_to_move": N_("click to move"),
    "animation_speed": N_("animation speed"),
    "sound": N_("sound"),
    "card_back": N_("card back"),
    "face_style": N_("card faces"),
    "four_colour": N_("four-colour deck"),
    "left_handed": N_("left-handed layout"),
    "window_size": N_("window size"),
    "fullscreen": N_("fullscreen"),
    "show_winnable_indicator": N_("show if still winnable"),
    "winnable_grade": N_("difficulty of winnable deals"),
    "language": N_("language"),
    "auto_finish": N_("auto-finish"),
    "recent": N_("recently played games"),
    "modes": N_("deal modes"),
    "winnable_only": N_("winnable deals only"),
}


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a decoded file body (format and version already checked): returns
    the settings and the names of the values that were bad and replaced by defaults.
    Unknown keys are ignored."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for name, check in _CHECKS.items():
        if name in data:
            try:
                values[name] = check(data[name])
            except ValueError:
                problems.append(_(SETTING_NAMES.get(name, name.replace("_", " "))))
    for name, check in _NESTED_CHECKS.items():
        if name in data:
            try:
                values[name] = check(data[name], problems)
            except ValueError:
                problems.append(_(SETTING_NAMES.get(name, name.replace("_", " "))))
    return Settings(**values), problems


# -- the file ----------------------------------------------------------------------------


def save_settings(folder: Path, settings: Settings) -> None:
    """Write ``settings.json`` atomically. Raises OSError if the folder is not writable."""
    text = json.dumps(settings_to_dict(settings), indent=1, allow_nan=False)
    write_atomic(Path(folder) / SETTINGS_FILE, text + "\n", within=folder)


def load_settings(folder: Path) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (None when all went well)."""
    loaded = load_settings_file(Path(folder) / SETTINGS_FILE)
    return loaded.value, loaded.message


def load_settings_file(path: Path) -> Loaded[Settings]:
    def read(path: Path) -> Settings | None:
        data = read_versioned_json(path, FORMAT, VERSION, _("settings"))
        if data is None:
            return None
        settings, problems = settings_from_dict(data)
        if problems:
            # Only the bad values were reset; the file itself is fine to overwrite.
            notes.append(
                _("Some settings in {name} were not valid and were reset: {names}.").format(
                    name=path.name, names=", ".join(problems)
                )
            )
        return settings

    notes: list[str] = []
    # Settings are written at close without being read again: one that could not be read
    # is renamed aside first, not written over (as the saved game).
    loaded = load_file(path, read, Settings(), _("using default settings"), "unreadable")
    return Loaded(loaded.value, loaded.message or (notes[0] if notes else None))
