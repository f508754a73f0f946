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
