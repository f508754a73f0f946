"""The real App and Controller under thousands of random player actions per variant, held
after every settled step to the model in ``ui_model``: sprites at their homes, the live
table under every panel, the status line the session's, each scene at its own card size,
and no action in one scene changing another scene's game. Each rule is then broken on
purpose, and its check is seen to fail.
"""

from __future__ import annotations

import os
import random

import pytest

from tests.family_ids import FAMILY

from . import ui_model
from .app_helpers import make_app
from .test_ui_fuzz import quick  # noqa: F401  (the fixture: searches of a few milliseconds)

ACTIONS = int(os.environ.get("UI_MODEL_ACTIONS", "5000"))
SEEDS = {"klondike": 11, "saratoga": 22, "double-klondike": 33}
# The family games: the same player, fewer actions each (their tables share the code the
# three above drive at length; what differs is the shape: reserves, no waste, no stock).
FAMILY_SEEDS = {variant: 41 + n for n, variant in enumerate(FAMILY)}
FAMILY_ACTIONS = int(os.environ.get("UI_MODEL_FAMILY_ACTIONS", "400"))


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(SEEDS) + list(FAMILY_SEEDS))
def test_random_player_actions_keep_the_screen_true(tmp_path, quick, variant):  # noqa: F811
    seeds = SEEDS | FAMILY_SEEDS
    rng = random.Random(seeds[variant])
    actions = ACTIONS if variant in SEEDS else FAMILY_ACTIONS

    def start_again():
        return make_app(tmp_path, "--windowed", "800x600")

    app = make_app(tmp_path, "--windowed", "800x600", "--variant", variant, "--seed", "5")
    player = ui_model.Player(app, rng, start_again)
    try:
        while player.actions < actions:
            player.step()
    except ui_model.ScreenLies as lie:
        raise AssertionError(f"after {player.actions} actions ({variant}): {lie}") from lie
    finally:
        player.app.controller.assistant.stop()
        player.app.controller.watching.analyst.cancel()
    assert {"MenuPanel", "ReplayScene", "TableScene"} <= player.seen, player.seen
