"""Where the engine once departed from a help page, each case once: a dealt base card is
still in play, and Athena's shown cards move with the run built on them; and where it
departs now: Seahaven's Ace-led sequence goes up only onto the first empty foundation. A
new departure goes here as a strict xfail (and into test_oracle_family's KNOWN) until the engine
follows the page.
"""

from __future__ import annotations

import dataclasses

import pytest

from .table import Table


@pytest.mark.parametrize("game", ["agnes", "canfield", "lady-jane"])
def test_a_base_card_is_still_in_play(game):
    """The first foundation holds only its base card, 9D; a Ten on the tableau takes it
    (TC; TH in Agnes, which builds in the same colour), and the empty foundation then
    takes a Nine still, and only a Nine."""
    t = Table(game)
    ten = "TH" if game == "agnes" else "TC"
    reserve = {"r1": "3C"} if t.piles("r") else {}
    state = t.state(f1="9D", t1=ten, t2="5S", t3="9C", **reserve)
    assert t.allows(state, t.move("f1", "t1"))
    after = t.after(state, t.move("f1", "t1"))  # the emptied foundation keeps the base rank
    assert t.allows(after, t.move("t3", "f1")) and t.allows(after, t.move("t1", "f1"))
    assert not t.allows(after, t.move("t2", "f1"))


def test_athena_a_second_row_card_moves_with_its_build():
    """Pile [face down, 4S face up, 3D turned up]: 4S and 3D build down in alternating
    colours, so they move together onto 5H."""
    t = Table("athena")
    state = t.state(t1="KC 4S 3D", t2="5H", down={"t1": 2})
    shown = [0] * t.layout.pile_count
    shown[t.pile("t1")] = 0b10  # the second card, 4S, lies face up in the face-down part
    state = dataclasses.replace(state, shown=tuple(shown))
    assert state.face_up(t.pile("t1"), 1) and not state.face_up(t.pile("t1"), 0)
    assert t.allows(state, t.move("t1", "t2", 2))


@pytest.mark.xfail(strict=True, reason="the engine names one foundation per group move")
def test_seahaven_an_ace_led_sequence_goes_up_onto_any_empty_foundation():
    """ "sequences of the same suit can be moved onto the matching Foundation pile": with
    every foundation empty, AS and 2S may go up together onto any of them, as the Ace
    alone may (the engine takes them only to the first)."""
    t = Table("seahaven")
    state = t.state(t1="5C 2S AS", t2="KH")
    assert t.allows(state, t.move("t1", "f2"))  # the Ace alone
    assert t.allows(state, t.move("t1", "f2", 2))
