"""Deal codes: every variant and mode, there and back."""

import pytest

from game.variants import all_variants
from game.variants import builtin_ids
from game.variants.codes import BUILTIN_CODES, deal_code, read_deal_code

RULES = [t.rules(m) for t in all_variants() for m in t.mode_ids()]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.variant}/{r.mode}")
def test_a_code_names_its_deal(rules):
    for seed in (0, 7, 4242, 18446744073709551615):
        code = deal_code(rules, seed)
        assert read_deal_code(code) == (rules, seed)
        assert read_deal_code(f"  {code.lower()} ") == (rules, seed)  # as a person types it


def test_codes_read_as_expected():
    assert [deal_code(r, 4242) for r in RULES if r.variant == "klondike"] == [
        "K3RU-4242",
        "K1R2-4242",
        "K1R0-4242",
        "K1RU-4242",
    ]
    assert deal_code(next(r for r in RULES if r.variant == "double-klondike"), 77) == "DK3R1-77"


def test_every_builtin_variant_has_letters_of_its_own():
    # Initials would not do: whitehead and westhaven, agnes and athena would share them.
    assert set(builtin_ids()) <= set(BUILTIN_CODES)
    letters = list(BUILTIN_CODES.values())
    assert len(set(letters)) == len(letters)
    assert all(code.isascii() and code.isalpha() and code.isupper() for code in letters)
    assert all(1 <= len(code) <= 3 for code in letters)  # a player's table's have six
    assert (BUILTIN_CODES["klondike"], BUILTIN_CODES["saratoga"]) == ("K", "S")
    assert BUILTIN_CODES["double-klondike"] == "DK"  # as ever: old codes still read


@pytest.mark.parametrize(
    "text",
    ["", "K1R2", "K1R2-", "X1R2-5", "K9R9-5", "K1R2-18446744073709551616", "K1R2--5", "4242"],
)
def test_what_is_not_a_code_is_none(text):
    assert read_deal_code(text) is None
