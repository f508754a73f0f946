"""Issue 37, finding 4: every refusal about the cards taken states its reason. Westhaven's
foundation card, dragged off, was told only "A♦ cannot be moved from there."."""

import random

from game.engine.commands import Move, ToFoundation
from game.engine.game import new_game
from game.i18n.wording import cannot_lift
from game.variants import all_variants

from .app_helpers import make_app, play, settle
from .test_refusals_on_screen import drag, home_of, said

FALLBACK = "cannot be moved from there"


def test_westhaven_says_no_card_comes_back_from_a_foundation(tmp_path):
    app = make_app(tmp_path, "--variant", "westhaven", "--seed", "3")
    settle(app)
    game = app.session.game
    up = next(
        m for m in game.legal_moves() if isinstance(m, Move) and game.layout.is_foundation(m.target)
    )
    play(app, ToFoundation(up.source))
    settle(app)
    foundation = up.target
    ace = game.state.piles[foundation][-1]
    start = home_of(app, ace)
    aim = home_of(app, game.state.piles[game.layout.tableau_range[0]][-1])
    drag(app, (start.x + start.w // 2, start.y + start.h // 2), (aim.x + 5, aim.y + 5))
    assert said(app) == "In Westhaven, no card comes back from a foundation."
    assert game.state.piles[foundation][-1] == ace


def test_no_refused_lift_in_any_game_falls_back_to_no_reason():
    """Random play in every game: each face-up card that may not be lifted is refused with
    its reason, never the bare fallback."""
    rng = random.Random(37)
    seen = 0
    for table in all_variants():
        for seed in (1, 2):
            game = new_game(table.rules(table.default_mode), seed=seed)
            for _ in range(60):
                for pile in range(game.layout.pile_count):
                    cards = game.state.piles[pile]
                    for position in range(len(cards)):
                        if game.state.face_up(pile, position) and not game.pickable(pile, position):
                            if pile in (0,):  # the stock is clicked, never lifted
                                continue
                            seen += 1
                            text = cannot_lift(game, pile, position)
                            assert FALLBACK not in text, (table.id, seed, pile, position, text)
                moves = game.legal_moves()
                if not moves:
                    break
                game.execute(rng.choice(moves))
    assert seen > 100
