"""Saved games: a game (variant, mode, deal, log, redo list) to and from JSON.

Each log entry keeps the command and the events it caused. Loading replays every command
against the rules and checks it causes exactly the stored events, so a tampered or
truncated log is refused with the first bad entry named.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .cards import CODE, cards_from_codes
from .events import event_from_json, event_to_json
from .game import Deal, Game, Record
from .notation import format_command, parse_command
from .refusals import Refused
from .rules import VariantTable

FORMAT = "klondike-family-game"
VERSION = 1


class SaveError(ValueError):
    """A save that cannot be loaded; the message says what is wrong and where."""


def _record_to_json(record: Record, game: Game) -> dict:
    return {
        "command": format_command(record.command, game.layout),
        "events": [event_to_json(e, game.layout) for e in record.step],
    }


def game_to_dict(game: Game, extra: dict | None = None) -> dict:
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.rules.variant,
        "mode": game.rules.mode,
    }
    if game.deal.seed is not None:
        data["seed"] = game.deal.seed
    else:
        data["deck"] = [CODE[c] for c in game.deal.deck]
    data["log"] = [_record_to_json(r, game) for r in game.log]
    data["redo"] = [_record_to_json(r, game) for r in reversed(game.redo_stack)]
    if extra:
        data["extra"] = extra
    return data


def game_to_json(game: Game, extra: dict | None = None) -> str:
    return json.dumps(game_to_dict(game, extra), indent=1)


def game_from_dict(data: Any, lookup: Callable[[str], VariantTable]) -> tuple[Game, dict]:
    """Rebuild a game, re-validating every entry. Returns (game, extra)."""
    if not isinstance(data, dict):
        raise SaveError("a saved game must be a JSON object")
    if data.get("format") != FORMAT:
        raise SaveError(f"not a saved game (format is {data.get('format')!r})")
    version = data.get("version")
    if type(version) is not int:
        raise SaveError(f"'version' must be a whole number, got {version!r}")
    if version > VERSION:
        raise SaveError(
            f"saved by a newer version of the game (format {version}, this reads {VERSION})"
        )
    if version < 1:
        raise SaveError(f"unknown format version {version}")
    try:
        table = lookup(data.get("variant"))
    except (KeyError, TypeError) as exc:
        raise SaveError(f"unknown variant {data.get('variant')!r}") from exc
    try:
        rules = table.rules(data.get("mode"))
    except KeyError as exc:
        raise SaveError(str(exc.args[0])) from exc
    if ("seed" in data) == ("deck" in data):
        raise SaveError("a saved game needs exactly one of 'seed' and 'deck'")
    try:
        if "seed" in data:
            seed = data["seed"]
            if type(seed) is not int or seed < 0:
                raise ValueError(f"'seed' must be a non-negative whole number, got {seed!r}")
            game = Game(rules, Deal(seed=seed))
        else:
            deck = data["deck"]
            if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
                raise ValueError("'deck' must be a list of card codes")
            game = Game(rules, Deal(deck=tuple(cards_from_codes(deck, rules.decks))))
    except ValueError as exc:
        raise SaveError(str(exc)) from exc

    # Every entry is played again through the engine and must cause exactly the stored
    # events; the redo list is played on, then taken back, so it lands on the redo stack.
    _replay(data, "log", game)
    redone = _replay(data, "redo", game)
    for _ in range(redone):
        game.undo()
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise SaveError("'extra' must be an object")
    return game, extra


def _replay(data: dict, key: str, game: Game) -> int:
    """Execute the entries under ``key`` on ``game``; returns how many there were."""
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise SaveError(f"'{key}' must be a list")
    for number, entry in enumerate(entries, 1):
        where = f"{key} entry {number}"
        if not isinstance(entry, dict):
            raise SaveError(f"{where}: must be an object")
        text = entry.get("command")
        events = entry.get("events")
        if not isinstance(events, list):
            raise SaveError(f"{where} ({text!r}): 'events' must be a list of events")
        try:
            command = parse_command(text if isinstance(text, str) else "", game.layout)
            stored = tuple(event_from_json(e, game.layout) for e in events)
        except (ValueError, TypeError) as exc:
            raise SaveError(f"{where} ({text!r}): {exc}") from exc
        try:
            step = game.execute(command)
        except Refused as exc:
            raise SaveError(f"{where} ({text}): not legal here: {exc}") from exc
        if step != stored:
            raise SaveError(f"{where} ({text}): its events are not what that move causes")
    return len(entries)


def game_from_json(text: str, lookup: Callable[[str], VariantTable]) -> tuple[Game, dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"not valid JSON ({exc})") from exc
    return game_from_dict(data, lookup)
