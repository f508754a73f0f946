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
    data["variant"] = "pyramid"
    with pytest.raises(SaveError, match="unknown variant"):
        game_from_json(json.dumps(data), get_variant)


def test_notation_round_trip():
    g = new_game(rules("double-klondike"), seed=1)
    for text in ["w-t3", "t1-f2", "t4-t6:3", "draw", "collect", "t2-f", "f8-t9"]:
        assert format_command(parse_command(text, g.layout), g.layout) == text
    for bad in ["t10-t1", "x-y", "t1-t2:0", "t1", "w-f:2"]:
        with pytest.raises(ValueError):
            parse_command(bad, g.layout)


# -- a save proves its deal (format 2) ----------------------------------------------------


def draws_only(variant="klondike", seed=12, draws=5):
    g = new_game(rules(variant), seed=seed)
    for _ in range(draws):
        g.execute(Draw())
    return g


def test_a_changed_deal_number_is_caught_even_when_the_log_names_no_card():
    data = doc(draws_only())
    data["seed"] = 13  # stock turns carry no card: only the fingerprint can tell
    with pytest.raises(SaveError, match="fingerprint differs"):
        game_from_json(json.dumps(data), get_variant)


def test_a_changed_deck_is_caught():
    from game.engine.cards import CODE
    from game.engine.deal import shuffled

    r = rules("klondike")
    g = new_game(r, deck=shuffled(list(range(52)), 4))
    g.execute(Draw())
    data = doc(g)
    assert [CODE[c] for c in g.deal.deck] == data["deck"]
    data["deck"][-1], data["deck"][-2] = data["deck"][-2], data["deck"][-1]
    with pytest.raises(SaveError, match="fingerprint differs"):
        game_from_json(json.dumps(data), get_variant)


@pytest.mark.parametrize("change", [{"mode": "draw1-unlimited"}, {"variant": "saratoga"}])
def test_a_changed_mode_or_variant_is_caught_before_any_move(change):
    data = doc(new_game(rules("klondike"), seed=3))  # no move: nothing else could tell
    data.update(change)
    with pytest.raises(SaveError, match="fingerprint differs"):
        game_from_json(json.dumps(data), get_variant)


@pytest.mark.parametrize("mode", [None, "", 7])
def test_the_mode_is_never_guessed(mode):
    data = doc(draws_only())
    if mode is None:
        del data["mode"]
    else:
        data["mode"] = mode
    with pytest.raises(SaveError, match="mode"):
        game_from_json(json.dumps(data), get_variant)


def test_a_missing_or_altered_fingerprint_is_refused():
    data = doc(draws_only())
    del data["deal_fingerprint"]
    with pytest.raises(SaveError, match="fingerprint"):
        game_from_json(json.dumps(data), get_variant)
    data["deal_fingerprint"] = "sha256:" + "0" * 64
    with pytest.raises(SaveError, match="fingerprint"):
        game_from_json(json.dumps(data), get_variant)


def version_1(g) -> dict:
    """A save as the first format wrote it: indented, no fingerprint."""
    data = doc(g)
    data["version"] = 1
    del data["deal_fingerprint"]
    return data


def test_a_first_format_save_still_loads():
    g = played()
    g.undo()
    text = json.dumps(version_1(g), indent=1)
    back, _ = game_from_json(text, get_variant)
    assert back.state == g.state and back.log == g.log and back.redo_stack == g.redo_stack


def test_a_first_format_save_without_its_mode_is_refused():
    data = version_1(played())
    del data["mode"]
    with pytest.raises(SaveError, match="'mode'"):
        game_from_json(json.dumps(data), get_variant)


def test_a_log_entry_without_events_says_so():
    data = doc(played())
    del data["log"][0]["events"]
    with pytest.raises(SaveError, match=r"log entry 1 \(.*\): 'events' is missing"):
        game_from_json(json.dumps(data), get_variant)


def test_one_entry_a_line_and_only_ascii():
    g = played()
    g.undo()
    text = game_to_json(g, extra={"elapsed": 1.5})
    assert text.isascii()
    lines = text.splitlines()
    assert lines[0].startswith('{"format":"klondike-family-game","version":2,')
    # the head, "log":[, the entries, ], "redo":[, the entries, ], "extra"
    assert len(lines) == 1 + 1 + len(g.log) + 1 + 1 + len(g.redo_stack) + 1 + 1


def test_kept_entry_texts_give_the_same_file_as_a_fresh_save():
    """The save cache never serves a stale entry, whatever undo and redo did."""
    import random

    from game.engine.savefile import EntryTexts

    rng = random.Random(5)
    g = new_game(rules("double-klondike"), seed=2)
    texts = EntryTexts()
    for _ in range(400):
        roll = rng.random()
        if roll < 0.2:
            g.undo()
        elif roll < 0.35:
            g.redo()
        else:
            g.execute(rng.choice(g.legal_moves()))
        assert game_to_json(g, {"elapsed": 1}, texts) == game_to_json(g, {"elapsed": 1})


def test_a_ten_thousand_move_game_resumes_whole():
    """Its speed is measured by ``tools/bench_engine.py`` (resumed in under a second)."""
    import random

    rng = random.Random(1)
    g = new_game(get_variant("klondike").rules("draw1-unlimited"), seed=5)
    while g.moves_made < 10_000:
        g.execute(rng.choice(g.legal_moves()))
    for _ in range(20):
        g.undo()
    text = game_to_json(g, {"elapsed": 600.0})
    back, _ = game_from_json(text, get_variant)
    assert back.state == g.state and back.moves_made == 9_980 and len(back.redo_stack) == 20
    assert back.redo_stack == g.redo_stack
