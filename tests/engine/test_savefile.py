import json

import pytest

from game.engine.commands import Draw
from game.engine.game import new_game
from game.engine.notation import format_command, parse_command
from game.engine.savefile import SaveError, game_from_json, game_to_json
from game.variants import get_variant

from .helpers import rules


def played(variant="klondike", seed=31, steps=40):
    g = new_game(rules(variant), seed=seed)
    for i in range(steps):
        moves = g.legal_moves()
        g.execute(moves[i % len(moves)])
    return g


@pytest.mark.parametrize("variant", ["klondike", "saratoga", "double-klondike"])
def test_round_trip_keeps_log_redo_and_state(variant):
    g = played(variant)
    g.undo()
    g.undo()
    text = game_to_json(g, extra={"elapsed": 12.5})
    back, extra = game_from_json(text, get_variant)
    assert back.state == g.state
    assert back.log == g.log and back.redo_stack == g.redo_stack
    assert extra == {"elapsed": 12.5}
    back.redo()
    g.redo()
    assert back.state == g.state


def test_deck_games_round_trip():
    r = rules("double-klondike")
    from game.engine.cards import CODE, cards_from_codes, full_deck
    from game.engine.deal import shuffled

    deck = cards_from_codes([CODE[c] for c in shuffled(full_deck(2), 9)], 2)
    g = new_game(r, deck=deck)
    g.execute(Draw())
    back, _ = game_from_json(game_to_json(g), get_variant)
    assert back.state == g.state and back.deal.seed is None


def doc(g):
    return json.loads(game_to_json(g))


def test_tampered_event_is_refused_naming_the_entry():
    data = doc(played())
    data["log"][4]["events"][0]["count"] = 7
    with pytest.raises(SaveError, match="log entry 5"):
        game_from_json(json.dumps(data), get_variant)


def test_illegal_command_is_refused_naming_the_entry():
    data = doc(played())
    data["log"][2]["command"] = "t1-t2:5"
    with pytest.raises(SaveError, match="log entry 3 .*not legal"):
        game_from_json(json.dumps(data), get_variant)


def test_truncated_and_foreign_and_future_files_are_refused():
    text = game_to_json(played())
    with pytest.raises(SaveError, match="not valid JSON"):
        game_from_json(text[: len(text) // 2], get_variant)
    with pytest.raises(SaveError, match="not a saved game"):
        game_from_json('{"hello": 1}', get_variant)
    data = json.loads(text)
    data["version"] = 99
    with pytest.raises(SaveError, match="newer version"):
        game_from_json(json.dumps(data), get_variant)
    data["version"] = 1
    data["variant"] = "spider"
    with pytest.raises(SaveError, match="unknown variant"):
        game_from_json(json.dumps(data), get_variant)


def test_notation_round_trip():
    g = new_game(rules("double-klondike"), seed=1)
    for text in ["w-t3", "t1-f2", "t4-t6:3", "draw", "collect", "t2-f", "f8-t9"]:
        assert format_command(parse_command(text, g.layout), g.layout) == text
    for bad in ["t10-t1", "x-y", "t1-t2:0", "t1", "w-f:2"]:
        with pytest.raises(ValueError):
            parse_command(bad, g.layout)
