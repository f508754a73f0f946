"""The built-in games by id, read from the variants folder (``game/variants/*.toml``): one
list for every test that walks them, so that a game added as a table is walked too."""

from game.variants import builtin_ids

# The three games of the user's documents (the rules' seeds), and every other built-in.
SEEDS = ("klondike", "saratoga", "double-klondike")
FAMILY = tuple(variant for variant in builtin_ids() if variant not in SEEDS)
