"""Empty-pile policies: a King, any card, nothing until the next deal, the rank below the
base card, or at once the reserve's top card; each with the text of its empty slot."""

from __future__ import annotations

import pytest

from game.engine.commands import Move, ToFoundation
from game.engine.events import CardsMoved, CardTurnedUp
from game.engine.policies import EmptyPile
from game.engine.refusals import Reason, Refused
from game.engine.rules import RuleTableError
from game.variants import load_variant_file

from .helpers import codes, game_at, position, rules


def moves_to(game, name):
    target = game.layout.index(name)
    return [m for m in game.legal_moves() if isinstance(m, Move) and m.target == target]


def test_every_empty_pile_policy_has_a_label():
    assert all(p.label for p in EmptyPile)


@pytest.mark.parametrize(
    "variant, piles, label",
    [
        ("klondike", {}, "K"),
        ("whitehead", {}, ""),
        ("agnes", {"f1": "5C"}, ""),
        ("canfield", {"f1": "5C"}, ""),
        ("lady-jane", {"f1": "4H"}, "3"),
        ("lady-jane", {"f1": "JH"}, "10"),
        ("lady-jane", {"f1": "AH"}, "K"),  # below the Ace: the King, round the corner
    ],
)
def test_an_empty_slot_says_what_it_takes(variant, piles, label):
    r = rules(variant)
    game = game_at(r, position(r, piles))
    assert game.mechanics.empty_tableau_label(game.state) == label


def test_a_king_only_pile_takes_a_king_and_no_queen():
    r = rules("klondike")
    game = game_at(r, position(r, {"t1": "KH", "t2": "QS", "waste": "KC"}))
    assert {(m.source, m.count) for m in moves_to(game, "t3")} == {
        (game.layout.index("t1"), 1),
        (game.layout.index("waste"), 1),
    }


def test_any_card_fills_an_empty_pile_in_whitehead():
    r = rules("whitehead")
    game = game_at(r, position(r, {"t1": "5S 5C", "waste": "2H"}))
    sources = {(m.source, m.count) for m in moves_to(game, "t2")}
    assert sources == {(game.layout.index("t1"), 1), (1, 1)}


def test_agnes_empty_piles_take_nothing_until_the_next_deal():
    r = rules("agnes")
    game = game_at(r, position(r, {"f1": "5C", "t1": "KS QS", "stock": "2H 3H"}))
    assert moves_to(game, "t2") == []
    game.execute(game.legal_moves()[-1])  # the deal: one card to each pile
    assert len(game.state.piles[game.layout.index("t2")]) == 1


def test_lady_janes_empty_pile_takes_the_rank_below_the_base_and_a_run_from_it():
    r = rules("lady-jane")
    game = game_at(r, position(r, {"f1": "4H", "t1": "5C 3D 2S", "r1": "3C", "r2": "9D"}))
    t1 = game.layout.index("t1")
    assert {(m.source, m.count) for m in moves_to(game, "t2")} == {
        (t1, 2),
        (game.layout.index("r1"), 1),
    }


def test_canfield_fills_an_emptied_pile_from_the_reserve_in_the_same_step():
    r = rules("canfield")
    state = position(r, {"f1": "5C", "t1": "6C", "r1": "9H 2D 8S"}, {"r1": 2})
    game = game_at(r, state)
    t1, r1 = game.layout.index("t1"), game.layout.index("r1")
    step = game.execute(ToFoundation(t1))
    assert step[1:] == (CardsMoved(r1, t1, 1), CardTurnedUp(r1))
    assert game.state.describe(game.layout)["t1"] == ["8S"]
    assert game.state.describe(game.layout)["r1"] == ["??", "2D"]
    game.undo()
    assert game.state == state


def test_once_the_reserve_is_empty_an_empty_canfield_pile_takes_any_card():
    r = rules("canfield")
    game = game_at(r, position(r, {"f1": "5C", "t1": "6C", "t2": "9D"}))
    t1 = game.layout.index("t1")
    game.execute(ToFoundation(t1))
    assert game.state.piles[t1] == ()
    sources = [m.source for m in moves_to(game, "t1")]
    assert sources == [game.layout.index("t2"), game.layout.index("f1")]  # 6C may come back


def test_a_table_may_name_the_one_rank_an_empty_pile_takes(tmp_path):
    path = tmp_path / "queens.toml"
    text = 'extends = "klondike"\nid = "queens"\n'
    text += '[tableau]\nempty_accepts = "rank"\nempty_rank = "Q"\n'
    path.write_text(text, encoding="utf-8")
    r = load_variant_file(path).rules()
    game = game_at(r, position(r, {"t1": "QH", "t2": "KS"}))
    assert [m.source for m in moves_to(game, "t3")] == [game.layout.index("t1")]
    assert game.mechanics.empty_tableau_label(game.state) == "Q"
    with pytest.raises(Refused) as refused:
        game.mechanics.check(game.state, Move(game.layout.index("t2"), game.layout.index("t3")))
    assert refused.value.reason is Reason.EMPTY_TAKES_RANK
    assert codes(refused.value.takes) == ["QC", "QD", "QH", "QS"]


@pytest.mark.parametrize(
    "tableau, problem",
    [('empty_accepts = "rank"', "empty_rank': only allowed"), ('empty_rank = "Q"', "only allowed")],
)
def test_the_rank_and_its_policy_go_together(tmp_path, tableau, problem):
    path = tmp_path / "bad.toml"
    path.write_text(f'extends = "klondike"\n[tableau]\n{tableau}\n', encoding="utf-8")
    with pytest.raises(RuleTableError, match=problem):
        load_variant_file(path)
