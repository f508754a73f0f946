"""The real table's status line holds still (issue 21, finding 7): its buttons' places
and every field's form and slot are the same for deal 12345 and for a 9-digit deal, and
as the moves go from 9 to 10 to 100."""

from __future__ import annotations

import pygame

from game.engine.commands import Draw
from game.view import intents as i
from game.view.decor import status_places

from .app_helpers import make_app, play, press, settle


def test_the_buttons_stay_put_from_deal_to_deal_and_move_to_move(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike", "--mode", "draw3", "--seed", "12345")
    settle(app)

    def buttons():
        _items, hits, _ = app.table.decor.render(app.table.snapshot(), app.table.layout)
        return sorted((tuple(rect), type(intent).__name__) for rect, intent in hits)

    def forms():
        lay = app.table.layout
        fields = app.table.snapshot().fields
        line = status_places(fields, int(lay.status_rect.w), int(lay.status_rect.h))
        return [(p.field.key, p.field.forms.index(p.text), p.x, p.width) for p in line]

    first_buttons, first_forms = buttons(), forms()
    for moves in (9, 10, 100):
        while app.session.game.moves_made < moves:
            play(app, Draw())
        settle(app)
        assert forms() == first_forms, moves
        # Undo is clickable now: one more button, the others where they were.
        assert set(first_buttons) <= set(buttons()), moves
    app.controller.apply(i.PlayDeal(123456789))
    press(app, pygame.K_y)  # yes, abandon the game in progress
    settle(app)
    assert app.session.game.deal.seed == 123456789
    assert forms() == first_forms
    assert buttons() == first_buttons
