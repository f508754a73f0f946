"""The solver's shortcuts, each against a position where it must (or must not) apply: the
relaxed proof of a loss, the rule for safe automatic moves, and the position key's
treatment of the waste and the redeals."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.cards import SUIT
from game.engine.game import new_game
from game.solver import Outcome, solve
from game.solver.deadlock import hopeless
from game.solver.search import (
    DEEP_TALON,
    MAIN_ORDER,
    TALON_FIRST,
    W2F,
    W2T,
    SearchCaches,
    Searcher,
    _position,
    _tables,
    _to_commands,
)
from tests.engine.helpers import card, position, rules


def blocked_hearts(r, four_hearts_in_stock: bool):
    """Diamonds up, clubs and spades to 5, hearts to 3. 5H lies on 4H, 6C and 6S: it can
    go up only after 4H and onto a card only onto a black 6, all three under it."""
    t1 = "6S 6C 5H" if four_hearts_in_stock else "6S 6C 4H 5H"
    stock = "7C 8C 9C TC JC QC KC 7S 8S 9S TS JS QS KS"
    if four_hearts_in_stock:
        stock = "4H " + stock
    return position(
        r,
        {
            "f1": "AC 2C 3C 4C 5C",
            "f2": " ".join(x + "D" for x in "A23456789TJQK"),
            "f3": "AH 2H 3H",
            "f4": "AS 2S 3S 4S 5S",
            "t1": t1,
            "t2": "KH QH JH TH 9H 8H 7H 6H",
            "stock": stock,
        },
        down={"t1": len(t1.split()) - 1, "t2": 7},
    )


def test_a_card_on_everything_it_needs_is_a_loss_found_at_once():
    r = rules("klondike", "draw1")
    state = blocked_hearts(r, four_hearts_in_stock=False)
    assert sum(len(p) for p in state.piles) == 52
    assert hopeless(_tables(r), _position(state, r))
    res = solve(state, r)
    assert res.outcome is Outcome.UNWINNABLE
    assert res.nodes == 0


def test_the_same_card_with_its_lower_card_at_hand_is_not_blocked():
    r = rules("klondike", "draw1")
    state = blocked_hearts(r, four_hearts_in_stock=True)
    assert not hopeless(_tables(r), _position(state, r))
    assert solve(state, r).outcome is Outcome.WON


def test_a_chain_of_blocks_across_piles_is_a_loss():
    # 5H waits for 4H (under 5D in the other pile) or a black 6 (under itself); 5D waits
    # for 4D (under 5H) or a black 6 (under itself): each pile waits for the other.
    r = rules("klondike", "draw1")
    state = position(
        r,
        {
            "f1": "AC 2C 3C 4C 5C",
            "f2": "AD 2D 3D",
            "f3": "AH 2H 3H",
            "f4": "AS 2S 3S 4S 5S",
            "t1": "6S 4D 5H",
            "t2": "6C 4H 5D",
            "t3": "KD QD JD TD 9D 8D 7D 6D",
            "t4": "KH QH JH TH 9H 8H 7H 6H",
            "stock": "7C 8C 9C TC JC QC KC 7S 8S 9S TS JS QS KS",
        },
        down={"t1": 2, "t2": 2, "t3": 7, "t4": 7},
    )
    assert sum(len(p) for p in state.piles) == 52
    assert hopeless(_tables(r), _position(state, r))
    assert solve(state, r).outcome is Outcome.UNWINNABLE


def buried_five_of_spades(redeals_used: int):
    """Klondike, draw one, two redeals. The waste holds 6H 6D 4S 5S (5S on top): 5S can go
    up only after 4S and onto a card only onto a red 6, all three under it in the waste."""
    r = rules("klondike", "draw1")
    state = position(
        r,
        {
            "f1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "f2": "AD 2D 3D 4D 5D",
            "f3": "AH 2H 3H 4H 5H",
            "f4": "AS 2S 3S",
            "t1": "KD QS JD TS 9D 8S 7D 6S",
            "t2": "KH QH JH TH 9H 8H 7H",
            "waste": "6H 6D 4S 5S",
            "stock": "8D TD QD 7S 9S JS KS",
        },
        down={"t2": 6},
        redeals_used=redeals_used,
    )
    assert sum(len(p) for p in state.piles) == 52
    return r, state


def test_in_the_last_pass_a_waste_card_waits_for_the_cards_on_it():
    r, state = buried_five_of_spades(redeals_used=2)
    assert hopeless(_tables(r), _position(state, r))
    assert solve(state, r).outcome is Outcome.UNWINNABLE


def test_with_a_redeal_left_the_waste_comes_round_again():
    r, state = buried_five_of_spades(redeals_used=1)
    assert not hopeless(_tables(r), _position(state, r))
    assert solve(state, r).outcome is Outcome.WON


def test_a_line_stays_whole_when_the_loss_proof_cuts_a_branch():
    # Deal 53 of draw one, no redeal: the relaxed proof of a loss cuts moves near the root
    # and the depth-first search still wins; its line must not keep a cut move.
    r = rules("klondike", "draw1-noredeal")
    state = new_game(r, seed=53).state
    tb = _tables(r)
    searcher = Searcher(r)
    cuts = []
    st = _position(state, r)
    for mv in searcher.moves(st):
        child, _done = searcher.apply(st, mv)
        cuts.append(hopeless(tb, child))
    assert any(cuts)
    outcome, path = searcher.run_position(st)
    assert outcome is Outcome.WON
    replayed = new_game(r, seed=53)
    for cmd in _to_commands(state, r, path):
        replayed.execute(cmd)
    assert replayed.won


@pytest.mark.parametrize(
    "variant,mode,seeds",
    [("klondike", "draw3", range(1, 41)), ("double-klondike", "draw3-unlimited", range(1, 6))],
)
def test_no_winnable_deal_is_called_hopeless(variant, mode, seeds):
    r = rules(variant, mode)
    tables = _tables(r)
    for seed in seeds:
        state = new_game(r, seed=seed).state
        if hopeless(tables, _position(state, r)):
            res = solve(state, r, max_nodes=20_000)
            assert res.outcome is Outcome.UNWINNABLE, seed


def heights(r, **by_suit: int) -> tuple:
    """Foundation heights for one deck: suit letter -> height."""
    fnd = [0, 0, 0, 0]
    for letter, h in by_suit.items():
        fnd[SUIT[card("A" + letter)]] = h
    return tuple(fnd)


def test_safe_up_when_nothing_could_need_the_card_in_the_tableau():
    r = rules("klondike", "draw3")  # foundation cards may come back
    s = Searcher(r)
    # 3H: the black 2s that could lie on it can go up themselves once the black aces are.
    assert s.safe_up(heights(r, C=1, S=1, H=2), card("3H"))
    assert not s.safe_up(heights(r, C=1, H=2), card("3H"))
    # 5H: black 4s can go up (blacks at 3), and so can the 3D that could lie on them.
    assert s.safe_up(heights(r, C=3, S=3, D=2, H=4), card("5H"))
    assert not s.safe_up(heights(r, C=3, S=3, D=1, H=4), card("5H"))
    assert not s.safe_up(heights(r, C=2, S=3, D=2, H=4), card("5H"))
    # Without cards coming back, both black 4s already up make it safe too.
    no_return = dataclasses.replace(r, cards_may_return=False)
    assert Searcher(no_return).safe_up(heights(r, C=4, S=4, H=4), card("5H"))
    assert not s.safe_up(heights(r, C=4, S=4, H=4), card("5H"))


def test_safe_up_with_two_decks_waits_for_every_copy():
    r = rules("double-klondike", "draw3")
    s = Searcher(r)

    def fnd(**slots: tuple[int, int]) -> tuple:
        out = [0] * 8
        for letter, (high, low) in slots.items():
            base = SUIT[card("A" + letter)] * 2
            out[base], out[base + 1] = high, low
        return tuple(out)

    five_hearts = card("5H")
    ready = fnd(C=(3, 3), S=(3, 3), D=(2, 2), H=(4, 2))
    assert s.safe_up(ready, five_hearts)
    # One copy of 3H not up: it might need a black 4, which might need the 5H.
    assert not s.safe_up(fnd(C=(3, 3), S=(3, 3), D=(2, 2), H=(4, 1)), five_hearts)
    # One black 4's foundation slot is behind: that 4 might need the 5H.
    assert not s.safe_up(fnd(C=(3, 2), S=(3, 3), D=(2, 2), H=(4, 2)), five_hearts)


def two_deck_keys(p_a, r_a, p_b, r_b):
    """Keys of one Double Klondike draw-3 position (one redeal) with two waste sizes and
    redeal counts."""
    r = rules("double-klondike", "draw3")
    s = Searcher(r)
    state = new_game(r, seed=1).state
    tab, fnd, talon, _p, _r = _position(state, r)
    return s.key((tab, fnd, talon, p_a, r_a)), s.key((tab, fnd, talon, p_b, r_b))


def test_key_a_fresh_pass_with_fewer_redeals_dominates():
    # Waste sizes 3 and 9: both at the start of a group of three, as after a redeal.
    (ka, rank_a), (kb, rank_b) = two_deck_keys(9, 0, 3, 1)
    assert ka == kb and rank_a < rank_b


def test_key_a_redeal_does_not_lead_back_to_an_odd_waste():
    # Waste 20 unused and waste 2 after the redeal: turning three at a time from 20 and
    # redealing never shows the 2nd card again, so neither position stands for the other.
    (ka, _), (kb, _) = two_deck_keys(20, 0, 2, 1)
    assert ka != kb
    # Within one pass the smaller waste of the same group reaches the larger one.
    (ka, rank_a), (kb, rank_b) = two_deck_keys(2, 1, 20, 1)
    assert ka == kb and rank_a < rank_b


def test_an_odd_waste_shadows_the_fresh_pass_of_the_same_cards():
    # Unlimited redeals: from waste 2 the stock still turns to the end and starts afresh.
    r = rules("klondike", "draw3")
    s = Searcher(r)
    tab, fnd, talon, _p, _r = _position(new_game(r, seed=1).state, r)
    odd = (tab, fnd, talon, 2, 0)
    k, _rank = s.key(odd)
    fresh_key, fresh_rank = s.key((tab, fnd, talon, 0, 0))
    assert s.shadow(k, odd) == (fresh_key, fresh_rank)
    assert s.shadow(fresh_key, (tab, fnd, talon, 0, 0)) is None
    # One redeal: the odd waste reaches the last card in this pass, not a redealt pass.
    r2 = rules("double-klondike", "draw3")
    s2 = Searcher(r2)
    tab, fnd, talon, _p, _r = _position(new_game(r2, seed=1).state, r2)
    odd = (tab, fnd, talon, 20, 0)
    k, _rank = s2.key(odd)
    at_end = s2.key((tab, fnd, talon, len(talon), 0))
    assert s2.shadow(k, odd) == at_end


SEED_WITH_TALON_CHOICES = 3  # three talon cards can go onto the tableau at once


def test_the_move_orders_rank_the_same_talon_moves_differently():
    r = rules("klondike", "draw3")
    st = _position(new_game(r, seed=SEED_WITH_TALON_CHOICES).state, r)

    def talon_moves(order):
        return [m for m in Searcher(r, order=order).moves(st) if m[0] in (W2F, W2T)]

    main, deep = talon_moves(MAIN_ORDER), talon_moves(DEEP_TALON)
    assert sorted(main) == sorted(deep) and len(main) >= 2
    # The waste size a move leaves grows with the turns it needs (within one pass).
    assert main[0][1] < deep[0][1]
    everything = Searcher(r, order=TALON_FIRST).moves(st)
    assert everything[0][0] == W2T
    assert Searcher(r).moves(st)[0][0] != W2T
    with pytest.raises(ValueError, match="unknown move order"):
        Searcher(r, order="sideways")


def test_searches_of_one_position_share_their_caches():
    r = rules("klondike", "draw3")
    st = _position(new_game(r, seed=1).state, r)
    caches = SearchCaches()
    first = Searcher(r, caches=caches).moves(st)
    sizes = (len(caches.fnd), len(caches.talon), len(caches.pile))
    assert all(sizes)
    # Another search (in another move order) finds everything it needs there already.
    again = Searcher(r, order=DEEP_TALON, caches=caches).moves(st)
    assert sorted(again) == sorted(first)
    assert (len(caches.fnd), len(caches.talon), len(caches.pile)) == sizes
    # Without shared caches, each search starts its own.
    assert not Searcher(r)._pile_info


def test_best_first_weighs_what_a_limited_talon_still_holds():
    r = rules("double-klondike", "draw3")  # one redeal
    tab, fnd, talon, _, _ = _position(new_game(r, seed=1).state, r)
    value = Searcher(r)._evaluate
    n = len(talon)

    def at(talon_cards, p, redeals_used):
        return value((tab, fnd, talon_cards, p, redeals_used))

    # Every card still in the talon costs, in either pass.
    assert at(talon[:-1], 0, 0) > at(talon, 0, 0)
    assert at(talon[:-1], 0, 1) > at(talon, 0, 1)
    # In the last pass a card turned onto the waste costs more than one left in the stock:
    # only the cards laid on it can ever uncover it again.
    assert at(talon, 3, 1) < at(talon, 0, 1)
    # The redeal itself is neutral: the same cards, all in the waste before it, all in the
    # stock after it.
    assert at(talon, n, 0) == at(talon, 0, 1)
    # With unlimited redeals the talon does not count.
    u = rules("double-klondike", "draw3-unlimited")
    free = Searcher(u)._evaluate
    assert free((tab, fnd, talon[:-1], 0, 0)) == free((tab, fnd, talon, 0, 0))
