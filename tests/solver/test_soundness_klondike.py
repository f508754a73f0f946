"""Soundness in the Klondike family, the three games of the user's documents among them:
the solver's verdicts equal an exhaustive search's (tests/solver/soundness.py says how)."""

from __future__ import annotations

import pytest

from game.engine.families import Family
from tests.solver.soundness import check_the_verdicts, games_of


@pytest.mark.parametrize("variant", games_of(Family.KLONDIKE))
def test_the_verdicts_equal_an_exhaustive_search(variant):
    check_the_verdicts(variant)
