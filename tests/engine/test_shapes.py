"""The vocabulary past the Klondike shape, rule by rule: cells, the move limit of the free
space, foundations that take complete runs or groups going up, a stock that deals only with
no pile empty, decks of chosen suits and the scorings that go with them."""

from __future__ import annotations

import textwrap
from collections import Counter
from dataclasses import replace

import pytest

from game.engine.cards import SUIT, SUITS, cards_from_codes, full_deck
from game.engine.commands import Collect, Draw, Move, ToFoundation
from game.engine.events import CardsMoved
from game.engine.game import new_game
from game.engine.policies import EmptyPile, FoundationBase, Scoring, StockTarget
from game.engine.refusals import Reason, Refused
from game.engine.rules import RuleTableError
from game.engine.shapes import FoundationDirection, FoundationTakes, MoveLimit, by_free_space
from game.engine.text import EngineError
from game.variants import load_variant_file

from .helpers import codes, game_at, position, rules

FREE_SPACE = {
    "tableau_piles": 4,
    "deal_counts": (1, 1, 1, 1),
    "cells": 2,
    "move_limit": MoveLimit.FREE_SPACE,
    "empty_accepts": EmptyPile.ANY,
}
RUN = "QH JC TD 9S 8H 7C"  # six cards built down in alternating colours


def free_space_game(piles: dict[str, str]):
    r = replace(rules(), **FREE_SPACE)
    return game_at(r, position(r, piles))


# -- cells ----------------------------------------------------------------------------------


def test_a_cell_takes_any_one_card_and_gives_it_back():
    game = free_space_game({"t1": "5D 9S", "t2": "TD", "t3": "2C", "t4": "3H"})
    game.execute(Move(game.layout.index("t1"), game.layout.index("c1")))
    assert codes(game.state.piles[game.layout.index("c1")]) == ["9S"]
    with pytest.raises(Refused) as refused:
        game.execute(Move(game.layout.index("t3"), game.layout.index("c1")))
    assert refused.value.reason is Reason.CELL_HOLDS_ONE
    game.execute(Move(game.layout.index("c1"), game.layout.index("t2")))
    assert codes(game.state.piles[game.layout.index("t2")]) == ["TD", "9S"]


def test_a_cell_card_goes_up_by_itself_and_with_collect():
    game = free_space_game({"c1": "AS", "c2": "AH", "t1": "2S", "t2": "KD", "t3": "QD", "t4": "JD"})
    game.execute(ToFoundation(game.layout.index("c1")))
    step = game.execute(Collect())
    assert {codes(e.cards)[0] for e in step} == {"AH", "2S"}


def test_cells_are_named_and_dealt_after_the_tableau(tmp_path):
    table = tmp_path / "cells.toml"
    table.write_text(
        textwrap.dedent("""\
        extends = "klondike"
        id = "cells"
        [cells]
        count = 4
        deal = 2
        """)
    )
    r = load_variant_file(table).rules()
    game = new_game(r, seed=3)
    layout = game.layout
    assert layout.names()[-4:] == ["c1", "c2", "c3", "c4"] and layout.index(
        "C2"
    ) == layout.names().index("c2")
    dealt = [len(game.state.piles[c]) for c in layout.cell_range]
    assert dealt == [1, 1, 0, 0]
    assert len(game.state.piles[0]) == 52 - 28 - 2  # the stock holds the rest


# -- the free space -------------------------------------------------------------------------


@pytest.mark.parametrize(("cells", "piles", "most"), [(0, 0, 1), (4, 0, 5), (1, 1, 4), (2, 2, 12)])
def test_the_free_space_moves_cells_plus_one_doubled_by_each_empty_pile(cells, piles, most):
    assert by_free_space(cells, piles) == most


def test_a_run_moves_as_far_as_the_free_cells_and_empty_piles_allow():
    # One free cell and one empty pile (t4): (1 + 1) x 2 = 4 cards onto t2, not 6.
    game = free_space_game({"t1": RUN, "t2": "KS", "t3": "2C", "c1": "AD"})
    t1, t2, t4 = (game.layout.index(n) for n in ("t1", "t2", "t4"))
    assert game.mechanics.most_moving(game.state, t2) == 4
    with pytest.raises(Refused) as refused:
        game.execute(Move(t1, t2, 6))
    assert (refused.value.reason, refused.value.limit) == (Reason.TOO_MANY_CARDS, 4)
    # Onto the empty pile itself, the empty pile does not count: 2 cards at most.
    assert game.mechanics.most_moving(game.state, t4) == 2
    with pytest.raises(Refused) as refused:
        game.execute(Move(t1, t4, 3))
    assert (refused.value.reason, refused.value.limit) == (Reason.TOO_MANY_CARDS, 2)
    game.execute(Move(t1, t4, 2))
    assert codes(game.state.piles[t4]) == ["8H", "7C"]
    # Now no pile is empty: (1 + 1) x 1 = 2, and the four left on t1 do not go onto KS.
    assert game.mechanics.most_moving(game.state, t2) == 2
    assert Move(t1, t2, 4) not in game.legal_moves()


def test_the_listing_keeps_to_the_free_space():
    game = free_space_game({"t1": RUN, "t3": "2C", "c1": "AD", "c2": "2D"})
    t1 = game.layout.index("t1")
    # No free cell, two empty piles: 1 x 2 = 2 onto an empty pile (the other one counts).
    counts = {m.count for m in game.legal_moves() if m.source == t1 and m.count > 1}
    assert counts == {2}


def test_a_limit_needs_runs_that_move(tmp_path):
    table = tmp_path / "limit.toml"
    table.write_text(
        'extends = "klondike"\nid = "limit"\n[tableau]\nmove_runs = false\n'
        'move_limit = "free-cells-and-piles"\n'
    )
    with pytest.raises(RuleTableError, match="tableau.move_limit.*move_runs"):
        load_variant_file(table)


# -- foundations ----------------------------------------------------------------------------


def test_a_group_goes_up_one_card_after_another_as_one_move():
    r = replace(rules(), group_to_foundation=True)
    game = game_at(r, position(r, {"t1": "9C 4H 3H 2H", "f1": "AH"}))
    t1, f1 = game.layout.index("t1"), game.layout.index("f1")
    assert Move(t1, f1, 3) in game.legal_moves()
    step = game.execute(Move(t1, f1, 3))
    assert [codes(e.cards) for e in step if isinstance(e, CardsMoved)] == [["2H"], ["3H"], ["4H"]]
    assert codes(game.state.piles[f1]) == ["AH", "2H", "3H", "4H"]
    game.undo()
    assert codes(game.state.piles[t1]) == ["9C", "4H", "3H", "2H"]


def test_without_group_moves_cards_go_up_one_at_a_time():
    r = rules()
    game = game_at(r, position(r, {"t1": "9C 3H 2H", "f1": "AH"}))
    with pytest.raises(Refused) as refused:
        game.execute(Move(game.layout.index("t1"), game.layout.index("f1"), 2))
    assert refused.value.reason is Reason.FOUNDATION_ONE_AT_A_TIME


def spider_game(piles: dict[str, str]):
    r = replace(rules(), foundation_takes=FoundationTakes.RUNS, cards_may_return=False)
    return game_at(r, position(r, piles))


FULL_RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def test_a_complete_run_in_suit_goes_up_whole():
    game = spider_game({"t1": "4D " + FULL_RUN})
    t1 = game.layout.index("t1")
    ups = [m for m in game.legal_moves() if game.layout.is_foundation(m.target)]
    assert {(m.source, m.count) for m in ups} == {(t1, 13)} and len(ups) == 4  # any empty one
    step = game.execute(ToFoundation(t1))
    assert len(step[0].cards) == 13 and codes(game.state.piles[t1]) == ["4D"]


def test_a_run_not_in_suit_or_not_whole_stays():
    broken = FULL_RUN.replace("7S", "7C")
    game = spider_game({"t1": broken, "t2": FULL_RUN.rsplit(" ", 1)[0]})
    assert not [m for m in game.legal_moves() if game.layout.is_foundation(m.target)]
    with pytest.raises(Refused) as refused:
        game.execute(Collect())
    assert refused.value.reason is Reason.NOTHING_TO_COLLECT
    with pytest.raises(Refused) as refused:
        game.execute(Move(game.layout.index("t1"), game.layout.index("f1"), 13))
    assert refused.value.reason is Reason.FOUNDATION_TAKES_RUNS


def test_group_moves_need_foundations_of_single_cards(tmp_path):
    table = tmp_path / "groups.toml"
    table.write_text(
        'extends = "klondike"\nid = "groups"\n[foundations]\ntakes = "runs"\ngroup_moves = true\n'
    )
    with pytest.raises(RuleTableError, match="foundations.group_moves"):
        load_variant_file(table)


# -- the stock ------------------------------------------------------------------------------


def test_the_stock_deals_only_when_no_pile_is_empty():
    r = replace(rules(), stock_to=StockTarget.TABLEAU, deal_needs_every_pile=True)
    full = {f"t{i}": "KD" for i in range(1, 8)}
    game = game_at(r, position(r, {**full, "stock": "2C 3C 4C 5C 6C 7C 8C"}))
    assert game.can_draw()
    game = game_at(r, position(r, {**full, "t4": "", "stock": "2C 3C"}))
    assert not game.can_draw() and Draw() not in game.legal_moves()
    with pytest.raises(Refused) as refused:
        game.execute(Draw())
    assert refused.value.reason is Reason.NO_DEAL_ON_EMPTY
    assert refused.value.target == game.layout.index("t4")


def test_no_empty_piles_needs_a_stock_dealt_to_the_tableau(tmp_path):
    table = tmp_path / "deal.toml"
    table.write_text('extends = "klondike"\nid = "deal"\n[stock]\nno_empty_piles = true\n')
    with pytest.raises(RuleTableError, match="stock.no_empty_piles"):
        load_variant_file(table)


# -- decks of chosen suits ------------------------------------------------------------------


@pytest.mark.parametrize(("suits", "copies"), [("S", 8), ("HS", 4), ("CDHS", 2)])
def test_a_deck_of_chosen_suits_has_as_many_cards(suits, copies):
    deck = full_deck(2, suits)
    assert len(deck) == len(set(deck)) == 104
    assert Counter(SUITS[SUIT[c]] for c in deck) == {s: 13 * copies for s in suits}


def test_the_full_deck_of_four_suits_is_unchanged():
    """Deal numbers keep their cards: the four-suit deck is the old one, card for card."""
    assert full_deck(2) == full_deck(2, "CDHS") == list(range(104))


def test_a_mode_chooses_its_suits(tmp_path):
    table = tmp_path / "suits.toml"
    table.write_text(
        'extends = "klondike"\nid = "suits"\ndecks = 2\ndefault_mode = "one"\n'
        "[tableau]\npiles = 9\n[foundations]\ncount = 8\n"
        '[modes.one]\nlabel = "One suit"\nsuits = "S"\n'
        '[modes.two]\nlabel = "Two suits"\nsuits = "SH"\n'
    )
    variant = load_variant_file(table)
    assert variant.rules("one").suits == "S" and variant.rules("two").suits == "HS"
    game = new_game(variant.rules("one"), seed=7)
    assert {SUITS[SUIT[c]] for pile in game.state.piles for c in pile} == {"S"}


def test_a_deck_order_must_hold_the_chosen_suits():
    with pytest.raises(EngineError, match="not in this game's deck"):
        cards_from_codes(["AH"] + ["AS"] * 51, 1, "S")
    assert len(cards_from_codes([c + "S" for c in "A23456789TJQK"] * 4, 1, "S")) == 52


@pytest.mark.parametrize("suits", ["SS", "SHD", "X", ""])
def test_suits_must_be_one_two_or_four_letters_once(tmp_path, suits):
    table = tmp_path / "bad.toml"
    table.write_text(f'extends = "klondike"\nid = "bad"\nsuits = "{suits}"\n')
    with pytest.raises(RuleTableError, match="suits"):
        load_variant_file(table)


# -- scoring --------------------------------------------------------------------------------


def test_forty_thieves_scores_five_a_card_and_sixty_a_suit():
    r = replace(rules(), scoring=Scoring.CARDS_AND_SUITS)
    full = " ".join(reversed(FULL_RUN.split()))
    game = game_at(r, position(r, {"f1": full, "f2": "AH 2H"}))
    assert game.score == 5 * 15 + 60
    assert game.max_score == 5 * 52 + 60 * 4


def test_spider_scores_each_run_in_suit():
    r = replace(rules(), scoring=Scoring.RUNS_IN_SUIT)
    game = game_at(r, position(r, {"t1": "9S 8S 7H 6H 5H", "t2": "4C 3C", "f1": FULL_RUN}))
    # 9S-8S, 7H-6H, 6H-5H and 4C-3C, then 12 for the complete run
    assert game.score == 4 + 12
    assert game.max_score == 12 * 4


# -- goals, deals and the waste past the Klondike shape ----------------------------------------


def table_rules(tmp_path, text: str, mode: str | None = None):
    path = tmp_path / "t.toml"
    path.write_text('extends = "klondike"\nid = "t"\n' + textwrap.dedent(text))
    return load_variant_file(path).rules(mode)


GOLF = """\
goal = "tableau-cleared"
scoring = "tableau-cards-moved"
[tableau]
piles = 7
deal = "counts"
counts = [5, 5, 5, 5, 5, 5, 5]
face_up = "all"
build = "none"
move_runs = false
empty_accepts = "none"
[foundations]
count = 0
[stock]
waste_builds = "up-or-down"
draw = 1
redeals = 0
"""


def test_golf_builds_the_waste_up_or_down_but_nothing_on_a_king(tmp_path):
    r = table_rules(tmp_path, GOLF, "draw1")
    game = game_at(r, position(r, {"t1": "3C 6D", "t2": "KH", "t3": "QS", "waste": "5S"}))
    t1, t2, t3 = (game.layout.index(n) for n in ("t1", "t2", "t3"))
    assert {m for m in game.legal_moves() if isinstance(m, Move)} == {Move(t1, 1, 1)}
    game.execute(Move(t1, 1, 1))  # 6D on 5S: up
    with pytest.raises(Refused) as refused:
        game.execute(Move(t1, 1, 1))  # 3C on 6D
    assert refused.value.reason is Reason.WASTE_TAKES
    game = game_at(r, position(r, {"t2": "QS", "waste": "KH"}))
    assert not any(isinstance(m, Move) for m in game.legal_moves())  # nothing on a King
    game = game_at(r, position(r, {"t2": "KH", "t3": "2D", "waste": "AS"}))
    assert [m.source for m in game.legal_moves() if isinstance(m, Move)] == [t3]  # no wrap


def test_golf_is_won_with_the_tableau_cleared_and_scores_the_cards_moved(tmp_path):
    r = table_rules(tmp_path, GOLF, "draw1")
    game = new_game(r, seed=2)
    assert game.max_score == 35 and game.score == 0 and not game.won
    game.state = position(r, {"stock": "4C", "waste": "AS 2S"})
    assert game.won and game.score == 35


def test_scorpion_is_won_with_four_runs_in_the_tableau(tmp_path):
    r = table_rules(
        tmp_path,
        """\
        goal = "tableau-runs"
        scoring = "runs-turned-and-completed"
        [tableau]
        deal = "counts"
        counts = [7, 7, 7, 7, 7, 7, 7]
        face_down = [3, 3, 3, 3, 0, 0, 0]
        face_up = "all"
        build = "down-same-suit"
        runs = "any-face-up"
        [foundations]
        count = 0
        [stock]
        to = "tableau"
        """,
        "draw1",
    )
    game = new_game(r, seed=4)
    assert [game.state.down[t] for t in game.layout.tableau_range] == [3, 3, 3, 3, 0, 0, 0]
    assert game.max_score == 100
    runs = {f"t{i + 1}": " ".join(r + s for r in "KQJT98765432A") for i, s in enumerate("CDHS")}
    game.state = position(r, runs)
    assert game.won and game.score == 48 + 16 + 3 * 12
    game.state = position(r, {**runs, "t5": "5H"})
    assert not game.won


def test_the_aces_start_on_the_foundations_before_the_deal(tmp_path):
    r = table_rules(
        tmp_path,
        """\
        scoring = "foundation-cards-played"
        [tableau]
        piles = 8
        deal = "counts"
        counts = [6, 6, 6, 6, 6, 6, 6, 6]
        face_up = "all"
        [foundations]
        start = "aces"
        [stock]
        to = "none"
        """,
        "draw1",
    )
    game = new_game(r, seed=9)
    assert [codes(game.state.piles[f]) for f in game.layout.foundation_range] == [
        ["AC"],
        ["AD"],
        ["AH"],
        ["AS"],
    ]
    assert game.score == 0 and game.max_score == 48


def test_kings_go_to_the_bottom_of_their_piles(tmp_path):
    r = table_rules(
        tmp_path,
        """\
        [tableau]
        piles = 13
        deal = "counts"
        counts = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
        face_up = "all"
        kings_to_bottom = true
        empty_accepts = "none"
        [stock]
        to = "none"
        """,
        "draw1",
    )
    for seed in range(20):
        game = new_game(r, seed=seed)
        for t in game.layout.tableau_range:
            ranks = [code[0] for code in codes(game.state.piles[t])]
            kings = ranks.count("K")
            assert ranks[:kings] == ["K"] * kings


def test_microsoft_numbers_deal_freecell_as_players_know_them(tmp_path):
    r = table_rules(
        tmp_path,
        """\
        numbering = "microsoft"
        [tableau]
        piles = 8
        deal = "counts"
        counts = [7, 7, 7, 7, 6, 6, 6, 6]
        face_up = "all"
        [cells]
        count = 4
        [stock]
        to = "none"
        """,
        "draw1",
    )
    game = new_game(r, seed=1)
    first_row = [codes(game.state.piles[t])[0] for t in game.layout.tableau_range]
    assert first_row == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
    with pytest.raises(EngineError):
        new_game(r, seed=0)


def test_microsoft_numbers_need_freecells_deal(tmp_path):
    with pytest.raises(RuleTableError, match="numbering"):
        table_rules(tmp_path, 'numbering = "microsoft"\n')


def test_gypsy_scores_cards_suits_and_builds():
    r = replace(rules(), scoring=Scoring.CARDS_SUITS_AND_BUILDS)
    game = game_at(r, position(r, {"t1": "9S 8H 7C 6C", "f1": "AH 2H"}))
    assert game.score == 5 * 2 + 2 * 2  # 8H on 9S, 7C on 8H


def test_a_group_never_fills_a_foundation_past_thirteen():
    """Two decks, foundations from a dealt Three round the corner: 3♥ to K♥ lie there (11);
    A♥ and 2♥ complete it, and the second 3♥ of the group has no room."""
    r = replace(
        rules(),
        decks=2,
        foundations=8,
        group_to_foundation=True,
        foundation_base=FoundationBase.DEALT,
        foundation_wrap=True,
    )
    hearts = " ".join(rank + "H" for rank in "3456789TJQK")
    game = game_at(r, position(r, {"f1": hearts, "t1": "3H 2H AH"}))
    t1, f1 = game.layout.index("t1"), game.layout.index("f1")
    assert Move(t1, f1, 2) in game.legal_moves() and Move(t1, f1, 3) not in game.legal_moves()
    with pytest.raises(Refused):
        game.execute(Move(t1, f1, 3))
    game.execute(Move(t1, f1, 2))
    assert len(game.state.piles[f1]) == 13


def test_foundations_that_build_down_start_from_the_king():
    r = replace(
        rules(), foundation_direction=FoundationDirection.DOWN, foundation_base=FoundationBase.KING
    )
    game = game_at(r, position(r, {"t1": "QH KH", "t2": "9C QH", "f2": "KS QS"}))
    t1, t2, f1, f2 = (game.layout.index(n) for n in ("t1", "t2", "f1", "f2"))
    ups = {m for m in game.legal_moves() if game.layout.is_foundation(m.target)}
    assert ups == {Move(t1, f, 1) for f in game.layout.foundation_range if f != f2}
    game.execute(Move(t1, f1, 1))  # K♥ on the empty foundation
    game.execute(Move(t1, f1, 1))  # Q♥ on K♥
    assert codes(game.state.piles[f1]) == ["KH", "QH"]
    with pytest.raises(Refused) as refused:
        game.execute(Move(t2, f2, 1))  # Q♥ on Q♠: J♠ is what goes there
    assert refused.value.reason is Reason.FOUNDATION_TAKES


def test_a_king_base_goes_with_foundations_building_down(tmp_path):
    with pytest.raises(RuleTableError, match="foundations.base"):
        table_rules(tmp_path, '[foundations]\nbase = "king"\n', "draw1")
    with pytest.raises(RuleTableError, match="foundations.base"):
        table_rules(tmp_path, '[foundations]\ndirection = "down"\n', "draw1")
