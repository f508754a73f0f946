"""Rule tables: the TOML schema, its validation, and the resolved, immutable rules.

A variant is data. Its table names policies from small fixed sets (how the tableau builds,
what an empty pile accepts, which cards are dealt face up, ...); ``extends`` takes another
table and states only what differs; ``[modes.NAME]`` tables override sections for the
player's deal-mode choice. Anything unknown or ill-typed is refused with a ``RuleTableError``
naming the file, the key and the problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from .cards import CARDS_PER_DECK, MAX_DECKS
from .policies import Build, DealPattern, EmptyPile, FaceUp, triangle
from .quoting import shown

UNLIMITED = "unlimited"
# Keys a child table never takes from its parent: they describe one variant only (a table
# extending Double Klondike to deal Jumbo must not describe Double Klondike's deal).
OWN_KEYS = ("description", "notes")
MAX_CHAIN = 16  # tables extending tables: far more than any variant needs


class RuleTableError(ValueError):
    """A rule table that cannot be used; the message names the file, the key and the problem."""


@dataclass(frozen=True, slots=True)
class Rules:
    """One variant in one deal mode, fully resolved: everything the engine needs."""

    variant: str
    name: str
    mode: str
    mode_label: str
    decks: int
    tableau_piles: int
    deal_counts: tuple[int, ...]
    face_up: FaceUp
    build: Build
    move_runs: bool
    empty_accepts: EmptyPile
    foundations: int
    cards_may_return: bool
    draw: int
    redeals: int | None  # None: unlimited

    @property
    def card_count(self) -> int:
        return self.decks * CARDS_PER_DECK

    @property
    def unlimited_redeals(self) -> bool:
        return self.redeals is None


@dataclass(frozen=True, slots=True)
class Mode:
    id: str
    label: str
    description: str


@dataclass(frozen=True, slots=True)
class VariantTable:
    """A validated rule table: a variant with its named deal modes."""

    id: str
    name: str
    description: str
    default_mode: str
    modes: tuple[Mode, ...]
    source: str
    _rules: tuple[Rules, ...]

    def mode_ids(self) -> list[str]:
        return [m.id for m in self.modes]

    def rules(self, mode: str | None = None) -> Rules:
        """The rules of deal mode ``mode`` (None: the default mode); KeyError if there is
        no such mode."""
        wanted = self.default_mode if mode is None else mode  # "" is no mode, not the default
        for r in self._rules:
            if r.mode == wanted:
                return r
        raise KeyError(
            f"variant {shown(self.id)} has no mode {shown(wanted)} "
            f"(modes: {', '.join(self.mode_ids())})"
        )


# ---------------------------------------------------------------------------------------
# Schema. Each section maps a key to a checker returning an error text or None.

Checker = Callable[[Any], str | None]


def _int_between(low: int, high: int) -> Checker:
    def check(v: Any) -> str | None:
        if type(v) is not int or not low <= v <= high:
            return f"must be a whole number from {low} to {high}, got {shown(v)}"
        return None

    return check


def _one_of(policy: type[StrEnum]) -> Checker:
    choices = [p.value for p in policy]

    def check(v: Any) -> str | None:
        if v not in choices:
            return f"must be one of {', '.join(repr(c) for c in choices)}, got {shown(v)}"
        return None

    return check


def _is_bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else f"must be true or false, got {shown(v)}"


def _is_text(v: Any) -> str | None:
    return (
        None if isinstance(v, str) and v.strip() else f"must be a non-empty string, got {shown(v)}"
    )


def _is_redeals(v: Any) -> str | None:
    if v == UNLIMITED or (type(v) is int and 0 <= v <= 1000):
        return None
    return f'must be a whole number from 0 to 1000 or "unlimited", got {shown(v)}'


def _is_counts(v: Any) -> str | None:
    if isinstance(v, list) and v and all(type(n) is int and 0 <= n <= 30 for n in v):
        return None
    return f"must be a list of whole numbers from 0 to 30, got {shown(v)}"


_SECTIONS: dict[str, dict[str, tuple[Checker, bool]]] = {
    # key: (checker, required)
    "tableau": {
        "piles": (_int_between(1, 12), True),
        "deal": (_one_of(DealPattern), True),
        "counts": (_is_counts, False),
        "face_up": (_one_of(FaceUp), True),
        "build": (_one_of(Build), True),
        "move_runs": (_is_bool, True),
        "empty_accepts": (_one_of(EmptyPile), True),
    },
    "foundations": {
        "count": (_int_between(1, 4 * MAX_DECKS), True),
        "cards_may_return": (_is_bool, True),
    },
    "stock": {
        "draw": (_int_between(1, 10), True),
        "redeals": (_is_redeals, True),
    },
}
_TOP: dict[str, tuple[Checker, bool]] = {
    "id": (_is_text, True),
    "name": (_is_text, True),
    "description": (_is_text, False),
    "notes": (_is_text, False),
    "decks": (_int_between(1, MAX_DECKS), True),
    "default_mode": (_is_text, True),
}
# Keys that once offered a choice the engine never had: say so rather than "unknown".
RETIRED_KEYS = {
    "foundations.build": "not a choice: foundations always build up in suit",
    "foundations.base": "not a choice: foundations always start from the Ace",
}
_MODE_KEYS = {"label": (_is_text, True), "description": (_is_text, False)}


def _merge(base: dict, over: dict) -> dict:
    """Deep merge: tables merge key by key, anything else replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def read_table(
    path: Path,
    resolve_parent: Callable[[str, Path], Path],
    read_text: Callable[[Path], str],
) -> dict:
    """Read a TOML table and everything it extends, merged, with ``extends`` removed.

    ``read_text`` gives a file's text (``game.variants`` passes the loader discipline's
    capped, any-encoding reader); ``resolve_parent`` turns an ``extends`` name into a path."""
    chain: list[Path] = []
    data: dict = {}
    current = path
    layers = []
    while True:
        if current in chain:
            names = " -> ".join(p.name for p in [*chain, current])
            raise RuleTableError(f"{path}: key 'extends': circular ({names})")
        if len(chain) >= MAX_CHAIN:
            raise RuleTableError(f"{path}: key 'extends': more than {MAX_CHAIN} tables deep")
        chain.append(current)
        layer = parse_toml(read_text(current), current)
        parent = layer.pop("extends", None)
        layers.append(layer)
        if parent is None:
            break
        if not isinstance(parent, str):
            raise RuleTableError(
                f"{current}: key 'extends': must be a variant id, got {shown(parent)}"
            )
        current = resolve_parent(parent, current)
    for layer in reversed(layers):
        # A child's modes replace the parent's modes wholesale when given, so a child can drop
        # modes that make no sense for it; its own words are never the parent's; everything
        # else merges key by key.
        if "modes" in layer:
            data.pop("modes", None)
        for key in OWN_KEYS:
            data.pop(key, None)
        data = _merge(data, layer)
    return data


def parse_toml(text: str, source: Path | str) -> dict:
    """The table in ``text``; RuleTableError naming ``source`` for anything not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleTableError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RuleTableError(f"{source}: not a rule table: nested too deeply") from None
    except ValueError:  # a number with thousands of digits: Python will not read it
        raise RuleTableError(f"{source}: not valid TOML: a number is far too long") from None


def _check_section(source: str, where: str, data: Any, spec: dict, partial: bool) -> None:
    if not isinstance(data, dict):
        raise RuleTableError(f"{source}: key '{where}': must be a table, got {shown(data)}")
    for key, value in data.items():
        if key not in spec:
            why = RETIRED_KEYS.get(f"{where.split('.')[-1]}.{key}", "unknown key")
            raise RuleTableError(
                f"{source}: key '{where}.{key}': {why} (expected one of: {', '.join(spec)})"
            )
        problem = spec[key][0](value)
        if problem:
            raise RuleTableError(f"{source}: key '{where}.{key}': {problem}")
    if not partial:
        for key, (_, required) in spec.items():
            if required and key not in data:
                raise RuleTableError(f"{source}: key '{where}.{key}': missing")


def validate(data: dict, source: str) -> VariantTable:
    """Check a merged table and resolve it into a VariantTable (one Rules per mode)."""
    for key, value in data.items():
        if key in _SECTIONS or key == "modes":
            continue
        if key not in _TOP:
            known = [*_TOP, *_SECTIONS, "modes", "extends"]
            raise RuleTableError(
                f"{source}: key '{key}': unknown key (expected one of: {', '.join(known)})"
            )
        problem = _TOP[key][0](value)
        if problem:
            raise RuleTableError(f"{source}: key '{key}': {problem}")
    for key, (_, required) in _TOP.items():
        if required and key not in data:
            raise RuleTableError(f"{source}: key '{key}': missing")
    for section, spec in _SECTIONS.items():
        if section not in data:
            raise RuleTableError(f"{source}: key '{section}': missing")
        _check_section(source, section, data[section], spec, partial=False)

    modes_data = data.get("modes", {})
    if not isinstance(modes_data, dict) or not modes_data:
        raise RuleTableError(f"{source}: key 'modes': must hold at least one [modes.NAME] table")
    modes: list[Mode] = []
    rules: list[Rules] = []
    for mode_id, mode in modes_data.items():
        where = f"modes.{mode_id}"
        if not isinstance(mode, dict):
            raise RuleTableError(f"{source}: key '{where}': must be a table, got {shown(mode)}")
        overrides = {}
        for key, value in mode.items():
            if key in _SECTIONS:
                _check_section(source, f"{where}.{key}", value, _SECTIONS[key], partial=True)
                overrides[key] = value
            elif key in _MODE_KEYS:
                problem = _MODE_KEYS[key][0](value)
                if problem:
                    raise RuleTableError(f"{source}: key '{where}.{key}': {problem}")
            else:
                known = [*_MODE_KEYS, *_SECTIONS]
                raise RuleTableError(
                    f"{source}: key '{where}.{key}': unknown key (expected one of: "
                    f"{', '.join(known)})"
                )
        if "label" not in mode:
            raise RuleTableError(f"{source}: key '{where}.label': missing")
        merged = _merge(data, overrides)
        modes.append(Mode(mode_id, mode["label"], mode.get("description", "")))
        rules.append(_resolve(merged, mode_id, mode["label"], source, where))
    if data["default_mode"] not in modes_data:
        raise RuleTableError(
            f"{source}: key 'default_mode': {shown(data['default_mode'])} is not one of the modes "
            f"({', '.join(modes_data)})"
        )
    return VariantTable(
        id=data["id"],
        name=data["name"],
        description=data.get("description", ""),
        default_mode=data["default_mode"],
        modes=tuple(modes),
        source=source,
        _rules=tuple(rules),
    )


def _resolve(d: dict, mode_id: str, label: str, source: str, where: str) -> Rules:
    tab, fnd, stock = d["tableau"], d["foundations"], d["stock"]
    piles = tab["piles"]
    if tab["deal"] == DealPattern.TRIANGLE:
        if "counts" in tab:
            raise RuleTableError(
                f"{source}: key 'tableau.counts': only allowed with deal = \"counts\""
            )
        counts = triangle(piles)
    else:
        if "counts" not in tab:
            raise RuleTableError(f"{source}: key 'tableau.counts': missing (deal = \"counts\")")
        counts = tuple(tab["counts"])
        if len(counts) != piles:
            raise RuleTableError(
                f"{source}: key 'tableau.counts': has {len(counts)} entries for {piles} piles"
            )
    cards = d["decks"] * CARDS_PER_DECK
    if sum(counts) > cards:
        raise RuleTableError(
            f"{source}: key 'tableau' ({where}): deals {sum(counts)} cards but the deck has "
            f"only {cards}"
        )
    if fnd["count"] != 4 * d["decks"]:
        raise RuleTableError(
            f"{source}: key 'foundations.count': must be 4 per deck ({4 * d['decks']}), "
            f"got {fnd['count']}"
        )
    redeals = stock["redeals"]
    return Rules(
        variant=d["id"],
        name=d["name"],
        mode=mode_id,
        mode_label=label,
        decks=d["decks"],
        tableau_piles=piles,
        deal_counts=counts,
        face_up=FaceUp(tab["face_up"]),
        build=Build(tab["build"]),
        move_runs=tab["move_runs"],
        empty_accepts=EmptyPile(tab["empty_accepts"]),
        foundations=fnd["count"],
        cards_may_return=fnd["cards_may_return"],
        draw=stock["draw"],
        redeals=None if redeals == UNLIMITED else redeals,
    )


def load_table(
    path: Path,
    resolve_parent: Callable[[str, Path], Path],
    read_text: Callable[[Path], str],
) -> VariantTable:
    """Read, merge and validate the table at ``path`` (see ``read_table``)."""
    return validate(read_table(path, resolve_parent, read_text), str(path))
