"""Beleaguered Castle, sentence by sentence (AisleRiot 3.22's help/C/beleaguered_castle.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[beleaguered-castle] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Standard Deck" -> the shape test
- "Foundation: Four piles in the middle column. Four aces are placed here, one in each
  pile, before the shuffle." -> test_rules_common::test_the_pages_piles_one_at_a_time
  [beleaguered-castle] (this game lays them in the top row: the layout is the game's, not
  the rules'), test_the_aces_start_on_the_foundations
- "To be built from Ace to King. Topmost card in each Foundation can be played back on to
  the Tableau." / "Foundations are built up in suit." ->
  test_rules_common::test_foundations_built_up_in_suit_their_top_card_back_in_play
- "Tableau: Eight slots ... Deal all cards face up and extended on to these eight piles so
  that there are six cards in each pile and all cards are showing." -> the shape test
- "Cards in the Tableau are built down regardless of suit." / "Only one card can be moved
  at a time." / "Empty piles can be filled with any single card." -> test_rules_common's
  tests one card at a time [beleaguered-castle]
- "Goal: Move all cards to the Foundation piles." -> test_goal
- "Each card in the Foundation piles other than the original Aces scores one point.
  Maximum possible score: 48" -> test_scoring_leaves_the_aces_out
"""

from __future__ import annotations

from .table import Table, card, complete_foundations

T = Table("beleaguered-castle")
ACES = dict(f1="AC", f2="AD", f3="AH", f4="AS")


def test_the_aces_start_on_the_foundations():
    for seed in (1, 12, 4242):
        g = T.deal(seed)
        on = [g.state.piles[f] for f in T.piles("f")]
        assert sorted(on) == sorted((card(ace),) for ace in ACES.values())


def test_scoring_leaves_the_aces_out():
    g = T.deal(12)
    assert (g.score, g.max_score) == (0, 48)
    g.state = T.state(t1="5H", **{**ACES, "f1": "AC 2C 3C"})  # two cards played up
    assert g.score == 2


def test_goal():
    piles = complete_foundations(1)
    assert T.game_at(T.state(**piles)).won
    piles["f1"] = piles["f1"][:-3]
    assert not T.game_at(T.state(t1="KC", **piles)).won
