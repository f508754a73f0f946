"""Saved games: a game (variant, mode, deal, log, redo list) to and from JSON.

The format, ``klondike-family-game`` version 3::

    {"format": "klondike-family-game", "version": 3, "variant": "my-table",
     "mode": "draw1", "table": {...the rule table...},
     "seed": 123 (or "deck": ["AS", ...]),
     "deal_fingerprint": "sha256:...",
     "log": [ {"command": "draw", "events": [...]}, ... one entry a line ],
     "redo": [ ... ], "extra": {...}}

A save proves its deal: ``deal_fingerprint`` is a hash of the variant, the mode and the
dealt cards in order, so a deal number changed by hand (or by a flipped bit) is caught even
when the log holds only stock turns, whose events name no card; the deal mode is written
and required, never guessed. Each log entry keeps the command and the events it caused;
loading replays every command against the rules and checks it causes exactly the stored
events, so a tampered or truncated log is refused with the first bad entry named.
The events are written without the cards they move (the engine's events name them):
replaying the commands names them again, so saves stay small, and files written before
events named cards read the same.

A game of a variant that is not built in (a player's table) carries its rule table,
merged with every table it extends (``table``): it is played again under that table, not
whatever file has the id now, so it resumes and replays after the file is edited or
removed. A built-in's save carries none and is found by its id, as ever. Version 3 is the
version with a table; a save without one is written as version 2, which every earlier
version of the game reads.

Version 1 files (no fingerprint) are still read, the mode required as version 1 always
wrote it; the next save writes them as version 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .cards import CODE, cards_from_codes
from .digest import sha256
from .events import event_from_json, event_to_json
from .game import Deal, Game, Record
from .notation import format_command, parse_command
from .refusals import Refused
from .rules import Rules, RuleTableError, VariantTable, validate
from .state import Layout
from .text import N_, EngineError, Message, shown

FORMAT = "klondike-family-game"
VERSION = 3  # the newest version read (and written with a table)
WITHOUT_TABLE = 2  # the version written without one
TABLE = "table"
FINGERPRINT = "deal_fingerprint"
_COMPACT = json.JSONEncoder(separators=(",", ":"), allow_nan=False)


class SaveError(EngineError):
    """A save that cannot be loaded; the message says what is wrong and where."""


def deal_fingerprint(rules: Rules, deal: Deal) -> str:
    """A hash of the game's variant, deal mode and cards in dealing order: the same for
    the same deal only."""
    codes = " ".join(CODE[c] for c in deal.cards(rules))
    text = f"{rules.variant}\n{rules.mode}\n{codes}"
    return "sha256:" + sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(record: Record, layout: Layout) -> dict:
    return {
        "command": format_command(record.command, layout),
        "events": [event_to_json(e, layout) for e in record.step],
    }


class EntryTexts:
    """The JSON text of each log entry, kept from one save to the next: records never
    change, so a long game's save encodes only the moves made since the last one."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[Record, str]] = {}

    def texts(self, records: Sequence[Record], layout: Layout) -> list[str]:
        known, kept, out = self._known, {}, []
        for record in records:
            hit = known.get(id(record))
            if hit is None or hit[0] is not record:
                hit = (record, _COMPACT.encode(_entry(record, layout)))
            kept[id(record)] = hit
            out.append(hit[1])
        self._known = kept  # only the records still in the game stay
        return out


def _head(game: Game, table: dict | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION if table else WITHOUT_TABLE,
        "variant": game.rules.variant,
        "mode": game.rules.mode,
    }
    if table:
        data[TABLE] = table
    if game.deal.seed is not None:
        data["seed"] = game.deal.seed
    else:
        data["deck"] = [CODE[c] for c in game.deal.deck]
    data[FINGERPRINT] = deal_fingerprint(game.rules, game.deal)
    return data


def game_to_dict(game: Game, extra: dict | None = None, table: dict | None = None) -> dict:
    """``table``: the rule table to carry (a variant that is not built in), else None."""
    data = _head(game, table)
    data["log"] = [_entry(r, game.layout) for r in game.log]
    data["redo"] = [_entry(r, game.layout) for r in reversed(game.redo_stack)]
    if extra:
        data["extra"] = extra
    return data


def game_to_json(
    game: Game,
    extra: dict | None = None,
    texts: EntryTexts | None = None,
    table: dict | None = None,
) -> str:
    """The save's text: compact, one log entry a line (fast to write, still readable).
    Pass the same ``texts`` at every save of a game to encode each entry once; ``table``
    as ``game_to_dict``'s."""
    texts = texts or EntryTexts()
    redo = list(reversed(game.redo_stack))
    entries = texts.texts([*game.log, *redo], game.layout)
    log, undone = entries[: len(game.log)], entries[len(game.log) :]
    head = _COMPACT.encode(_head(game, table))[:-1]  # the header object, left open
    parts = [head, ',\n"log":[\n', ",\n".join(log), '\n],\n"redo":[\n', ",\n".join(undone)]
    parts.append("\n]")
    if extra:
        parts.append(',\n"extra":' + _COMPACT.encode(extra))
    parts.append("}")
    return "".join(parts)


Carried = Callable[[dict, str], VariantTable]


def game_from_dict(
    data: Any, lookup: Callable[[str], VariantTable], carried: Carried = validate
) -> tuple[Game, dict]:
    """Rebuild a game, re-validating every entry. Returns (game, extra).

    ``lookup`` finds a variant by its id (the built-ins); one it does not know is played
    under the table the save carries, read by ``carried`` (the table's data, the name to
    give it in messages; RuleTableError when it is unusable)."""
    if not isinstance(data, dict):
        raise SaveError(N_("a saved game must be a JSON object"))
    if data.get("format") != FORMAT:
        problem = N_("not a saved game (format is {format})")
        raise SaveError(problem, format=shown(data.get("format")))
    version = data.get("version")
    if type(version) is not int:
        raise SaveError(N_("'version' must be a whole number, got {value}"), value=shown(version))
    if version > VERSION:
        problem = N_("saved by a newer version of the game (format {version}, this reads {ours})")
        raise SaveError(problem, version=shown(version), ours=VERSION)
    if version < 1:
        raise SaveError(N_("unknown format version {version}"), version=shown(version))
    variant, mode = data.get("variant"), data.get("mode")
    if not isinstance(variant, str):
        raise SaveError(N_("'variant' must name a variant, got {value}"), value=shown(variant))
    if not isinstance(mode, str):  # never guessed: the default mode would be another game
        raise SaveError(N_("'mode' must name the deal mode, got {value}"), value=shown(mode))
    table = _table(data, variant, lookup, carried)
    try:
        rules = table.rules(mode)
    except KeyError as exc:
        raise SaveError(Message.of(exc.args[0])) from exc
    game = Game(rules, _deal(data, rules))
    if version >= 2 and data.get(FINGERPRINT) != deal_fingerprint(rules, game.deal):
        raise SaveError(
            N_(
                "the deal is not the one this game was played with (its fingerprint differs: "
                "the variant, the mode, the deal number or the deck was changed)"
            )
        )

    # Every entry is played again through the engine and must cause exactly the stored
    # events; the redo list is played on, then taken back, so it lands on the redo stack.
    _replay(data, "log", game)
    redone = _replay(data, "redo", game)
    for _undone in range(redone):
        game.undo()
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise SaveError(N_("'extra' must be an object"))
    return game, extra


def _table(
    data: dict, variant: str, lookup: Callable[[str], VariantTable], carried: Carried
) -> VariantTable:
    """The variant's table: the built-in of that id, else the one the save carries."""
    try:
        return lookup(variant)
    except (KeyError, TypeError) as exc:
        if data["version"] < VERSION or TABLE not in data:
            raise SaveError(N_("unknown variant {name}"), name=shown(variant)) from exc
    body = data[TABLE]
    if not isinstance(body, dict):
        problem = N_("'table' must be a rule table (an object), got {value}")
        raise SaveError(problem, value=shown(body))
    try:
        table = carried(body, f"'{TABLE}'")
    except RuleTableError as exc:
        raise SaveError(Message.of(exc)) from None
    except (TypeError, AttributeError, RecursionError):  # not the data a table is made of
        raise SaveError(N_("'table' is not a rule table")) from None
    if table.id != variant:
        problem = N_("'table' is the rule table of {found}, not of {name}")
        raise SaveError(problem, found=shown(table.id), name=shown(variant))
    return table


def _deal(data: dict, rules: Rules) -> Deal:
    if ("seed" in data) == ("deck" in data):
        raise SaveError(N_("a saved game needs exactly one of 'seed' and 'deck'"))
    try:
        if "seed" in data:
            seed = data["seed"]
            if type(seed) is not int or seed < 0:
                problem = N_("'seed' must be a non-negative whole number, got {value}")
                raise EngineError(problem, value=shown(seed))
            deal = Deal(seed=seed)
        else:
            deck = data["deck"]
            if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
                raise EngineError(N_("'deck' must be a list of card codes"))
            deal = Deal(deck=tuple(cards_from_codes(deck, rules.decks, rules.suits)))
        deal.cards(rules)  # a deal number out of range, a deck of the wrong cards
    except ValueError as exc:
        raise SaveError(Message.of(exc)) from exc
    return deal


def _replay(data: dict, key: str, game: Game) -> int:
    """Execute the entries under ``key`` on ``game``; returns how many there were."""
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise SaveError(N_("'{key}' must be a list"), key=key)
    layout = game.layout
    commands: dict[str, Any] = {}  # a long log says "draw" thousands of times: read it once
    events: dict[Any, dict] = {}
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise SaveError(N_("{key} entry {number}: must be an object"), key=key, number=number)
        text = entry.get("command")
        stored = entry.get("events")
        if not isinstance(stored, list):
            problem = (
                Message(N_("'events' is missing"))
                if "events" not in entry
                else Message(
                    N_("'events' must be a list of events, got {value}"), value=shown(stored)
                )
            )
            raise SaveError.about(_where(key, number, entry), problem)
        command = commands.get(text) if isinstance(text, str) else None
        if command is None:
            try:
                command = parse_command(text if isinstance(text, str) else "", layout)
            except ValueError as exc:
                raise SaveError.about(_where(key, number, entry), exc) from exc
            if isinstance(text, str):
                commands[text] = command
        try:
            step = game.execute(command)
        except Refused as exc:
            problem = N_("{entry}: not legal here: {problem}")
            raise SaveError(problem, entry=_where(key, number, entry), problem=exc) from exc
        caused = [events.get(e) or events.setdefault(e, event_to_json(e, layout)) for e in step]
        if caused != stored:
            raise SaveError.about(_where(key, number, entry), _mismatch(stored, layout))
    return len(entries)


def _where(key: str, number: int, entry: dict) -> Message:
    """Which entry, for a message (made only when something is wrong: quoting every entry
    would slow a long log down)."""
    command = shown(entry.get("command"), 40, quotes=False)
    return Message(N_("{key} entry {number} ({command})"), key=key, number=number, command=command)


def _mismatch(stored: list, layout: Layout) -> Message:
    """Why stored events are refused: what is wrong with one, or that they are others."""
    try:
        for e in stored:
            event_from_json(e, layout)
    except (ValueError, TypeError) as exc:
        return Message.of(exc)
    return Message(N_("its events are not what that move causes"))


def game_from_json(
    text: str, lookup: Callable[[str], VariantTable], carried: Carried = validate
) -> tuple[Game, dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(N_("not valid JSON ({error})"), error=exc) from exc
    return game_from_dict(data, lookup, carried)
