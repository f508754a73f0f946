"""Reading a rule table's files: the TOML, and everything it ``extends``, merged into one
table (``rules.validate`` then checks it and resolves its rules)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

from .rules import VariantTable, merge, validate
from .schema import RuleTableError, key_error
from .text import N_, Message, N_plural, shown

# Keys a child table never takes from its parent: they describe one variant only (a table
# extending Double Klondike to deal Jumbo must not describe Double Klondike's deal).
OWN_KEYS = ("description", "notes")
MAX_CHAIN = 16  # tables extending tables: far more than any variant needs


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
            raise key_error(path, "extends", Message(N_("circular ({names})"), names=names))
        if len(chain) >= MAX_CHAIN:
            deep = N_plural("more than {count} table deep", "more than {count} tables deep")
            raise key_error(path, "extends", Message(deep, count=MAX_CHAIN))
        chain.append(current)
        layer = parse_toml(read_text(current), current)
        parent = layer.pop("extends", None)
        layers.append(layer)
        if parent is None:
            break
        if not isinstance(parent, str):
            problem = Message(N_("must be a variant id, got {value}"), value=shown(parent))
            raise key_error(current, "extends", problem)
        current = resolve_parent(parent, current)
    for layer in reversed(layers):
        # A child's modes replace the parent's modes wholesale when given, so a child can drop
        # modes that make no sense for it; its own words are never the parent's; everything
        # else merges key by key.
        if "modes" in layer:
            data.pop("modes", None)
        for key in OWN_KEYS:
            data.pop(key, None)
        data = merge(data, layer)
    return data


def parse_toml(text: str, source: Path | str) -> dict:
    """The table in ``text``; RuleTableError naming ``source`` for anything not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib's own words (where and what) are English: no catalogue has them.
        problem = N_("{file}: not valid TOML: {error}")
        raise RuleTableError(problem, file=source, error=str(exc)) from None
    except RecursionError:
        problem = N_("{file}: not a rule table: nested too deeply")
        raise RuleTableError(problem, file=source) from None
    except ValueError:  # a number with thousands of digits: Python will not read it
        problem = N_("{file}: not valid TOML: a number is far too long")
        raise RuleTableError(problem, file=source) from None


def load_table(
    path: Path,
    resolve_parent: Callable[[str, Path], Path],
    read_text: Callable[[Path], str],
) -> VariantTable:
    """Read, merge and validate the table at ``path`` (see ``read_table``)."""
    return validate(read_table(path, resolve_parent, read_text), str(path))
