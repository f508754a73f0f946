"""Playing the games past the Klondike shape in the real App: click to move sends a card to
a free cell before an empty pile; a double click sends a cell's card to its foundation; the
empty foundations of Spider, which take whole runs, say K; Spider is won with its runs
left in the tableau."""

from __future__ import annotations

from game.engine.cards import ACE, RANK
from game.engine.commands import Move
from game.store.statistics import StatsKey, load_statistics
from game.view import intents as i
from game.view.slots import slot_labels
from tests.family.table import Table, run

from .app_helpers import click, frame, make_app, play, settle


def centre(app, card):
    home = app.table.motion.sprites[card].home
    return home.x + 5, home.y + 5


def test_click_to_move_parks_a_card_in_a_free_cell_and_a_double_click_sends_it_up(tmp_path):
    app = make_app(tmp_path, "--variant", "freecell", "--seed", "1")
    settle(app)
    app.controller.apply(i.ChangeSetting("click_to_move", True))
    game = app.session.game
    layout = game.layout
    # A top card with no pile to take it goes to the first free cell.
    source = next(
        t for t in layout.tableau_range if set(game.legal_targets(t, 1)) <= set(layout.cell_range)
    )
    card = game.state.piles[source][-1]
    click(app, centre(app, card))
    settle(app)
    first_cell = layout.cell_range[0]
    assert game.state.piles[first_cell] == (card,)


def test_a_double_click_sends_a_cells_card_to_its_foundation(tmp_path):
    app = make_app(tmp_path, "--variant", "freecell", "--seed", "2")  # an Ace on top
    settle(app)
    game = app.session.game
    layout = game.layout
    pile = next(t for t in layout.tableau_range if RANK[game.state.piles[t][-1]] == ACE)
    ace = game.state.piles[pile][-1]
    play(app, Move(pile, layout.cell_range[1]))
    settle(app)
    assert game.state.piles[layout.cell_range[1]] == (ace,)
    x, y = centre(app, ace)
    click(app, (x, y))
    frame(app)
    click(app, (x, y))
    settle(app)
    assert any(game.state.piles[f] == (ace,) for f in layout.foundation_range)
    assert not game.state.piles[layout.cell_range[1]]


def test_spiders_empty_foundations_say_king(tmp_path):
    app = make_app(tmp_path, "--variant", "spider", "--seed", "1")
    settle(app)
    labels = slot_labels(app.session.game)
    assert {labels[f] for f in app.session.game.layout.foundation_range} == {"K"}


def test_spider_is_won_with_the_eight_runs_left_in_the_tableau(tmp_path):
    """The page's second way to win: the move that completes the eighth run in the tableau
    ends the game as won, celebrated and counted, with no run on the foundations."""
    table = Table("spider")
    piles = {f"t{n + 1}": run(suit) for n, suit in enumerate("CDHS" * 2)}
    piles["t8"], piles["t9"] = run("S", "2"), "AS"
    game = table.game_at(table.state(**piles))
    app = make_app(tmp_path, "--variant", "spider", "--seed", "1")
    settle(app)
    app.session.adopt(game, game_id="tableau-win")
    app.table.show(game, animate=False)
    assert not game.won
    play(app, table.move("t9", "t8"))
    assert game.won and app.table.cascade is not None
    # No card is on a foundation: the cards that fly are the tableau's, all 104 of them.
    assert len(app.table.cascade.queue) == 104
    assert not any(game.state.piles[f] for f in game.layout.foundation_range)
    stats, _ = load_statistics(tmp_path)
    assert stats.get(StatsKey("spider", "four-suits")).won == 1
