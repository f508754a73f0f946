"""Short codes for deals, to share: variant, deal mode and deal number in one word.

``K1R2-4242`` is Klondike, cards turned one at a time, two redeals, deal 4242;
``DK3R1-77`` Double Klondike three at a time with one redeal; ``K3RU-5`` three at a time,
unlimited redeals. The variant is the initials of its id; the mode is named by what it
does (draw count, redeals), not by its place in a menu, so codes stay good when modes
are added. Case and spaces do not matter when a code is read back.
"""

from __future__ import annotations

import re

from game.engine.deal import MAX_SEED
from game.engine.rules import Rules

from . import all_variants

_CODE = re.compile(r"^([A-Z]+)(\d+)R(\d+|U)-(\d+)$")


def _initials(variant_id: str, letters: int = 1) -> str:
    first, *rest = variant_id.split("-")
    return (first[:letters] + "".join(word[:1] for word in rest)).upper()


def variant_initials(variant_id: str) -> str:
    """The initials of the id's words; where an earlier variant of the catalogue has the
    same ones (Athena after Agnes, Whitehead after Westhaven), more letters of the first
    word, so that the earlier codes stay as they were."""
    taken: set[str] = set()
    for table in all_variants():
        letters = 1
        while _initials(table.id, letters) in taken and letters < len(table.id):
            letters += 1
        if table.id == variant_id:
            return _initials(table.id, letters)
        taken.add(_initials(table.id, letters))
    return _initials(variant_id)


def deal_code(rules: Rules, seed: int) -> str:
    redeals = "U" if rules.redeals is None else str(rules.redeals)
    return f"{variant_initials(rules.variant)}{rules.draw}R{redeals}-{seed}"


def read_deal_code(text: str) -> tuple[Rules, int] | None:
    """The rules and deal number a code names; None when it names none."""
    found = _CODE.match("".join(text.split()).upper())
    if found is None:
        return None
    initials, draw, redeals, seed = found.groups()
    if len(seed) > len(str(MAX_SEED)) or int(seed) > MAX_SEED:
        return None
    wanted = (int(draw), None if redeals == "U" else int(redeals))
    for table in all_variants():
        if variant_initials(table.id) != initials:
            continue
        for mode in table.mode_ids():
            rules = table.rules(mode)
            if (rules.draw, rules.redeals) == wanted:
                return rules, int(seed)
    return None
