"""Deal numbers proven winnable: the pool shipped with the game and those found here.

"Winnable deals only" deals from the shipped pool (``game.variants.pool``) plus the deals a
background search has won on this machine, kept in ``winnable-deals-found.json`` in the
data folder (read through the loader discipline: a bad file is set aside, not trusted).
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

from game.engine.rules import Rules
from game.engine.text import shown
from game.files.atomic import write_atomic
from game.files.folderlock import updating
from game.files.formats import FOUND_DEALS, POOL_KEY, Misfit
from game.files.loader import (
    SMALL_FILE,
    PartlyUsable,
    Unusable,
    decode_json,
    load_file,
    read_capped,
)
from game.i18n import _

log = logging.getLogger(__name__)

FOUND_FILE = "winnable-deals-found.json"
TOP_UP_TARGET = 50  # deals found here, per variant and mode, beyond the shipped pool


class WinnableDeals:
    def __init__(self, folder: Path, rng: random.Random | None = None) -> None:
        self.path = Path(folder) / FOUND_FILE
        self.rng = rng or random.Random()

    def found(self, write_back: bool = True) -> dict[str, list[int]]:
        """The deals found on this machine, by pool key. ``write_back``: when the file was
        set aside, keep the deals that fitted in a new one (``add``, which holds the update
        lock and writes anyway, does not ask: the lock is not taken twice)."""
        loaded = load_file(self.path, _read_found, {}, _("it will be made again"))
        if loaded.message:  # a background convenience: said in the log, not on the table
            log.warning("%s", loaded.message)
            if loaded.value and write_back:  # the deals that fitted, in a new file
                self._write_new(loaded.value)
        return loaded.value

    def _write_new(self, found: dict[str, list[int]]) -> None:
        try:
            with updating(self.path.parent):
                if not self.path.exists():  # another game on the folder may have done it
                    write_atomic(self.path, json.dumps({"pools": found}), within=self.path.parent)
        except OSError as exc:
            log.info("could not keep the winnable deals found: %s", exc)

    def pick(self, rules: Rules, grade: str = "any") -> int | None:
        """A deal number proven winnable for these rules, of difficulty ``grade`` ("any",
        or one of the shipped pool's grades); None when none is known."""
        from game.variants.pool import winnable_pool  # the solver loads after the first frame

        if grade == "any":
            pool = list(winnable_pool(rules)) + self.found().get(key(rules), [])
        else:  # the deals found here are not graded
            pool = list(winnable_pool(rules, grade=grade))
        return self.rng.choice(pool) if pool else None

    def wants_more(self, rules: Rules) -> bool:
        """Should a background search look for more deals of these rules?"""
        return len(self.found().get(key(rules), [])) < TOP_UP_TARGET

    def add(self, rules: Rules, seed: int) -> None:
        """Keep a deal a search has won here, added to the file as it is now (another game
        on this folder may add too: the update lock keeps both). Raises OSError if the file
        cannot be written."""
        with updating(self.path.parent):
            found = self.found(write_back=False)
            deals = found.setdefault(key(rules), [])
            if seed not in deals:
                deals.append(seed)
                write_atomic(self.path, json.dumps({"pools": found}), within=self.path.parent)


def key(rules: Rules) -> str:
    """The key of a variant and mode's deals, as in the shipped pool."""
    from game.variants.pool import pool_key

    return pool_key(rules.variant, rules.mode)


def _read_found(path: Path) -> dict[str, list[int]] | None:
    """The deals found, by pool key (``formats.FOUND_DEALS``: deal numbers the shuffle
    takes). A list or a key that does not fit is left out and the file kept aside, the
    rest used (``PartlyUsable``)."""
    raw = read_capped(path, SMALL_FILE)
    if raw is None:
        return None
    data = decode_json(raw)
    pools = data.get("pools") if isinstance(data, dict) else None
    if not isinstance(pools, dict):
        raise Unusable("corrupt", _("it is not a list of winnable deals"))
    found: dict[str, list[int]] = {}
    problems: list[str] = []
    for name, deals in pools.items():
        try:  # the deals that fit are kept, even beside some that do not
            found[POOL_KEY(name)], wrong = FOUND_DEALS.kept(deals)
        except Misfit as exc:
            wrong = [str(exc)]
        problems += [f"{shown(name, 40, quotes=False)}: {each}" for each in wrong]
    if problems:
        raise PartlyUsable(found, problems[0])
    return found
