"""Short codes for deals, to share: variant, deal mode and deal number in one word.

``K1R2-4242`` is Klondike, cards turned one at a time, two redeals, deal 4242;
``DK3R1-77`` Double Klondike three at a time with one redeal; ``K3RU-5`` three at a time,
unlimited redeals. The mode is named by what it does (draw count, redeals), not by its
place in a menu, so codes stay good when modes are added; a mode that shares its draw and
redeals with another mode of its variant is named by its id instead: ``YK.ROYAL-12``.
Case and spaces do not matter when a code is read back.

Each variant has letters of its own: a built-in's are declared in its table (``code``: one
to three capitals, unique; K, S and DK as they always were, so old codes still read); a
player's table gets six from a hash of its id (``player.own_code``; a ``code`` it writes is
not used), so no two variants share them whatever their names.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache

from game.engine.deal import MAX_SEED
from game.engine.rules import Rules, RuleTableError

from . import TABLES_DIR, builtin_ids
from .catalogue import Catalogue
from .player import is_builtin, own_code

_LETTERS = re.compile(r"[A-Z]{1,3}")


@cache
def builtin_codes() -> dict[str, str]:
    """Each built-in's letters, as its table declares them (``code = "K"``), read from its
    own file (never inherited: Saratoga extends Klondike, and is S). A table without
    letters, or with letters that are not one to three capitals or are another's, is the
    game's own mistake: said in English, naming the file."""
    found: dict[str, str] = {}
    for variant_id in builtin_ids():
        path = TABLES_DIR / f"{variant_id}.toml"
        letters = tomllib.loads(path.read_text(encoding="utf-8")).get("code")
        if not isinstance(letters, str) or not _LETTERS.fullmatch(letters):
            raise RuleTableError(f"{path}: key 'code': must be one to three capitals A-Z")
        if letters in found.values():
            raise RuleTableError(f"{path}: key 'code': {letters!r} is another game's")
        found[variant_id] = letters
    return found


_BY_PLAY = re.compile(r"^([A-Z]+)(\d+)R(\d+|U)-(\d+)$")
_BY_ID = re.compile(r"^([A-Z]+)\.([A-Z0-9_-]+)-(\d+)$")
_MODE_ID = re.compile(r"[A-Za-z0-9_-]+")


def variant_code(variant_id: str) -> str:
    """The letters of a variant's codes."""
    if is_builtin(variant_id):
        return builtin_codes()[variant_id]
    return own_code(variant_id)


def _plays(rules: Rules) -> tuple[int, int | None]:
    return rules.draw, rules.redeals


def _shares_play(rules: Rules, catalogue: Catalogue) -> bool:
    """Does another mode of the variant deal with the same draw and redeals?"""
    try:
        table = catalogue.find(rules.variant)
    except KeyError:
        return False
    same = [m for m in table.mode_ids() if _plays(table.rules(m)) == _plays(rules)]
    return len(same) > 1


def deal_code(rules: Rules, seed: int, catalogue: Catalogue) -> str:
    """The code of deal ``seed`` under ``rules`` (``catalogue``: the variants of the run)."""
    letters = variant_code(rules.variant)
    if _shares_play(rules, catalogue) and _MODE_ID.fullmatch(rules.mode):
        return f"{letters}.{rules.mode.upper()}-{seed}"
    redeals = "U" if rules.redeals is None else str(rules.redeals)
    return f"{letters}{rules.draw}R{redeals}-{seed}"


def read_deal_code(text: str, catalogue: Catalogue) -> tuple[Rules, int] | None:
    """The rules and deal number a code names; None when it names none. A code may name
    any variant of ``catalogue``: the built-ins, the player's tables known this run (the
    folder's, and one played from a save after its file went)."""
    word = "".join(text.split()).upper()
    found = _BY_PLAY.match(word) or _BY_ID.match(word)
    if found is None:
        return None
    letters, *mode, seed = found.groups()
    if len(seed) > len(str(MAX_SEED)) or int(seed) > MAX_SEED:
        return None
    table = next((t for t in catalogue.variants() if variant_code(t.id) == letters), None)
    if table is None:
        return None
    if len(mode) == 1:  # by the mode's id
        wanted = mode[0]
        chosen = next((m for m in table.mode_ids() if m.upper() == wanted), None)
    else:
        draw, redeals = mode
        plays = (int(draw), None if redeals == "U" else int(redeals))
        chosen = next((m for m in table.mode_ids() if _plays(table.rules(m)) == plays), None)
    if chosen is None or not table.rules(chosen).numbering.holds(int(seed)):
        return None
    return table.rules(chosen), int(seed)
