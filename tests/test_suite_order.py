"""The suite's longest files are collected first (``LONG_FILES`` in tests/conftest.py), so
that pytest-xdist starts them early. A file renamed or removed would silently lose that
place and bring back a long file running alone at the end: each name must be a file."""

from pathlib import Path

from tests.conftest import LONG_FILES

ROOT = Path(__file__).resolve().parents[1]


def test_every_long_file_named_first_exists():
    missing = [name for name in LONG_FILES if not (ROOT / name).is_file()]
    assert not missing, f"tests/conftest.py names files that are not there: {missing}"
