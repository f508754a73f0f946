"""The sentences most of the family's help pages share, one parametrized test each; every
game's own file (test_rules_<id>.py) lists which of its sentences are tested here.

The table below is each page's numbers and words, read from AisleRiot's help pages
(AisleRiot 3.22's help/C/*.xml, in Debian's aisleriot):
"Standard Deck"/"Double Deck", the piles it names, how many cards a stock turn flips,
how many redeals, and whether foundation cards are "still in play".
"""

from __future__ import annotations

import pytest

from game.engine.commands import Draw, ToFoundation
from game.engine.events import StockTurned
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE

from .table import Table, complete_foundations

UNLIMITED = None


# game: (decks, foundations, tableau, reserves, cards per turn (0: no waste), redeals,
#        foundation cards back in play)
PAGES = {
    "whitehead": (1, 4, 7, 0, 1, 0, True),
    "thumb-and-pouch": (1, 4, 7, 0, 1, 2, True),
    "westhaven": (1, 4, 10, 0, 1, 0, False),
    "easthaven": (1, 4, 7, 0, 0, 0, False),
    "agnes": (1, 4, 7, 0, 0, 0, True),
    "gold-mine": (1, 4, 7, 0, 3, 0, True),
    "athena": (1, 4, 7, 0, 1, 2, True),
    "jumbo": (2, 8, 9, 0, 1, 1, True),
    "yukon": (1, 4, 7, 0, 0, 0, False),
    "canfield": (1, 4, 4, 1, 3, UNLIMITED, True),
    "lady-jane": (1, 4, 7, 7, 0, 0, True),
}
GAMES = sorted(PAGES)
WITH_WASTE = [g for g in GAMES if PAGES[g][4]]
ACE_BASED = [g for g in GAMES if g not in ("agnes", "canfield", "lady-jane")]
# The pages that say "Double clicking on a card ... will move it to the appropriate
# Foundation pile if such a move is possible".
DOUBLE_CLICK = [g for g in GAMES if g not in ("easthaven", "westhaven", "yukon")]


@pytest.mark.parametrize("game", GAMES)
def test_type_of_deck(game):
    """ "Type of Deck: Standard Deck" (Jumbo: "Double Deck"): every card of the deck(s),
    each once, is on the table after the deal."""
    decks = PAGES[game][0]
    g = Table(game).deal(7)
    cards = sorted(c for pile in g.state.piles for c in pile)
    assert cards == list(range(52 * decks))


@pytest.mark.parametrize("game", GAMES)
def test_the_piles_the_page_names(game):
    """ "Foundation: Four piles" (Jumbo: eight), "Tableau: Seven piles" (Westhaven ten,
    Jumbo nine, Canfield four), Canfield's one Reserve, Lady Jane's seven."""
    _, foundations, tableau, reserves, *_ = PAGES[game]
    t = Table(game)
    assert (len(t.piles("f")), len(t.piles("t")), len(t.piles("r"))) == (
        foundations,
        tableau,
        reserves,
    )


@pytest.mark.parametrize("game", WITH_WASTE)
def test_cards_are_turned_to_the_waste(game):
    """ "Cards are turned over one (three) at a time to Waste": a turn flips that many
    cards, the stock's top first."""
    per_turn = PAGES[game][4]
    t = Table(game)
    state = t.state(stock="2C 3C 4C 5C 6C")
    assert t.step(state, Draw()) == (StockTurned(per_turn),)
    assert t.after(state, Draw()).piles[WASTE][0] == state.piles[STOCK][-1]
    if per_turn == 3:  # "If the last flip has less than three cards, that many cards"
        short = t.state(stock="2C 3C")
        assert t.step(short, Draw()) == (StockTurned(2),)


@pytest.mark.parametrize("game", WITH_WASTE)
def test_redeals(game):
    """ "No redeals." / "Two redeals." / "There is one redeal." / "Unlimited redeals.":
    with the stock empty, the waste goes back to the stock that many times, in order."""
    redeals = PAGES[game][5]
    t = Table(game)
    for used in range(3 if redeals is UNLIMITED else redeals):
        state = t.state(waste="2C 3C 4C", redeals=used)
        again = t.after(state, Draw())
        assert again.piles[STOCK] == state.piles[WASTE][::-1]  # "maintaining order"
    if redeals is not UNLIMITED:
        spent = t.state(waste="2C 3C 4C", redeals=redeals)
        assert not t.allows(spent, Draw())
        reason = t.refusal(spent, Draw())
        assert reason in (Reason.NO_REDEAL, Reason.REDEALS_USED)


@pytest.mark.parametrize("game", WITH_WASTE)
def test_top_card_of_the_waste_is_in_play(game):
    """ "Waste: ... Top card available for play.": the top card moves, the one under it
    (two cards at once) does not."""
    t = Table(game)
    five = "5C" if game == "whitehead" else "5H"  # Whitehead builds in the same colour
    state = t.state(waste="9H 5D 4S", f1="AS 2S 3S", t1=five)
    assert t.allows(state, t.move("waste", "f1"))
    assert t.allows(state, t.move("waste", "t1"))
    assert t.refusal(state, t.move("waste", "t1", 2)) is Reason.ONE_AT_A_TIME_FROM


@pytest.mark.parametrize("game", ACE_BASED)
def test_foundations_built_up_in_suit_from_ace_to_king(game):
    """ "To be built up in suit from Ace to King.\""""
    t = Table(game)
    state = t.state(t1="AH", t2="2H", t3="2S", t4="KH", f2="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD")
    assert t.refusal(state, t.move("t2", "f1")) is Reason.EMPTY_FOUNDATION
    assert t.allows(state, t.move("t1", "f1"))
    up = t.after(state, t.move("t1", "f1"))
    assert t.allows(up, t.move("t2", "f1"))
    assert t.refusal(up, t.move("t3", "f1")) is Reason.FOUNDATION_TAKES
    assert t.refusal(up, t.move("t4", "f2")) is Reason.FOUNDATION_TAKES  # KH on QD
    full = t.state(t1="AD", f1="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    if PAGES[game][0] == 1:
        full = t.state(t1="KS", f1="AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    assert not t.allows(full, t.move("t1", "f1"))  # nothing goes on the King


@pytest.mark.parametrize("game", GAMES)
def test_foundation_cards_in_play_or_not(game):
    """ "Cards in Foundations are still in play" / "Topmost card in each Foundation can be
    played back on to the Tableau" -- or "are no longer in play"."""
    back = PAGES[game][6]
    t = Table(game)
    base = "AD 2D 3D" if game in ACE_BASED else "TD JD QD"
    onto = "4S" if game in ACE_BASED else "KS"
    if game in ("agnes", "whitehead"):  # built down by same color: a red card
        onto = "4H" if game in ACE_BASED else "KH"
    state = t.state(f1=base, t1=onto)
    assert t.allows(state, t.move("f1", "t1")) is back
    if not back:
        assert t.refusal(state, t.move("f1", "t1")) is Reason.NO_RETURN


@pytest.mark.parametrize("game", DOUBLE_CLICK)
def test_double_click_moves_a_card_to_its_foundation(game):
    """ "Double clicking on a card ... will move it to the appropriate Foundation pile if
    such a move is possible.\""""
    t = Table(game)
    first = "AC" if game in ACE_BASED else "9C"
    # Where a dealt card is the base, the first foundation always holds it.
    state = t.state(t1=f"4H {first}", t2="QH", f1="" if game in ACE_BASED else "9S")
    g = t.game_at(state)
    g.execute(ToFoundation(t.pile("t1")))
    assert [c for f in t.piles("f") for c in g.state.piles[f]][-1] == state.piles[t.pile("t1")][-1]
    with pytest.raises(Refused):
        g.execute(ToFoundation(t.pile("t2")))  # no foundation takes QH: nothing moves


@pytest.mark.parametrize("game", GAMES)
def test_scoring(game):
    """ "Each card in the Foundation piles scores one point. Maximum possible score: 52"
    (Jumbo: 104)."""
    decks = PAGES[game][0]
    t = Table(game)
    g = t.game_at(t.state(f1="AS 2S 3S", t1="5H"))
    assert (g.score, g.max_score) == (3, 52 * decks)


@pytest.mark.parametrize("game", GAMES)
def test_goal_all_cards_on_the_foundations(game):
    """ "Goal: Move all cards to the Foundation piles." (Easthaven: "Remove all cards.")"""
    decks = PAGES[game][0]
    t = Table(game)
    piles = complete_foundations(decks)
    won = t.game_at(t.state(**piles))
    assert won.won
    piles["f1"] = piles["f1"][:-3]
    almost = t.game_at(t.state(t1="KC", **piles))
    assert not almost.won


# -- the FreeCell family's pages in suit ------------------------------------------------------
# Baker's Game, Eight Off and Seahaven share their Rules section word for word (AisleRiot
# 3.22's help/C/bakers_game.xml, eight_off.xml, seahaven.xml); FreeCell's own page, and
# Streets and Alleys' and Beleaguered Castle's, have files of their own.
# game: (Reserve slots, Tableau piles)
IN_SUIT: dict[str, tuple[int, int]] = {
    "bakers-game": (4, 8),
    "eight-off": (8, 8),
    "seahaven": (4, 10),
}
FILLERS = "KC KD QC QD JC JD TC".split()  # cards no test below uses otherwise


def cells_filled_but(game: str, free: int) -> dict[str, str]:
    """The Reserve slots, all but ``free`` of them holding a card."""
    slots = IN_SUIT[game][0]
    return {f"c{n + 1}": FILLERS[n] for n in range(slots - free)}


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_the_pages_piles_in_suit(game):
    """ "Reserves: Four piles" (Eight Off: eight) "Each reserve can only hold one card.",
    "Foundation: Four piles", "Tableau: Eight piles" (Seahaven: ten)."""
    slots, tableau = IN_SUIT[game]
    t = Table(game)
    assert (len(t.piles("c")), len(t.piles("f")), len(t.piles("t"))) == (slots, 4, tableau)
    state = t.state(c1="9C", t1="5H 4S")
    assert t.refusal(state, t.move("t1", "c1")) is Reason.CELL_HOLDS_ONE
    assert t.refusal(state, t.move("t1", "c2", 2)) is Reason.CELL_HOLDS_ONE


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_the_tableau_is_built_down_by_suit(game):
    """ "The Tableau is built down by suit.\""""
    t = Table(game)
    state = t.state(t1="9H", t2="8H", t3="8D", t4="7H")
    assert t.allows(state, t.move("t2", "t1"))
    assert t.refusal(state, t.move("t3", "t1")) is Reason.TABLEAU_TAKES
    assert t.refusal(state, t.move("t4", "t1")) is Reason.TABLEAU_TAKES


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_a_build_moves_only_with_enough_reserve_slots_free(game):
    """ "Only the top card or build of cards can be moved. A build of cards can only be
    moved if the number of cards in the build is equal or less than one more than the
    number of Reserve slots free." Empty tableau piles do not count."""
    t = Table(game)
    runs = dict(t1="TH", t2="5C 9H 8H 7H", t3="5D 6S 5S", t4="7S")  # the rest empty
    one_free = t.state(**runs, **cells_filled_but(game, 1))
    assert t.allows(one_free, t.move("t3", "t4", 2))
    assert t.refusal(one_free, t.move("t2", "t1", 3)) is Reason.TOO_MANY_CARDS
    two_free = t.state(**runs, **cells_filled_but(game, 2))
    assert t.allows(two_free, t.move("t2", "t1", 3))
    assert t.refusal(two_free, t.move("t2", "t1", 4)) is Reason.NOT_A_RUN  # 5C not in the build


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_empty_spaces_take_only_a_king_or_a_build_from_one(game):
    """ "Empty spaces in the Tableau can only be filled with a King or a build starting
    with a King.\""""
    t = Table(game)
    state = t.state(t1="", t2="5C KH QH", t3="4D 9C")
    assert t.allows(state, t.move("t2", "t1", 2))
    assert t.refusal(state, t.move("t2", "t1")) is Reason.EMPTY_NEEDS_KING
    assert t.refusal(state, t.move("t3", "t1")) is Reason.EMPTY_NEEDS_KING


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_foundations_built_up_by_suit_and_still_in_play(game):
    """ "Foundations are built up by suit from Ace to King. Although cards in the
    Foundations are technically still in play, ...\""""
    t = Table(game)
    state = t.state(t1="AH", t2="2H", t3="2S", f2="AD 2D 3D", t4="4D")
    assert t.refusal(state, t.move("t2", "f1")) is Reason.EMPTY_FOUNDATION
    up = t.after(state, t.move("t1", "f1"))
    assert t.allows(up, t.move("t2", "f1"))
    assert t.refusal(up, t.move("t3", "f1")) is Reason.FOUNDATION_TAKES
    assert t.allows(state, t.move("f2", "t4"))  # 3D back onto 4D


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_any_top_card_goes_to_an_empty_reserve_slot_and_plays_back(game):
    """ "Any top card in the Tableau can be placed in an empty Reserve slot. These cards
    are available for play back into the Tableau or on to a Foundation pile.\""""
    t = Table(game)
    state = t.state(t1="9H 4S", t2="TH", f1="AD")
    assert t.allows(state, t.move("t1", "c1"))
    parked = t.state(c1="9H", c2="2D", t2="TH", f1="AD")
    assert t.allows(parked, t.move("c1", "t2"))
    assert t.allows(parked, t.move("c2", "f1"))


@pytest.mark.parametrize("game", sorted(IN_SUIT))
def test_scoring_and_goal_in_suit(game):
    """ "Each card placed on to the Foundation piles scores one point. Maximum possible
    score: 52"; "Goal: Move all cards to the Foundation piles.\""""
    t = Table(game)
    g = t.game_at(t.state(f1="AS 2S 3S", t1="5H", c1="9C"))
    assert (g.score, g.max_score) == (3, 52)
    piles = complete_foundations(1)
    assert t.game_at(t.state(**piles)).won
    piles["f1"] = piles["f1"][:-3]
    assert not t.game_at(t.state(c1="KC", **piles)).won


# -- the FreeCell family's pages one card at a time -------------------------------------------
# Streets and Alleys and Beleaguered Castle share their Rules section word for word
# (AisleRiot 3.22's help/C/streets_and_alleys.xml, beleaguered_castle.xml).
ONE_AT_A_TIME: list[str] = ["streets-and-alleys", "beleaguered-castle"]


@pytest.mark.parametrize("game", ONE_AT_A_TIME)
def test_the_pages_piles_one_at_a_time(game):
    """ "Foundation: Four piles", "Tableau: Eight slots"; no reserves, no stock."""
    t = Table(game)
    assert (len(t.piles("f")), len(t.piles("t")), t.piles("c"), t.piles("r")) == (4, 8, [], [])
    g = t.deal(12)
    assert g.state.piles[STOCK] == () and g.state.piles[WASTE] == ()
    assert t.refusal(g.state, Draw()) is Reason.NO_STOCK


@pytest.mark.parametrize("game", ONE_AT_A_TIME)
def test_built_down_regardless_of_suit(game):
    """ "Cards in the Tableau are built down regardless of suit.\""""
    t = Table(game)
    state = t.state(t1="9H", t2="8H", t3="8S", t4="7C")
    assert t.allows(state, t.move("t2", "t1"))
    assert t.allows(state, t.move("t3", "t1"))
    assert t.refusal(state, t.move("t4", "t1")) is Reason.TABLEAU_TAKES


@pytest.mark.parametrize("game", ONE_AT_A_TIME)
def test_only_one_card_moves_at_a_time(game):
    """ "Only one card can be moved at a time.\""""
    t = Table(game)
    state = t.state(t1="9H", t2="5C 8S 7H")
    assert t.refusal(state, t.move("t2", "t1", 2)) is Reason.SINGLE_CARDS_ONLY


@pytest.mark.parametrize("game", ONE_AT_A_TIME)
def test_empty_piles_take_any_single_card(game):
    """ "Empty piles can be filled with any single card.\""""
    t = Table(game)
    state = t.state(t1="", t2="4D 7C", t3="KC QH")
    assert t.allows(state, t.move("t2", "t1"))
    assert t.allows(state, t.move("t3", "t1"))
    assert t.refusal(state, t.move("t3", "t1", 2)) is Reason.SINGLE_CARDS_ONLY


@pytest.mark.parametrize("game", ONE_AT_A_TIME)
def test_foundations_built_up_in_suit_their_top_card_back_in_play(game):
    """ "Foundations are built up in suit." / "To be built from Ace to King. Topmost card
    in each Foundation can be played back on to the Tableau.\""""
    t = Table(game)
    state = t.state(f1="AH", f2="AD 2D 3D", t1="2H", t2="2S", t3="4S", t4="KH")
    assert t.allows(state, t.move("t1", "f1"))
    assert t.refusal(state, t.move("t2", "f1")) is Reason.FOUNDATION_TAKES
    assert t.refusal(state, t.move("t4", "f2")) is Reason.FOUNDATION_TAKES
    assert t.allows(state, t.move("f2", "t3"))  # 3D back onto 4S
    complete = t.state(t1="KS", f1=complete_foundations(1)["f1"])  # the Clubs, to the King
    assert t.refusal(complete, t.move("t1", "f1")) is Reason.FOUNDATION_COMPLETE
