"""Where a key stands in a table's text (``game.variants.lines``): the line a message about
a player's table names."""

import pytest

from game.variants.lines import key_line

TEXT = '''# My variant
extends = "klondike"
id = "mine"
notes = """
[tableau]
piles = 99 (a note, not a key)
"""
name = "Mine"
tableau.face_up = "all"

[tableau]
piles = 8
"build" = "down-any"   # quoted key

[foundations]
count = 4

[modes.easy]
label = "Easy"
stock = { draw = 1, redeals = "unlimited" }

[modes."two words"]
label = "Two"

[modes.hard.stock]
draw = 3
'''


@pytest.mark.parametrize(
    "key, line",
    [
        ("id", 3),
        ("name", 8),  # after a multi-line string, not inside it
        ("tableau.face_up", 9),  # a dotted key at the top
        ("tableau.piles", 12),  # within its section, not the note's "piles"
        ("tableau.build", 13),
        ("foundations.count", 16),
        ("modes.easy.label", 19),
        ("modes.easy.stock.draw", 20),  # inside an inline table: its line
        ("modes.two words.label", 23),
        ("modes.hard.stock.draw", 26),
        ("modes.easy.description", 18),  # missing: the table that would hold it
        ("tableau.counts", 11),
        ("tableau", 11),
    ],
)
def test_a_key_is_found_on_its_line(key, line):
    assert key_line(TEXT, key) == line


@pytest.mark.parametrize("key", ["decks", "stock.draw", "modes.other.label"])
def test_a_key_not_written_has_no_line(key):
    assert key_line(TEXT, key) is None


def test_odd_text_has_no_lines_and_raises_nothing():
    for text in ["", "[", "= 3", '"""', "[[a]]\nb = 1", "a.b.c = {", "\n\n\x00"]:
        key_line(text, "a.b")
    assert key_line("[[a]]\nb = 1", "a.b") == 2
