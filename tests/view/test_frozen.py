"""The intents' frozen values behave as the frozen dataclasses they replace."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, dataclass

import pytest

from game.engine.commands import Draw, Move
from game.view import intents as i
from game.view.frozen import Frozen


class Pair(Frozen):
    name: str
    count: int = 1


@dataclass(frozen=True)
class PairDataclass:
    name: str
    count: int = 1


def test_fields_positional_keyword_and_default():
    assert Pair("a").count == 1
    assert Pair("a", 2).count == 2
    assert Pair(count=3, name="b") == Pair("b", 3)
    assert Pair._fields == ("name", "count")
    assert Pair.__match_args__ == ("name", "count")


def test_bad_arguments_are_refused_as_a_dataclass_refuses_them():
    for args, kwargs in [((), {}), (("a", 1, 2), {}), (("a",), {"name": "b"}), ((), {"x": 1})]:
        with pytest.raises(TypeError):
            PairDataclass(*args, **kwargs)
        with pytest.raises(TypeError):
            Pair(*args, **kwargs)


def test_equality_hash_and_repr_as_a_dataclass():
    assert Pair("a", 2) == Pair("a", 2)
    assert Pair("a", 2) != Pair("a", 3)
    assert Pair("a") != PairDataclass("a")  # another class is never equal
    assert hash(Pair("a", 2)) == hash(PairDataclass("a", 2))
    assert len({Pair("a"), Pair("a"), Pair("b")}) == 2
    assert repr(Pair("a", 2)) == repr(PairDataclass("a", 2)).replace("PairDataclass", "Pair")


def test_frozen():
    value = Pair("a")
    with pytest.raises(FrozenInstanceError):
        value.count = 2
    with pytest.raises(FrozenInstanceError):
        del value.name
    with pytest.raises(FrozenInstanceError):
        value.other = 1
    assert value == Pair("a", 1)


def test_a_field_without_default_after_one_with_is_refused():
    with pytest.raises(TypeError, match="follows"):

        class Wrong(Frozen):
            first: int = 0
            second: int


def test_intents_compare_hash_copy_and_match():
    play = i.Play(Move(3, 4, 1), from_hand=True)
    assert play == i.Play(Move(3, 4, 1), True)
    assert play != i.Play(Move(3, 4, 1))
    assert i.Undo() == i.Undo() and i.Undo() != i.Redo()
    assert {i.OpenMenu(): 1}[i.OpenMenu()] == 1
    assert pickle.loads(pickle.dumps(play)) == play
    assert (
        repr(i.Play(Draw()))
        == "Play(command=Draw(), from_hand=False, by_itself=False, by_solver=False)"
    )
    match i.SwitchVariant("klondike", "draw-one", 7):
        case i.SwitchVariant(variant, mode, seed):
            assert (variant, mode, seed) == ("klondike", "draw-one", 7)
