"""Events name the cards they move: in every variant and mode, over random play with undo
and redo, each event's cards are the cards the state shows moved (worked out here from
the states before and after, not from the engine's naming); undo, redo and a save's round
trip keep them; the save file stays as small as before (no cards in it)."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.commands import Collect, Draw, ToFoundation
from game.engine.events import (
    CardsMoved,
    CardTurnedUp,
    StockDealt,
    StockTurned,
    WasteRedealt,
    apply,
)
from game.engine.game import new_game
from game.engine.savefile import game_from_json, game_to_json
from game.engine.state import STOCK, WASTE
from game.variants import all_variants, get_variant

KINDS = (CardsMoved, CardTurnedUp, StockTurned, WasteRedealt, StockDealt)
GAMES = [(table.id, mode) for table in all_variants() for mode in table.mode_ids()]
STEPS = 300


def named(event) -> tuple:
    """The cards ``event`` names, as a tuple."""
    return (event.card,) if type(event) is CardTurnedUp else event.cards


def moved(before, after, event) -> tuple:
    """The cards the states say ``event`` moved (or turned), read off the piles."""
    kind = type(event)
    if kind is CardsMoved:
        return after.piles[event.target][-event.count :]
    if kind is CardTurnedUp:
        return after.piles[event.pile][-1:]
    if kind is StockTurned:
        return after.piles[WASTE][-event.count :]
    if kind is WasteRedealt:
        return before.piles[WASTE]
    # StockDealt: the stock's cards from the top, one to each target in turn.
    return before.piles[STOCK][::-1][: len(event.targets)]


def check_step(state, step) -> set:
    """Assert each event of ``step`` (played from ``state``) names what it moved; returns
    the kinds of event seen."""
    for event in step:
        after = apply(state, event)
        assert named(event) == tuple(moved(state, after, event)), event
        if type(event) is StockDealt:
            tops = tuple(after.piles[t][-1] for t in dict.fromkeys(event.targets))
            assert set(tops) <= set(event.cards)
        state = after
    return {type(event) for event in step}


def random_play(variant: str, mode: str, seed: int):
    """A game played by random legal commands (draws and shortcuts among them), with
    undo and redo now and then; checks every step made or made again."""
    rules = get_variant(variant).rules(mode)
    game = new_game(rules, seed=seed)
    rng = random.Random(seed)
    seen: set = set()
    for _ in range(STEPS):
        roll = rng.random()
        if roll < 0.08 and game.can_undo:
            game.undo()
            continue
        if roll < 0.14 and game.can_redo:
            before = game.state
            seen |= check_step(before, game.redo())
            continue
        commands = game.legal_moves() + [Collect()]
        commands += [ToFoundation(p) for p in (WASTE, *game.mechanics.tableau)]
        if game.can_draw():
            commands += [Draw()] * 2  # the stock runs out and is redealt
        rng.shuffle(commands)
        for command in commands:
            if game.is_legal(command):
                before = game.state
                seen |= check_step(before, game.execute(command))
                break
        else:
            break
    return game, seen


@pytest.mark.parametrize(("variant", "mode"), GAMES)
def test_every_event_names_the_cards_it_moved(variant, mode):
    seen: set = set()
    for seed in (7, 8, 9):
        game, kinds = random_play(variant, mode, seed)
        seen |= kinds
    assert CardsMoved in seen
    assert seen & {StockTurned, StockDealt} or game.rules.stock_to == "none"


def test_every_kind_of_event_is_checked_somewhere():
    seen: set = set()
    for variant in ("klondike", "lady-jane", "canfield", "easthaven"):
        for seed in range(3):
            seen |= random_play(variant, get_variant(variant).default_mode, seed)[1]
    assert seen == set(KINDS)


@pytest.mark.parametrize("variant", ["klondike", "canfield", "lady-jane", "athena"])
def test_undo_redo_and_a_save_keep_the_cards(variant):
    game, _ = random_play(variant, get_variant(variant).default_mode, seed=3)
    steps = [record.step for record in game.timeline()]
    assert steps and all(named(e) and None not in named(e) for s in steps for e in s)
    while game.undo() is not None:
        pass
    while game.redo() is not None:
        pass
    assert [[named(e) for e in s] for s in steps] == [
        [named(e) for e in r.step] for r in game.timeline()
    ]
    text = game_to_json(game)
    assert '"cards"' not in text and '"card"' not in text  # saves stay as small as before
    back, _ = game_from_json(text, get_variant)
    assert [[named(e) for e in r.step] for r in back.timeline()] == [
        [named(e) for e in s] for s in steps
    ]


def test_an_event_without_its_cards_is_the_same_event():
    """Cards add which to what happened: a save's events (read without cards) still
    match the steps the engine makes."""
    game, _ = random_play("klondike", "draw3", seed=1)
    entries = json.loads(game_to_json(game))["log"]
    assert entries and all("cards" not in e for entry in entries for e in entry["events"])
    step = game.log[-1].step
    bare = tuple(type(e)(*(getattr(e, f) for f in _what(e))) for e in step)
    assert bare == step and hash(bare) == hash(step)
    assert all(not named(e) or named(e) == (None,) for e in bare)


def _what(event) -> tuple[str, ...]:
    """The fields that say what happened (all but the cards)."""
    return tuple(f for f in event.__dataclass_fields__ if f not in ("cards", "card"))
