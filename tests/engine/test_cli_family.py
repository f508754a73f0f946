"""The command line plays every Klondike-family table: the deal with its reserves named
and shown (``r1``...), the stock dealt wherever the table says, refusals in words."""

import json

import pytest

from game.variants import get_variant
from tests.variant_ids import FAMILY

from .test_cli import cli


@pytest.mark.parametrize("variant", FAMILY)
def test_every_family_table_plays_on_the_command_line(variant):
    code, out, err = cli("play", "--variant", variant, "--seed", "3", "--reveal")
    assert code == 0 and err == ""
    pos = json.loads(out)
    assert pos["variant"] == variant
    cards = sum(len(cards) for cards in pos["piles"].values())
    assert cards == 52 * get_variant(variant).rules().decks


def test_the_reserves_are_shown_after_the_tableau():
    code, out, _ = cli("play", "--variant", "canfield", "--seed", "1")
    piles = json.loads(out)["piles"]
    assert list(piles)[-5:] == ["t1", "t2", "t3", "t4", "r1"]
    assert piles["r1"][:12] == ["??"] * 12 and piles["r1"][-1] != "??"
    assert len(piles["f1"]) == 1  # the base card


def test_a_reserve_card_plays_by_its_name_and_the_stock_deals_to_the_reserves():
    code, out, _ = cli("play", "--variant", "lady-jane", "--seed", "5", "draw", "draw", "draw")
    piles = json.loads(out)["piles"]
    assert code == 0 and [len(piles[f"r{i}"]) for i in range(1, 8)] == [4, 4, 3, 3, 3, 3, 3]
    code, _out, err = cli("play", "--variant", "lady-jane", "--seed", "5", "t1-r1")
    assert code == 2 and "Cards cannot be put on a reserve." in err


def test_yukon_says_it_has_no_stock():
    code, _out, err = cli("play", "--variant", "yukon", "--seed", "1", "draw")
    assert code == 2 and "This game has no stock." in err
