"""The README's pictures: every one it shows is in docs/, and every built-in game is shown
at 1280x800 and 700x1100 (issue 23: "screenshots at 1280x800 and 700x1100 in docs/")."""

from __future__ import annotations

import re
from pathlib import Path

from game.variants import builtin_ids

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SHOWN = set(re.findall(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", README))


def test_every_picture_the_readme_shows_is_in_docs():
    missing = sorted(path for path in SHOWN if not (ROOT / path).is_file())
    assert not missing, f"README.md shows pictures docs/ lacks: {missing}"


def test_every_game_is_shown_at_both_sizes():
    wanted = {
        f"docs/{game}-{size}.png" for game in builtin_ids() for size in ("1280x800", "700x1100")
    }
    assert len(wanted) == 2 * len(builtin_ids()) >= 28
    assert not sorted(wanted - SHOWN), "games the README does not show"
