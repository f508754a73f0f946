"""tools/solvitaire.py: positions as Solvitaire's deals, and real runs of Solvitaire where
its binary is found (``SOLVITAIRE=/path/to/solvitaire``, or ``solvitaire`` on the PATH;
it is built by hand, see docs/solver-results.md, and CI does not build it)."""

from __future__ import annotations

import os
import shutil

import pytest

from game.engine.cards import CODE, full_deck
from game.engine.deal import deal_order, shuffled
from tools.deal_runs import RunError
from tools.fcsolve import Position, microsoft_position
from tools.solvitaire import Shape, deal_json, presets, shape, solve

BINARY = os.environ.get("SOLVITAIRE") or shutil.which("solvitaire")
needs_solvitaire = pytest.mark.skipif(
    BINARY is None or not os.access(BINARY, os.X_OK),
    reason="no Solvitaire binary (set SOLVITAIRE=/path/to/solvitaire)",
)
FREECELL = Shape(columns=8, cells=4, decks=1, face_up="all")
SPIDER = Shape(columns=10, cells=0, decks=2, face_up="top")
SPIDER_COLUMNS = (6, 6, 6, 6, 5, 5, 5, 5, 5, 5)


def spider_position(seed: int) -> Position:
    """Four-suit Spider dealt from this game's shuffle of two decks: 54 cards row by row
    over ten columns, only each column's top card face up, the other 50 in the stock."""
    cards = [CODE[c] for c in shuffled(full_deck(2), seed)]
    columns: list[list[str]] = [[] for _ in SPIDER_COLUMNS]
    order = list(deal_order(SPIDER_COLUMNS))
    for code, pile in zip(cards, order, strict=False):
        columns[pile].append(code)
    return Position(
        tuple(tuple(column) for column in columns),
        down=tuple(n - 1 for n in SPIDER_COLUMNS),
        stock=tuple(cards[len(order) :]),
    )


def test_a_freecell_deal_is_its_deal_json():
    deal = deal_json(microsoft_position(1), "free-cell", FREECELL)
    assert deal["tableau piles"][0] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    assert deal["tableau piles"][1][4] == "10D"  # its tens are written 10
    assert set(deal) == {"tableau piles"}


def test_a_spider_deal_marks_its_face_down_cards_and_keeps_its_stock():
    deal = deal_json(spider_position(1), "spider", SPIDER)
    first = deal["tableau piles"][0]
    assert len(first) == 6 and all(c[-1].islower() for c in first[:5]) and first[5][-1].isupper()
    assert len(deal["stock"]) == 50


def test_foundations_are_given_from_the_ace_and_full_cells_as_they_are():
    position = Position(
        columns=((), ("KS", "QS"), (), (), (), (), (), ()),
        cells=("KC", "KD", "KH", "JS"),
        foundations=("QC", "QD", "QH", "TS"),
    )
    deal = deal_json(position, "free-cell", FREECELL)
    assert deal["cells"] == ["KC", "KD", "KH", "JS"]
    assert deal["foundations"][:3] == ["AC", "2C", "3C"] and deal["foundations"][-1] == "10S"


@pytest.mark.parametrize(
    "position, layout, problem",
    [
        (Position(((),) * 7), FREECELL, "free-cell has 8 columns; the position has 7"),
        (
            Position(((),) * 8, cells=("AS", None, None, None)),
            FREECELL,
            "all full or all empty; the position has 1 cards in them",
        ),
        (Position(((),) * 8, foundations=("KS",)), FREECELL, "too few of AC 2C"),
        (Position((("AS", "AS"),) + ((),) * 7), FREECELL, "more than 1 of AS"),
        (Position((("XS",),) + ((),) * 7), FREECELL, "unknown card 'XS'"),
        (Position((("AS",),) + ((),) * 7, down=(1,)), FREECELL, "every card face up"),
        (Position(((),) * 10, foundations=("KS",)), SPIDER, "a two-deck game"),
    ],
)
def test_what_solvitaire_cannot_take_is_refused_naming_it(position, layout, problem):
    preset = "spider" if layout is SPIDER else "free-cell"
    with pytest.raises(RunError, match=problem):
        deal_json(position, preset, layout)


@needs_solvitaire
def test_its_presets_have_the_shapes_this_reads():
    names = presets(BINARY)
    assert {"free-cell", "spider", "bakers-game", "eight-off", "seahaven-towers"} <= set(names)
    assert shape(BINARY, "free-cell") == FREECELL
    assert shape(BINARY, "spider") == SPIDER
    assert shape(BINARY, "seahaven-towers") == Shape(10, 4, 1, "all")


@needs_solvitaire
def test_microsoft_deal_1_is_solved_in_free_cell():
    verdict = solve(microsoft_position(1), "free-cell", BINARY, timeout=60)
    assert (verdict.verdict, verdict.reason) == ("solved", None)
    assert verdict.iterations > 0 and verdict.seconds > 0


@needs_solvitaire
def test_microsoft_deal_11982_is_proved_unsolvable_in_free_cell():
    verdict = solve(microsoft_position(11982), "free-cell", BINARY, timeout=120)
    assert verdict.verdict == "unsolvable"


@needs_solvitaire
def test_a_spider_deal_is_solved():
    verdict = solve(spider_position(1), "spider", BINARY, timeout=60)
    assert (verdict.verdict, verdict.reason) == ("solved", None)


@needs_solvitaire
def test_a_preset_it_does_not_have_is_refused_by_name():
    with pytest.raises(RunError, match="Solvitaire has no preset 'no-such-game'"):
        solve(microsoft_position(1), "no-such-game", BINARY)
