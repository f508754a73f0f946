"""Issue 21, finding 5: a refusal gives the reason, naming what the target takes, and never
names a pile the player did not aim at. Driven through the real App with the mouse."""

import pygame

from game.engine.cards import CODE
from game.engine.commands import Move, ToFoundation
from game.engine.state import WASTE
from game.i18n.wording import card_name
from game.view.intents import CannotLift
from game.view.layout import Rect
from tests.engine.helpers import card, game_at, position, rules

from .app_helpers import frame, make_app, play, settle

SPADE, HEART, DIAMOND, CLUB = "\u2660", "\u2665", "\u2666", "\u2663"


def seed_one(tmp_path):
    """Klondike deal 1: 7♦ alone on pile 1, 6♦ on pile 2, K♥ on pile 5, 8♠ on pile 7."""
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "1")
    settle(app)
    game = app.session.game
    tops = [CODE[game.state.piles[t][-1]] for t in game.layout.tableau_range]
    assert tops == ["7D", "6D", "2D", "2C", "KH", "JS", "8S"]
    return app, game


def home_of(app, a_card):
    """Where ``a_card`` lies at rest, as a rectangle."""
    home, layout = app.table.motion.sprites[a_card].home, app.table.layout
    return Rect(home.x, home.y, layout.card_w, layout.card_h)


def now_at(app, a_card):
    sprite, layout = app.table.motion.sprites[a_card], app.table.layout
    return Rect(sprite.x, sprite.y, layout.card_w, layout.card_h)


def drag(app, start, end, steps=8):
    """Press at ``start``, move to ``end`` in steps with the button held, let go there."""
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        app.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
        frame(app)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def drag_card_onto(app, moving, onto):
    """Drag ``moving`` by its middle and let go over the middle of ``onto``."""
    a, b = home_of(app, moving), home_of(app, onto)
    drag(app, (int(a.x + a.w / 2), int(a.y + a.h / 2)), (int(b.x + b.w / 2), int(b.y + b.h / 2)))


def said(app):
    return app.table.toast.text if app.table.toast else None


def test_6d_dragged_onto_8s_is_told_what_8s_takes(tmp_path):
    app, game = seed_one(tmp_path)
    before = game.state
    drag_card_onto(app, card("6D"), card("8S"))
    # Colours alternate but the rank is wrong: the message names what 8♠ takes.
    assert said(app) == f"8{SPADE} takes 7{DIAMOND} or 7{HEART}."
    settle(app)
    assert game.state == before and game.moves_made == 0
    assert now_at(app, card("6D")) == home_of(app, card("6D"))  # flown home


def test_7d_dragged_onto_kh_is_told_what_kh_takes(tmp_path):
    app, game = seed_one(tmp_path)
    drag_card_onto(app, card("7D"), card("KH"))
    assert said(app) == f"K{HEART} takes Q{CLUB} or Q{SPADE}."
    assert game.moves_made == 0


def test_a_legal_drag_still_plays(tmp_path):
    app, game = seed_one(tmp_path)
    drag_card_onto(app, card("7D"), card("8S"))
    settle(app)
    assert game.moves_made == 1 and said(app) is None


def test_a_drop_on_bare_felt_names_no_pile_even_one_the_cards_brush(tmp_path):
    """The finding's Q♥: let go on the felt with a corner of the card over a pile's top
    card (here 2♣ on pile 4), neither the pointer nor the card's middle over it."""
    app, game = seed_one(tmp_path)
    before = game.state
    six, two = home_of(app, card("6D")), home_of(app, card("2C"))
    grab = (int(six.x + six.w / 2), int(six.y + six.h / 2))
    # The held card's top-left lands a fifth of a card inside 2♣'s bottom right corner:
    # the two overlap in one small corner.
    left = two.x + two.w - six.w * 0.2
    top = two.y + two.h - six.h * 0.2
    end = (int(left + six.w / 2), int(top + six.h / 2))
    drag(app, grab, end)
    held = now_at(app, card("6D"))
    assert held.overlap(two) > 0  # it does brush 2♣...
    assert not two.contains(*end)  # ...but was not aimed there
    assert said(app) is None  # nothing said, and above all not about 2♣
    settle(app)
    assert game.state == before
    assert now_at(app, card("6D")) == six  # flown home


def test_a_drop_aimed_at_a_pile_that_does_not_take_it_says_why(tmp_path):
    """Aimed (the pointer over 2♣) rather than brushed: the refusal names 2♣."""
    app, game = seed_one(tmp_path)
    drag_card_onto(app, card("6D"), card("2C"))
    assert said(app) == f"2{CLUB} takes A{DIAMOND} or A{HEART}."


def test_foundation_and_empty_pile_refusals_say_what_they_take(tmp_path):
    app = make_app(tmp_path)
    r = rules("klondike")
    state = position(r, {"f1": "AH 2H", "t1": "", "t2": "QD", "t3": "5H", "waste": "3S"})
    game = game_at(r, state)
    app.session.adopt(game)
    app.table.show(game, animate=False)
    f1, t1, t2, t3 = (game.layout.index(n) for n in ("f1", "t1", "t2", "t3"))
    play(app, Move(WASTE, f1))
    assert said(app) == f"This foundation takes 3{HEART} next."
    play(app, Move(t2, t1))
    assert said(app) == "An empty pile takes only a King."
    play(app, Move(t2, game.layout.index("f2")))
    assert said(app) == "An empty foundation takes only an Ace."
    play(app, ToFoundation(t3))
    assert said(app) == f"5{HEART} cannot go up before 3{HEART}."
    assert card_name(card("5H")) == f"5{HEART}"


def test_lifting_cards_that_are_not_a_run_says_where_the_run_breaks(tmp_path):
    app = make_app(tmp_path)
    r = rules("klondike", "draw3")
    state = position(r, {"t1": "9S 8H 6C", "t2": "TD", "waste": "3H 4S 5D"})
    game = game_at(r, state)
    app.session.adopt(game)
    app.table.show(game, animate=False)
    nine = home_of(app, card("9S"))
    grab = (int(nine.x + nine.w / 2), int(nine.y + 5))  # on 9♠'s uncovered strip
    drag(app, grab, (grab[0] + 40, grab[1] + 60))
    assert said(app) == f"These cards cannot move together: 6{CLUB} does not go on 8{HEART}."
    app.controller.apply(CannotLift(WASTE, 1))  # 4♠, under the waste's top card
    assert said(app) == "Only the top card of the waste can be played."
    assert game.moves_made == 0
