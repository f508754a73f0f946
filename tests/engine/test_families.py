"""A rule table's ``family``: the game chooser's group. Every built-in game is of the
Klondike family; a table that names none is too, one that extends another takes its
parent's, and a family the game does not know is refused with the families it knows."""

from __future__ import annotations

import pytest

from game.engine.families import Family
from game.engine.rules import RuleTableError
from game.variants import all_variants, load_variant_file
from tests.variants.test_player_tables import MINE


def test_the_seeds_games_are_of_the_klondike_family():
    families = {table.id: table.family for table in all_variants()}
    assert {families[v] for v in ("klondike", "saratoga", "double-klondike")} == {Family.KLONDIKE}
    assert set(families.values()) <= set(Family)


PLAIN = """id = "plain"
name = "Plain"
decks = 1
default_mode = "one"

[tableau]
piles = 7
deal = "triangle"
face_up = "top"
build = "down-alternate-colour"
move_runs = true
empty_accepts = "king"

[foundations]
count = 4
cards_may_return = true

[stock]
draw = 1
redeals = 0

[modes.one]
label = "One"
"""


def test_a_table_naming_no_family_is_of_the_klondike_family(tmp_path):
    path = tmp_path / "plain.toml"
    path.write_text(PLAIN, encoding="utf-8")
    assert load_variant_file(path).family is Family.KLONDIKE


def test_a_table_extending_another_takes_its_family(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    assert load_variant_file(path).family is Family.KLONDIKE


def test_an_unknown_family_is_refused_on_its_line_with_the_families_known(tmp_path):
    path = tmp_path / "spider.toml"
    path.write_text(MINE.replace('id = "mine"', 'id = "mine"\nfamily = "patience"'), "utf-8")
    with pytest.raises(RuleTableError) as refused:
        load_variant_file(path)
    said = str(refused.value)
    assert "line 4" in said and "'family'" in said and "patience" in said
    assert "'klondike'" in said and "'freecell'" in said
