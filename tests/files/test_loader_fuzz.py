"""Every loader against hostile files: arbitrary bytes, and a valid file cut at every
length, with each key removed or given another type, nested deep, swollen, and written in
other encodings. A loader gives a value or a message and never raises; a player's file it
cannot use as written is kept aside byte for byte (a rule table is left where it is).

Thousands of cases per loader: the enumerations are exhaustive, hypothesis adds random
bytes and random edits of the valid file.
"""

from __future__ import annotations

import codecs
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace as changed
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.deal import MAX_SEED
from game.engine.game import new_game
from game.engine.rules import RuleTableError
from game.files.formats import COUNT, TIME_PLAYED, TOTAL_TIME
from game.files.loader import load_file
from game.store.autosave import CURRENT_GAME_FILE, resume, save_current
from game.store.gamefiles import HISTORY_RECORD, RECORD_FORMAT, _read_written, read_game
from game.store.settings import SETTINGS_FILE, Settings, load_settings, settings_to_dict
from game.store.statistics import (
    STATISTICS_FILE,
    Statistics,
    load_statistics,
    record_result,
    save_statistics,
    statistics_to_dict,
)
from game.store.winnable import FOUND_FILE, _read_found
from game.variants import TABLES_DIR, get_variant, load_variant_file

TABLE_FILE = "mine.toml"
FUZZ = settings(
    max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@dataclass(frozen=True)
class Loader:
    file: str
    valid: Callable[[], bytes]
    load: Callable[[Path], tuple[object, str | None]]  # the folder -> (value, message)
    players: bool = True  # set aside when unusable (a rule table is only refused)
    toml: bool = False


def _game_bytes() -> bytes:
    game = new_game(get_variant("klondike").rules("draw3"), seed=4)
    for n in range(12):
        moves = game.legal_moves()
        game.execute(moves[n % len(moves)])
    game.undo()
    folder = Path(tempfile.mkdtemp())
    save_current(folder, game, 75.5, "klondike/draw3/seed4/x")
    data = (folder / CURRENT_GAME_FILE).read_bytes()
    shutil.rmtree(folder)
    return data


def _stats_bytes() -> bytes:
    stats = record_result(Statistics(), ("klondike", "draw1"), "a", True, 99.5, 120)
    stats = record_result(stats, ("saratoga", "draw3"), "b", False, 0, 3)
    return json.dumps(statistics_to_dict(stats), indent=1).encode()


def _settings_bytes() -> bytes:
    chosen = changed(Settings(), sound=False, window_size=(1024, 700), card_back="red")
    return json.dumps(settings_to_dict(chosen.with_mode("saratoga", "draw3"))).encode()


def _found_bytes() -> bytes:
    pools = {f"{v}/{m}": list(range(n, 900, 77)) for n, (v, m) in enumerate(MODES)}
    return json.dumps({"pools": pools}).encode()


MODES = [(t.id, m) for t in map(get_variant, ("klondike", "saratoga")) for m in t.mode_ids()]


def _found(folder: Path):
    loaded = load_file(folder / FOUND_FILE, _read_found, {}, "it will be made again")
    return loaded.value, loaded.message


def _resumed(folder: Path):
    found = resume(folder)
    return (found.game, found.elapsed, found.game_id), found.message


def _table(folder: Path):
    try:
        return load_variant_file(folder / TABLE_FILE), None
    except RuleTableError as exc:
        return None, str(exc)


def _opened(folder: Path):
    """A game file opened by the player (Ctrl+O, the command line): never moved."""
    found = read_game(folder / GAME_FILE)
    if isinstance(found, str):
        return None, found
    return (found.game, found.elapsed, found.result), None


def _history_bytes() -> bytes:
    record = {"format": RECORD_FORMAT, "version": 1, "files": ["20261201-0953-a.json"] * 3}
    return json.dumps(record).encode()


def _history(folder: Path):
    loaded = load_file(folder / HISTORY_RECORD, _read_written, [], "nothing was deleted")
    return loaded.value, loaded.message


GAME_FILE = "a-game.json"

LOADERS = {
    "settings": Loader(SETTINGS_FILE, _settings_bytes, load_settings),
    "game file": Loader(GAME_FILE, _game_bytes, _opened, False),
    "finished games record": Loader(HISTORY_RECORD, _history_bytes, _history),
    "statistics": Loader(STATISTICS_FILE, _stats_bytes, load_statistics),
    "saved game": Loader(CURRENT_GAME_FILE, _game_bytes, _resumed),
    "winnable deals": Loader(FOUND_FILE, _found_bytes, _found),
    "rule table": Loader(
        TABLE_FILE, lambda: (TABLES_DIR / "klondike.toml").read_bytes(), _table, False, True
    ),
}


@pytest.fixture(scope="module")
def folder():
    path = Path(tempfile.mkdtemp(prefix="loader-fuzz-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def attempt(loader: Loader, folder: Path, data: bytes):
    """Load ``data`` as ``loader``'s file; check the rules every load keeps."""
    for entry in os.scandir(folder):
        os.unlink(entry.path)
    path = folder / loader.file
    path.write_bytes(data)
    value, message = loader.load(folder)
    assert message is None or ("\n" not in message and 0 < len(message) < 1000), message
    names = os.listdir(folder)
    whole = f"{message} {getattr(message, 'details', '')}"  # a short line, details one key away
    aside = [name for name in names if name != loader.file]
    if not aside:  # kept where it was: untouched
        assert names == [loader.file] and path.read_bytes() == data
    else:  # kept aside, byte for byte, and the message says where
        assert loader.players, "a rule table is never moved"
        [kept] = aside
        assert kept.startswith(loader.file + ".") and kept in whole
        assert (folder / kept).read_bytes() == data
        if loader.file in names:  # the part that was valid, written back at once (issue 37)
            assert loader.file == STATISTICS_FILE
            again, said = loader.load(folder)
            assert said is None and again == value
    if message is None and loader.file in (CURRENT_GAME_FILE, TABLE_FILE):
        assert value is not None and (loader.toml or value[0] is not None)
    return value, message


@pytest.fixture(scope="module", params=list(LOADERS))
def loader(request):
    return LOADERS[request.param]


def test_the_valid_file_loads_without_a_message(loader, folder):
    value, message = attempt(loader, folder, loader.valid())
    assert message is None


@given(data=st.binary(max_size=3000))
@FUZZ
def test_arbitrary_bytes(loader, folder, data):
    attempt(loader, folder, data)


@given(edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 40), st.binary(max_size=12))))
@FUZZ
def test_random_edits_of_a_valid_file(loader, folder, edits):
    data = bytearray(loader.valid())
    for where, cut, put in edits:
        at = int(where * len(data))
        data[at : at + cut] = put
    attempt(loader, folder, bytes(data))


def test_cut_at_every_length(loader, folder):
    data = loader.valid()
    for length in range(len(data)):
        attempt(loader, folder, data[:length])


# -- structured mutations: each key removed or retyped --------------------------------------

DEEP = "\x00deep\x00"  # replaced by 5,000 nested brackets once written
RETYPED = [None, True, 0, -1, 2**70, 1.5, "", "x", "x" * 300_000, [], {}, [[["a"]]], DEEP]


def _paths(node, prefix=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield (*prefix, index)
            yield from _paths(value, (*prefix, index))


def _mutated(document, path, value, remove=False):
    document = json.loads(json.dumps(document))  # a copy
    node = document
    for step in path[:-1]:
        node = node[step]
    if remove:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return document


def _toml(document: dict) -> str:
    """A TOML writer for these tables: every value inline (TOML takes quoted keys and JSON's
    string escapes)."""

    def value(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int | float):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"

    return "\n".join(f"{json.dumps(k)} = {value(v)}" for k, v in document.items()) + "\n"


def _text(loader: Loader, document) -> bytes:
    text = _toml(document) if loader.toml else json.dumps(document)
    return text.replace(json.dumps(DEEP), "[" * 5000 + "]" * 5000).encode()


def test_each_key_removed_or_retyped(loader, folder):
    import tomllib

    valid = loader.valid().decode()
    document = tomllib.loads(valid) if loader.toml else json.loads(valid)
    attempt(loader, folder, _text(loader, document))  # the writer itself is sound
    for path in list(_paths(document)):
        attempt(loader, folder, _text(loader, _mutated(document, path, None, remove=True)))
        for value in RETYPED:
            if value is None and loader.toml:
                continue  # TOML has no null
            attempt(loader, folder, _text(loader, _mutated(document, path, value)))


def test_nesting_and_huge_values(loader, folder):
    data = loader.valid()
    attempt(loader, folder, b"[" * 100_000 + data + b"]" * 100_000)
    attempt(loader, folder, b"[" * 100_000)
    attempt(loader, folder, data + b" " * (20 << 20))  # over every cap: refused unread
    attempt(loader, folder, b"9" * 5000)
    attempt(loader, folder, b"1e400")


# -- any number anywhere: every number a file gives has a declared range (formats.py) ------

NUMBERS = st.one_of(
    st.integers(),
    st.sampled_from([10**400, -(10**400), 2**64, MAX_SEED, 2**63, COUNT + 1, 0, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.7e308, -1.7e308, 5e-324, -0.0, TIME_PLAYED + 1, TOTAL_TIME * 2]),
)


def _leaves(document) -> list[tuple]:
    """The paths of the values that hold no other value (none is inside another)."""
    node_at = {}
    for path in _paths(document):
        node = document
        for step in path:
            node = node[step]
        node_at[path] = node
    return [p for p, node in node_at.items() if not isinstance(node, dict | list)]


def _fits(name: str, value, folder: Path) -> None:
    """What was loaded is within its ranges, and the game can use it and write it again."""
    if name == "statistics":
        for record in value.records.values():
            counts = (record.played, record.won, record.assisted, record.fewest_moves or 0)
            assert all(0 <= n <= COUNT for n in counts)
            assert 0 <= record.total_win_time <= TOTAL_TIME
            assert record.best_time is None or 0 <= record.best_time <= TIME_PLAYED
            record.average_win_time, record.win_rate  # noqa: B018 - they compute
            won = record.with_win(TIME_PLAYED, 10)
            assert won.total_win_time <= TOTAL_TIME
        save_statistics(folder, value)  # plain JSON: no Infinity, no NaN
    elif name in ("saved game", "game file") and value is not None:
        assert 0 <= value[1] <= TIME_PLAYED
    elif name == "winnable deals":
        assert all(0 <= seed <= MAX_SEED for deals in value.values() for seed in deals)
    elif name == "settings":
        json.dumps(settings_to_dict(value), allow_nan=False)


@given(data=st.data())
@FUZZ
def test_any_number_anywhere_is_loaded_within_its_range_or_kept_aside(loader, folder, data):
    """Any JSON of the file's shape, with any numbers (huge, negative, NaN, Infinity,
    10^400) where it holds values: loaded within the declared ranges, or kept aside with a
    message; never an exception."""
    import tomllib

    valid = loader.valid().decode()
    document = tomllib.loads(valid) if loader.toml else json.loads(valid)
    leaves = _leaves(document)
    for path in data.draw(st.lists(st.sampled_from(leaves), min_size=1, max_size=4)):
        document = _mutated(document, path, data.draw(NUMBERS))
    try:
        text = _text(loader, document)
    except ValueError:  # 10^400 has more digits than Python writes by default
        return
    value, _message = attempt(loader, folder, text)
    name = next(key for key, each in LOADERS.items() if each is loader)
    _fits(name, value, folder)


# -- encodings -----------------------------------------------------------------------------


def _same(a, b) -> bool:
    if isinstance(a, tuple) and a and hasattr(a[0], "log"):  # a resumed game
        return a[0].log == b[0].log and a[0].state == b[0].state and a[1:] == b[1:]
    return a == b


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_any_unicode_encoding_with_a_byte_order_mark_loads_the_same(loader, folder, encoding):
    text = loader.valid().decode()
    data = text.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):  # Python writes no mark for these
        data = codecs.BOM_UTF16_LE + data if encoding.endswith("le") else codecs.BOM_UTF16_BE + data
    expected, _ = attempt(loader, folder, loader.valid())
    value, message = attempt(loader, folder, data)
    assert message is None and _same(value, expected)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-32-be", "cp1252", "latin-1"])
def test_other_encodings_are_refused_with_a_message(loader, folder, encoding):
    """Without a byte-order mark, only UTF-8 is taken: anything else is not guessed at."""
    text = loader.valid().decode()
    if loader.toml:
        text = "# \u00e9t\u00e9\n" + text
    else:
        text = json.dumps({**json.loads(text), "note": "\u00e9t\u00e9"}, ensure_ascii=False)
    value, message = attempt(loader, folder, text.encode(encoding))
    # Refused for its encoding (not for what a misread text would seem to hold), with the
    # file named, and nothing of it used: the loader's default stands.
    assert message is not None and "UTF-8" in message and loader.file in message, message
    default, _ = attempt(loader, folder, b"")
    assert _same(value, default), (value, default)
