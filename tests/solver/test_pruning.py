"""The solver's shortcuts, each against a position where it must (or must not) apply: the
relaxed proof of a loss, the rules for safe automatic moves, the sound and the fast move
sets, and the position key's treatment of the waste and the redeals."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from game.engine.cards import SUIT
from game.engine.game import new_game
from game.solver import Outcome, solve
from game.solver.generic.search import generic_solve
from game.solver.specialised.best_first import evaluate
from game.solver.specialised.deadlock import hopeless
from game.solver.specialised.depth_first import depth_first
from game.solver.specialised.expansion import Budget, Expander
from game.solver.specialised.foundations import Foundations
from game.solver.specialised.move_kinds import PILE_TO_PILE, SPLIT_UP, TALON_TO_PILE, TALON_UP
from game.solver.specialised.moves import MoveGenerator, SearchCaches
from game.solver.specialised.position import position_key, position_of, shadow_key
from game.solver.specialised.replay import path_commands
from game.solver.specialised.tables import CONE_SAFETY, SOUND_SAFETY, tables_for
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
    assert hopeless(tables_for(r), position_of(state, r))
    res = solve(state, r)
    assert res.outcome is Outcome.UNWINNABLE
    assert res.nodes == 0


def test_the_same_card_with_its_lower_card_at_hand_is_not_blocked():
    r = rules("klondike", "draw1")
    state = blocked_hearts(r, four_hearts_in_stock=True)
    assert not hopeless(tables_for(r), position_of(state, r))
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
    assert hopeless(tables_for(r), position_of(state, r))
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
    assert hopeless(tables_for(r), position_of(state, r))
    assert solve(state, r).outcome is Outcome.UNWINNABLE


def test_with_a_redeal_left_the_waste_comes_round_again():
    r, state = buried_five_of_spades(redeals_used=1)
    assert not hopeless(tables_for(r), position_of(state, r))
    assert solve(state, r).outcome is Outcome.WON


def stuck_triple(talon: str):
    """Thoughtful Klondike (three a turn, unlimited redeals) without foundation cards back:
    the talon holds 5S, 6S and 9S (``talon``: in the order they are turned), both red 7s
    are up, so 6S can leave the waste only to its foundation, after 5S."""
    r = dataclasses.replace(rules("klondike", "draw3"), cards_may_return=False)
    piles = {"t1": "KS QH JS TH", "t2": "KH QS JH TS 9H 8S", "t3": "8H 7S"}
    stock = " ".join(reversed(talon.split()))
    return r, spades_left(r, "AH 2H 3H 4H 5H 6H 7H", piles, stock)


def spades_left(r, hearts: str, piles: dict[str, str], stock: str):
    """A late game of ``r``: clubs and diamonds up, hearts up as ``hearts`` says, spades
    up to the 4; the other cards on ``piles`` and in the ``stock`` (written bottom to top)."""
    state = position(
        r,
        {
            "f1": " ".join(x + "C" for x in "A23456789TJQK"),
            "f2": " ".join(x + "D" for x in "A23456789TJQK"),
            "f3": hearts,
            "f4": "AS 2S 3S 4S",
            **piles,
            "stock": stock,
        },
    )
    assert sum(len(p) for p in state.piles) == 52
    return state


def test_a_talon_card_that_can_never_surface_is_a_loss():
    # Turned 5S 9S 6S: 6S tops the waste and never leaves it, so 9S and 5S under it never
    # show (a redeal turns the same three), and 5S never goes up. The relaxed proof used
    # to take every talon card as at hand.
    r, state = stuck_triple("5S 9S 6S")
    assert hopeless(tables_for(r), position_of(state, r))
    res = solve(state, r)
    assert res.outcome is Outcome.UNWINNABLE
    assert res.nodes == 0
    assert generic_solve(state, r).outcome is Outcome.UNWINNABLE  # every state, no cut


def test_a_talon_card_surfaces_when_the_cards_on_it_leave():
    # Turned 6S 5S 9S: 9S goes onto TH, 5S shows and goes up, then 6S: won. The proof must
    # see that the card on a waste card can leave.
    r, state = stuck_triple("6S 5S 9S")
    assert not hopeless(tables_for(r), position_of(state, r))
    assert solve(state, r).outcome is Outcome.WON
    # Turned 9S 6S 5S: 5S tops the waste at once.
    r, state = stuck_triple("9S 6S 5S")
    assert not hopeless(tables_for(r), position_of(state, r))
    assert solve(state, r).outcome is Outcome.WON


def test_a_talon_card_surfaces_in_a_later_pass_once_cards_before_it_left():
    # Turned 9H 8H 9S 5S 6S. In the first pass 6S covers 5S for good; but once one card
    # before 5S has left (9S onto TH), the next pass turns 9H 8H 5S: 5S shows, goes up,
    # and so does all the rest. (Play 8H and 9H up in the first pass too and the next
    # pass turns 5S 6S together: the proof only asks whether some count of cards before
    # it can leave.)
    r = dataclasses.replace(rules("klondike", "draw3"), cards_may_return=False)
    piles = {"t1": "KS QH JS TH", "t2": "KH QS JH TS", "t3": "8S", "t4": "7S"}
    state = spades_left(r, "AH 2H 3H 4H 5H 6H 7H", piles, "6S 5S 9S 8H 9H")
    assert not hopeless(tables_for(r), position_of(state, r))
    assert solve(state, r).outcome is Outcome.WON
    # Turned 5S 6S 9S instead: 9S may leave, but then 6S covers 5S in every pass.
    stuck = spades_left(r, "AH 2H 3H 4H 5H 6H 7H 8H 9H", piles, "9S 6S 5S")
    assert hopeless(tables_for(r), position_of(stuck, r))
    assert generic_solve(stuck, r).outcome is Outcome.UNWINNABLE  # every state, no cut


def test_foundation_cards_back_reach_a_stuck_waste_card():
    # The stuck triple with foundation cards allowed back: 6S may go onto a returned red
    # 7, so 9S and 5S show: not lost.
    _r, state = stuck_triple("5S 9S 6S")
    back = rules("klondike", "draw3")
    assert not hopeless(tables_for(back), position_of(state, back))
    assert solve(state, back).outcome is Outcome.WON


def test_a_line_stays_whole_when_the_loss_proof_cuts_a_branch():
    # Deal 53 of draw one, no redeal: the relaxed proof of a loss cuts moves near the root
    # and the depth-first search still wins; its line must not keep a cut move.
    r = rules("klondike", "draw1-noredeal")
    state = new_game(r, seed=53).state
    tables = tables_for(r)
    generator = MoveGenerator(tables, sound=True)
    cuts = []
    start = position_of(state, r)
    for _score, move in generator.moves(start):
        child, _autos = generator.apply(start, move)
        cuts.append(hopeless(tables, child))
    assert any(cuts)
    outcome, path, _nodes = depth_first(Expander(generator), start, Budget())
    assert outcome is Outcome.WON
    replayed = new_game(r, seed=53)
    for cmd in path_commands(state, r, path):
        replayed.execute(cmd)
    assert replayed.won


@pytest.mark.parametrize(
    "variant,mode,seeds",
    [("klondike", "draw3", range(1, 41)), ("double-klondike", "draw3-unlimited", range(1, 6))],
)
def test_no_winnable_deal_is_called_hopeless(variant, mode, seeds):
    r = rules(variant, mode)
    tables = tables_for(r)
    for seed in seeds:
        state = new_game(r, seed=seed).state
        if hopeless(tables, position_of(state, r)):
            res = solve(state, r, max_nodes=20_000)
            assert res.outcome is Outcome.UNWINNABLE, seed


def heights(r, **by_suit: int) -> tuple:
    """Foundation heights for one deck: suit letter -> height."""
    fnd = [0, 0, 0, 0]
    for letter, h in by_suit.items():
        fnd[SUIT[card("A" + letter)]] = h
    return tuple(fnd)


def safe(r, safety: str, foundations: tuple, code: str) -> bool:
    return Foundations(tables_for(r), safety, safety == SOUND_SAFETY, {}).is_safe(
        foundations, card(code)
    )


def test_cone_rule_when_nothing_could_need_the_card_in_the_tableau():
    r = rules("klondike", "draw3")  # foundation cards may come back
    # 3H: the black 2s that could lie on it can go up themselves once the black aces are.
    assert safe(r, CONE_SAFETY, heights(r, C=1, S=1, H=2), "3H")
    assert not safe(r, CONE_SAFETY, heights(r, C=1, H=2), "3H")
    # 5H: black 4s can go up (blacks at 3), and so can the 3D that could lie on them.
    assert safe(r, CONE_SAFETY, heights(r, C=3, S=3, D=2, H=4), "5H")
    assert not safe(r, CONE_SAFETY, heights(r, C=3, S=3, D=1, H=4), "5H")
    assert not safe(r, CONE_SAFETY, heights(r, C=2, S=3, D=2, H=4), "5H")
    # Without cards coming back, both black 4s already up make it safe too.
    no_return = dataclasses.replace(r, cards_may_return=False)
    assert safe(no_return, CONE_SAFETY, heights(r, C=4, S=4, H=4), "5H")
    assert not safe(r, CONE_SAFETY, heights(r, C=4, S=4, H=4), "5H")


def test_sound_rule_waits_for_the_cards_closure():
    r = rules("klondike", "draw3")
    # The cone rule's 5H is not safe by the sound rule: a black 4 may come back onto it.
    assert not safe(r, SOUND_SAFETY, heights(r, C=3, S=3, D=2, H=4), "5H")
    # Its closure: the black 4s (may lie on it), the red 3s (on those), the 4H (below it),
    # and everything lower. The 4D is not in it: it never lies on 5H, nor on what does.
    assert tables_for(r).closure(card("5H")) == frozenset(
        card(c) for c in ("4C", "4S", "4H", "3C", "3S", "3D", "3H", "2C", "2D", "2H", "2S")
    ) | frozenset(card("A" + s) for s in "CDHS")
    assert safe(r, SOUND_SAFETY, heights(r, C=4, S=4, D=3, H=4), "5H")
    # One card of the closure short, whichever, and it waits: the 3D may need to move onto
    # a black 4 brought back, and that 4 onto the 5H.
    assert not safe(r, SOUND_SAFETY, heights(r, C=4, S=4, D=2, H=4), "5H")
    assert not safe(r, SOUND_SAFETY, heights(r, C=3, S=4, D=3, H=4), "5H")
    assert safe(r, SOUND_SAFETY, heights(r, C=4, S=4, D=4, H=4), "5H")
    assert safe(r, SOUND_SAFETY, heights(r, H=1), "2H") is False
    assert safe(r, SOUND_SAFETY, heights(r, C=1, D=1, S=1, H=1), "2H")
    assert safe(r, SOUND_SAFETY, heights(r), "AH")


def test_cone_rule_with_two_decks_waits_for_every_copy():
    r = rules("double-klondike", "draw3")

    def fnd(**slots: tuple[int, int]) -> tuple:
        out = [0] * 8
        for letter, (high, low) in slots.items():
            base = SUIT[card("A" + letter)] * 2
            out[base], out[base + 1] = high, low
        return tuple(out)

    assert safe(r, CONE_SAFETY, fnd(C=(3, 3), S=(3, 3), D=(2, 2), H=(4, 2)), "5H")
    # One copy of 3H not up: it might need a black 4, which might need the 5H.
    assert not safe(r, CONE_SAFETY, fnd(C=(3, 3), S=(3, 3), D=(2, 2), H=(4, 1)), "5H")
    # One black 4's foundation slot is behind: that 4 might need the 5H.
    assert not safe(r, CONE_SAFETY, fnd(C=(3, 2), S=(3, 3), D=(2, 2), H=(4, 2)), "5H")
    # The sound rule: every copy of every lower card.
    assert not safe(r, SOUND_SAFETY, fnd(C=(4, 3), S=(4, 4), D=(4, 4), H=(4, 4)), "5H")
    assert safe(r, SOUND_SAFETY, fnd(C=(4, 4), S=(4, 4), D=(4, 4), H=(4, 4)), "5H")


def two_deck_keys(p_a, r_a, p_b, r_b):
    """Keys of one Double Klondike draw-3 position (one redeal) with two waste sizes and
    redeal counts."""
    r = rules("double-klondike", "draw3")
    tables = tables_for(r)
    state = new_game(r, seed=1).state
    tab, fnd, talon, _p, _r = position_of(state, r)
    return (
        position_key(tables, (tab, fnd, talon, p_a, r_a)),
        position_key(tables, (tab, fnd, talon, p_b, r_b)),
    )


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
    tables = tables_for(r)
    tab, fnd, talon, _p, _r = position_of(new_game(r, seed=1).state, r)
    odd = (tab, fnd, talon, 2, 0)
    k, _rank = position_key(tables, odd)
    fresh_key, fresh_rank = position_key(tables, (tab, fnd, talon, 0, 0))
    assert shadow_key(tables, k, odd) == (fresh_key, fresh_rank)
    assert shadow_key(tables, fresh_key, (tab, fnd, talon, 0, 0)) is None
    # One redeal: the odd waste reaches the last card in this pass, not a redealt pass.
    r2 = rules("double-klondike", "draw3")
    tables2 = tables_for(r2)
    tab, fnd, talon, _p, _r = position_of(new_game(r2, seed=1).state, r2)
    odd = (tab, fnd, talon, 20, 0)
    k, _rank = position_key(tables2, odd)
    at_end = position_key(tables2, (tab, fnd, talon, len(talon), 0))
    assert shadow_key(tables2, k, odd) == at_end


SEED_WITH_TALON_CHOICES = 3  # three talon cards can go onto the tableau at once


def ordered(generator, position) -> list:
    return [move for _score, move in sorted(generator.moves(position), reverse=True)]


def test_the_move_orders_rank_the_same_talon_moves_differently():
    r = rules("klondike", "draw3")
    tables = tables_for(r)
    start = position_of(new_game(r, seed=SEED_WITH_TALON_CHOICES).state, r)

    def talon_moves(**order):
        moves = ordered(MoveGenerator(tables, sound=False, **order), start)
        return [m for m in moves if m[0] in (TALON_UP, TALON_TO_PILE)]

    main, deep = talon_moves(), talon_moves(deep_talon=True)
    assert sorted(main) == sorted(deep) and len(main) >= 2
    # The waste size a move leaves grows with the turns it needs (within one pass).
    assert main[0][1] < deep[0][1]
    assert ordered(MoveGenerator(tables, sound=False, talon_first=True), start)[0][0] == (
        TALON_TO_PILE
    )
    assert ordered(MoveGenerator(tables, sound=False), start)[0][0] != TALON_TO_PILE


def test_searches_of_one_position_share_their_caches():
    r = rules("klondike", "draw3")
    tables = tables_for(r)
    start = position_of(new_game(r, seed=1).state, r)
    caches = SearchCaches()
    first = sorted(m for _, m in MoveGenerator(tables, sound=False, caches=caches).moves(start))
    sizes = (len(caches.foundations[CONE_SAFETY]), len(caches.talon), len(caches.pile))
    assert all(sizes)
    # Another search (in another move order) finds everything it needs there already.
    generator = MoveGenerator(tables, sound=False, caches=caches, deep_talon=True)
    assert sorted(m for _, m in generator.moves(start)) == first
    assert (len(caches.foundations[CONE_SAFETY]), len(caches.talon), len(caches.pile)) == sizes
    # The sound moves keep their own answers about the foundations.
    MoveGenerator(tables, sound=True, caches=caches).moves(start)
    assert caches.foundations[SOUND_SAFETY]


def test_a_run_splits_only_to_send_the_card_it_uncovers_up():
    r = rules("klondike", "draw3")
    tables = tables_for(r)
    # A hand-made run split: t3 ends 9D 8S 7H over face-down cards; 8C tops t5.
    state = position(
        r,
        {
            "f1": "AC 2C 3C 4C 5C 6C 7C",
            "f2": "AD 2D 3D 4D 5D 6D",
            "f3": "AH 2H 3H 4H 5H 6H",
            "f4": "AS 2S 3S 4S 5S 6S",
            "t1": "KC QD JC TD 9C",
            "t2": "KH QS JH TS 9H",
            "t3": "KS QH JS TH 9D 8S 7H",
            "t4": "KD QC JD TC",
            "t5": "7S 8C",
            "stock": "7D 8D 8H 9S",
        },
        down={"t3": 4, "t5": 1},
    )
    start = position_of(state, r)
    # 7H off 8S onto 8C: 8S cannot go up (7S is down), so it only swaps 8S and 8C.
    for sound in (True, False):
        moves = [m for _, m in MoveGenerator(tables, sound=sound).moves(start)]
        assert (PILE_TO_PILE, 2, 4, 1) not in moves and (SPLIT_UP, 2, 4, 1) not in moves
    # Were 8S and 8C to take different cards, the sound moves would keep it.
    odd = copy.copy(tables)
    odd.equal_parents = False
    assert (PILE_TO_PILE, 2, 4, 1) in [m for _, m in MoveGenerator(odd, sound=True).moves(start)]
    # Every building rule of the engine makes them equal.
    for build in ("down-alternate-colour", "down-same-suit", "down-any-suit"):
        assert tables_for(dataclasses.replace(r, build=build)).equal_parents


def test_sound_moves_offer_back_only_cards_above_every_suit_plus_one():
    r = rules("klondike", "draw1")
    state = position(
        r,
        {
            "f1": "AC 2C 3C",
            "f2": "AD 2D 3D 4D 5D 6D",
            "f3": "AH 2H 3H 4H",
            "f4": "AS 2S 3S 4S 5S 6S",
            "t1": "KC QD JC TD 9C 8D 7C",
            "t2": "KH QS JH TS 9H 8S 7H",
            "t3": "KS QH JS TH 9S 8H 7S",
            "t4": "KD QC JD TC 9D 8C 7D",
            "t5": "5H",
            "stock": "4C 5C 6C 6H",
        },
        down={"t1": 6, "t2": 6, "t3": 6, "t4": 6},
    )
    generator = MoveGenerator(tables_for(r), sound=True)
    _up, _safe, returnable = generator.foundations.view(position_of(state, r)[1])
    # Every suit is at 3 or more: the 4s and lower never need to come back; 6D and 6S may.
    assert sorted(card_code for _s, _h, card_code in returnable) == sorted([card("6D"), card("6S")])


def test_best_first_weighs_what_a_limited_talon_still_holds():
    r = rules("double-klondike", "draw3")  # one redeal
    tab, fnd, talon, _, _ = position_of(new_game(r, seed=1).state, r)
    expander = Expander(MoveGenerator(tables_for(r), sound=False))
    n = len(talon)

    def at(talon_cards, p, redeals_used):
        return evaluate(expander, (tab, fnd, talon_cards, p, redeals_used), 10)

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
    u = Expander(MoveGenerator(tables_for(rules("double-klondike", "draw3-unlimited")), False))
    assert evaluate(u, (tab, fnd, talon[:-1], 0, 0), 10) == evaluate(u, (tab, fnd, talon, 0, 0), 10)
