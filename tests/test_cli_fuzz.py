"""Both command lines against random argument lists: the answer is the output (status 0)
or one line on stderr (status 2), never a traceback, whatever is typed, and whatever the
reader does with stdout (closes it before, or after a few bytes).

In process (thousands of lists, quick), then as real processes with stdout closed early.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.args import parse
from game.cli import main as cli_main
from game.engine.cards import CODE
from game.engine.deal import shuffled
from game.variants import TABLES_DIR

ROOT = Path(__file__).resolve().parent.parent
FILES = Path(tempfile.mkdtemp(prefix="cli-fuzz-"))
atexit.register(shutil.rmtree, FILES, True)


def _files() -> list[str]:
    """Paths worth naming: tables good and bad, a folder, devices, links that loop."""
    good = (TABLES_DIR / "saratoga.toml").read_text()
    made = {
        "good.toml": good.encode(),
        "bom.toml": b"\xef\xbb\xbf" + good.encode(),
        "utf16.toml": good.encode("utf-16"),
        "latin.toml": good.replace("Saratoga", "S\u00e4ratoga").encode("latin-1"),
        "deep.toml": b"x = " + b"[" * 3000 + b"]" * 3000,
        "long.toml": b"decks = " + b"9" * 6000,
        "path.toml": b'extends = "../klondike"\n',
        "binary.toml": bytes(range(256)) * 8,
    }
    for name, data in made.items():
        (FILES / name).write_bytes(data)
    paths = [str(FILES / name) for name in made]
    paths += [
        str(FILES),
        str(FILES / "missing.toml"),
        os.devnull,
        str(TABLES_DIR / "klondike.toml"),
    ]
    if os.path.exists("/dev/zero"):
        paths.append("/dev/zero")
    if hasattr(os, "symlink") and sys.platform != "win32":
        os.symlink(FILES / "loop-b", FILES / "loop-a")
        os.symlink(FILES / "loop-a", FILES / "loop-b")
        paths.append(str(FILES / "loop-a"))
    if hasattr(os, "mkfifo"):
        os.mkfifo(FILES / "fifo.toml")
        paths.append(str(FILES / "fifo.toml"))
    return paths


PATHS = _files()
DECK = " ".join(CODE[c] for c in shuffled(list(range(52)), 7))
WORDS = [
    *["play", "variants", "-h", "--help", "--", "-", "--variant", "--table", "--mode"],
    *["--seed", "--deck", "--reveal", "--see", "--var", "klondike", "saratoga"],
    *["double-klondike", "spider", "", " ", "draw1", "draw3", "draw1-unlimited", "draw3-unlimited"],
    *["0", "1", "42", "007", "18446744073709551615", "18446744073709551616", "-1", "1e3"],
    *["\uff11\uff12", "\u0661", "\u00b2", "9" * 5000, "x\ny", "\udcff\udcfe", "\x1b[31m"],
    *["t1-t7", "draw", "w-f", "t1-t2:3", "t1-t2:99999", "collect", "f1-t1", "t9-t1", "t1-f"],
    *["x-y", "t\u0661-t2", "w-t3", "t4-t6:3", "AS 2H", DECK, DECK + " AS", *PATHS],
]
ARGS = st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=12)), max_size=9)
QUICK = settings(
    max_examples=1500, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def captured(call):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = call()
    return status, out.getvalue(), err.getvalue()


@given(argv=ARGS, lead=st.sampled_from([[], ["play"], ["play", "--variant", "klondike"]]))
@QUICK
def test_the_engine_command_line_in_process(argv, lead):
    status, out, err = captured(lambda: cli_main(lead + argv))
    assert status in (0, 2)
    if status == 2:
        assert out == "" and err.count("\n") == 1, err
        assert err.startswith("python -m game.cli: error: ") and len(err) <= 460
    else:
        assert err == ""
        if out.startswith("{"):
            assert json.loads(out)["piles"]


def _parse(argv):
    try:
        parse(argv)
    except SystemExit as exc:
        return exc.code
    return 0


GAME_WORDS = [
    *["--variant", "--mode", "--seed", "--fullscreen", "--windowed", "--data-dir", "--no-sound"],
    *["--version", "-h", "--self-test", "--var", "klondike", "saratoga", "double-klondike"],
    *["spider", "", "draw3", "draw1-noredeal", "draw3-unlimited", "1280x800", "10x10", "800X600"],
    *["\uff11\uff12\uff18\uff10x800", "99999x99999", "1", "\u0661", "9" * 5000, "-1", "x\ny"],
    *PATHS,
]


@given(argv=st.lists(st.one_of(st.sampled_from(GAME_WORDS), st.text(max_size=12)), max_size=8))
@QUICK
def test_the_game_flags_in_process(argv):
    status, out, err = captured(lambda: _parse(argv))
    assert status in (0, 2)
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("solitaire: error: ")
        assert len(err) <= 460
    else:
        assert err == ""


# -- real processes, with stdout closed early --------------------------------------------------


def _run(args: list[str], read: int | None):
    """Run ``python args``; ``read`` None: stdout's reader is gone before it starts; else
    it reads that many bytes, then hangs up."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, *args]
    if read is None:
        r, w = os.pipe()
        os.close(r)
        try:
            proc = subprocess.run(
                command, stdout=w, stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=120
            )
        finally:
            os.close(w)
        return proc.returncode, proc.stderr.decode(errors="replace")
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env
    )
    proc.stdout.read(read)
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=120)
    return proc.returncode, err.decode(errors="replace")


def _clean(code: int, err: str) -> None:
    assert code in (0, 2), err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert err.count("\n") <= 1, err


@pytest.mark.parametrize("seed", range(16))
def test_the_engine_command_line_as_a_process(seed):
    rng = random.Random(seed)
    argv = ["play", "--variant", rng.choice(["klondike", "double-klondike"])]
    argv += [rng.choice(WORDS[:60]) for _ in range(rng.randrange(6))]
    if seed % 4 == 0:
        argv = ["variants"]
    elif seed % 4 == 1:
        argv = ["play", "--variant", "double-klondike", "--seed", str(seed), "--reveal"]
    read = None if seed % 2 else rng.randrange(0, 40)
    _clean(*_run(["-m", "game.cli", *argv], read))


@pytest.mark.parametrize(
    "argv, read",
    [
        (["--self-test"], None),
        (["--self-test", "--variant", "saratoga", "--seed", "\u0661"], 0),
        (["--help"], 5),
        (["--version"], None),
        (["--self-test", "--windowed", "1280x800", "--fullscreen"], None),
    ],
)
def test_the_game_as_a_process(argv, read, tmp_path):
    _clean(*_run(["-m", "game", "--data-dir", str(tmp_path), *argv], read))
