"""Each refusal as the player reads it: the reason, naming what the target takes, in card
names on the table and card codes on the command line (one wording module for both)."""

import pytest

from game import i18n
from game.engine.cards import CODE
from game.i18n.wording import refusal
from tests.engine.test_refusals import CASES

S, H, D, C = "\u2660", "\u2665", "\u2666", "\u2663"

SAID = {
    "no such pile": "There is no such pile.",
    "same pile": "The cards are already there.",
    "no cards": "A move takes at least one card.",
    "not a command": "That move is not allowed.",
    "from the stock": "Stock cards are only turned onto the waste.",
    "too few cards": "There is only 1 card on that pile.",
    "face down": "Face-down cards cannot be moved.",
    "two from the waste": "Only the top card of the waste can be played.",
    "two from a foundation": "Only the top card of a foundation can move.",
    "no runs in this game": "Only one card may move at a time in this game.",
    "not a run": f"These cards cannot move together: 6{C} does not go on 8{H}.",
    "empty waste": "The waste is empty.",
    "empty pile": "That pile is empty.",
    "onto the waste": "Cards reach the waste only from the stock.",
    "onto the stock": "Cards cannot be put back on the stock.",
    "two onto a foundation": "Cards go up to a foundation one at a time.",
    "between foundations": "Cards do not move from one foundation to another.",
    "an empty foundation": "An empty foundation takes only an Ace.",
    "a foundation, wrong rank": f"This foundation takes 3{H} next.",
    "a foundation, wrong suit": f"This foundation takes 3{H} next.",
    "a complete foundation": "This foundation is complete.",
    "no return": "Foundation cards may not come back in this game.",
    "empty stays empty": "An empty pile stays empty in this game.",
    "empty needs a King": "An empty pile takes only a King.",
    "right colour, wrong rank (the finding's 6D on 8S)": f"8{S} takes 7{D} or 7{H}.",
    "wrong colour, right rank": f"8{S} takes 7{D} or 7{H}.",
    "wrong colour and rank (the finding's 7D on KH)": f"K{H} takes Q{C} or Q{S}.",
    "a run of the wrong rank": f"8{S} takes 7{D} or 7{H}.",
    "nothing on an Ace": f"A{H} takes no card.",
    "building in suit": f"8{S} takes 7{S}.",
    "building regardless of suit": f"8{S} takes 7{C}, 7{D}, 7{H} or 7{S}.",
    "up too soon": f"5{H} cannot go up before 3{H}.",
    "up before the Ace": f"5{H} cannot go up before A{H}.",
    "up with two foundations of a suit": f"5{H} cannot go up before 3{H}.",
    "up from a foundation": "Only the waste or a tableau pile can send a card to the foundations.",
    "nothing to collect": "No card can go to the foundations now.",
    "stock and waste empty": "The stock and the waste are both empty.",
    "no redeal": "The stock is empty, and this game allows no redeal.",
    "redeals used": "The stock is empty, and all 2 redeals are used.",
    "the one redeal used": "The stock is empty, and its one redeal is used.",
    "a run in colour, not in suit": (
        f"These cards cannot move together: 7{C} is not of the same suit as 8{S}."
    ),
    "a run in alternating colours, not in one colour": (
        f"These cards cannot move together: 7{H} is not of the same colour as 8{S}."
    ),
    "part of the face-up cards": (
        "Only the top card or all the face-up cards of a pile move together."
    ),
    "the top card of a pile that moves whole": (
        "Only all the face-up cards of a pile move, together."
    ),
    "an empty foundation of a dealt base": f"An empty foundation takes only 4{C}.",
    "an empty pile below the base": f"An empty pile takes only 3{C}, 3{D}, 3{H} or 3{S}.",
    "onto a card of the base rank": (
        f"Nothing goes on 4{D}: a run ends at a card of the base card's rank."
    ),
    "onto a reserve": "Cards cannot be put on a reserve.",
    "two from a reserve": "Only the top card of a reserve can be played.",
    "no stock": "This game has no stock.",
    "a deal before the empty pile is filled": (
        "Fill the empty piles first: the next deal waits for them."
    ),
    "more cards than the free space moves": (
        "Only 1 card can move at a time now: free a cell or empty a pile to move more."
    ),
    "a full cell": "A cell holds one card.",
    "a single card to a foundation that takes runs": (
        "A foundation takes only a whole run in suit, from King down to Ace."
    ),
    "a group that does not go up one by one": (
        "These cards cannot go up together: each must be the next card of the foundation."
    ),
    "a deal onto an empty pile": "Fill every empty pile before dealing.",
    "a card the waste does not take (Golf)": (
        f"The waste takes a card one rank above or below 5{S}, not 7{D}."
    ),
    "not a King on an empty foundation that builds down": "An empty foundation takes only a King.",
}


def test_every_case_has_its_sentence():
    assert set(SAID) == {c.name for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_table_says_the_reason_in_card_names(case):
    assert refusal(case.refusal()) == SAID[case.name]


CODED = {
    "right colour, wrong rank (the finding's 6D on 8S)": "8S takes 7D or 7H.",
    "wrong colour and rank (the finding's 7D on KH)": "KH takes QC or QS.",
    "not a run": "These cards cannot move together: 6C does not go on 8H.",
    "a foundation, wrong suit": "This foundation takes 3H next.",
    "up before the Ace": "5H cannot go up before AH.",
    "building regardless of suit": "8S takes 7C, 7D, 7H or 7S.",
    "an empty pile below the base": "An empty pile takes only 3C, 3D, 3H or 3S.",
}


@pytest.mark.parametrize("name", CODED)
def test_the_command_line_says_the_same_in_card_codes(name):
    case = CASES[[c.name for c in CASES].index(name)]
    assert refusal(case.refusal(), CODE.__getitem__) == CODED[name]


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_refusal_is_a_sentence_in_every_language(language):
    """A capital letter first (a card name counts: "8♠ takes ..."), a full stop last."""
    i18n.use_language(language)
    try:
        for case in CASES:
            text = refusal(case.refusal())
            assert text[0].isupper() or text[0].isdigit(), (case.name, text)
            assert text.endswith("."), (case.name, text)
    finally:
        i18n.use_language("en")
