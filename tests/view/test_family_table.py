"""The family's shapes through the real App: a reserve's top card dragged to a legal pile
and sent home by a double-click, the stock clicked to deal to the reserves or the tableau
(one card flying to each pile in turn), the keyboard focus walking the reserves, the
empty slots saying what they take; after each, the screen holds the engine's state."""

from __future__ import annotations

from game.engine.cards import RANK
from game.engine.commands import Draw, Move
from game.engine.events import StockDealt
from game.engine.state import STOCK, WASTE
from game.view import intents as i
from game.view.steps import step_delays
from tests.view.family_shapes import dealt
from tests.view.scene_helpers import (
    centre_of,
    display,
    drag,
    matches_engine,
    mouse,
    scene_for,
    settle,
)


def family_table(game):
    """The real App dealing ``game``'s variant and deal number (the same game), its
    automatic finish off: until the solver over legal moves lands (branch solver-any),
    the specialised solver refuses these rules."""
    table = scene_for(game.rules.variant, game.deal.seed)
    table.apply(i.ChangeSetting("auto_finish", "never"))
    assert table.game.state == game.state
    return table


def playable_reserve(name: str):
    """The first deal of ``name`` whose reserve top card has a tableau pile to go to."""
    for seed in range(1, 500):
        game = dealt(name, seed)
        for r in game.layout.reserve_range:
            targets = [t for t in game.legal_targets(r, 1) if game.layout.is_tableau(t)]
            if targets:
                return game, r, targets[0]
    raise AssertionError("no deal has a reserve card to play")


def test_a_reserves_top_card_drags_to_a_legal_pile_and_the_screen_follows():
    display()
    game, reserve, target = playable_reserve("canfield")
    table = family_table(game)
    settle(table)
    card = game.state.piles[reserve][-1]
    under = game.state.piles[reserve][-2]
    assert table.motion.sprites[card].face_up and not table.motion.sprites[under].face_up
    assert (table.pile_rect(reserve), 13) in table.snapshot().counts
    aim = table.pile_rect(target)
    drag(table, centre_of(table, card), (int(aim.x + aim.w / 2), int(aim.y + aim.h / 3)))
    settle(table)
    assert table.game.state.piles[target][-1] == card
    assert table.game.state.piles[reserve][-1] == under
    assert matches_engine(table)
    assert (table.pile_rect(reserve), 12) in table.snapshot().counts


def test_only_the_top_card_of_a_reserve_lifts():
    display()
    game, reserve, _ = playable_reserve("canfield")
    table = family_table(game)
    settle(table)
    assert table.pickable(reserve, 12) == 1
    assert table.pickable(reserve, 11) == 0


def test_a_double_click_sends_a_reserve_card_to_its_foundation():
    display()
    for seed in range(1, 800):
        game = dealt("lady-jane", seed)
        home = [
            m.source
            for m in game.legal_moves()
            if type(m) is Move
            and game.layout.is_reserve(m.source)
            and game.layout.is_foundation(m.target)
        ]
        if home:
            break
    table = family_table(game)
    settle(table)
    reserve = home[0]
    card = game.state.piles[reserve][-1]
    at = centre_of(table, card)
    for _ in range(2):
        mouse(table, "down", at)
        mouse(table, "up", at)
    settle(table)
    foundations = table.game.layout.foundation_range
    assert any(table.game.state.piles[f][-1:] == (card,) for f in foundations)
    assert card not in table.game.state.piles[reserve]
    assert matches_engine(table)


def test_clicking_the_stock_deals_a_card_to_each_reserve_one_after_another():
    display()
    table = family_table(dealt("lady-jane"))
    settle(table)
    stock = table.layout.slot_rect(STOCK)
    mouse(table, "down", (int(stock.x + 5), int(stock.y + 5)))
    mouse(table, "up", (int(stock.x + 5), int(stock.y + 5)))
    (event,) = table.game.log[-1].step
    assert table.game.log[-1].command == Draw() and type(event) is StockDealt
    reserves = table.game.layout.reserve_range
    assert event.targets == tuple(reserves)
    delays = step_delays(table.game.log[-1].step)
    order = [table.game.state.piles[r][-1] for r in reserves]
    assert event.cards == tuple(order)
    assert [delays[c] for c in order] == sorted({delays[c] for c in order})  # one by one
    assert not table.game.state.piles[WASTE]
    settle(table)
    assert matches_engine(table)
    assert all(len(table.game.state.piles[r]) == 2 for r in reserves)


def test_the_stock_deals_to_the_tableau_where_the_rules_say():
    display()
    table = family_table(dealt("easthaven"))
    settle(table)
    tableau = table.game.layout.tableau_range
    sizes = [len(table.game.state.piles[t]) for t in tableau]
    assert table.do(Draw())
    settle(table)
    assert [len(table.game.state.piles[t]) for t in tableau] == [n + 1 for n in sizes]
    assert all(table.motion.sprites[table.game.state.piles[t][-1]].face_up for t in tableau)
    assert matches_engine(table)
    table.apply(i.Undo())
    settle(table)
    assert matches_engine(table)


def test_no_stock_is_drawn_or_clicked_where_the_game_has_none():
    display()
    table = family_table(dealt("yukon"))
    settle(table)
    assert STOCK in table.layout.hidden and WASTE in table.layout.hidden
    assert table.pile_at(*table.layout.origins[STOCK]) is None
    assert all(STOCK not in row and WASTE not in row for row in table.layout.rows())


def test_keyboard_focus_walks_the_reserves():
    display()
    game, reserve, target = playable_reserve("canfield")
    table = family_table(game)
    settle(table)
    seen = set()
    table.focus_input(i.FocusMove(0, 1))  # shows the focus
    for dy in (0, 1, 1, -1, -1, -1, -1):
        for _ in range(8):
            table.focus_input(i.FocusMove(1, 0))
            seen.add(table.focus.pile)
        table.focus_input(i.FocusMove(0, dy))
        seen.add(table.focus.pile)
    assert reserve in seen
    # Pick the reserve's card up with Enter and put it down on its target.
    card = game.state.piles[reserve][-1]
    table.focus.pile, table.focus.depth = reserve, 1
    table.focus_input(i.FocusActivate())
    table.focus.pile = target
    table.apply(table.focus_input(i.FocusActivate())[0])
    settle(table)
    assert table.game.state.piles[target][-1] == card
    assert matches_engine(table)


def test_empty_slots_say_what_they_take():
    """Yukon's empty foundations take an Ace and its empty piles a King; Canfield's empty
    foundations take the rank of the base card dealt to the first, and its empty piles
    anything."""
    display()
    for variant, foundation, tableau in (("yukon", "A", "K"), ("canfield", None, None)):
        table = family_table(dealt(variant))
        labels = table.slot_labels()
        game = table.game
        if foundation is None:
            base = game.state.piles[game.layout.foundation_range[0]][0]
            foundation = "A23456789TJQK"[RANK[base] - 1].replace("T", "10")
        for f in game.layout.foundation_range:
            assert labels[f] == foundation, variant
        for t in game.layout.tableau_range:
            assert labels[t] == tableau, variant


def test_the_deal_flies_every_dealt_card_from_the_stock_reserves_and_base_card_too():
    """Canfield deals its reserve and a base card to the first foundation besides the
    tableau: each of them flies out of the stock in turn, as the tableau's cards do."""
    display()
    table = family_table(dealt("canfield"))
    scene, game = table.scene, table.game
    scene.show(game, animate=True)
    stock = scene.layout.origins[STOCK]
    order = game.deal.cards(game.rules)
    flying = [c for c in order if c not in game.state.piles[STOCK]]
    assert len(flying) == 13 + 1 + 4
    starts = [scene.motion.sprites[c].tween for c in flying]
    assert all(t is not None and (t.x0, t.y0) == stock for t in starts)
    assert [t.delay for t in starts] == sorted({t.delay for t in starts})  # one by one
    settle(table)
    assert matches_engine(table)
