"""The player's own tables (``game.variants.player``, known to a run's ``Catalogue``): the
data folder's ``variants/``, read as a player hands them over; a broken one named with its
file, line and problem; none ever stands for a built-in."""

from pathlib import Path

import pytest

from game.engine.rules import RuleTableError
from game.variants import get_variant, load_variant_file
from game.variants.catalogue import Catalogue
from game.variants.player import folder_of, load_player_table, read_folder

MINE = """# Klondike on eight piles
extends = "klondike"
id = "mine"
name = "My Klondike"
description = "Klondike with eight piles."
notes = "Made by me, for the long evenings."

[tableau]
piles = 8
"""


def put(data_dir: Path, name: str, text: str) -> Path:
    folder = folder_of(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_no_folder_no_tables(tmp_path):
    catalogue = Catalogue()
    found = catalogue.scan(tmp_path)
    assert found.tables == () and found.broken == () and catalogue.tables() == []


def test_a_table_in_the_folder_plays_by_its_id(tmp_path):
    put(tmp_path, "mine.toml", MINE)
    put(tmp_path, "notes.txt", "not a table: left alone")
    catalogue = Catalogue()
    found = catalogue.scan(tmp_path)
    assert [t.id for t in found.tables] == ["mine"] and found.broken == ()
    table = catalogue.find("mine")
    assert table.rules().tableau_piles == 8 and table.name == "My Klondike"
    assert table.mode_ids() == get_variant("klondike").mode_ids()  # its parent's modes
    assert catalogue.find("klondike") is get_variant("klondike")


def test_an_unknown_id_is_a_key_error_or_the_fallback(tmp_path):
    with pytest.raises(KeyError, match="unknown variant"):
        Catalogue().find("nobody")
    assert Catalogue().find("nobody", "saratoga") is get_variant("saratoga")


def test_a_broken_table_names_its_file_line_and_problem(tmp_path):
    path = put(tmp_path, "bad.toml", MINE.replace("piles = 8", "piles = 99"))
    put(tmp_path, "mine.toml", MINE.replace('id = "mine"', 'id = "good"'))
    catalogue = Catalogue()
    found = catalogue.scan(tmp_path)
    assert [t.id for t in found.tables] == ["good"]  # the others are not affected
    (broken,) = found.broken
    assert broken.path == path
    assert broken.problem.startswith(f"{path}, line 9: key 'tableau.piles': ")
    assert "from 1 to 13, got 99" in broken.problem
    with pytest.raises(KeyError):
        catalogue.find("mine")


def test_a_mode_of_a_broken_table_is_named_on_its_line(tmp_path):
    text = MINE + '\n[modes.quick]\nlabel = "Quick"\nstock = { draw = 0, redeals = 1 }\n'
    path = put(tmp_path, "quick.toml", text)
    (broken,) = read_folder(tmp_path).broken
    assert broken.problem.startswith(f"{path}, line 13: key 'modes.quick.stock.draw': ")


def test_toml_that_is_not_toml_names_its_line(tmp_path):
    put(tmp_path, "typo.toml", MINE.replace("piles = 8", "piles = = 8"))
    (broken,) = read_folder(tmp_path).broken
    assert "not valid TOML" in broken.problem and "line 9" in broken.problem


def test_a_missing_key_is_named_without_a_line(tmp_path):
    path = put(tmp_path, "x.toml", 'id = "x"\nname = "X"\n')
    (broken,) = read_folder(tmp_path).broken
    assert broken.problem == f"{path}: key 'decks': missing"


def test_a_builtin_id_is_refused_not_shadowed(tmp_path):
    path = put(tmp_path, "klondike.toml", MINE.replace('id = "mine"', 'id = "klondike"'))
    (broken,) = read_folder(tmp_path).broken
    assert broken.problem.startswith(f"{path}, line 3: key 'id': 'klondike' is the id of a ")
    assert get_variant("klondike").rules().tableau_piles == 7
    with pytest.raises(RuleTableError, match="built-in"):
        load_player_table(path)


def test_two_tables_of_one_id_the_second_is_refused(tmp_path):
    put(tmp_path, "a.toml", MINE)
    path = put(tmp_path, "b.toml", MINE.replace("piles = 8", "piles = 9"))
    found = read_folder(tmp_path)
    assert [t.rules().tableau_piles for t in found.tables] == [8]
    (broken,) = found.broken
    assert broken.problem == f"{path}, line 3: key 'id': 'mine' is already the id of a.toml"


def test_a_table_may_extend_another_of_the_folder(tmp_path):
    put(tmp_path, "mine.toml", MINE)
    put(tmp_path, "more.toml", 'extends = "mine"\nid = "more"\nname = "More"\n[stock]\ndraw = 2\n')
    tables = {t.id: t for t in read_folder(tmp_path).tables}
    assert tables["more"].rules().tableau_piles == 8


def test_a_new_file_shows_at_the_next_reading(tmp_path):
    catalogue = Catalogue()
    assert catalogue.scan(tmp_path).tables == ()
    put(tmp_path, "mine.toml", MINE)
    assert [t.id for t in catalogue.scan(tmp_path).tables] == ["mine"]
    (folder_of(tmp_path) / "mine.toml").unlink()
    assert catalogue.scan(tmp_path).tables == ()
    assert catalogue.find("mine").id == "mine"  # a game of it still deals again


def test_its_rules_page_is_made_of_its_own_words(tmp_path):
    put(tmp_path, "mine.toml", MINE)
    catalogue = Catalogue()
    catalogue.scan(tmp_path)
    page = catalogue.help_text("mine")
    assert page.startswith("# My Klondike\n\nKlondike with eight piles.")
    assert "Made by me, for the long evenings." in page
    assert "Single-card deals: Cards are turned one at a time" in page
    assert "Klondike with eight piles" not in catalogue.help_text("klondike")


def test_the_table_carried_is_the_merged_one_for_a_players_table_only(tmp_path):
    put(tmp_path, "mine.toml", MINE)
    catalogue = Catalogue()
    table = catalogue.scan(tmp_path).tables[0]
    carried = catalogue.carried(table.rules("draw3"))
    assert carried["id"] == "mine" and carried["tableau"]["piles"] == 8
    assert carried["tableau"]["build"] == "down-alternate-colour"  # from Klondike
    assert "extends" not in carried
    assert catalogue.carried(get_variant("klondike").rules()) is None


def test_load_variant_file_names_the_line_too(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(MINE.replace("[tableau]", "[tableau]\nshuffle = true"), encoding="utf-8")
    with pytest.raises(RuleTableError) as err:
        load_variant_file(path)
    assert str(err.value).startswith(f"{path}, line 9: key 'tableau.shuffle': unknown key")
