"""A table's id, names and words are declared text (``game.engine.declared``): an id is a
slug, a name or a label one short line, a description or notes bounded paragraphs, none
with a control character. Whatever breaks that is refused with the file, the line and the
problem, wherever the table comes from; and any document made of the vocabulary's keys,
whatever it holds, is loaded or refused in words, never anything else, and a game of what
loads writes only inside its data folder."""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.app.args import parse
from game.engine.declared import NAME_LIMIT, WORDS_LIMIT, first_control, is_slug
from game.engine.game import new_game
from game.engine.policies import Build, DealPattern, EmptyPile, FaceUp, StockTarget
from game.engine.rules import RuleTableError, validate
from game.engine.vocabulary import MODE_KEYS, SECTIONS, TOP
from game.i18n import say
from game.store.autosave import resume, save_current
from game.store.gamefiles import keep_finished, save_new
from game.variants import TABLES_DIR, all_variants, builtin_ids, load_variant_file
from game.variants.catalogue import Catalogue
from game.variants.player import load_player_table
from tests.variants.test_player_tables import MINE


def refused(tmp_path: Path, text: str) -> str:
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleTableError) as err:
        load_player_table(path)
    message = say(err.value)
    assert message.startswith(f"{path}") and "\n" not in message and "\0" not in message
    return message


# -- the built-ins pass -----------------------------------------------------------------------


def test_every_built_in_tables_id_names_and_words_are_declared_text():
    for table in all_variants():
        assert is_slug(table.id) and table.id in builtin_ids()
        data = tomllib.loads((TABLES_DIR / f"{table.id}.toml").read_text(encoding="utf-8"))
        words = [data.get("description", ""), data.get("notes", "")]
        words += [mode.get("description", "") for mode in data.get("modes", {}).values()]
        assert len(table.name) <= NAME_LIMIT and first_control(table.name) is None
        for mode in table.modes:
            assert len(mode.label) <= NAME_LIMIT and first_control(mode.label) is None
            assert len(mode.id) <= NAME_LIMIT and first_control(mode.id) is None
        assert all(len(w) <= WORDS_LIMIT and first_control(w, True) is None for w in words)


# -- an id ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["/some/other/folder/X", "../../X", "..", "mi\\u0000ne", "My Table", "mine_2", "Mine", "-x",
     "x" * 41, "m\\u00efne", "mine\\n"],
)  # fmt: skip
def test_an_id_that_is_no_slug_is_refused_with_its_line(tmp_path, value):
    message = refused(tmp_path, MINE.replace('id = "mine"', f'id = "{value}"'))
    assert ", line 3: key 'id': must be an id of lowercase letters (a-z), digits and '-'" in message


@pytest.mark.parametrize("value", ["mine", "m", "9-lives", "a" * 40, "double-klondike-8"])
def test_a_slug_is_an_id(tmp_path, value):
    path = tmp_path / "t.toml"
    path.write_text(MINE.replace('id = "mine"', f'id = "{value}"'), encoding="utf-8")
    assert load_player_table(path).table.id == value


# -- names, labels, words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, key, problem",
    [
        ('name = "My\\u0000Klondike"', "line 4: key 'name'", "got U+0000 at character 3"),
        ('name = "\\u202eenilno"', "line 4: key 'name'", "got U+202E at character 1"),
        ('name = "two\\nlines"', "line 4: key 'name'", "got U+000A at character 4"),
        ('name = "\\u001b[2J"', "line 4: key 'name'", "got U+001B at character 1"),
        (f'name = "{"N" * 81}"', "line 4: key 'name'", "at most 80 characters long, got 81"),
        ('description = "a\\u0007b"', "line 5: key 'description'", "got U+0007"),
        ('notes = "a\\u0000b"', "line 6: key 'notes'", "got U+0000"),
        (f'notes = "{"n" * 4001}"', "line 6: key 'notes'", "at most 4000 characters long"),
    ],
)
def test_a_name_or_words_out_of_bounds_are_refused_with_their_line(tmp_path, line, key, problem):
    field = line.split(" = ")[0]
    lines = [line if ln.startswith(f"{field} = ") else ln for ln in MINE.splitlines()]
    message = refused(tmp_path, "\n".join(lines))
    assert key in message and problem in message


def test_a_mode_label_or_mode_id_with_a_control_character(tmp_path):
    message = refused(tmp_path, MINE + '\n[modes.draw1]\nlabel = "One\\u0000card"\n')
    assert "line 12: key 'modes.draw1.label': must hold no control characters" in message
    message = refused(tmp_path, MINE + '\n[modes."dr\\u0001aw"]\nlabel = "Draw"\n')
    assert "key 'modes': the mode 'dr\\x01aw': must hold no control characters" in message


def test_paragraphs_joiners_and_any_script_are_words(tmp_path):
    text = MINE.replace(
        'notes = "Made by me, for the long evenings."',
        'notes = """\nFirst line.\n\tSecond, indented.\n'
        'می\u200cخواهم \U0001f469\u200d\U0001f4bb"""',
    ).replace('name = "My Klondike"', 'name = "Мій пасьянс \u00b7 \u4e2d\u6587"')
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    assert load_player_table(path).table.name == "Мій пасьянс \u00b7 \u4e2d\u6587"


# -- a table carried by a save ----------------------------------------------------------------


def carried(**changes) -> dict:
    data = {
        **tomllib.loads((TABLES_DIR / "klondike.toml").read_text(encoding="utf-8")),
        "id": "mine",
    }
    data.update(changes)
    return data


def test_a_carried_table_is_held_to_the_same_words():
    with pytest.raises(RuleTableError) as err:
        validate(carried(id="../../X"), "'table'")
    assert say(err.value).startswith("'table': key 'id': must be an id of lowercase letters")
    with pytest.raises(RuleTableError) as err:
        validate(carried(name="A\0B"), "'table'")
    assert say(err.value) == (
        "'table': key 'name': must hold no control characters, got U+0000 at character 2"
    )


def test_a_carried_table_with_extends_is_told_it_cannot_extend():
    with pytest.raises(RuleTableError) as err:
        validate(carried(extends="klondike"), "'table'")
    message = say(err.value)
    assert message == (
        "'table': key 'extends': not allowed in a table a game carries: it is saved whole, "
        "merged with the table it extended, and cannot extend another"
    )
    assert "expected one of" not in message


def test_a_save_whose_table_extends_is_kept_aside_with_those_words(tmp_path):
    own = load_player_table(_mine(tmp_path))
    run = Catalogue()
    run.give(own)
    save_current(tmp_path, new_game(own.table.rules("draw1"), seed=3), 1.0, catalogue=run)
    path = tmp_path / "current-game.json"
    body = json.loads(path.read_text())
    body["table"]["extends"] = "klondike"
    path.write_text(json.dumps(body))
    (tmp_path / "t.toml").unlink()
    found = resume(tmp_path, Catalogue())  # a new run
    assert found.game is None and "cannot extend another" in found.message
    assert "\n" not in found.message and "expected one of" not in found.message


def _mine(folder: Path) -> Path:
    path = folder / "t.toml"
    path.write_text(MINE, encoding="utf-8")
    return path


# -- not a regular file -----------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_as_the_table_flag_is_not_a_regular_file_at_once(tmp_path, capsys):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(SystemExit) as exited:
        parse(["--table", str(fifo)])
    assert time.monotonic() - started < 1  # never waits for a writer
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{fifo}: it is not a regular file" in err
    assert "missing" not in err


@pytest.mark.skipif(sys.platform == "win32" or not os.path.exists("/dev/null"), reason="POSIX")
def test_a_device_as_the_table_flag_is_not_a_regular_file(capsys):
    with pytest.raises(SystemExit):
        parse(["--table", "/dev/null"])
    assert "/dev/null: it is not a regular file" in capsys.readouterr().err


# -- any document of the vocabulary -----------------------------------------------------------


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)  # a TOML basic string: JSON's escapes are TOML's


def _toml(data: dict) -> str:
    """``data`` as TOML: top keys, then each table as dotted keys under its header."""
    lines, tables = [], []

    def walk(prefix: tuple[str, ...], table: dict) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk((*prefix, key), value)
            else:
                tables.append((prefix, key, value))

    walk((), data)
    for prefix, key, value in tables:
        dotted = ".".join(json.dumps(part) for part in (*prefix, key))
        lines.append(f"{dotted} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


CHOICES = [
    p.value for policy in (Build, DealPattern, EmptyPile, FaceUp, StockTarget) for p in policy
]
strings = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        ["../../X", "/some/other/folder/X", "..", "a\0b", "draw1", "mine", "klondike", "\u202e"]
    ),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), max_size=4),
    st.integers(1, 100_000).map(lambda n: "x" * n),
    st.sampled_from(CHOICES),
)
numbers = st.one_of(
    st.integers(-3, 60), st.integers(), st.floats(), st.sampled_from([10**30, -(10**30)])
)
values = st.one_of(
    strings, numbers, st.booleans(), st.lists(st.integers(-1, 31), max_size=13), st.just({})
)
BASE = tomllib.loads((TABLES_DIR / "klondike.toml").read_text(encoding="utf-8"))
BASE["id"] = "mine"
PLACES = (
    [(key,) for key in TOP]
    + [(section, key) for section, spec in SECTIONS.items() for key in spec]
    + [("modes", "draw1", key) for key in MODE_KEYS]
    + [("modes", "draw1", "tableau", key) for key in SECTIONS["tableau"]]
)


@st.composite
def documents(draw) -> dict:
    """Klondike's table with some of its keys (or new ones, or new modes) given any value."""
    data = json.loads(json.dumps(BASE))
    for _ in range(draw(st.integers(0, 4))):
        place = draw(
            st.one_of(
                st.sampled_from(PLACES),
                st.tuples(strings),
                st.tuples(
                    st.just("modes"), strings, st.sampled_from(["label", "description", "x"])
                ),
            )
        )
        table = data
        for part in place[:-1]:
            if not isinstance(table.get(part), dict):
                table[part] = {}
            table = table[part]
        if draw(st.booleans()) or place[-1] not in table:
            table[place[-1]] = draw(values)
        else:
            del table[place[-1]]
    return data


@given(documents(), st.integers(0, 2**32))
@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_any_document_is_loaded_or_refused_and_its_game_writes_inside(data, seed):
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        home = root / "a" / "b" / "data"
        path = home / "variants" / "t.toml"
        path.parent.mkdir(parents=True)
        path.write_text(_toml(data), encoding="utf-8")
        before = set(root.rglob("*"))
        try:
            own = load_player_table(path)
        except RuleTableError as exc:
            event("refused")
            message = say(exc)
            assert message.startswith(str(path)), message
            assert "\n" not in message and "\0" not in message and len(message) < 1000
            return
        event("loaded")
        table, run = own.table, Catalogue()
        run.give(own)  # its games carry it
        rng = random.Random(seed)
        for mode in table.mode_ids():
            game = new_game(table.rules(mode), seed=seed % 10_000)
            for _ in range(5):
                legal = game.legal_moves()
                if not legal:
                    break
                game.execute(rng.choice(legal))
            save_current(home, game, 1.0, catalogue=run)
            save_new(home, game, 1.0, catalogue=run)
            keep_finished(home, game, 1.0, "abandoned", catalogue=run)
        made = set(root.rglob("*")) - before
        assert made and all(p.is_relative_to(home) for p in made), made
        assert load_variant_file(path).id == table.id
