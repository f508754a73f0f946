"""Microsoft FreeCell's numbered deals (game/engine/microsoft.py) against the layouts
published for them and against an independent implementation, the ``pysol-cards`` package
(Shlomi Fish's, which PySol uses)."""

from __future__ import annotations

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from game.engine.cards import CODE
from game.engine.deal import deal_order
from game.engine.microsoft import COLUMNS, FIRST_DEAL, LAST_DEAL, microsoft_order
from game.engine.text import EngineError


def columns(number: int) -> list[list[str]]:
    """Deal ``number`` laid out as the engine lays out any deal: each card of the order
    onto the pile ``deal_order`` names, each column bottom to top."""
    piles: list[list[str]] = [[] for _ in COLUMNS]
    for card, pile in zip(microsoft_order(number), deal_order(COLUMNS), strict=True):
        piles[pile].append(CODE[card])
    return piles


def rows(number: int) -> list[str]:
    """The deal as it is usually printed: row by row, the columns left to right."""
    piles = columns(number)
    return [" ".join(pile[row] for pile in piles if len(pile) > row) for row in range(max(COLUMNS))]


def test_deal_1_first_row_is_the_one_players_know():
    assert rows(1)[0] == "JD 2D 9H JC 5D 7H 7C 5H"


# Deals 1 and 617: Rosetta Code's task "Deal cards for FreeCell" (the task's own
# examples, "Game #1" and "Game #617"), rows top to bottom.
ROSETTA_DEAL_1 = [
    "JD 2D 9H JC 5D 7H 7C 5H",
    "KD KC 9S 5S AD QC KH 3H",
    "2S KS 9D QD JS AS AH 3C",
    "4C 5C TS QH 4H AC 4D 7S",
    "3S TD 4S TH 8H 2C JH 7D",
    "6D 8S 8D QS 6C 3D 8C TC",
    "6S 9C 2H 6H",
]
ROSETTA_DEAL_617 = [
    "7D AD 5C 3S 5S 8C 2D AH",
    "TD 7S QD AC 6D 8H AS KH",
    "TH QC 3H 9D 6S 8D 3D TC",
    "KD 5H 9S 3C 8S 7H 4D JS",
    "4C QS 9C 9H 7C 6H 2C 2S",
    "4S TS 2H 5D JC 6C JH QH",
    "JD KS KC 4H",
]
# Deal 11982, the unwinnable one: Solvitaire's deal file
# resources/deal-presets/ImpossibleFreeCell11982.json (github.com/thecharlesblake/
# Solvitaire), its "tableau piles" bottom to top, "10" written "T" as ours.
SOLVITAIRE_DEAL_11982 = [
    ["AH", "3D", "KD", "JC", "6C", "JD", "KC"],
    ["AS", "3H", "6H", "5D", "2C", "7D", "8D"],
    ["4H", "QS", "5S", "5C", "TH", "8H", "2S"],
    ["AC", "QC", "4D", "8C", "QH", "9C", "3S"],
    ["2D", "8S", "9H", "9D", "6D", "2H"],
    ["6S", "7H", "JH", "TD", "TC", "QD"],
    ["TS", "AD", "9S", "KH", "4S", "4C"],
    ["JS", "KS", "3C", "7C", "7S", "5H"],
]


def test_deal_1_is_laid_out_as_published():
    assert rows(1) == ROSETTA_DEAL_1


def test_deal_617_is_laid_out_as_published():
    assert rows(617) == ROSETTA_DEAL_617


def test_deal_11982_is_laid_out_as_published():
    assert columns(11982) == SOLVITAIRE_DEAL_11982


def test_columns_hold_seven_seven_seven_seven_six_six_six_six():
    assert [len(pile) for pile in columns(1)] == [7, 7, 7, 7, 6, 6, 6, 6]


@pytest.mark.parametrize("number", [FIRST_DEAL, 2, 32000, 1_000_000, LAST_DEAL])
def test_every_deal_is_one_whole_deck(number):
    assert sorted(microsoft_order(number)) == list(range(52))


def test_the_last_deal_differs_from_the_first():
    assert microsoft_order(LAST_DEAL) != microsoft_order(FIRST_DEAL)
    assert LAST_DEAL == 2**31 - 1


@pytest.mark.parametrize("number", [0, -1, LAST_DEAL + 1, 2**64, True, 1.0, "1"])
def test_numbers_outside_the_range_are_refused_with_the_range(number):
    with pytest.raises(EngineError, match="from 1 to 2147483647, got"):
        microsoft_order(number)


def pysol_columns(number: int) -> list[list[str]]:
    """pysol-cards' layout of Microsoft deal ``number``: its printout has one line per
    column, bottom to top, "T" for tens."""
    game = Game("freecell", number, RandomBase.DEALS_MS)
    text = game.calc_layout_string(CardRenderer(True))
    return [line.split() for line in text.strip().splitlines()]


def spread_numbers(count: int) -> list[int]:
    """About ``count`` deal numbers spread evenly from the first to the last, nudged off
    the even steps (by up to 6) so they are not all of one residue."""
    step = (LAST_DEAL - FIRST_DEAL) // (count - 1)
    numbers = {FIRST_DEAL + k * step + k % 7 for k in range(count - 1)} | {LAST_DEAL}
    return sorted(n for n in numbers if FIRST_DEAL <= n <= LAST_DEAL)


def test_a_thousand_deals_over_the_range_agree_with_pysol_cards():
    numbers = spread_numbers(900) + list(range(2, 32001, 320))
    assert len(set(numbers)) >= 1000
    disagree = [n for n in numbers if columns(n) != pysol_columns(n)]
    assert disagree == []
