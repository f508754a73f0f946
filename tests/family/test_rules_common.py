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
from game.engine.game import Game, new_game
from game.engine.refusals import Reason, Refused
from game.engine.state import STOCK, WASTE

from .table import Table

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


def at(table: Table, state) -> Game:
    g = new_game(table.rules, seed=0)
    g.initial = g.state = state
    return g


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
    g = at(t, state)
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
    g = at(t, t.state(f1="AS 2S 3S", t1="5H"))
    assert (g.score, g.max_score) == (3, 52 * decks)


@pytest.mark.parametrize("game", GAMES)
def test_goal_all_cards_on_the_foundations(game):
    """ "Goal: Move all cards to the Foundation piles." (Easthaven: "Remove all cards.")"""
    decks = PAGES[game][0]
    t = Table(game)
    order = "A 2 3 4 5 6 7 8 9 T J Q K".split()
    piles = {f"f{i + 1}": " ".join(r + s for r in order) for i, s in enumerate("CDHS" * decks)}
    won = at(t, t.state(**piles))
    assert won.won
    piles["f1"] = piles["f1"][:-3]
    almost = at(t, t.state(t1="KC", **piles))
    assert not almost.won
