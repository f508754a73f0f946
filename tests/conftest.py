"""Test setup: everything runs headless, with no display and no sound device."""

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English, whatever the machine's language, unless a test chooses another.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _english_again():
    """Whatever language a test switched to (the Options row, ``--language``), the next
    test starts in English: the engine's refusals and errors speak the language of the
    moment, and tests match their English words."""
    yield
    from game import i18n

    if i18n.language() != "en":
        i18n.use_language("en")


# The longest test files (each over 30 s of one core, 3 December), collected first: pytest-
# xdist's ``--dist loadfile`` gives each worker whole files in collection order, so the
# long ones start early and the short ones fill in around them, instead of one long file
# running alone at the end (the suite's last two minutes on two cores, before).
LONG_FILES = (
    "tests/solver/test_core_generic.py",
    "tests/solver/test_soundness_spider.py",
    "tests/solver/test_soundness_other_families.py",
    "tests/solver/test_core_fuzz.py",
    "tests/solver/test_stack_swaps.py",
    "tests/solver/test_soundness_klondike.py",
    "tests/packaging/test_executable.py",
    "tests/app/test_ui_fuzz.py",
)


def pytest_collection_modifyitems(config, items):
    """Put the ``LONG_FILES`` first, in that order; every file keeps its tests' order."""
    rank = {path: place for place, path in enumerate(LONG_FILES)}

    def place(item):
        path = item.nodeid.split("::", 1)[0]
        return rank.get(path, len(LONG_FILES))

    items.sort(key=place)  # a stable sort: the other files keep their order
