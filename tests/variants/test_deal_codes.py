"""Deal codes: every variant and mode, there and back."""

import pytest

from game.engine.rules import RuleTableError
from game.variants import all_variants, builtin_ids
from game.variants.catalogue import Catalogue
from game.variants.codes import builtin_codes, deal_code, read_deal_code

RULES = [t.rules(m) for t in all_variants() for m in t.mode_ids()]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.variant}/{r.mode}")
def test_a_code_names_its_deal(rules):
    run = Catalogue()
    for number in (0, 7, 4242, 18446744073709551615):
        seed = rules.numbering.spread(number)  # a number the game deals (FreeCell's from 1)
        code = deal_code(rules, seed, run)
        assert read_deal_code(code, run) == (rules, seed)
        assert read_deal_code(f"  {code.lower()} ", run) == (rules, seed)  # as a person types it


def test_codes_read_as_expected():
    run = Catalogue()
    assert [deal_code(r, 4242, run) for r in RULES if r.variant == "klondike"] == [
        "K3RU-4242",
        "K1R2-4242",
        "K1R0-4242",
        "K1RU-4242",
    ]
    assert (
        deal_code(next(r for r in RULES if r.variant == "double-klondike"), 77, run) == "DK3R1-77"
    )


def test_every_builtin_variant_has_letters_of_its_own():
    # Initials would not do: whitehead and westhaven, agnes and athena would share them.
    codes = builtin_codes()
    assert set(codes) == set(builtin_ids())
    letters = list(codes.values())
    assert len(set(letters)) == len(letters)
    assert all(code.isascii() and code.isalpha() and code.isupper() for code in letters)
    assert all(1 <= len(code) <= 3 for code in letters)  # a player's table's have six
    assert (codes["klondike"], codes["saratoga"]) == ("K", "S")  # as ever: old codes read
    assert {codes["double-klondike"], codes["whitehead"], codes["thumb-and-pouch"]} == {
        "DK",
        "WH",
        "TP",
    }
    old = {"westhaven": "WE", "easthaven": "EH", "agnes": "AG", "gold-mine": "GM"}
    old |= {"athena": "AT", "jumbo": "J", "yukon": "Y", "canfield": "C", "lady-jane": "LJ"}
    assert {v: codes[v] for v in old} == old


@pytest.mark.parametrize(
    "text",
    ["", "K1R2", "K1R2-", "X1R2-5", "K9R9-5", "K1R2-18446744073709551616", "K1R2--5", "4242"],
)
def test_what_is_not_a_code_is_none(text):
    assert read_deal_code(text, Catalogue()) is None


def test_a_players_table_has_codes_of_its_own(tmp_path):
    from .test_player_tables import MINE, put

    put(tmp_path, "mine.toml", MINE.replace('id = "mine"', 'id = "klondike-8"'))
    put(tmp_path, "k.toml", MINE.replace('id = "mine"', 'id = "k"'))
    run = Catalogue()
    tables = run.scan(tmp_path).tables
    letters = set()
    for table in tables:
        for mode in table.mode_ids():
            rules = table.rules(mode)
            code = deal_code(rules, 4242, run)
            assert read_deal_code(code, run) == (rules, 4242)
            head = code.split("-")[0].rstrip("0123456789RU")
            assert len(head) == 6 and head not in builtin_codes().values()
            letters.add(head)
    assert len(letters) == 2  # "k" is not Klondike, nor "klondike-8"


def test_modes_that_deal_alike_are_named_by_their_ids(tmp_path):
    from .test_player_tables import MINE, put

    twins = MINE.replace("notes", 'default_mode = "gentle"\nnotes') + (
        '\n[modes.gentle]\nlabel = "Gentle"\nstock = { draw = 1, redeals = 2 }\n'
        '\n[modes.kings-only]\nlabel = "Kings"\nstock = { draw = 1, redeals = 2 }\n'
        "tableau = { empty_accepts = 'king' }\n"
        '\n[modes.three]\nlabel = "Three"\nstock = { draw = 3, redeals = 1 }\n'
    )
    put(tmp_path, "twins.toml", twins)
    run = Catalogue()
    (table,) = run.scan(tmp_path).tables
    codes = {m: deal_code(table.rules(m), 7, run) for m in table.mode_ids()}
    assert codes["gentle"].endswith(".GENTLE-7") and codes["kings-only"].endswith(".KINGS-ONLY-7")
    assert codes["three"].endswith("3R1-7")  # alone in dealing as it does: the usual code
    for mode, code in codes.items():
        assert read_deal_code(code.lower(), run) == (table.rules(mode), 7)
    assert read_deal_code(codes["gentle"].replace("GENTLE", "NONE"), run) is None


@pytest.mark.parametrize(
    "line, problem",
    [("", "must be one to three capitals"), ('code = "k"', "must be one to three capitals"),
     ('code = "KLON"', "must be one to three capitals"), ('code = "DK"', "another game's")],
)  # fmt: skip
def test_a_built_in_without_good_letters_is_named(monkeypatch, tmp_path, line, problem):
    """The letters come from the tables in the variants folder: one without them, or with
    letters that are not one to three capitals or are another game's, names its file."""
    from game import variants
    from game.variants import codes

    for source in variants.TABLES_DIR.glob("*.toml"):
        (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), "utf-8")
    mine = (tmp_path / "yukon.toml").read_text(encoding="utf-8").replace('code = "Y"', line)
    (tmp_path / "zz-new.toml").write_text(mine.replace('id = "yukon"', 'id = "zz-new"'))
    monkeypatch.setattr(codes, "TABLES_DIR", tmp_path)
    monkeypatch.setattr(codes, "builtin_ids", lambda: (*builtin_ids(), "zz-new"))
    codes.builtin_codes.cache_clear()
    try:
        with pytest.raises(RuleTableError, match=problem) as raised:
            codes.builtin_codes()
        assert "zz-new.toml: key 'code'" in str(raised.value)
    finally:
        codes.builtin_codes.cache_clear()
