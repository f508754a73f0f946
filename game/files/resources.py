"""Where the game's bundled files live, from a source checkout, an install or a frozen build.

One helper so that no module guesses paths: nothing may assume the current directory.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

# This module lives in game/files/: the package folder is one up.
_PACKAGE_DIR = Path(__file__).resolve().parent.parent

# The built-in rule tables, one TOML file a variant (read by ``game.variants``). Their ids
# are here, apart from the reading, so the command line can check ``--variant`` without
# the rule tables' code (``game.app.args``, before the window opens).
TABLES_DIR = _PACKAGE_DIR / "variants"
# Stable order for menus and listings; tables found beyond these come after, by id.
PREFERRED_ORDER = ("klondike", "saratoga", "double-klondike")


def assets_dir() -> Path:
    """The folder holding fonts, card art and sounds."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    candidates = []
    if frozen_root:
        candidates.append(Path(frozen_root) / "game" / "assets")
    # Installed: assets/ is shipped as the package game.assets (see pyproject.toml).
    candidates.append(_PACKAGE_DIR / "assets")
    # Source checkout: the top-level assets/ beside game/.
    candidates.append(_PACKAGE_DIR.parent / "assets")
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise FileNotFoundError("game assets not found; looked in " + ", ".join(map(str, candidates)))


def asset_path(*parts: str) -> Path:
    """The path of one bundled file, e.g. asset_path("fonts", "DejaVuSans.ttf")."""
    return assets_dir().joinpath(*parts)


@cache
def builtin_ids() -> tuple[str, ...]:
    """The built-in variants' ids: Klondike's own first, then the rest by id."""
    found = sorted(p.stem for p in TABLES_DIR.glob("*.toml"))
    first = [v for v in PREFERRED_ORDER if v in found]
    return tuple(first + [v for v in found if v not in first])
