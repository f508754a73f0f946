import json
from datetime import UTC, datetime

import pytest

from game.engine.game import new_game
from game.store.statistics import (
    REMEMBERED_GAMES,
    STATISTICS_FILE,
    Statistics,
    StatsKey,
    VariantStats,
    key_for,
    load_statistics,
    new_game_id,
    record_result,
    reset_statistics,
    save_statistics,
)
from game.variants import get_variant

K = StatsKey("klondike", "draw1")
K3 = StatsKey("klondike", "draw3")
S = StatsKey("saratoga", "draw1")


def play(stats, results, key=K):
    """results: a string of W (win), L (loss), A (abandoned with no move)."""
    for n, r in enumerate(results):
        gid = f"{key.variant}-{key.mode}-{len(stats.recorded_games)}-{n}"
        if r == "W":
            stats = record_result(stats, key, gid, True, 100 + n, 90 + n)
        elif r == "L":
            stats = record_result(stats, key, gid, False, 50, 12)
        else:
            stats = record_result(stats, key, gid, False, 5, 0)
    return stats


def aside(folder):
    return [p for p in folder.iterdir() if p.name.startswith(STATISTICS_FILE + ".")]


def test_empty_record():
    r = Statistics().get(K)
    assert r == VariantStats()
    assert (r.played, r.won, r.lost, r.win_rate) == (0, 0, 0, 0.0)
    assert r.best_time is None and r.fewest_moves is None and r.average_win_time is None


def test_win_and_loss():
    stats = record_result(Statistics(), K, "a", True, 200.0, 120)
    stats = record_result(stats, K, "b", False, 30.0, 4)
    r = stats.get(K)
    assert (r.played, r.won, r.lost) == (2, 1, 1) and r.win_rate == 0.5
    assert r.best_time == 200.0 and r.fewest_moves == 120 and r.average_win_time == 200.0
    assert r.current_win_streak == 0 and r.current_loss_streak == 1
    assert stats.get(S) == VariantStats()  # other variants untouched


def test_pure_functions_do_not_change_their_input():
    before = Statistics()
    after = record_result(before, K, "a", True, 1, 1)
    assert before == Statistics() and after != before
    record = VariantStats()
    assert record.with_win(1, 1) != record and record == VariantStats()


def test_abandoned_without_moves_does_not_count():
    stats = record_result(Statistics(), K, "a", False, 80.0, 0)
    assert stats == Statistics()
    assert not stats.is_recorded("a")


def test_abandoned_with_a_move_is_a_loss():
    stats = record_result(Statistics(), K, "a", False, 8.0, 1)
    assert stats.get(K).played == 1 and stats.get(K).won == 0
    assert stats.is_recorded("a")


def test_undo_after_win_and_win_again_counts_once():
    stats = record_result(Statistics(), K, "game-1", True, 300.0, 150)
    again = record_result(stats, K, "game-1", True, 250.0, 140)
    assert again is stats
    assert again.get(K).won == 1 and again.get(K).best_time == 300.0
    # and abandoning it after the undo is not a loss either
    assert record_result(stats, K, "game-1", False, 400.0, 151) is stats


def test_streaks():
    stats = play(Statistics(), "WWLWWWLLLLW")
    r = stats.get(K)
    assert (r.played, r.won) == (11, 6)
    assert r.longest_win_streak == 3 and r.longest_loss_streak == 4
    assert r.current_win_streak == 1 and r.current_loss_streak == 0
    stats = play(stats, "LL")
    r = stats.get(K)
    assert r.current_win_streak == 0 and r.current_loss_streak == 2


def test_no_move_abandon_does_not_break_a_streak():
    r = play(Statistics(), "WWAW").get(K)
    assert r.current_win_streak == 3 and r.played == 3


def test_best_time_fewest_moves_average():
    stats = Statistics()
    for gid, (secs, moves) in enumerate([(300.0, 100), (200.0, 140), (400.0, 90)]):
        stats = record_result(stats, K, str(gid), True, secs, moves)
    stats = record_result(stats, K, "lost", False, 5.0, 3)  # losses do not touch times
    r = stats.get(K)
    assert r.best_time == 200.0 and r.fewest_moves == 90
    assert r.average_win_time == pytest.approx(300.0) and r.total_win_time == 900.0
    assert r.win_rate == 0.75


def test_records_are_per_variant_and_mode():
    stats = play(play(play(Statistics(), "WL", K), "LLL", K3), "W", S)
    assert stats.get(K).played == 2 and stats.get(K3).played == 3 and stats.get(S).won == 1
    assert stats.get(("klondike", "draw3")).lost == 3  # plain tuples work as keys


def test_reset_one_and_all():
    stats = play(play(Statistics(), "WL", K), "W", S)
    one = reset_statistics(stats, K)
    assert one.get(K) == VariantStats() and one.get(S).won == 1
    every = reset_statistics(stats)
    assert every.records == {}
    # recorded ids survive a reset: a won game won again after undo still counts once
    assert every.recorded_games == stats.recorded_games
    gid = stats.recorded_games[0]
    assert record_result(every, K, gid, True, 1, 1) is every


def test_remembered_games_are_bounded():
    stats = Statistics()
    for n in range(REMEMBERED_GAMES + 10):
        stats = record_result(stats, K, f"g{n}", False, 1, 1)
    assert len(stats.recorded_games) == REMEMBERED_GAMES
    assert stats.recorded_games[-1] == f"g{REMEMBERED_GAMES + 9}"
    assert stats.get(K).played == REMEMBERED_GAMES + 10


def test_game_ids_and_keys():
    game = new_game(get_variant("saratoga").rules("draw3"), seed=12)
    assert key_for(game) == ("saratoga", "draw3")
    when = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
    a, b = new_game_id(game, when), new_game_id(game, when)
    assert a != b and a.startswith("saratoga/draw3/seed12/20260304T050607")
    table = get_variant("klondike")
    deck = list(new_game(table.rules(), seed=3).deal.cards(table.rules()))
    assert "/deck" in new_game_id(new_game(table.rules(), deck=deck))


def test_save_and_load_round_trip(tmp_path):
    stats = play(play(Statistics(), "WWLWL", K), "LW", S)
    save_statistics(tmp_path, stats)
    data = json.loads((tmp_path / STATISTICS_FILE).read_text())
    assert data["format"] == "klondike-family-statistics" and data["version"] == 1
    assert load_statistics(tmp_path) == (stats, None)


def test_missing_file(tmp_path):
    assert load_statistics(tmp_path) == (Statistics(), None)


HEAD = '{"format": "klondike-family-statistics"'


@pytest.mark.parametrize(
    "text, words, tag",
    [
        ("", "empty", "corrupt"),
        (HEAD + ', "rec', "not valid JSON", "corrupt"),
        ('{"format": "something-else", "version": 1}', "not a statistics file", "corrupt"),
        (HEAD + "}", 'no "version" line', "corrupt"),
        (HEAD + ', "version": 2}', "newer version", "newer"),
        (HEAD + ', "version": 1, "records": []}', "not valid", "corrupt"),
        (HEAD + ', "version": 1, "x": NaN}', "not valid JSON", "corrupt"),
    ],
)
def test_unusable_file_is_kept_aside(tmp_path, text, words, tag):
    (tmp_path / STATISTICS_FILE).write_text(text)
    stats, message = load_statistics(tmp_path)
    assert stats == Statistics()
    assert STATISTICS_FILE in message and words in message and "afresh" in message
    kept = aside(tmp_path)
    assert len(kept) == 1 and kept[0].read_text() == text and kept[0].name in message
    assert kept[0].name.startswith(f"{STATISTICS_FILE}.{tag}-")
    # the folder stays usable
    fresh = play(Statistics(), "W")
    save_statistics(tmp_path, fresh)
    assert load_statistics(tmp_path) == (fresh, None)


def test_bad_records_are_dropped_good_ones_kept(tmp_path):
    stats = play(play(Statistics(), "WL", K), "W", S)
    save_statistics(tmp_path, stats)
    path = tmp_path / STATISTICS_FILE
    data = json.loads(path.read_text())
    data["records"]["klondike"]["draw1"]["won"] = 7  # more wins than games
    data["records"]["double-klondike"] = {"draw3": {"played": -1}}
    path.write_text(json.dumps(data))

    loaded, message = load_statistics(tmp_path)
    assert loaded.get(S) == stats.get(S)
    assert loaded.get(K) == VariantStats()
    assert message.startswith("Statistics: 2 records were not valid") and "1 kept" in message
    details = message.details  # one key away (I)
    assert "klondike draw1" in details and "double-klondike draw3" in details
    assert "saratoga" not in details
    assert len(aside(tmp_path)) == 1  # the original is kept for the curious
    assert load_statistics(tmp_path) == (loaded, None)  # the valid ones, written back


def test_missing_record_fields_take_defaults(tmp_path):
    body = {
        "format": "klondike-family-statistics",
        "version": 1,
        "records": {"klondike": {"draw1": {"played": 3, "won": 1, "best_time": 60}}},
    }
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(body))
    stats, message = load_statistics(tmp_path)
    assert message is None
    assert stats.get(K) == VariantStats(played=3, won=1, best_time=60.0)
