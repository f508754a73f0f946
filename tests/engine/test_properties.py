"""Properties over many random games of every variant and mode."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import CODE, copies_of
from game.engine.commands import Collect, Draw, Move, Refused, ToFoundation
from game.engine.game import new_game
from game.engine.state import STOCK
from game.variants import all_variants

RULES = [t.rules(m.id) for t in all_variants() for m in t.modes]


def every_move(game):
    """Brute force: every Move the checker accepts, to compare with legal_moves."""
    found = set()
    n = game.layout.pile_count
    for src in range(n):
        for dst in range(n):
            for count in range(1, len(game.state.piles[src]) + 1):
                m = Move(src, dst, count)
                if game.is_legal(m):
                    found.add(m)
    return found


def conserved(game):
    cards = [c for pile in game.state.piles for c in pile]
    assert len(cards) == len(set(cards)) == game.rules.card_count
    counts = Counter(CODE[c] for c in cards)
    assert set(counts.values()) == {copies_of(game.rules.decks, game.rules.suits)}


games = st.tuples(
    st.sampled_from(RULES),
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=120),
)


def play(rules, seed, choices, check_each=None):
    game = new_game(rules, seed=rules.numbering.spread(seed))  # FreeCell's start at 1
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        if check_each:
            check_each(game, moves)
        pick = moves[choice % len(moves)]
        # Mix in the other command kinds now and then.
        if choice % 17 == 0:
            pick = Collect()
        elif choice % 13 == 0:
            pick = ToFoundation(game.layout.index("t1"))
        try:
            game.execute(pick)
        except Refused:
            pass
    return game


@settings(max_examples=60, deadline=None)
@given(games)
def test_cards_conserved_and_replay_equals_live_state(args):
    game = play(*args, check_each=lambda g, _: conserved(g))
    conserved(game)
    assert game.replayed_state() == game.state


@settings(max_examples=25, deadline=None)
@given(games)
def test_legal_moves_are_exactly_the_legal_moves(args):
    def check(game, moves):
        listed = {m for m in moves if isinstance(m, Move)}
        assert listed == every_move(game)
        assert (Draw() in moves) == game.is_legal(Draw())

    play(*args, check_each=check)


@settings(max_examples=60, deadline=None)
@given(games, st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30), st.integers(0, 14))))
def test_refused_commands_change_nothing(args, attempts):
    game = play(*args)
    for src, dst, count in attempts:
        before, log = game.state, list(game.log)
        try:
            game.execute(Move(src, dst, count))
        except Refused:
            assert game.state == before and game.log == log


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 200))
def test_undo_then_redo_returns_the_same_state(args, depth):
    game = play(*args)
    states = [game.state]
    undone = 0
    while undone < depth and game.undo():
        undone += 1
        states.append(game.state)
        assert game.replayed_state() == game.state
    if undone == len(game.log) + undone and game.log == []:
        assert game.state == game.initial
    for expected in reversed(states[:-1]):
        game.redo()
        assert game.state == expected
    assert game.redo() is None


def test_a_long_random_game_of_each_mode_keeps_the_stock_face_down():
    for rules in RULES:
        game = play(rules, 5, list(range(0, 3000, 7)))
        shown = game.state.describe(game.layout)
        assert set(shown["stock"]) <= {"??"}
        assert len(shown["stock"]) == len(game.state.piles[STOCK])
