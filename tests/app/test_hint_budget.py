"""A hint and "is this still winnable?" answer within their budgets in a family game (the
generic search), and say "not known" when the search found nothing in time (issue 25)."""

from __future__ import annotations

import dataclasses
import random
import time

import pygame

from game.app.budgets import STANDARD
from game.app.loop import DT
from game.engine.cards import CODE
from game.engine.commands import Move
from game.solver.hints import (
    DEFAULT_SAMPLES,
    NODES_PER_SECOND,
    HintCache,
    explained_hint,
    hint_reach,
)
from tests.engine.helpers import game_at, position, rules

from .app_helpers import make_app, settle

# Beyond a budget: a frame or two, and a machine shared with other work.
SLACK = 0.5


def locked_athena():
    """Athena (the generic search: its deal is not Klondike's) with every card face up and
    the stock already turned once, so a hint has nothing hidden to sample and searches the
    one position there is. It is lost: 2♠ lies on A♠ with both red 3s under them, so 2♠
    can go nowhere (an empty pile takes only a King), but the search can only learn that
    by trying the whole space of the other 48 cards, which it cannot in a second."""
    r = rules("athena", "draw1")
    locked = ["3H", "3D", "AS", "2S"]
    rest = [code for code in CODE[:52] if code not in locked]
    random.Random(25).shuffle(rest)
    piles = {"t1": " ".join(locked)}
    at = 0
    for pile, size in zip(range(2, 8), (2, 3, 4, 5, 6, 7), strict=True):
        piles[f"t{pile}"] = " ".join(rest[at : at + size])
        at += size
    piles["waste"] = " ".join(rest[at : at + 5])
    piles["stock"] = " ".join(rest[at + 5 :])
    state = position(r, piles, redeals_used=1)
    assert sum(map(len, state.piles)) == 52
    return r, game_at(r, state)


def until_said(app, started: float, seconds: float = 20.0) -> tuple[str, float]:
    """Run frames until the assistant has nothing left to collect: (its message, the
    seconds from ``started`` until it was shown)."""
    assistant = app.controller.assistant
    while assistant.busy and time.monotonic() - started < seconds:
        app.tick(DT)
        app.update(DT)
        time.sleep(0.005)
    app.tick(DT)
    took = time.monotonic() - started
    assert not assistant.busy, "no answer at all"
    return (app.table.toast.text if app.table.toast else ""), took


def athena_app_at_a_lost_position(tmp_path, budget=STANDARD):
    """The real App showing ``locked_athena``'s game (the controller told of it), its
    searches given ``budget``."""
    app = make_app(tmp_path, "--variant", "athena", budget=budget)
    settle(app)
    _r, game = locked_athena()
    app.session.adopt(game)
    app.table.show(game, animate=False)
    app.controller.position_changed()
    return app, game


def test_a_hint_the_search_cannot_find_in_time_says_not_known_within_its_budget(tmp_path):
    app, game = athena_app_at_a_lost_position(tmp_path)
    started = time.monotonic()
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    said, took = until_said(app, started)
    assert took <= hint_reach(STANDARD.hint) + SLACK, took
    assert said.startswith("Hint: "), said
    assert "Not known to lead to a win" in said, said
    source, count, target = app.table.hint  # the heuristic's move, shown and legal
    assert target is None or game.is_legal(Move(source, target, count))


def test_a_hint_of_a_winning_line_says_nothing_of_the_kind(tmp_path):
    app = make_app(tmp_path, "--variant", "klondike", "--seed", "5")
    settle(app)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    said, _took = until_said(app, time.monotonic())
    assert said == "Hint: move 8♥ onto 9♠"


def test_still_winnable_undecided_in_its_budget_says_so(tmp_path):
    budget = dataclasses.replace(STANDARD, verdict=0.5)
    app, _game = athena_app_at_a_lost_position(tmp_path, budget)
    started = time.monotonic()
    app.controller.assistant.ask_winnable()
    said, took = until_said(app, started)
    assert took <= 0.5 + SLACK, took
    assert "every card" in said and "undecided" in said, said


def test_a_hint_searches_on_with_its_budget_before_saying_not_known(tmp_path):
    # Whitehead deal 3: the samples' first round (the node budget set at the Python
    # search's pace) wins none of them; searched again with more positions while the
    # second lasts, they find a line, and the hint says nothing of "not known".
    r = rules("whitehead", "draw1")
    app = make_app(tmp_path, "--variant", "whitehead", "--seed", "3")
    settle(app)
    game = app.session.game
    first_round = max(500, int(STANDARD.hint * NODES_PER_SECOND / DEFAULT_SAMPLES))
    fixed = explained_hint(game, r, STANDARD.hint, nodes=first_round, cache=HintCache())
    assert not fixed.winning  # the first round alone: no line
    started = time.monotonic()
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    said, took = until_said(app, started)
    assert took <= hint_reach(STANDARD.hint) + SLACK, took
    assert said.startswith("Hint: ") and "Not known" not in said, said
    source, count, target = app.table.hint
    assert target is None or game.is_legal(Move(source, target, count))
