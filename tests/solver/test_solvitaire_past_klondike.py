"""Our games past the Klondike family said in Solvitaire's rule language
(tools/solvitaire_io.py), no binary needed: the custom-rules JSON of each game, the rules
refused by name, which way each game differs where it cannot be said exactly, the deals as
it is given them, its printed positions read back, and when a verdict pair is a
contradiction. The tests at the end run the binary itself where it is found
(``SOLVITAIRE=/path/to/solvitaire``; CI does not build it: docs/solver-results.md)."""

from __future__ import annotations

import os
import shutil

import pytest

from game.engine.cards import CODE
from game.engine.commands import Draw
from game.engine.game import new_game
from game.engine.notation import parse_command
from game.engine.state import STOCK, WASTE
from tools.crosscheck_solvitaire import check_deal, contradiction, rules_for
from tools.deal_runs import RunError
from tools.solvitaire_io import (
    THEIRS_LOOSER,
    THEIRS_STRICTER,
    Unsayable,
    how_they_differ,
    matching_preset,
    opening,
    picture,
    their_deal,
    their_positions,
    their_rules,
)

BINARY = os.environ.get("SOLVITAIRE") or shutil.which("solvitaire")
needs_solvitaire = pytest.mark.skipif(
    BINARY is None or not os.access(BINARY, os.X_OK),
    reason="no Solvitaire binary (set SOLVITAIRE=/path/to/solvitaire)",
)


def tableau(count, build, spaces, group="no", face_up="all", **more):
    said = {"count": count, "build policy": build, "spaces policy": spaces}
    said.update({"move built group": group, "face up cards": face_up}, **more)
    return said


NO_STOCK = {"size": 0}
# Each game as the rule table says it (game/variants/*.toml), rule for rule.
SAID = {
    # Moves of several cards as far as cells and empty piles allow: single-card moves.
    "freecell": {
        "tableau piles": tableau(8, "red-black", "any"),
        "foundations": {"removable": False},
        "cells": {"count": 4},
        "stock": NO_STOCK,
        "two decks": False,
    },
    # An empty pile takes a King only; foundation cards come back.
    "bakers-game": {
        "tableau piles": tableau(8, "same-suit", "kings"),
        "foundations": {"removable": True},
        "cells": {"count": 4},
        "stock": NO_STOCK,
        "two decks": False,
    },
    # Four of the eight cells dealt full: four empty cells and four single reserve cards.
    "eight-off": {
        "tableau piles": tableau(8, "same-suit", "kings"),
        "foundations": {"removable": True},
        "cells": {"count": 4},
        "reserve": {"size": 4, "stacked": False},
        "stock": NO_STOCK,
        "two decks": False,
    },
    "seahaven": {
        "tableau piles": tableau(10, "same-suit", "kings"),
        "foundations": {"removable": True},
        "cells": {"count": 2},
        "reserve": {"size": 2, "stacked": False},
        "stock": NO_STOCK,
        "two decks": False,
    },
    "streets-and-alleys": {
        "tableau piles": tableau(8, "any-suit", "any"),
        "foundations": {"removable": True},
        "stock": NO_STOCK,
        "two decks": False,
    },
    # The Aces start on the foundations.
    "beleaguered-castle": {
        "tableau piles": tableau(8, "any-suit", "any"),
        "foundations": {"removable": True, "initial cards": "all"},
        "stock": NO_STOCK,
        "two decks": False,
    },
    # Its forty-thieves preset, key for key.
    "forty-thieves": {
        "tableau piles": tableau(10, "same-suit", "any"),
        "foundations": {"removable": False},
        "stock": {"size": 64, "redeal": False, "deal type": "waste", "deal count": 1},
        "two decks": True,
    },
    # Built runs move whole; the stock deals one card to every pile, empty or not.
    "gypsy": {
        "tableau piles": tableau(8, "red-black", "any", "yes", "top"),
        "foundations": {"removable": True},
        "stock": {"size": 80, "redeal": False, "deal type": "tableau piles"},
        "two decks": True,
    },
    # An empty pile is never filled.
    "bakers-dozen": {
        "tableau piles": tableau(13, "any-suit", "no-build"),
        "foundations": {"removable": True},
        "stock": NO_STOCK,
        "two decks": False,
    },
    # The waste is its hole, which starts with the first stock card; no wrap at the King.
    "golf": {
        "tableau piles": tableau(7, "no-build", "no-build"),
        "foundations": {"present": False},
        "hole": {"present": True, "base card": "random", "build loops": False},
        "stock": {"size": 16, "deal type": "hole"},
        "two decks": False,
    },
    # Only runs in suit move as a unit.
    "spider": {
        "tableau piles": tableau(
            10, "any-suit", "any", "yes", "top", **{"move built group policy": "same-suit"}
        ),
        "foundations": {"removable": False},
        "stock": {"size": 50, "redeal": False, "deal type": "tableau piles"},
        "two decks": True,
    },
    "spiderette": {
        "tableau piles": tableau(
            7, "any-suit", "any", "yes", "top", **{"move built group policy": "same-suit"}
        ),
        "foundations": {"removable": False},
        "stock": {"size": 24, "redeal": False, "deal type": "tableau piles"},
        "two decks": False,
    },
}
EXACT = {
    "freecell",
    "bakers-game",
    "streets-and-alleys",
    "beleaguered-castle",
    "forty-thieves",
    "gypsy",
    "bakers-dozen",
}


@pytest.mark.parametrize("variant", sorted(SAID))
def test_each_game_is_said_in_its_words_rule_for_rule(variant):
    assert their_rules(rules_for(variant, None)) == SAID[variant]


@pytest.mark.parametrize(
    ("variant", "mode", "words"),
    [
        ("scorpion", None, "runs that move as any-face-up"),
        ("spider", "one-suit", "a deck of 1 suit"),
        ("spider", "two-suits", "a deck of 2 suit"),
    ],
)
def test_rules_it_cannot_say_are_refused_by_name(variant, mode, words):
    with pytest.raises(Unsayable, match=words):
        their_rules(rules_for(variant, mode))


@pytest.mark.parametrize("variant", sorted(EXACT))
def test_the_games_it_says_exactly_differ_in_nothing(variant):
    assert how_they_differ(rules_for(variant, None)) is None


@pytest.mark.parametrize(
    ("variant", "way", "words"),
    [
        ("golf", THEIRS_LOOSER, "Queen on a King"),
        ("spider", THEIRS_LOOSER, "single cards up in suit"),
        ("spider", THEIRS_LOOSER, "deals onto empty piles"),
        ("spiderette", THEIRS_LOOSER, "deals onto empty piles"),
        ("seahaven", THEIRS_STRICTER, "reserve card"),
        ("eight-off", THEIRS_STRICTER, "reserve card"),
    ],
)
def test_the_games_it_cannot_say_exactly_differ_one_way_named(variant, way, words):
    differs = how_they_differ(rules_for(variant, None))
    assert differs[0] == way and words in differs[1]


def test_the_cards_dealt_to_cells_are_given_as_its_reserve():
    rules = rules_for("seahaven", None)
    game = new_game(rules, seed=1)
    deal = their_deal(game.state, game.layout, rules)
    dealt = [game.state.piles[c][-1] for c in game.layout.cell_range if game.state.piles[c]]
    assert len(dealt) == 2
    assert deal["reserve"] == [CODE[c].replace("T", "10") for c in dealt]
    assert "cells" not in deal and sum(map(len, deal["tableau piles"])) == 50


def test_cells_neither_all_full_nor_all_empty_are_refused():
    rules = rules_for("freecell", None)
    game = new_game(rules, seed=1)
    game.execute(parse_command("t1-c1", game.layout))
    with pytest.raises(RunError, match="all full or all empty"):
        their_deal(game.state, game.layout, rules)


def test_golf_is_given_after_its_first_card_is_turned_its_hole_card():
    rules = rules_for("golf", None)
    game, line = opening(rules, 1)
    assert line == [Draw()]
    deal = their_deal(game.state, game.layout, rules)
    assert deal["hole"] == CODE[game.state.piles[WASTE][-1]].replace("T", "10")
    assert len(deal["stock"]) == 16 == len(game.state.piles[STOCK])
    assert "waste" not in deal


def test_beleaguered_castle_gives_its_aces_on_the_foundations():
    rules = rules_for("beleaguered-castle", None)
    game = new_game(rules, seed=1)
    assert sorted(their_deal(game.state, game.layout, rules)["foundations"]) == [
        "AC",
        "AD",
        "AH",
        "AS",
    ]


PRINTED = """Solution:
--- Foundations ---------
AC\t[]\t[]\t[]
--- Cells ---------------
[]\t10C
--- Tableau Piles -------
KD\t2S
\tQC
--- Reserve -------------
5H\t[]
===================================
--- Hole Card -----------
QC
--- Stock ---------------
7S
9H
===================================
Solution Type: solved
"""


def test_its_cells_reserve_and_hole_are_read_back_as_our_pictures_are():
    first, second = their_positions(PRINTED)
    assert first["foundations"] == ["AC"]
    assert first["tableau"] == [("KD",), ("2S", "QC")]
    assert first["cells"] == ("5H", "TC")  # cells and dealt cells: one sorted lot
    assert second["waste"] == ("QC",) and second["stock"] == ("7S", "9H")


def test_our_golf_picture_shows_the_waste_as_its_hole_its_top_card_only():
    rules = rules_for("golf", None)
    game, _line = opening(rules, 1)
    game.execute(Draw())
    shown = picture(game.state, game.layout, hole=True)
    assert shown["waste"] == (CODE[game.state.piles[WASTE][-1]],)
    assert len(game.state.piles[WASTE]) == 2


@pytest.mark.parametrize(
    ("ours", "theirs", "replay", "differs", "counts"),
    [
        ("won", "unwinnable", None, None, True),
        ("unwinnable", "won", "won", None, True),
        ("won", "undecided", None, None, False),
        # Its looser game may win what ours proves lost, unless its line plays here.
        ("unwinnable", "won", "not mapped: its position 4", THEIRS_LOOSER, False),
        ("unwinnable", "won", "won", THEIRS_LOOSER, True),
        ("won", "unwinnable", None, THEIRS_LOOSER, True),
        # Its stricter game may prove lost what ours wins; its wins are ours.
        ("won", "unwinnable", None, THEIRS_STRICTER, False),
        ("unwinnable", "won", "won", THEIRS_STRICTER, True),
    ],
)
def test_a_contradiction_counts_one_way_where_the_games_differ(
    ours, theirs, replay, differs, counts
):
    record = {"outcome": ours, "theirs": theirs}
    if replay:
        record["replay"] = replay
    assert contradiction(record, [differs, "why"] if differs else None) is counts


# -- with the binary ----------------------------------------------------------------------


@needs_solvitaire
@pytest.mark.parametrize(
    ("variant", "preset"),
    [("freecell", "free-cell"), ("forty-thieves", "forty-thieves"), ("bakers-game", None)],
)
def test_its_preset_is_used_only_where_it_is_our_rules_key_for_key(variant, preset):
    assert matching_preset(BINARY, rules_for(variant, None)) == preset


@needs_solvitaire
@pytest.mark.parametrize(
    ("variant", "seed", "theirs"),
    [("freecell", 1, "won"), ("beleaguered-castle", 1, "won"), ("bakers-game", 1, "unwinnable")],
)
def test_a_cheap_deal_gets_its_verdict_and_its_line_replays_here(variant, seed, theirs):
    rules = rules_for(variant, None)
    preset = matching_preset(BINARY, rules)
    record = check_deal(BINARY, variant, rules.mode, [], 5.0, seed, preset=preset)
    assert record["theirs"] == theirs
    assert not contradiction(record, None)
    if theirs == "won":
        assert record["replay"] == "won", record["replay"]
