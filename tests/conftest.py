"""Test setup: everything runs headless, with no display and no sound device."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English, whatever the machine's language, unless a test chooses another.
os.environ["LANGUAGE"] = "en"
