"""Run policies: what moves as a unit (built runs, runs in suit or colour, the top card or
all face-up cards, any face-up group), each listed completely and refused by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.commands import Move
from game.engine.policies import Run
from game.engine.refusals import Reason, Refused
from tests.variants.test_family_tables import play_randomly

from .helpers import game_at, position, rules


def lifts(variant, pile, down=0, **changed):
    r = replace(rules(variant), **changed)
    game = game_at(r, position(r, {"t1": pile}, {"t1": down}))
    return tuple(game.mechanics.lift_counts(game.state, game.layout.index("t1")))


@pytest.mark.parametrize(
    "variant, pile, down, counts, changed",
    [
        ("klondike", "9S 8H 7C", 0, (1, 2, 3), {}),
        ("klondike", "9S 8H 7C", 0, (1,), {"move_runs": False}),
        ("klondike", "9S 8S 7C", 0, (1,), {}),
        ("whitehead", "9S 8S 7S", 0, (1, 2, 3), {}),
        ("whitehead", "9S 8S 7C", 0, (1,), {}),  # a same-colour build, not a run in suit
        ("whitehead", "9C 8S 7S", 0, (1, 2), {}),
        ("agnes", "9C 8S 7C", 0, (1, 2, 3), {}),
        ("klondike", "9S 8H 7C", 0, (1,), {"runs": Run.IN_COLOUR}),
        ("westhaven", "KD 9S 8H 7C", 1, (1, 3), {}),
        ("westhaven", "KD 9S 8H 7C", 2, (1, 2), {}),
        ("westhaven", "9S 8S 7C", 0, (1,), {}),  # the face-up part is no built run
        ("klondike", "KD 9S 8H 7C", 1, (3,), {"runs": Run.ALL_FACE_UP}),
        ("klondike", "KD 7C", 1, (1,), {"runs": Run.ALL_FACE_UP}),
        ("klondike", "9S 9H 7C", 0, (), {"runs": Run.ALL_FACE_UP}),  # no run: nothing moves
        ("yukon", "KD 3H KS 5D", 1, (1, 2, 3), {}),
        ("yukon", "KD 3H KS 5D", 3, (1,), {}),
    ],
)
def test_each_run_policy_lifts_its_counts(variant, pile, down, counts, changed):
    assert lifts(variant, pile, down, **changed) == counts


def test_every_run_policy_has_a_label():
    assert all(run.label for run in Run)


def test_westhaven_lists_the_top_card_and_the_whole_face_up_part_not_between():
    r = rules("westhaven")
    game = game_at(r, position(r, {"t1": "KD 9S 8H 7C"}, {"t1": 1}))
    t1, t2 = game.layout.index("t1"), game.layout.index("t2")
    to_empty = {m.count for m in game.legal_moves() if isinstance(m, Move) and m.target == t2}
    assert to_empty == {1, 3}
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, Move(t1, t2, 2))
    assert refused.value.reason is Reason.TOP_OR_ALL_FACE_UP


def test_yukon_moves_any_face_up_group_onto_a_card_its_bottom_card_builds_on():
    r = rules("yukon")
    game = game_at(r, position(r, {"t1": "KD 3H KS 5D", "t2": "4S"}, {"t1": 1}))
    t1, t2 = game.layout.index("t1"), game.layout.index("t2")
    assert Move(t1, t2, 3) in game.legal_moves()  # 3H with KS and 5D on it: no sequence
    game.execute(Move(t1, t2, 3))
    assert game.state.describe(game.layout)["t2"] == ["4S", "3H", "KS", "5D"]
    assert game.state.down[t1] == 0  # KD turned up


def test_yukon_fills_an_empty_pile_with_a_king_and_whatever_lies_on_it():
    r = rules("yukon")
    game = game_at(r, position(r, {"t1": "2C KH 7S 4D"}, {"t1": 1}))
    t1, t2 = game.layout.index("t1"), game.layout.index("t2")
    to_empty = [m for m in game.legal_moves() if isinstance(m, Move) and m.target == t2]
    assert to_empty == [Move(t1, t2, 3)]


def test_whitehead_refuses_a_same_colour_run_that_is_not_in_suit_by_name():
    r = rules("whitehead")
    game = game_at(r, position(r, {"t1": "8S 7C", "t2": "9S"}))
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, Move(game.layout.index("t1"), game.layout.index("t2"), 2))
    assert refused.value.reason is Reason.RUN_NOT_IN_SUIT


@pytest.mark.parametrize("run", list(Run))
def test_every_run_policy_lists_every_legal_move_in_play(run):
    """Klondike with each run policy in turn: the listing is complete and undoes exactly
    (the tables of the family use some of them; this holds every one)."""
    for seed in range(2):
        play_randomly("klondike", seed, 120, check_complete=True, rules=replace(rules(), runs=run))


def test_a_pile_that_moves_whole_still_sends_its_top_card_up():
    r = replace(rules(), runs=Run.ALL_FACE_UP)
    game = game_at(r, position(r, {"f1": "AC 2C 3C 4C 5C 6C", "t1": "9S 8H 7C", "t2": "8D"}))
    t1, t2 = game.layout.index("t1"), game.layout.index("t2")
    assert Move(t1, 2, 1) in game.legal_moves()
    assert Move(t1, t2, 1) not in game.legal_moves()
    assert game.pickable(t1, 2) == 1 and game.pickable(t1, 1) == 0 and game.pickable(t1, 0) == 3
