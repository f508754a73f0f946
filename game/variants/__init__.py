"""The catalogue of variants: one TOML rule table per variant in this folder.

Adding a Klondike-family variant is adding a table here (or passing a table's path);
no code changes.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from game import i18n
from game.engine.rules import RuleTableError, VariantTable, validate
from game.engine.table_files import read_table
from game.engine.text import Message, shown
from game.files.loader import SMALL_FILE, Unusable, decode_text, read_capped, read_safely
from game.files.problems import why
from game.files.resources import PREFERRED_ORDER, TABLES_DIR, builtin_ids
from game.i18n import N_, _
from game.i18n.collation import sort_key
from game.i18n.games import split_page

from .lines import key_line

# What ``extends`` may name: a variant id, which is also the file name of a table beside
# the child or among the built-ins. No dots or separators, so never a path elsewhere.
_PARENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def _resolve_parent(parent_id: str, child: Path) -> Path:
    """``extends = "klondike"``: look beside the child first, then among the built-ins (a
    player's ``klondike.toml`` that extends "klondike" extends the built-in, not itself)."""
    if not _PARENT_NAME.fullmatch(parent_id):
        problem = N_(
            "{file}: key 'extends': must name a variant (letters, digits, '-' and '_': "
            "a built-in variant or a table in the same folder), got {name}"
        )
        raise RuleTableError(problem, file=child, name=shown(parent_id))
    for folder in (child.parent, TABLES_DIR):
        candidate = folder / f"{parent_id}.toml"
        if candidate.is_file() and candidate != child:
            return candidate
    problem = N_("{file}: key 'extends': no variant {name} found")
    raise RuleTableError(problem, file=child, name=repr(parent_id))


def _table_text(path: Path) -> str:
    """A rule table's text, read as every file of the game is read (``game.files.loader``):
    capped in size, any Unicode encoding with a byte-order mark, every failure a message
    (the loader's problem worded already, in the language spoken)."""
    try:
        raw = read_capped(path, SMALL_FILE, regular_only=True)  # never a FIFO's silence
    except Unusable as exc:
        raise RuleTableError.about(path, exc.problem) from None
    except OSError as exc:
        problem = N_("{file} could not be read: {why}")
        raise RuleTableError(problem, file=path, why=why(exc, path, False)) from None
    if raw is None:
        raise RuleTableError(N_("{file}: no such file"), file=path)
    try:
        return decode_text(raw)
    except Unusable as exc:
        raise RuleTableError.about(path, exc.problem) from None


def load_variant_file(path: str | Path) -> VariantTable:
    """Load any rule table file (a built-in one or a player's own). Raises RuleTableError,
    naming the file, the line of the key at fault when it is written there, and the
    problem, and nothing else, whatever the file holds; a player's file is left as it is."""
    return read_variant_file(path)[0]


def read_variant_file(path: str | Path) -> tuple[VariantTable, dict]:
    """``load_variant_file``, with the table as read: merged with every table it extends
    (the data a save carries to play it again without the files)."""
    path = Path(path)

    def read(path: Path) -> tuple[VariantTable, dict]:
        data = read_table(path, _resolve_parent, _table_text)
        return validate(data, str(path)), data

    try:
        return read_safely(path, read, own=(RuleTableError,))
    except Unusable as exc:
        raise RuleTableError.about(path, exc.problem) from None
    except RuleTableError as exc:
        raise with_line(exc, path) from None


def with_line(error: RuleTableError, path: Path) -> RuleTableError:
    """The error, naming the line of the key at fault when the key is written in the file
    (``lines``); as it was otherwise (a key from the table extended, a missing one)."""
    if error.key is None or error.source != str(path):
        return error
    try:
        line = key_line(_table_text(path), error.key)
    except RuleTableError:
        return error
    if line is None:
        return error
    template = N_("{file}, line {line}: key '{key}': {problem}")
    return RuleTableError.at_key(template, error.source, error.key, error.problem, line=line)


@cache
def get_variant(variant_id: str) -> VariantTable:
    """A built-in variant by id. Raises KeyError naming the known ids (a ``Message``)."""
    if variant_id not in builtin_ids():
        raise KeyError(unknown_variant(variant_id, builtin_ids()))
    table = load_variant_file(TABLES_DIR / f"{variant_id}.toml")
    if table.id != variant_id:  # the game's own tables: a developer's mistake, in English
        raise RuleTableError(
            f"{TABLES_DIR / (variant_id + '.toml')}: key 'id': {table.id!r} does not match "
            "the file name"
        )
    return table


def unknown_variant(variant_id: str, known_ids: tuple[str, ...] | list[str]) -> Message:
    """Why a variant id finds no table: the ids there are."""
    problem = N_("unknown variant {name} (variants: {variants})")
    return Message(problem, name=shown(variant_id), variants=", ".join(known_ids))


def all_variants() -> list[VariantTable]:
    return [get_variant(v) for v in builtin_ids()]


def in_shown_order(tables: list[VariantTable], translated: bool = True) -> list[VariantTable]:
    """``tables`` as the menus and Statistics list them: Klondike's own first (the
    preferred order), then by the name shown, in the language's alphabetical order
    (``translated``: the names are the catalogue's; a player's table keeps its own)."""
    language = i18n.language()

    def key(table: VariantTable) -> tuple:
        first = PREFERRED_ORDER.index(table.id) if table.id in PREFERRED_ORDER else None
        name = i18n._(table.name) if translated else table.name
        return (first is None, first or 0, sort_key(name, language))

    return sorted(tables, key=key)


def help_text(variant_id: str, language: str | None = None) -> str:
    """A built-in variant's rules for the in-game help, in ``language`` (the one spoken when
    None): ``help/<language>/<id>.txt`` (after its header of the game's words:
    ``game.i18n.games``), else the English ``help/<id>.txt``, else a page
    made from its words in the catalogue. (A player's table: ``Catalogue.help_text``.)"""
    language = language or i18n.language()
    table = get_variant(variant_id)  # KeyError for an id of no built-in: no path made of it
    for page in (
        TABLES_DIR / "help" / language / f"{variant_id}.txt",
        TABLES_DIR / "help" / f"{variant_id}.txt",
    ):
        if page.is_file():  # shown without its header of the game's words
            return split_page(page.read_text(encoding="utf-8"))[1]
    # A built-in without a page: its words are in the catalogue.
    description = _(table.description) if table.description else ""  # _("") is no word
    modes = [(_(m.label), _(m.description) if m.description else "") for m in table.modes]
    return _help_page(_(table.name), description, "", modes)


def own_help_text(table: VariantTable, data: dict) -> str:
    """A player's table's rules for the in-game help, in its own words (the language they
    are written in): its name, description, ``notes`` (from ``data``, the table as read)
    and modes."""
    modes = [(m.label, m.description) for m in table.modes]
    return _help_page(table.name, table.description, data.get("notes", ""), modes)


def _help_page(name: str, description: str, notes: str, modes: list[tuple[str, str]]) -> str:
    lines = [f"# {name}", "", description]
    if notes:
        lines += ["", notes.strip()]
    lines += ["", "## " + _("Deal modes")]
    lines += [f"{label}: {about}" if about else label for label, about in modes]
    return "\n".join(lines)
