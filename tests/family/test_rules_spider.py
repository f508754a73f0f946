"""Spider, sentence by sentence (AisleRiot 3.22's help/C/spider.xml).

"The shape test" below: its row of SHAPES in tests/variants/test_family_tables.py,
test_each_table_deals_the_shape_of_its_page[spider] (each pile's size, the
tableau's face-down cards after the deal, every card of the deck(s) once).

Sentence -> test
- "Type of Deck: Double Deck" / "Four Suits: The deck is a standard double deck." ->
  test_four_suits_is_a_standard_double_deck
- "Stock: Top left pile. Deck placed here after dealing onto Tableau." /
  "Tableau: Ten piles. Four piles (piles 1, 4, 7, and 10) get dealt 5 cards down and one
  card up while rest of the piles get dealt 4 cards down and one card up." -> the shape test
- "Clicking deals one card face up to every pile." -> test_a_deal_puts_one_card_face_up_on_each_pile
- "Foundation: Top eight piles. Only used to hold sequences of cards going down from King
  down to Ace once completed." -> test_foundations_take_only_complete_runs
- "Cards can be built down regardless of suit." / "Build down regardless of suit." ->
  test_built_down_regardless_of_suit
- "Sequences of cards in the same suit can be moved as a unit." ->
  test_runs_in_suit_move_as_a_unit
- "Empty piles can be filled with any card or movable unit." / "... any card or legal
  sequence." -> test_empty_piles_take_any_card_or_run_in_suit
- "Clicking on the Stock pile at any time deals a card face up to every pile. However, all
  piles must be non-empty. If an empty pile exists, an error message will appear." ->
  test_no_deal_while_a_pile_is_empty
- "A sequence of cards going down from King down to Ace can be moved to a foundation pile.
  Once there, these cards are no longer in play." -> test_a_complete_run_goes_up_and_stays
- "Goal: To have eight sequences of cards going down from King down to Ace in the
  foundation." -> test_goal_eight_runs_on_the_foundations
- "One Suit: The deck is an octuple deck of Spades only." / "Two Suits: The deck is a
  quadruple deck of Hearts and Spades only." / "Each deck has 104 cards." ->
  test_the_one_and_two_suit_decks
- "For every sequence in suit, points given is (length of sequence - 1). Maximum possible
  score: 96" -> test_scoring
- "You can also win by leaving the same eight sequences in the tableau." ->
  test_or_eight_runs_left_in_the_tableau, test_the_solver_wins_either_way
"""

from __future__ import annotations

from collections import Counter

from game.engine.cards import RANK, SUIT
from game.engine.commands import Draw
from game.engine.events import CardsMoved, CardTurnedUp, StockDealt
from game.engine.game import new_game
from game.engine.refusals import Reason
from game.engine.state import STOCK
from game.solver.compiled.generic import native_generic_best_first
from game.solver.generic.best_first import Weights, best_first
from game.solver.generic.search import GenericSearch
from game.solver.outcome import Outcome
from game.solver.specialised.expansion import Budget

from .table import Table, run

T = Table("spider")
at = T.game_at


def test_four_suits_is_a_standard_double_deck():
    g = T.deal(3)
    cards = sorted(c for pile in g.state.piles for c in pile)
    assert cards == list(range(104))


def test_a_deal_puts_one_card_face_up_on_each_pile():
    g = T.deal(3)
    before = g.state
    tableau = T.piles("t")
    assert g.execute(Draw()) == (StockDealt(tuple(tableau)),)
    assert [g.state.piles[t][-1] for t in tableau] == list(before.piles[STOCK][::-1][:10])
    assert [g.state.down[t] for t in tableau] == [before.down[t] for t in tableau]
    assert len(g.state.piles[STOCK]) == 40


def test_foundations_take_only_complete_runs():
    assert len(T.piles("f")) == 8
    state = T.state(t1=run("S"), t2=run("H", "2"), t3="AC", t4="9D " + run("C"))
    assert T.allows(state, T.move("t1", "f1", 13))
    assert T.refusal(state, T.move("t2", "f1", 12)) is Reason.FOUNDATION_TAKES_RUNS
    assert T.refusal(state, T.move("t3", "f1")) is Reason.FOUNDATION_TAKES_RUNS
    assert not T.allows(state, T.move("t4", "f1", 14))  # a run with a card under it


def test_built_down_regardless_of_suit():
    state = T.state(t1="9H", t2="8S", t3="8H", t4="7C", t5="TD")
    assert T.allows(state, T.move("t2", "t1"))
    assert T.allows(state, T.move("t3", "t1"))
    assert T.refusal(state, T.move("t4", "t1")) is Reason.TABLEAU_TAKES  # 7 on 9
    assert T.refusal(state, T.move("t5", "t1")) is Reason.TABLEAU_TAKES  # building up


def test_runs_in_suit_move_as_a_unit():
    state = T.state(t1="9C 7H 6H 5H", t2="8S", t3="9D 8C 7H", t4="9S", down={"t1": 1})
    assert T.allows(state, T.move("t1", "t2", 3))  # 7H 6H 5H together
    assert T.refusal(state, T.move("t3", "t4", 2)) is Reason.RUN_NOT_IN_SUIT  # 8C 7H
    assert T.allows(state, T.move("t3", "t2"))  # one card of it at a time


def test_empty_piles_take_any_card_or_run_in_suit():
    state = T.state(t1="", t2="3D 7H 6H", t3="KC 5S", t4="9D 8C 7H")
    assert T.allows(state, T.move("t2", "t1", 2))
    assert T.allows(state, T.move("t3", "t1"))
    assert T.refusal(state, T.move("t4", "t1", 2)) is Reason.RUN_NOT_IN_SUIT


def test_no_deal_while_a_pile_is_empty():
    full = {f"t{i}": "9C" for i in range(1, 11)}
    state = T.state(stock="2D 3D 4D 5D 6D 7D 8D 9D TD JD", **full)
    assert T.allows(state, Draw())
    full["t5"] = ""
    gap = T.state(stock="2D 3D 4D 5D 6D 7D 8D 9D TD JD", **full)
    assert T.refusal(gap, Draw()) is Reason.NO_DEAL_ON_EMPTY


def test_a_complete_run_goes_up_and_stays():
    state = T.state(t1="4D " + run("S"), t2="", down={"t1": 1})
    t1, f1 = T.pile("t1"), T.pile("f1")
    assert T.step(state, T.move("t1", "f1", 13)) == (CardsMoved(t1, f1, 13), CardTurnedUp(t1))
    up = T.after(state, T.move("t1", "f1", 13))
    assert T.refusal(up, T.move("f1", "t2")) is Reason.NO_RETURN
    assert T.refusal(up, T.move("f1", "t1")) is Reason.NO_RETURN


def test_goal_eight_runs_on_the_foundations():
    runs = {f"f{i + 1}": run(s) for i, s in enumerate("CDHS" * 2)}
    assert at(T.state(**runs)).won
    runs["f8"] = run("S", "2")
    assert not at(T.state(t1="AS", **runs)).won


def test_or_eight_runs_left_in_the_tableau():
    """All eight in the tableau wins; seven there and one up does not (AisleRiot's
    spider.scm: the tableau way only with the foundations empty), until the seven go up."""
    runs = {f"t{i + 1}": run(s) for i, s in enumerate("CDHS" * 2)}
    assert at(T.state(**runs)).won
    runs["f1"] = runs.pop("t8")
    assert not at(T.state(**runs)).won
    last = {f"t{i + 1}": run(s) for i, s in enumerate("CDHS" * 2)}
    last["t8"], last["t9"] = run("S", "2"), "AS"
    g = at(T.state(**last))
    assert not g.won
    g.execute(T.move("t9", "t8"))
    assert g.won


def test_the_solver_wins_either_way():
    """One card short of the tableau's way: the solver (the compiled core and the Python
    search alike) wins at once, in the one move that completes the eighth run, where the
    foundations' way would take eight more."""
    last = {f"t{i + 1}": run(s) for i, s in enumerate("CDHS" * 2)}
    last["t8"], last["t9"] = run("S", "2"), "AS"
    state = T.state(**last)
    python = best_first(GenericSearch(T.rules), state, Budget(), 10_000, Weights())
    core = native_generic_best_first(T.rules, state, 10_000, None, None, Weights())
    assert python[:2] == core[:2]
    outcome, line, _states = core
    assert outcome is Outcome.WON and len(line) == 1
    g = at(state)
    for command in line:
        g.execute(command)
    assert g.won


def test_the_one_and_two_suit_decks():
    for mode, suits in (("one-suit", {"S"}), ("two-suits", {"H", "S"})):
        g = new_game(Table("spider", mode).rules, seed=3)
        cards = [c for pile in g.state.piles for c in pile]
        assert len(cards) == 104
        assert {"CDHS"[SUIT[c]] for c in cards} == suits, mode
        copies = Counter((RANK[c], SUIT[c]) for c in cards)
        assert set(copies.values()) == {8 // len(suits)}, mode


def test_scoring():
    """A run of four in suit scores 3; 8S 7H scores nothing; each run up scores 12."""
    g = at(T.state(t1="KD 9C 8C 7C 6C", t2="8S 7H", f1=run("H"), down={"t1": 1}))
    assert (g.score, g.max_score) == (3 + 12, 96)
