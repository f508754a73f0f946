"""The player's files as a hostile tester left them: each case tried as it was reported,
through the real app (``make_app``) or the real command line, on a data folder. Each test
names its case. The property tests of every format are in tests/files/test_loader_fuzz.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.commands import Collect, Draw, ToFoundation
from game.engine.game import new_game
from game.engine.savefile import game_to_dict
from game.engine.state import WASTE
from game.files.atomic import OutsideFolder
from game.store.autosave import CURRENT_GAME_FILE, resume, save_current
from game.store.gamefiles import (
    HISTORY,
    HISTORY_KEPT,
    finished_games,
    keep_finished,
    read_game,
    write_game,
)
from game.store.statistics import STATISTICS_FILE, VariantStats, load_statistics
from game.store.winnable import FOUND_FILE
from game.variants import get_variant
from tests.app.app_helpers import frame, make_app, play, settle
from tests.engine.test_rules_of_play import winning_game

ROOT = Path(__file__).resolve().parents[2]
HUGE = 10**400


def toast(app) -> str:
    return app.table.toast.text if app.table.toast else ""


def saved_game(folder: Path, **extra) -> Path:
    """current-game.json of a game with moves made, its extra as given."""
    game = new_game(get_variant("klondike").rules("draw1"), seed=7)
    game.execute(Draw())
    game.execute(Draw())
    data = game_to_dict(game, extra)
    path = folder / CURRENT_GAME_FILE
    path.write_text(json.dumps(data))
    return path


def near_win():
    """A Klondike game one move (Collect) from its win."""
    _, game = winning_game("klondike")
    while game.stock_count:
        game.execute(Draw())
        while game.state.piles[WASTE]:
            game.execute(ToFoundation(WASTE))
    return game


# -- 1: a 400-digit time played ---------------------------------------------------------------


def test_1_a_400_digit_time_played_resumes_the_game_with_its_clock_at_0(tmp_path):
    saved_game(tmp_path, elapsed=HUGE, game_id="klondike/draw1/seed7/x/1")
    app = make_app(tmp_path)
    frame(app)
    said = toast(app)
    settle(app)
    game = app.session.game
    assert game.deal.seed == 7 and game.moves_made == 2  # the game itself is kept
    assert app.session.elapsed < 60  # the clock starts again from 0
    assert said.startswith("Some values in current-game.json were not valid and were reset")
    assert "elapsed: must be a number of seconds from 0 to" in said and len(said) < 300
    app.session.autosave(force=True)
    again = resume(tmp_path)  # saved again with a time that fits
    assert again.elapsed < 60 and again.message is None


def test_1_a_game_file_with_a_400_digit_time_played_opens(tmp_path):
    path = saved_game(tmp_path, elapsed=HUGE, result="won")
    opened = path.rename(tmp_path / "mine.json")
    found = read_game(opened)
    assert not isinstance(found, str) and found.elapsed == 0.0 and found.result == "won"
    app = make_app(tmp_path / "data", str(opened))  # given on the command line
    settle(app)
    frame(app, 3)
    assert "Traceback" not in toast(app)


# -- 2: a winnable deal number past the generator's range ---------------------------------------


def test_2_a_found_deal_past_2_64_is_set_aside_and_winnable_deals_still_deal(tmp_path):
    (tmp_path / FOUND_FILE).write_text(
        json.dumps({"pools": {"klondike/draw1": [2**64, 5], "klondike/draw3": [7]}})
    )
    app = make_app(tmp_path)
    settle(app)
    session = app.session
    session.change_settings(session.settings.with_winnable_only("klondike", True))
    for _ in range(20):  # the shipped pool and the good deal found here
        game = session.deal("klondike", "draw1")
        assert 0 <= game.deal.seed < 2**64
    assert session.winnable.found() == {"klondike/draw1": [5], "klondike/draw3": [7]}
    kept = [p.name for p in tmp_path.iterdir() if p.name.startswith(FOUND_FILE + ".corrupt-")]
    assert len(kept) == 1  # the file as it was, to look at


# -- 4 and 5: statistics that overflow ----------------------------------------------------------


def test_4_won_and_played_of_10_to_400_are_set_aside_and_statistics_open(tmp_path):
    record = {"played": HUGE, "won": HUGE, "total_win_time": 100.0}
    body = {"format": "klondike-family-statistics", "version": 1}
    body["records"] = {"klondike": {"draw1": record, "draw3": {"played": 3, "won": 1}}}
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(body))
    stats, message = load_statistics(tmp_path)
    # One short line, and the record, the key and the range one key away (its details).
    assert message == "Statistics: 1 record was not valid and was set aside; 1 kept."
    assert "klondike draw1 (played: must be a whole number from 0 to" in message.details
    assert len(message.details) < 400  # the number is quoted short
    assert stats.get(("klondike", "draw3")).played == 3  # the rest is kept
    app = make_app(tmp_path)
    settle(app)
    from game.view import intents as i

    app.controller.apply(i.OpenStatistics())
    frame(app, 3)
    assert app.session.stats.get(("klondike", "draw1")).average_win_time is None


def test_5_a_total_time_at_the_top_of_floats_and_a_huge_clock_win_cleanly(tmp_path):
    save_current(tmp_path, near_win(), 0.0)
    data = json.loads((tmp_path / CURRENT_GAME_FILE).read_text())
    data["extra"]["elapsed"] = 1.7e308
    (tmp_path / CURRENT_GAME_FILE).write_text(json.dumps(data))
    record = {"played": 3, "won": 2, "total_win_time": 1.7e308}
    body = {"format": "klondike-family-statistics", "version": 1}
    body["records"] = {"klondike": {"draw1": record}}
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(body))
    app = make_app(tmp_path)
    settle(app)
    play(app, Collect())
    settle(app)
    assert app.session.game.won
    saved = json.loads((tmp_path / STATISTICS_FILE).read_text())  # plain finite JSON
    won = saved["records"]["klondike"]["draw1"]
    assert won["won"] == 1 and 0 <= won["total_win_time"] < 1e9
    assert not (tmp_path / CURRENT_GAME_FILE).exists()  # the win is over: no loop


def test_5_a_sum_of_times_stops_at_its_range_and_is_never_infinite():
    from game.files.formats import TOTAL_TIME

    record = VariantStats(played=2, won=2, total_win_time=TOTAL_TIME)
    won = record.with_win(1e300, 40)
    assert won.total_win_time == TOTAL_TIME and won.won == 3
    json.dumps(won.__dict__, allow_nan=False)


# -- 6: a history file named like a timestamp that is no date -----------------------------------


def test_6_a_history_name_that_is_no_date_lists_without_a_date(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    mine = tmp_path / HISTORY / "20261399-256199-mine.json"
    mine.parent.mkdir(exist_ok=True)
    write_game(mine, near_win(), 5.0, "abandoned")
    from game.view import intents as i

    app.controller.apply(i.OpenHistory())
    frame(app, 3)
    assert [f.when for f in finished_games(tmp_path)] == [None]


# -- D1, D2: the game deletes only what it wrote -----------------------------------------------


def finish(folder: Path, n: int) -> list[Path]:
    game = new_game(get_variant("klondike").rules("draw1"), seed=n)
    return keep_finished(folder, game, 1.0, "abandoned")


def test_D1_the_players_own_files_in_history_are_never_deleted(tmp_path):
    history = tmp_path / HISTORY
    history.mkdir()
    theirs = []
    for n in range(35):
        path = history / f"{n:02d}-my-game.json"
        write_game(path, near_win(), 1.0, "abandoned")
        theirs.append(path)
    for n in range(HISTORY_KEPT + 5):
        newest = finish(tmp_path, n)
        assert newest.exists()  # the game's own new file is never the one pruned
    assert all(p.exists() for p in theirs)
    ours = [p for p in history.iterdir() if p not in theirs]
    assert len(ours) == HISTORY_KEPT
    assert finished_games(tmp_path)[0].path == newest


def test_D1_a_history_that_is_a_link_elsewhere_loses_nothing(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for n in range(35):
        write_game(elsewhere / f"2026010{n % 9}-120000-{n}.json", near_win(), 1.0, "won")
    data = tmp_path / "data"
    data.mkdir()
    (data / HISTORY).symlink_to(elsewhere)
    for n in range(HISTORY_KEPT + 3):  # the link is not followed out of the data folder
        with pytest.raises(OutsideFolder):
            finish(data, n)
    assert len(list(elsewhere.iterdir())) == 35  # nothing deleted there, nothing written


def test_D1_a_link_inside_history_is_not_followed(tmp_path):
    target = tmp_path / "precious.json"
    target.write_text("{}")
    first = finish(tmp_path, 0)
    first.unlink()
    first.symlink_to(target)  # the recorded name now is a link out of the folder
    for n in range(1, HISTORY_KEPT + 2):
        finish(tmp_path, n)
    assert target.read_text() == "{}"


def test_D2_history_stamped_in_the_future_does_not_swallow_new_results(tmp_path, monkeypatch):
    import game.store.gamefiles as gamefiles

    ahead = datetime.now() + timedelta(days=400)

    class Ahead(datetime):
        @classmethod
        def now(cls, tz=None):
            return ahead

    monkeypatch.setattr(gamefiles, "datetime", Ahead)  # a clock that was ahead
    for n in range(HISTORY_KEPT):
        finish(tmp_path, n)
    monkeypatch.undo()  # the clock is put right
    app = make_app(tmp_path)
    settle(app)
    app.session.start(app.session.deal("klondike", "draw1", 99))
    play(app, Draw())
    app.session.start(app.session.deal("klondike", "draw1", 100))  # abandons deal 99
    last = app.session.last_finished
    assert last is not None and last.exists()
    assert finished_games(tmp_path)[0].path == last


# -- D3: an unreadable saved game is kept, not overwritten ---------------------------------------


def test_D3_an_unreadable_saved_game_is_kept_aside_and_the_message_says_where(
    tmp_path, monkeypatch
):
    path = saved_game(tmp_path, elapsed=12.0)
    before = path.read_bytes()
    path.chmod(0)
    if os.geteuid() == 0:  # root reads any file: the system's answer to a player, then
        import game.files.loader as loader

        opened = loader.os.open

        def forbidden(name, *args, **kwargs):
            if Path(name) == path:
                raise PermissionError(13, "Permission denied", str(name))
            return opened(name, *args, **kwargs)

        monkeypatch.setattr(loader.os, "open", forbidden)
    try:
        app = make_app(tmp_path)
        frame(app)
        said = toast(app)
        settle(app)
        play(app, Draw())  # the first save of the new game
        app.session.autosave(force=True)
        kept = [p for p in tmp_path.iterdir() if p.name.startswith(CURRENT_GAME_FILE + ".")]
        assert len(kept) == 1 and f"It was kept as {kept[0].name}" in said, said
        kept[0].chmod(0o644)
        assert kept[0].read_bytes() == before  # the 2-move game is whole
        assert json.loads(path.read_text())  # the new game saved beside it
    finally:
        for p in tmp_path.iterdir():
            p.chmod(0o755 if p.is_dir() else 0o644)


def test_D3_unreadable_settings_are_kept_aside_too_not_written_over_at_close(tmp_path, monkeypatch):
    import game.files.loader as loader

    path = tmp_path / "settings.json"
    path.write_text('{"format": "mine"}')
    opened = loader.os.open

    def forbidden(name, *args, **kwargs):  # what the system answers a player for chmod 0
        if Path(name) == path:
            raise PermissionError(13, "Permission denied", str(name))
        return opened(name, *args, **kwargs)

    monkeypatch.setattr(loader.os, "open", forbidden)
    app = make_app(tmp_path)
    frame(app)
    said = toast(app)
    monkeypatch.undo()
    app.session.close()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.unreadable-")]
    assert len(kept) == 1 and kept[0].name in said
    assert kept[0].read_text() == '{"format": "mine"}'


# -- wrong words ------------------------------------------------------------------------------


def test_an_update_lock_that_is_a_folder_is_named_as_such(tmp_path):
    app = make_app(tmp_path)
    settle(app)
    app.session.take_notices()
    (tmp_path / "update.lock").unlink(missing_ok=True)
    (tmp_path / "update.lock").mkdir()
    app.session.start(app.session.deal("klondike", "draw1", 5))
    play(app, Draw())
    app.session.start(app.session.deal("klondike", "draw1", 6))  # counts the abandoned game
    said = " ".join(app.session.take_notices())
    # The lock is named, with what is wrong with it (the lock check words it: not a plain
    # file), and never the statistics file it guards.
    assert "update.lock is not a plain file" in said and "statistics.json" not in said


def test_a_4000_digit_number_in_a_game_file_is_quoted_short(tmp_path):
    path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["seed"] = 10**4000
    path.write_text(json.dumps(data))
    said = read_game(path)
    # The game is refused with the file named and the number cut short: its first digits,
    # then an ellipsis, never the 4,001 digits.
    assert isinstance(said, str) and len(said) < 300, said
    assert said.startswith(f"Could not open {path.name}: ") and said.endswith("...).")
    assert " 1000000000" in said and "0" * 100 not in said
    data["seed"], data["version"] = 7, 10**4000
    path.write_text(json.dumps(data))
    said = read_game(path)
    # The game is refused with the file named and the number cut short: its first digits,
    # then an ellipsis, never the 4,001 digits.
    assert isinstance(said, str) and len(said) < 300, said
    assert said.startswith(f"Could not open {path.name}: ") and said.endswith("...).")
    assert " 1000000000" in said and "0" * 100 not in said


# -- tools/solvability.py --results ---------------------------------------------------------------


def tool(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "solvability.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


SETTINGS = {"variant": "klondike", "mode": "draw3", "timeout": 1.0, "nodes": 50}
ARGS = ("--variant", "klondike", "--mode", "draw3", "--timeout", "1", "--nodes", "50")


@pytest.mark.parametrize(
    "line",
    [
        "5",
        '{"seed": 2}',
        '{"seed": 2, "outcome": "maybe", "seconds": 0.1, "nodes": 3}',
        '{"seed": 2, "outcome": "won", "seconds": 1e400, "nodes": 3}',
        '{"seed": 2, "outcome": "won", "seconds": "fast", "nodes": 3}',
        '{"seed": {"seed": 2}, "outcome": "won", "seconds": 0.1, "nodes": 3}',
        "[" * 500 + "]" * 500,
        '{"seed": 1' + "0" * 5000 + ', "outcome": "won", "seconds": 0.1, "nodes": 3}',
    ],
)
def test_a_results_line_that_does_not_fit_is_one_worded_line_and_exit_2(tmp_path, line):
    results = tmp_path / "r.jsonl"
    results.write_text(json.dumps({"settings": SETTINGS}) + "\n" + line + "\n")
    proc = tool(*ARGS, "--deals", "1-2", "--results", str(results))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "r.jsonl" in proc.stderr
    assert proc.stderr.strip().count("\n") <= 1 and len(proc.stderr) < 400, proc.stderr


def test_a_results_file_that_is_a_folder_is_one_worded_line(tmp_path):
    proc = tool(*ARGS, "--deals", "1-2", "--results", str(tmp_path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "folder" in proc.stderr


def test_a_good_results_file_still_resumes(tmp_path):
    results = tmp_path / "r.jsonl"
    line = {"seed": 1, "outcome": "undecided", "seconds": 0.5, "nodes": 50}
    results.write_text(json.dumps({"settings": SETTINGS}) + "\n" + json.dumps(line) + "\n")
    proc = tool(*ARGS, "--deals", "1", "--results", str(results), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["undecided"] == 1


@pytest.mark.parametrize("deals", ["1-99999999999999", "5-x", "-3", "18446744073709551616"])
def test_deal_ranges_out_of_reach_are_refused_in_words(deals):
    proc = tool(*ARGS, "--deals", deals)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "deal" in proc.stderr


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:1", "garbage://x"])
def test_a_scheduler_that_cannot_be_reached_is_said_quickly(address):
    started = datetime.now()
    proc = tool(*ARGS, "--deals", "1", "--scheduler", address, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert "scheduler" in proc.stderr.lower()
    assert datetime.now() - started < timedelta(seconds=25)


def test_the_other_tools_reading_results_say_a_bad_line_in_one_line(tmp_path):
    (tmp_path / "cc.jsonl").write_text("5\n")
    runs = tmp_path / "runs"
    runs.mkdir()
    settings = {"variant": "klondike", "mode": "draw3", "timeout": 1.0}
    line = json.dumps({"settings": settings}) + '\n{"seed": "x"}\n'
    (runs / "klondike-draw3.jsonl").write_text(line)
    for args in (
        ["crosscheck.py", "summary", "--results", str(tmp_path / "cc.jsonl")],
        ["make_winnable_pool.py", "--only", "klondike/draw3", "--count", "1", "--jobs", "1"]
        + ["--results-dir", str(runs), "--out", str(tmp_path / "pool.json")],
    ):
        proc = subprocess.run(
            [sys.executable, str(ROOT / "tools" / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1 and "line " in proc.stderr


# -- the results file's format, with any numbers (property test) ------------------------------

ANY_NUMBER = st.one_of(
    st.integers(),
    st.sampled_from([10**400, -(10**400), 2**64, 2**64 - 1, -1, 0]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.none(),
    st.booleans(),
)


@given(
    lines=st.lists(
        st.fixed_dictionaries(
            {"seed": ANY_NUMBER},
            optional={
                "outcome": st.sampled_from(["won", "unwinnable", "undecided", "maybe", 3]),
                "seconds": ANY_NUMBER,
                "nodes": ANY_NUMBER,
                "won": ANY_NUMBER,
            },
        ),
        max_size=6,
    )
)
@settings(max_examples=300, deadline=None, database=None)
def test_any_results_line_with_any_numbers_is_read_in_range_or_refused_in_words(lines):
    from tools.deal_runs import ResultsFile, RunError

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.jsonl"
        body = [json.dumps({"settings": SETTINGS})] + [json.dumps(line) for line in lines]
        path.write_text("\n".join(body) + "\n")
        try:
            done = ResultsFile(path, SETTINGS, ("seed", "outcome", "seconds", "nodes")).done
        except RunError as exc:
            assert str(exc).startswith(str(path)) and "\n" not in str(exc)
            return
    for seed, record in done.items():
        assert 0 <= seed < 2**64 and record["outcome"] in ("won", "unwinnable", "undecided")
        assert 0 <= record["seconds"] < float("inf") and 0 <= record["nodes"]


def test_2_a_deal_found_beside_a_bad_one_is_added_at_once_and_the_good_ones_kept(tmp_path):
    from game.store.winnable import WinnableDeals

    (tmp_path / FOUND_FILE).write_text(json.dumps({"pools": {"klondike/draw1": [-1, 5]}}))
    deals = WinnableDeals(tmp_path)
    started = datetime.now()
    deals.add(get_variant("klondike").rules("draw1"), 9)
    assert datetime.now() - started < timedelta(seconds=2)  # the update lock is taken once
    assert deals.found() == {"klondike/draw1": [5, 9]}
