"""A save carries the table of a variant that is not built in (``savefile``'s ``table``):
it is played again under that table, whatever the file holds now or if it is gone; a
built-in's save is as it always was."""

import json

import pytest

from game.engine.game import new_game
from game.engine.savefile import SaveError, game_from_json, game_to_json
from game.variants import get_variant
from game.variants.catalogue import Catalogue
from game.variants.codes import deal_code, read_deal_code

from .test_player_tables import MINE, put


def played(rules, steps=30):
    game = new_game(rules, seed=99)
    for n in range(steps):
        moves = game.legal_moves()
        game.execute(moves[n % len(moves)])
    return game


def saved_mine(tmp_path, mode="draw3"):
    put(tmp_path, "mine.toml", MINE)
    catalogue = Catalogue()
    rules = catalogue.scan(tmp_path).tables[0].rules(mode)
    game = played(rules)
    return game, game_to_json(game, {"elapsed": 3.0}, table=catalogue.carried(rules))


def test_a_players_game_comes_back_without_its_file(tmp_path):
    game, text = saved_mine(tmp_path)
    (tmp_path / "variants" / "mine.toml").unlink()
    run = Catalogue()  # a new run: nothing known of the table but what the save says
    back, extra = game_from_json(text, get_variant, run.from_carried)
    assert back.rules == game.rules and back.state == game.state and back.log == game.log
    assert extra == {"elapsed": 3.0}
    assert run.find("mine").rules("draw3") == game.rules  # its next game deals too
    assert run.carried(back.rules)["tableau"]["piles"] == 8  # and its next save carries it
    code = deal_code(back.rules, 5, run)
    assert read_deal_code(code, run) == (back.rules, 5)  # and its code reads
    assert read_deal_code(code, Catalogue()) is None  # in this run only


def test_an_edited_file_does_not_change_the_game_saved(tmp_path):
    game, text = saved_mine(tmp_path)
    put(tmp_path, "mine.toml", MINE.replace("piles = 8", "piles = 6"))
    run = Catalogue()
    run.scan(tmp_path)
    back, _extra = game_from_json(text, get_variant, run.from_carried)
    assert back.rules.tableau_piles == 8 and back.state == game.state
    assert run.find("mine").rules().tableau_piles == 6  # the file as it is deals the next


def test_the_save_says_version_3_with_a_table_and_2_without(tmp_path):
    _game, text = saved_mine(tmp_path)
    data = json.loads(text)
    assert data["version"] == 3 and data["table"]["id"] == "mine"
    builtin = json.loads(game_to_json(played(get_variant("klondike").rules())))
    assert builtin["version"] == 2 and "table" not in builtin


def test_a_builtin_is_found_by_its_id_even_with_a_table(tmp_path):
    game = played(get_variant("klondike").rules())
    data = json.loads(game_to_json(game))
    data["version"], data["table"] = 3, {"anything": "at all"}
    back, _extra = game_from_json(json.dumps(data), get_variant, Catalogue().from_carried)
    assert back.state == game.state


def broken_save(tmp_path, change):
    _game, text = saved_mine(tmp_path)
    data = json.loads(text)
    change(data)
    with pytest.raises(SaveError) as err:
        game_from_json(json.dumps(data), get_variant, Catalogue().from_carried)
    return str(err.value)


def test_a_broken_table_carried_is_refused_by_key(tmp_path):
    def bad_piles(data):
        data["table"]["tableau"]["piles"] = 99

    message = broken_save(tmp_path, bad_piles)
    assert message.startswith("'table': key 'tableau.piles': must be a whole number")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(table=[1, 2]), "'table' must be a rule table (an object)"),
        (lambda d: d["table"].update(id="other"), "rule table of 'other', not of 'mine'"),
        (lambda d: d.pop("table"), "unknown variant 'mine'"),
        (lambda d: d.update(version=2), "unknown variant 'mine'"),  # no table before 3
        (lambda d: d["table"].update(modes=None), "'table': key 'modes'"),
        (lambda d: d["table"]["tableau"].update(deal="counts"), "tableau.counts"),
    ],
)
def test_what_is_not_a_table_is_refused(tmp_path, change, words):
    assert words in broken_save(tmp_path, change)
