"""The real App and Controller under thousands of random player actions, held after every
settled step to the model in ``ui_model``: sprites at their homes, the live table under
every panel, the status line the session's, each scene at its own card size, and no
action in one scene changing another scene's game (Klondike). The runs are split into four
files, so that the workers of ``--dist loadfile`` share them.
"""

from __future__ import annotations

import pytest

from .test_ui_fuzz import quick  # noqa: F401  (the fixture: searches of a few milliseconds)
from .ui_model import ACTIONS, SEEDS, play_randomly


@pytest.mark.slow
def test_random_player_actions_keep_the_screen_true(tmp_path, quick):  # noqa: F811
    play_randomly(tmp_path, "klondike", SEEDS["klondike"], ACTIONS)
