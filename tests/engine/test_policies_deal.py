"""Deal policies: the tableau's shapes (triangle, reversed, rows, empty), which cards lie
face up (Athena's alternate rows), Yukon's extra face-up rows, reserves dealt first and
the base card to a foundation; and the tables that say them wrong."""

from __future__ import annotations

import pytest

from game.engine.cards import cards_from_codes
from game.engine.commands import Move, ToFoundation
from game.engine.events import CardTurnedUp
from game.engine.game import new_game
from game.engine.policies import DealPattern, FaceUp, Scoring
from game.engine.rules import RuleTableError
from game.engine.state import State
from game.variants import load_variant_file

from .helpers import codes, game_at, position, rules

DECK = [r + s for s in "CDHS" for r in "A23456789TJQK"]


def test_each_shape_counts_its_piles():
    assert DealPattern.TRIANGLE.counts(4) == (1, 2, 3, 4)
    assert DealPattern.REVERSED_TRIANGLE.counts(4) == (4, 3, 2, 1)
    assert DealPattern.EMPTY.counts(3) == (0, 0, 0)
    assert DealPattern.COUNTS.counts(3) is None  # the table lists them
    assert all(p.label for p in DealPattern) and all(f.label for f in FaceUp)


def test_which_cards_are_dealt_face_up():
    assert FaceUp.TOP.hidden(4) == (3, 0)
    assert FaceUp.ALL.hidden(4) == (0, 0)
    assert FaceUp.ALTERNATE_ROWS.hidden(4) == (3, 0b10)  # down, up, down, up
    assert FaceUp.ALTERNATE_ROWS.hidden(1) == (0, 0)


def test_athenas_second_row_stays_face_up_as_the_cards_above_it_go():
    game = new_game(rules("athena"), deck=cards_from_codes(DECK, 1))
    t1 = game.layout.index("t1")
    assert [game.state.face_up(t1, p) for p in range(4)] == [False, True, False, True]
    r = rules("athena")
    state = position(r, {"f1": "AS", "t1": "KD 9C 3S 2S"}, {"t1": 3})
    shown = [0] * len(state.piles)
    shown[t1] = 0b10
    game = game_at(r, State(state.piles, state.down, 0, tuple(shown)))
    assert game.state.face_up(t1, 1) and not game.state.face_up(t1, 2)
    assert game.execute(ToFoundation(t1))[1:] == (CardTurnedUp(t1),)  # 3S turned up
    assert game.execute(ToFoundation(t1))[1:] == (CardTurnedUp(t1),)  # 9C, already shown
    assert game.state.down[t1] == 1 and game.state.face_up(t1, 1)
    assert game.pickable(t1, 1) == 1
    game.undo()
    game.undo()
    assert game.state.face_up(t1, 1) and game.state.down[t1] == 3


def test_the_reserves_are_dealt_first_then_the_tableau_then_the_base():
    game = new_game(rules("canfield"), deck=cards_from_codes(DECK, 1))
    piles = game.state.describe(game.layout, reveal=True)
    assert piles["r1"] == ["-" + c for c in DECK[:12]] + [DECK[12]]
    assert [piles[f"t{i}"] for i in range(1, 5)] == [[c] for c in DECK[13:17]]
    assert piles["f1"] == [DECK[17]]
    assert codes(game.state.piles[0][::-1][:1]) == [DECK[18]]  # then the stock, top first


def test_yukons_extra_rows_come_after_the_triangle():
    game = new_game(rules("yukon"), deck=cards_from_codes(DECK, 1))
    piles = game.state.describe(game.layout, reveal=True)
    assert piles["t1"] == [DECK[0]]
    assert piles["t2"][:2] == ["-" + DECK[1], DECK[7]]  # the triangle's two rows
    assert piles["t2"][2:] == DECK[28:29] + DECK[34:35] + DECK[40:41] + DECK[46:47]


def test_the_score_counts_the_cards_on_the_foundations_a_dealt_base_too():
    game = new_game(rules("canfield"), seed=1)
    assert game.score == 1 and game.max_score == 52
    assert all(s.label for s in Scoring)


def test_klondikes_deal_is_as_it_was():
    game = new_game(rules("klondike"), deck=cards_from_codes(DECK, 1))
    piles = game.state.describe(game.layout, reveal=True)
    assert piles["t1"] == [DECK[0]] and piles["t2"] == ["-" + DECK[1], DECK[7]]
    assert game.state.shown == ()
    assert Move(0, 1, 1) not in game.legal_moves()


def write(tmp_path, text):
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "text, problem",
    [
        ('extends = "yukon"\n[tableau]\nextra_face_up = [0, 4, 4, 4, 4, 4, 3]\n', "every card"),
        ('extends = "klondike"\n[stock]\nto = "reserves"\n', "needs a \\[reserves\\]"),
        ('extends = "yukon"\n[tableau]\nextra_face_up = [4, 4]\n', "one for each pile"),
        ('extends = "klondike"\n[stock]\nto = "moon"\n', "must be one of 'waste', 'tableau'"),
        ('extends = "klondike"\n[tableau]\nruns = "some"\n', "tableau\\.runs'"),
        ('extends = "canfield"\n[reserves]\ncount = 3\ndeal = 30\n', "deals 95 cards"),
    ],
)
def test_a_table_that_says_a_deal_wrong_is_refused_by_name(tmp_path, text, problem):
    with pytest.raises(RuleTableError, match=problem):
        load_variant_file(write(tmp_path, text))
