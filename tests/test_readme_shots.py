"""The pictures of the README and of docs/: every one shown is in docs/, and every built-in
game is shown at 1280x800 and 700x1100 (issue 23: "screenshots at 1280x800 and 700x1100 in
docs/"; they are in docs/screenshots.md)."""

from __future__ import annotations

import re
from pathlib import Path

from game.variants import builtin_ids

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def shown(page: Path) -> set[Path]:
    """The pictures ``page`` shows, resolved from its own folder as a Markdown viewer does."""
    text = page.read_text(encoding="utf-8")
    return {
        (page.parent / link).resolve() for link in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text)
    }


SHOWN = set().union(*(shown(page) for page in PAGES))


def test_every_picture_the_readme_and_docs_show_is_in_docs():
    missing = sorted(str(p.relative_to(ROOT)) for p in SHOWN if not p.is_file())
    assert not missing, f"pictures shown that docs/ lacks: {missing}"
    outside = sorted(str(p) for p in SHOWN if p.parent != DOCS)
    assert not outside, f"pictures shown from outside docs/: {outside}"


def test_every_game_is_shown_at_both_sizes():
    wanted = {
        DOCS / f"{game}-{size}.png" for game in builtin_ids() for size in ("1280x800", "700x1100")
    }
    assert len(wanted) == 2 * len(builtin_ids()) >= 28
    assert not sorted(wanted - SHOWN), "games docs/screenshots.md does not show"


def test_the_readme_shows_the_game():
    assert DOCS / "klondike-1280x800.png" in shown(ROOT / "README.md")
