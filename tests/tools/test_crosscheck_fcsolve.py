"""tools/crosscheck_fcsolve.py: this game's solver and fc-solve on the same deals, on real
runs of both (fc-solve from freecell-solver-bin, which .ci/run installs)."""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest

from game.engine.game import new_game
from game.variants import get_variant
from tools.crosscheck_fcsolve import PRESETS, one_deal, position_of, summary, their_line_here
from tools.fcsolve import microsoft_position, solve

needs_fcsolve = pytest.mark.skipif(
    shutil.which("fc-solve") is None, reason="fc-solve (freecell-solver-bin) is not installed"
)


def test_freecells_deal_is_the_position_fc_solve_is_given_for_microsofts_number():
    for number in (1, 617, 11982):
        game = new_game(get_variant("freecell").rules(), seed=number)
        assert position_of(game) == replace(microsoft_position(number), cells=(None,) * 4)


def test_a_position_carries_the_cells_and_the_foundations_dealt():
    game = new_game(get_variant("eight-off").rules(), seed=3)
    position = position_of(game)
    assert len(position.columns) == 8 and len(position.cells) == 8
    assert sum(code is not None for code in position.cells) == 4
    aces = position_of(new_game(get_variant("beleaguered-castle").rules(), seed=3)).foundations
    assert sorted(aces) == ["AC", "AD", "AH", "AS"]


@needs_fcsolve
def test_deal_11982_is_proved_lost_by_both_and_deal_1_won_and_replayed():
    lost = one_deal("freecell", 30.0, 11982)
    assert (lost["ours"], lost["theirs"], lost["contradiction"]) == (
        "unsolvable",
        "unsolvable",
        False,
    )
    won = one_deal("freecell", 30.0, 1)
    assert (won["ours"], won["theirs"], won["replays"]) == ("solved", "solved", True)
    table = summary([lost, won], "freecell")
    assert "| freecell | 1-11982 (2) | 1 / 1 / 0 | 1 / 1 / 0 | 0 | 0 |" in table


@needs_fcsolve
def test_bakers_game_is_checked_against_fc_solves_game_whose_empty_piles_take_only_kings():
    """AisleRiot's Baker's Game fills an empty pile with a King only: fc-solve's
    ``ko_bakers_game``. Its deal 1, which fc-solve's ``bakers_game`` (any card on an empty
    pile) wins, is proved lost by both."""
    assert PRESETS["bakers-game"] == "ko_bakers_game"
    game = new_game(get_variant("bakers-game").rules(), seed=1)
    assert solve(position_of(game), "bakers_game", prove=True, timeout=30).verdict == "solved"
    lost = one_deal("bakers-game", 30.0, 1)
    assert (lost["ours"], lost["theirs"], lost["contradiction"]) == (
        "unsolvable",
        "unsolvable",
        False,
    )


def test_a_contradiction_and_a_line_not_replaying_are_counted():
    records = [
        {"seed": 5, "ours": "solved", "theirs": "unsolvable", "contradiction": True,
         "our_seconds": 1.0, "their_seconds": 2.0, "replays": False},
        {"seed": 6, "ours": "gave-up", "theirs": "solved", "contradiction": False,
         "our_seconds": 10.0, "their_seconds": 0.5},
    ]  # fmt: skip
    assert "| freecell | 5-6 (2) | 1 / 0 / 1 | 1 / 1 / 0 | 1 | 1 |" in summary(records, "freecell")


@needs_fcsolve
def test_fc_solves_lines_are_played_here_and_a_refused_move_is_named():
    """fc-solve's winning line of FreeCell deal 1 plays here, move by move, to a won game
    (its columns, cells and foundations read as ours). Baker's Game deal 564, proved lost
    here, fc-solve's ``ko_bakers_game`` says it won: its line, played here, is refused at
    its 49th move, the 9 of clubs laid on an empty pile, which takes only a King."""
    freecell = new_game(get_variant("freecell").rules(), seed=1)
    theirs = solve(position_of(freecell), "freecell", timeout=30)
    assert theirs.verdict == "solved" and their_line_here(freecell, theirs.moves) == "wins"
    record = one_deal("bakers-game", 30.0, 564)
    assert (record["ours"], record["theirs"], record["contradiction"]) == (
        "unsolvable",
        "solved",
        True,
    )
    assert record["their_line"].startswith("move 49 (9C): empty-needs-king")
    row = "| 1 / 0 / 0 | 1 (1 of fc-solve's lines refused here) | 0 |"
    assert row in summary([record], "bakers-game")


@needs_fcsolve
def test_a_win_here_that_takes_cards_back_from_a_foundation_is_solved_again_without():
    """Beleaguered Castle deal 818: fc-solve proves it lost, this game's solver wins it, with
    moves that take cards back from a foundation (fc-solve never does). Solved again with
    no card allowed back, it is lost here too: the contradiction is the games' difference."""
    record = one_deal("beleaguered-castle", 30.0, 818)
    assert (record["ours"], record["theirs"], record["contradiction"]) == (
        "solved",
        "unsolvable",
        True,
    )
    assert record["from_foundation"] > 0 and record["ours_kept_up"] == "unsolvable"
    row = "| 1 (1 won here only by taking cards back from a foundation) | 0 |"
    assert row in summary([record], "beleaguered-castle")
