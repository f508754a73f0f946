"""Every refusal the engine makes, as data: its reason, the cards and piles it concerns,
and what the target would take. ``CASES`` is shared with the wording tests
(``tests/app/test_refusal_words.py``), which hold each case to its sentence."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pytest

from game.engine.cards import CODE
from game.engine.commands import Collect, Draw, Move, ToFoundation
from game.engine.policies import Build, EmptyPile, FoundationBase, Run, StockTarget
from game.engine.refusals import Reason, Refused
from game.engine.shapes import FoundationDirection, FoundationTakes, MoveLimit, WasteBuild
from game.engine.state import STOCK, WASTE
from tests.test_structure import graph

from .helpers import codes, game_at, position, rules


@dataclass(frozen=True)
class Case:
    """A position, a command the rules refuse there, and what the refusal must carry."""

    name: str
    piles: dict[str, str]
    command: tuple  # (kind, *pile names or numbers)
    reason: Reason
    about: dict[str, object] = field(default_factory=dict)  # attribute -> code(s) or pile name
    variant: str = "klondike"
    mode: str | None = None
    rules_changed: dict[str, object] = field(default_factory=dict)
    down: dict[str, int] = field(default_factory=dict)
    redeals_used: int = 0

    def game(self):
        r = replace(rules(self.variant, self.mode), **self.rules_changed)
        return game_at(r, position(r, self.piles, self.down, self.redeals_used))

    def command_in(self, layout):
        kind, *args = self.command
        piles = [layout.index(a) if isinstance(a, str) else a for a in args]
        if kind == "move":
            return Move(*piles)
        if kind == "up":
            return ToFoundation(*piles)
        return {"draw": Draw(), "collect": Collect(), "bogus": "not a command"}[kind]

    def refusal(self) -> Refused:
        game = self.game()
        before = game.state
        with pytest.raises(Refused) as refused:
            game.mechanics.check(game.state, self.command_in(game.layout))
        assert game.state == before
        return refused.value


# Two tableau piles and one cell: a position whose free space is easy to count.
TWO_PILES_ONE_CELL = {"tableau_piles": 2, "deal_counts": (1, 2), "cells": 1}

CASES = [
    # The Klondike family's policies (issue 23).
    Case(
        "a run in colour, not in suit",
        {"t1": "8S 7C", "t2": "9S"},
        ("move", "t1", "t2", 2),
        Reason.RUN_NOT_IN_SUIT,
        {"card": "7C", "onto": "8S", "source": "t1", "count": 2},
        variant="whitehead",
    ),
    Case(
        "a run in alternating colours, not in one colour",
        {"t1": "8S 7H", "t2": "9H"},
        ("move", "t1", "t2", 2),
        Reason.RUN_NOT_IN_COLOUR,
        {"card": "7H", "onto": "8S"},
        rules_changed={"runs": Run.IN_COLOUR},
    ),
    Case(
        "part of the face-up cards",
        {"t1": "9S 8H 7C", "t2": "9D"},
        ("move", "t1", "t2", 2),
        Reason.TOP_OR_ALL_FACE_UP,
        {"source": "t1", "count": 2},
        variant="westhaven",
    ),
    Case(
        "the top card of a pile that moves whole",
        {"t1": "9S 8H 7C", "t2": "8D"},
        ("move", "t1", "t2"),
        Reason.ALL_FACE_UP_ONLY,
        {"source": "t1", "count": 1},
        rules_changed={"runs": Run.ALL_FACE_UP},
    ),
    Case(
        "an empty foundation of a dealt base",
        {"f1": "4H", "t1": "7C"},
        ("move", "t1", "f2"),
        Reason.EMPTY_FOUNDATION_TAKES,
        {"card": "7C", "takes": ["4C"]},
        variant="canfield",
    ),
    Case(
        "an empty pile below the base",
        {"f1": "4H", "t1": "7C"},
        ("move", "t1", "t2"),
        Reason.EMPTY_TAKES_RANK,
        {"card": "7C", "takes": ["3C", "3D", "3H", "3S"]},
        variant="lady-jane",
    ),
    Case(
        "onto a card of the base rank",
        {"f1": "4H", "t1": "3C", "t2": "4D"},
        ("move", "t1", "t2"),
        Reason.BASE_TAKES_NOTHING,
        {"card": "3C", "onto": "4D", "source": "t1", "target": "t2"},
        variant="lady-jane",
    ),
    Case(
        "onto a reserve",
        {"f1": "4H", "t1": "7C"},
        ("move", "t1", "r1"),
        Reason.NOT_ONTO_RESERVE,
        {"source": "t1", "target": "r1"},
        variant="lady-jane",
    ),
    Case(
        "two from a reserve",
        {"f1": "4H", "r1": "7C 8D"},
        ("move", "r1", "t1", 2),
        Reason.ONE_FROM_RESERVE,
        {"source": "r1", "count": 2},
        variant="lady-jane",
    ),
    Case("no stock", {"t1": "7C"}, ("draw",), Reason.NO_STOCK, variant="yukon"),
    Case(
        "a deal before the empty pile is filled",
        {"stock": "2H", "t2": "3C KS"},
        ("draw",),
        Reason.FILL_EMPTY_FIRST,
        {"target": "t1"},
        variant="easthaven",
        down={"t2": 1},
    ),
    Case("no such pile", {}, ("move", 99, 2), Reason.NO_SUCH_PILE),
    Case("same pile", {"t1": "5H"}, ("move", "t1", "t1"), Reason.SAME_PILE),
    Case("no cards", {"t1": "5H", "t2": "6S"}, ("move", "t1", "t2", 0), Reason.NO_CARDS),
    Case("not a command", {}, ("bogus",), Reason.NOT_A_COMMAND),
    Case(
        "from the stock",
        {"stock": "KS"},
        ("move", STOCK, "t1"),
        Reason.STOCK_ONLY_BY_TURNING,
        {"source": "stock"},
    ),
    Case(
        "too few cards",
        {"t1": "5H", "t2": "6S"},
        ("move", "t1", "t2", 3),
        Reason.TOO_FEW_CARDS,
        {"source": "t1", "count": 3, "limit": 1},
    ),
    Case(
        "face down",
        {"t1": "5H 4S", "t2": "6C"},
        ("move", "t1", "t2", 2),
        Reason.FACE_DOWN,
        {"source": "t1", "count": 2},
        down={"t1": 1},
    ),
    Case(
        "two from the waste",
        {"waste": "3H 4S", "t1": "5H"},
        ("move", WASTE, "t1", 2),
        Reason.ONE_AT_A_TIME_FROM,
        {"source": "waste"},
    ),
    Case(
        "two from a foundation",
        {"f1": "AD 2D 3D", "t1": "4S"},
        ("move", "f1", "t1", 2),
        Reason.ONE_AT_A_TIME_FROM,
        {"source": "f1"},
    ),
    Case(
        "no runs in this game",
        {"t1": "9S 8H", "t2": "TD"},
        ("move", "t1", "t2", 2),
        Reason.SINGLE_CARDS_ONLY,
        rules_changed={"move_runs": False},
    ),
    Case(
        "not a run",
        {"t1": "9S 8H 6C", "t2": "TD"},
        ("move", "t1", "t2", 3),
        Reason.NOT_A_RUN,
        {"card": "6C", "onto": "8H", "takes": ["7C", "7S"], "source": "t1"},
    ),
    Case("empty waste", {}, ("up", WASTE), Reason.PILE_EMPTY, {"source": "waste"}),
    Case("empty pile", {}, ("up", "t1"), Reason.PILE_EMPTY, {"source": "t1"}),
    Case(
        "onto the waste",
        {"t1": "5H"},
        ("move", "t1", WASTE),
        Reason.NOT_ONTO_TALON,
        {"target": "waste"},
    ),
    Case(
        "onto the stock",
        {"t1": "5H"},
        ("move", "t1", STOCK),
        Reason.NOT_ONTO_TALON,
        {"target": "stock"},
    ),
    Case(
        "two onto a foundation",
        {"t1": "3H 2S", "f1": "AH"},
        ("move", "t1", "f1", 2),
        Reason.FOUNDATION_ONE_AT_A_TIME,
        {"target": "f1", "count": 2},
    ),
    Case(
        "between foundations",
        {"f1": "AD"},
        ("move", "f1", "f2"),
        Reason.BETWEEN_FOUNDATIONS,
        {"card": "AD", "target": "f2"},
        variant="double-klondike",
    ),
    Case(
        "an empty foundation",
        {"t1": "5S"},
        ("move", "t1", "f1"),
        Reason.EMPTY_FOUNDATION,
        {"card": "5S", "onto": None, "target": "f1"},
    ),
    Case(
        "a foundation, wrong rank",
        {"f1": "AH 2H", "waste": "5H"},
        ("move", WASTE, "f1"),
        Reason.FOUNDATION_TAKES,
        {"card": "5H", "onto": "2H", "takes": ["3H"], "target": "f1"},
    ),
    Case(
        "a foundation, wrong suit",
        {"f1": "AH 2H", "waste": "3S"},
        ("move", WASTE, "f1"),
        Reason.FOUNDATION_TAKES,
        {"card": "3S", "onto": "2H", "takes": ["3H"]},
    ),
    Case(
        "a complete foundation",
        {"f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "t1": "5H"},
        ("move", "t1", "f1"),
        Reason.FOUNDATION_COMPLETE,
        {"card": "5H", "onto": "KH"},
        variant="double-klondike",
    ),
    Case(
        "no return",
        {"f1": "AD 2D 3D", "t1": "4S"},
        ("move", "f1", "t1"),
        Reason.NO_RETURN,
        {"card": "3D", "onto": "4S"},
        rules_changed={"cards_may_return": False},
    ),
    Case(
        "empty stays empty",
        {"t2": "KH"},
        ("move", "t2", "t1"),
        Reason.EMPTY_STAYS_EMPTY,
        {"card": "KH", "target": "t1"},
        rules_changed={"empty_accepts": EmptyPile.NONE},
    ),
    Case(
        "empty needs a King",
        {"t2": "QH"},
        ("move", "t2", "t1"),
        Reason.EMPTY_NEEDS_KING,
        {"card": "QH", "onto": None, "target": "t1"},
    ),
    Case(
        "right colour, wrong rank (the finding's 6D on 8S)",
        {"t1": "6D", "t2": "8S"},
        ("move", "t1", "t2"),
        Reason.TABLEAU_TAKES,
        {"card": "6D", "onto": "8S", "takes": ["7D", "7H"], "source": "t1", "target": "t2"},
    ),
    Case(
        "wrong colour, right rank",
        {"t1": "7C", "t2": "8S"},
        ("move", "t1", "t2"),
        Reason.TABLEAU_TAKES,
        {"card": "7C", "onto": "8S", "takes": ["7D", "7H"]},
    ),
    Case(
        "wrong colour and rank (the finding's 7D on KH)",
        {"t1": "7D", "t2": "KH"},
        ("move", "t1", "t2"),
        Reason.TABLEAU_TAKES,
        {"card": "7D", "onto": "KH", "takes": ["QC", "QS"]},
    ),
    Case(
        "a run of the wrong rank",
        {"t1": "6D 5S", "t2": "8S"},
        ("move", "t1", "t2", 2),
        Reason.TABLEAU_TAKES,
        {"card": "6D", "onto": "8S", "takes": ["7D", "7H"], "count": 2},
    ),
    Case(
        "nothing on an Ace",
        {"t1": "2S", "t2": "AH"},
        ("move", "t1", "t2"),
        Reason.TABLEAU_TAKES,
        {"card": "2S", "onto": "AH", "takes": []},
    ),
    Case(
        "building in suit",
        {"t1": "7H", "t2": "8S"},
        ("move", "t1", "t2"),
        Reason.TABLEAU_TAKES,
        {"onto": "8S", "takes": ["7S"]},
        rules_changed={"build": Build.SAME_SUIT},
    ),
    Case(
        "building regardless of suit",
        {"t1": "6H", "t2": "8S"},
        ("move", "t1", "t2"),
        Reason.TABLEAU_TAKES,
        {"onto": "8S", "takes": ["7C", "7D", "7H", "7S"]},
        rules_changed={"build": Build.ANY_SUIT},
    ),
    Case(
        "up too soon",
        {"f1": "AH 2H", "t1": "5H"},
        ("up", "t1"),
        Reason.NO_FOUNDATION_TAKES,
        {"card": "5H", "takes": ["3H"], "source": "t1"},
    ),
    Case(
        "up before the Ace",
        {"t1": "5H"},
        ("up", "t1"),
        Reason.NO_FOUNDATION_TAKES,
        {"card": "5H", "takes": ["AH"]},
    ),
    Case(
        "up with two foundations of a suit",
        {"f1": "AH 2H", "f2": "AH 2H 3H 4H 5H 6H", "t1": "5H"},
        ("up", "t1"),
        Reason.NO_FOUNDATION_TAKES,
        {"card": "5H", "takes": ["3H", "7H"]},
        variant="double-klondike",
    ),
    Case(
        "up from a foundation",
        {"f1": "AH"},
        ("up", "f1"),
        Reason.TO_FOUNDATION_SOURCE,
        {"source": "f1"},
    ),
    Case("nothing to collect", {"t1": "5H"}, ("collect",), Reason.NOTHING_TO_COLLECT),
    Case(
        "stock and waste empty",
        {"t1": "KS"},
        ("draw",),
        Reason.TALON_EMPTY,
        mode="draw1-unlimited",
    ),
    Case("no redeal", {"waste": "KS"}, ("draw",), Reason.NO_REDEAL, mode="draw1-noredeal"),
    Case(
        "redeals used",
        {"waste": "KS"},
        ("draw",),
        Reason.REDEALS_USED,
        {"limit": 2},
        redeals_used=2,
    ),
    Case(
        "the one redeal used",
        {"waste": "KS"},
        ("draw",),
        Reason.REDEALS_USED,
        {"limit": 1},
        variant="double-klondike",
        redeals_used=1,
    ),
    # Past the Klondike family (issue 35): cells, the free space, other foundations.
    Case(
        "more cards than the free space moves",
        {"t1": "9S 8H 7C 6H", "t2": "TD", "c1": "AS"},
        ("move", "t1", "t2", 4),
        Reason.TOO_MANY_CARDS,
        {"source": "t1", "target": "t2", "count": 4, "limit": 1},
        rules_changed=dict(TWO_PILES_ONE_CELL, move_limit=MoveLimit.FREE_SPACE),
    ),
    Case(
        "a full cell",
        {"t1": "9S 8H", "t2": "TD", "c1": "AS"},
        ("move", "t1", "c1"),
        Reason.CELL_HOLDS_ONE,
        {"source": "t1", "target": "c1", "count": 1},
        rules_changed=TWO_PILES_ONE_CELL,
    ),
    Case(
        "a single card to a foundation that takes runs",
        {"t1": "9S AH"},
        ("move", "t1", "f1"),
        Reason.FOUNDATION_TAKES_RUNS,
        {"card": "AH", "source": "t1", "target": "f1", "count": 1},
        rules_changed={"foundation_takes": FoundationTakes.RUNS},
    ),
    Case(
        "a group that does not go up one by one",
        {"t1": "4S 3H 2H", "f1": "AH"},
        ("move", "t1", "f1", 3),
        Reason.GROUP_NOT_UP,
        {"card": "2H", "source": "t1", "count": 3},
        rules_changed={"group_to_foundation": True},
    ),
    Case(
        "a deal onto an empty pile",
        {"stock": "KS QS", "t1": "", "t2": "5D"},
        ("draw",),
        Reason.NO_DEAL_ON_EMPTY,
        {"target": "t1"},
        rules_changed={"stock_to": StockTarget.TABLEAU, "deal_needs_every_pile": True},
    ),
    Case(
        "a card the waste does not take (Golf)",
        {"t1": "9C 7D", "waste": "5S"},
        ("move", "t1", "waste"),
        Reason.WASTE_TAKES,
        {"card": "7D", "onto": "5S", "source": "t1", "target": "waste"},
        rules_changed={"waste_builds": WasteBuild.UP_OR_DOWN},
    ),
    Case(
        "not a King on an empty foundation that builds down",
        {"t1": "9C QH"},
        ("move", "t1", "f1"),
        Reason.EMPTY_FOUNDATION_KING,
        {"card": "QH", "source": "t1", "target": "f1"},
        rules_changed={
            "foundation_direction": FoundationDirection.DOWN,
            "foundation_base": FoundationBase.KING,
        },
    ),
]


def test_every_reason_has_a_case():
    assert {c.reason for c in CASES} == set(Reason)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_each_refusal_carries_its_reason_cards_and_piles(case):
    refused = case.refusal()
    layout = case.game().layout
    assert refused.reason is case.reason
    for attribute, expected in case.about.items():
        value = getattr(refused, attribute)
        if attribute in ("card", "onto"):
            assert (None if value is None else CODE[value]) == expected, attribute
        elif attribute == "takes":
            assert codes(value) == expected
        elif attribute in ("source", "target"):
            assert value == layout.index(expected), attribute
        else:
            assert value == expected, attribute


def test_a_refusal_prints_as_plain_data():
    """For logs and save-file errors: the reason and the cards in codes, no language."""
    refused = CASES[[c.name for c in CASES].index("wrong colour and rank (the finding's 7D on KH)")]
    text = str(refused.refusal())
    assert text.startswith("tableau-takes: card 7D, onto KH,") and text.endswith("takes QC QS")


def test_the_engine_words_no_refusal():
    """The sentences live at the edge (game.i18n.wording): refusals import no gettext."""
    imports = graph()
    assert "game.i18n" not in imports["game.engine.refusals"]
    assert "game.i18n" not in imports["game.engine.commands"]
