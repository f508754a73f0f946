"""The pictures of the README and of docs/: every one shown is in docs/, and every built-in
game has its pictures at 1280x800 and 700x1100 in docs/ (issue 23: "screenshots at 1280x800
and 700x1100 in docs/"; docs/screenshots.md says where)."""

from __future__ import annotations

import re
from pathlib import Path

from game.variants import builtin_ids
from tools import make_screenshots

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


def test_every_game_has_its_two_pictures_in_docs():
    """Read from the folder, as docs/screenshots.md points to them (``docs/ID-1280x800.png``,
    ``docs/ID-700x1100.png``): a game added as its table has them in the same commit, made
    by tools/make_screenshots.py, which shoots every game of the variants folder."""
    wanted = {f"{game}-{size}.png" for game in builtin_ids() for size in ("1280x800", "700x1100")}
    assert len(wanted) == 2 * len(builtin_ids()) >= 28
    missing = sorted(name for name in wanted if not (DOCS / name).is_file())
    assert not missing, f"games without their pictures in docs/: {missing}"
    assert wanted <= {f"{shot.name}.png" for shot in make_screenshots.shots()}
    pointed = (DOCS / "screenshots.md").read_text(encoding="utf-8")
    assert "`docs/ID-1280x800.png`" in pointed and "`docs/ID-700x1100.png`" in pointed


def test_the_readme_shows_the_game():
    assert DOCS / "klondike-1280x800.png" in shown(ROOT / "README.md")
