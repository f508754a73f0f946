"""The run's ``Catalogue``: which table an id finds when a built-in, the table given with
``--table``, the data folder's and one a save carries share it, whatever order they were
read in; and what one catalogue reads, no other knows."""

import json

import pytest

from game.engine.game import new_game
from game.engine.savefile import game_from_json, game_to_json
from game.variants import get_variant
from game.variants.catalogue import Catalogue
from game.variants.player import PlayerTable, load_player_table

from .test_player_tables import MINE, put

ORDERS = ["given-first", "folder-first"]


def mine(piles: int) -> str:
    return MINE.replace("piles = 8", f"piles = {piles}")


def given(tmp_path, piles: int, folder: str = "elsewhere") -> PlayerTable:
    """``--table FILE``: a file outside the data folder."""
    path = tmp_path / folder / "mine.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(mine(piles), encoding="utf-8")
    return load_player_table(path)


def carried_data(tmp_path, piles: int) -> dict:
    """The table a save of a game of "mine" with ``piles`` piles carries (its file since
    gone): the table merged with Klondike's."""
    run = Catalogue()
    run.give(given(tmp_path, piles, "saved"))
    game = new_game(run.find("mine").rules("draw1"), seed=4)
    return json.loads(game_to_json(game, table=run.carried(game.rules)))["table"]


def piles(table) -> int:
    return table.rules().tableau_piles


@pytest.mark.parametrize("order", ORDERS)
def test_the_table_given_wins_over_the_folders_in_either_order(tmp_path, order):
    put(tmp_path, "mine.toml", mine(8))
    run = Catalogue()
    if order == "given-first":
        run.give(given(tmp_path, 9))
        run.scan(tmp_path)
    else:
        run.scan(tmp_path)
        run.give(given(tmp_path, 9))
    assert piles(run.find("mine")) == 9
    assert [piles(t) for t in run.tables()] == [9]  # one table of each id: the one found


@pytest.mark.parametrize("order", ["carried-first", "folder-first"])
def test_the_folders_table_wins_over_a_carried_one_in_either_order(tmp_path, order):
    put(tmp_path, "mine.toml", mine(8))
    carried = carried_data(tmp_path, 6)
    run = Catalogue()
    if order == "carried-first":
        run.from_carried(carried, "'table'")
        run.scan(tmp_path)
    else:
        run.scan(tmp_path)
        run.from_carried(carried, "'table'")
    assert piles(run.find("mine")) == 8  # the file as it is deals the next game
    # A game under the carried rules is still saved with its own table.
    six = run.from_carried(carried, "'table'").rules()
    assert run.carried(six)["tableau"]["piles"] == 6


def test_a_carried_table_is_found_when_no_file_has_its_id(tmp_path):
    run = Catalogue()
    run.scan(tmp_path)
    run.from_carried(carried_data(tmp_path, 6), "'table'")
    assert piles(run.find("mine")) == 6
    assert [t.id for t in run.variants()][-1] == "mine"  # a deal code may name it


def test_a_table_gone_from_the_folder_is_still_found_until_another_is_read(tmp_path):
    path = put(tmp_path, "mine.toml", mine(8))
    run = Catalogue()
    run.scan(tmp_path)
    path.unlink()
    assert run.scan(tmp_path).tables == ()
    assert piles(run.find("mine")) == 8  # a game of it deals its next game
    put(tmp_path, "mine.toml", mine(5))
    run.scan(tmp_path)
    assert piles(run.find("mine")) == 5


def test_a_builtin_id_finds_the_builtin_whatever_a_save_carries(tmp_path):
    klondike = get_variant("klondike")
    data = dict(carried_data(tmp_path, 6), id="klondike", name="Not Klondike")
    run = Catalogue()
    run.from_carried(data, "'table'")
    assert run.find("klondike") is klondike
    assert run.tables() == [] and run.carried(klondike.rules()) is None
    # And a save of Klondike that carries a table opens as Klondike.
    game = new_game(klondike.rules(), seed=2)
    saved = json.loads(game_to_json(game))
    saved["version"], saved["table"] = 3, data
    back, _extra = game_from_json(json.dumps(saved), get_variant, run.from_carried)
    assert back.rules == klondike.rules()


def test_what_one_catalogue_reads_no_other_knows(tmp_path):
    put(tmp_path, "mine.toml", mine(8))
    reader, other = Catalogue(), Catalogue()
    reader.scan(tmp_path)
    reader.give(given(tmp_path, 9))
    assert piles(reader.find("mine")) == 9
    with pytest.raises(KeyError, match="unknown variant"):
        other.find("mine")
    assert other.tables() == [] and other.carried(reader.find("mine").rules()) is None
