"""tools/bench_startup.py's figures that need no display: the round-by-round ratios."""

from __future__ import annotations

import pytest

from tools.bench_startup import paired_ratios


def test_each_round_pairs_the_two_launched_back_to_back():
    rounds = [
        {"game": 0.20, "bare": 0.10},
        {"game": 0.30},  # the bare window's launch failed: no pair
        {"game": 0.22, "bare": 0.20, "aisleriot": 0.25},
    ]
    assert paired_ratios(rounds, "game", "bare") == pytest.approx([2.0, 1.1])
    assert paired_ratios(rounds, "game", "aisleriot") == pytest.approx([0.88])
    assert paired_ratios([], "game", "bare") == []
