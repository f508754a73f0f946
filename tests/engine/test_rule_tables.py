import textwrap

import pytest

from game.engine.commands import Draw, Move
from game.engine.game import new_game
from game.engine.rules import RuleTableError
from game.variants import all_variants, get_variant, load_variant_file

from .helpers import card, game_at, position


def test_builtin_variants_and_modes():
    ids = {t.id: t for t in all_variants()}
    family = ["agnes", "athena", "canfield", "easthaven", "gold-mine", "jumbo", "lady-jane"]
    family += ["thumb-and-pouch", "westhaven", "whitehead", "yukon"]
    first, rest = list(ids)[:3], list(ids)[3:]
    assert first == ["klondike", "saratoga", "double-klondike"] and rest == sorted(rest)
    assert set(family) <= set(rest)  # and any game added since, in the order of its id
    assert ids["klondike"].mode_ids() == ["draw3", "draw1", "draw1-noredeal", "draw1-unlimited"]
    assert ids["klondike"].default_mode == "draw1"
    assert ids["saratoga"].default_mode == "draw1"
    assert ids["double-klondike"].default_mode == "draw3"


@pytest.mark.parametrize(
    "mode, draw, redeals",
    [("draw3", 3, None), ("draw1", 1, 2), ("draw1-noredeal", 1, 0), ("draw1-unlimited", 1, None)],
)
def test_klondike_modes_follow_the_seed(mode, draw, redeals):
    r = get_variant("klondike").rules(mode)
    assert (r.draw, r.redeals) == (draw, redeals)


def test_saratoga_is_klondike_face_up_with_two_redeals():
    r = get_variant("saratoga").rules()
    k = get_variant("klondike").rules()
    assert r.face_up == "all" and k.face_up == "top"
    assert (r.draw, r.redeals, r.deal_counts) == (1, 2, k.deal_counts)


def test_double_klondike_table():
    r = get_variant("double-klondike").rules()
    assert (r.decks, r.tableau_piles, r.foundations, r.draw, r.redeals) == (2, 9, 8, 3, 1)
    assert sum(r.deal_counts) == 45


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_unknown_key_is_named_with_the_file(tmp_path):
    path = write(tmp_path, "bad.toml", 'extends = "klondike"\nid = "bad"\n[tableau]\nbild = "x"\n')
    with pytest.raises(RuleTableError) as err:
        load_variant_file(path)
    assert str(path) in str(err.value) and "tableau.bild" in str(err.value)
    assert "unknown key" in str(err.value)


def test_bad_value_is_named(tmp_path):
    path = write(tmp_path, "bad.toml", 'extends = "klondike"\n[stock]\nredeals = "lots"\n')
    with pytest.raises(RuleTableError, match=r"stock\.redeals.*unlimited"):
        load_variant_file(path)


def test_bad_value_in_a_mode_is_named(tmp_path):
    path = write(
        tmp_path, "bad.toml", 'extends = "klondike"\n[modes.x]\nlabel = "X"\nstock = {draw = 0}\n'
    )
    with pytest.raises(RuleTableError, match=r"modes\.x\.stock\.draw"):
        load_variant_file(path)


def test_missing_field_is_named(tmp_path):
    path = write(
        tmp_path,
        "bad.toml",
        """
        id = "bare"
        name = "Bare"
        decks = 1
        default_mode = "only"
        [tableau]
        piles = 7
        deal = "triangle"
        face_up = "top"
        build = "down-alternate-colour"
        move_runs = true
        [foundations]
        count = 4
        cards_may_return = true
        [stock]
        draw = 1
        redeals = 0
        [modes.only]
        label = "Only"
        """,
    )
    with pytest.raises(RuleTableError, match=r"tableau\.empty_accepts': missing"):
        load_variant_file(path)


def test_a_foundation_key_that_offers_no_choice_is_refused_by_name(tmp_path):
    path = write(tmp_path, "f.toml", 'extends = "klondike"\n[foundations]\nbuild = "up"\n')
    with pytest.raises(RuleTableError, match="foundations\\.build': not a key.*as direction says"):
        load_variant_file(path)


def test_the_foundations_base_is_a_choice_of_three(tmp_path):
    """Once retired (always the Ace), the base is a policy: the Ace, the King or a dealt card."""
    path = write(tmp_path, "f.toml", 'extends = "klondike"\n[foundations]\nbase = "K"\n')
    with pytest.raises(
        RuleTableError, match="foundations\\.base': must be one of 'ace', 'king', 'dealt'"
    ):
        load_variant_file(path)


def test_a_child_table_never_inherits_its_parents_description(tmp_path):
    jumbo = write(
        tmp_path,
        "jumbo.toml",
        """
        extends = "double-klondike"
        id = "jumbo"
        name = "Jumbo"
        default_mode = "draw1"
        """,
    )
    table = load_variant_file(jumbo)
    assert table.description == ""  # Double Klondike's words would describe another deal
    assert get_variant("double-klondike").description.startswith("Two decks")


def test_broken_toml_and_circular_extends_are_refused(tmp_path):
    with pytest.raises(RuleTableError, match="not valid TOML"):
        load_variant_file(write(tmp_path, "broken.toml", "id = \n"))
    write(tmp_path, "a.toml", 'extends = "b"\n')
    write(tmp_path, "b.toml", 'extends = "a"\n')
    with pytest.raises(RuleTableError, match="circular"):
        load_variant_file(tmp_path / "a.toml")
    with pytest.raises(RuleTableError, match="no variant 'nothing'"):
        load_variant_file(write(tmp_path, "c.toml", 'extends = "nothing"\n'))


def test_foundation_count_must_match_the_decks(tmp_path):
    path = write(tmp_path, "bad.toml", 'extends = "klondike"\n[foundations]\ncount = 8\n')
    with pytest.raises(RuleTableError, match="foundations.count"):
        load_variant_file(path)


def test_a_new_variant_is_only_a_table(tmp_path):
    """Klondike with every card face up, unlimited redeals and any card on an empty pile:
    written as data, played with no new code."""
    path = write(
        tmp_path,
        "open-klondike.toml",
        """
        extends = "klondike"
        id = "open-klondike"
        name = "Open Klondike"
        default_mode = "open"
        [tableau]
        face_up = "all"
        empty_accepts = "any"
        [modes.open]
        label = "Open, unlimited"
        stock = { draw = 1, redeals = "unlimited" }
        """,
    )
    table = load_variant_file(path)
    r = table.rules()
    game = new_game(r, seed=11)
    assert all(game.state.down[t] == 0 for t in game.layout.tableau_range)
    # Unlimited redeals: pass through the stock many times.
    for _ in range(24 * 5 + 5):
        game.execute(Draw())
    assert game.redeals_left is None and game.state.redeals_used == 5
    # Any card may fill an empty pile (kings-only is off).
    st = position(r, {"t1": "", "t2": "5H 4S"})
    g = game_at(r, st)
    g.execute(Move(g.layout.index("t2"), g.layout.index("t1"), 1))
    assert g.state.piles[g.layout.index("t1")] == (card("4S"),)


def test_custom_deal_counts(tmp_path):
    path = write(
        tmp_path,
        "flat.toml",
        """
        extends = "klondike"
        id = "flat"
        name = "Flat"
        [tableau]
        deal = "counts"
        counts = [3, 3, 3, 3, 3, 3, 3]
        """,
    )
    r = load_variant_file(path).rules()
    game = new_game(r, seed=1)
    assert [len(game.state.piles[t]) for t in game.layout.tableau_range] == [3] * 7
    assert game.stock_count == 52 - 21
