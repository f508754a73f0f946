"""Soundness in every family without a file of its own (Forty Thieves, Golf, and any
family added since): the solver's verdicts equal an exhaustive search's
(tests/solver/soundness.py says how)."""

from __future__ import annotations

import pytest

from game.engine.families import Family
from tests.solver.soundness import check_the_verdicts, games_of

# The families whose games are checked in files of their own (test_soundness_*.py).
OWN_FILES = {Family.KLONDIKE, Family.FREECELL, Family.SPIDER}
OTHERS = [family for family in Family if family not in OWN_FILES]


@pytest.mark.parametrize("variant", games_of(*OTHERS))
def test_the_verdicts_equal_an_exhaustive_search(variant):
    check_the_verdicts(variant)
