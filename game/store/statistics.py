"""Win/loss statistics per variant and deal mode, kept in ``statistics.json``.

The data are immutable values; every change is a pure function returning a new value:

- ``VariantStats``: one variant+mode record (played, won, streaks, best time...);
- ``Statistics``: all records plus the ids of the games already recorded;
- ``record_result(stats, key, game_id, won, seconds, moves, assisted=...)``: a finished game.

Counting rules:

- A game counts once it is over: won, or abandoned (the player deals another game or
  switches variant/mode while it is in progress). An abandoned game counts as played and
  lost if at least one move was made (``moves > 0``); a game with no moves does not count.
- A game the solver finished for the player ("show me" played at least one of its moves,
  ``assisted``) is solved with help: it counts as played, not won, and never sets a best
  time, fewest moves or average. It ends the current streak, of wins or of losses alike
  (it is neither). Hints, undo and the automatic finish of a game whose cards are all
  face up are free: a game won with them is the player's win.
- Every dealt game has a unique id (``new_game_id``). A game id is recorded at most once:
  a win, then undo and win again, counts one win; a result for an id already recorded
  is ignored (the same ``Statistics`` object comes back).

The file: same atomic writes as the rest; an unreadable file is kept aside and fresh
statistics are used, with a message for the player. Every change is made to the file as it
is on disk at that moment, under the folder's update lock (``update_statistics``): two
games open on one folder both count.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from game.engine.cards import CODE
from game.engine.game import Game
from game.engine.text import shown
from game.files.atomic import write_atomic
from game.files.folderlock import updating
from game.files.formats import (
    GAME_ID,
    STATISTICS_RECORD,
    TIME_PLAYED,
    TOTAL_TIME,
    Misfit,
    fit,
    held,
)
from game.files.loader import PartlyUsable, Unusable, load_file, read_versioned_json
from game.files.problems import Detailed
from game.i18n import _, ngettext

STATISTICS_FILE = "statistics.json"
FORMAT = "klondike-family-statistics"
VERSION = 1
# How many recorded game ids are remembered (oldest forgotten first). Only a game that can
# still be played on - the current or a resumed one - can be reported again, so a few
# hundred is plenty.
REMEMBERED_GAMES = 500


class StatsKey(NamedTuple):
    variant: str
    mode: str


def key_for(game: Game) -> StatsKey:
    """The statistics key of a game: its variant id and deal mode id."""
    return StatsKey(game.rules.variant, game.rules.mode)


def new_game_id(game: Game, now: datetime | None = None) -> str:
    """A unique id for a freshly dealt game: variant, mode, deal and start time (UTC) plus
    a random tail. Make one per deal; keep it across undo, restart and resume."""
    when = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S.%fZ")
    if game.deal.seed is not None:
        deal = f"seed{game.deal.seed}"
    else:
        deal = "deck{:08x}".format(zlib.crc32(" ".join(CODE[c] for c in game.deal.deck).encode()))
    tag = random.SystemRandom().getrandbits(32)  # two games in one second differ
    return f"{game.rules.variant}/{game.rules.mode}/{deal}/{when}/{tag:08x}"


@dataclass(frozen=True)
class VariantStats:
    """Statistics of one variant in one deal mode. Times are in seconds."""

    played: int = 0
    won: int = 0
    current_win_streak: int = 0
    current_loss_streak: int = 0
    longest_win_streak: int = 0
    longest_loss_streak: int = 0
    best_time: float | None = None  # fastest win
    best_deal: str | None = None  # the deal code of the fastest win, to share it
    fewest_moves: int | None = None  # win with the fewest moves
    total_win_time: float = 0.0  # sum of the times of all wins
    assisted: int = 0  # games solved with help: played, neither won nor lost

    @property
    def lost(self) -> int:
        return self.played - self.won - self.assisted

    @property
    def win_rate(self) -> float:
        """Wins / games played, 0.0 to 1.0 (0.0 when nothing was played)."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_win_time(self) -> float | None:
        """Mean time of the wins, None before the first win."""
        return self.total_win_time / self.won if self.won else None

    def with_win(self, seconds: float, moves: int, deal: str | None = None) -> VariantStats:
        seconds = _clean_seconds(seconds)
        streak = self.current_win_streak + 1
        fastest = self.best_time is None or seconds < self.best_time
        return replace(
            self,
            played=self.played + 1,
            won=self.won + 1,
            current_win_streak=streak,
            current_loss_streak=0,
            longest_win_streak=max(self.longest_win_streak, streak),
            best_time=seconds if fastest else self.best_time,
            best_deal=deal if fastest else self.best_deal,
            fewest_moves=moves if self.fewest_moves is None else min(self.fewest_moves, moves),
            # A sum that would pass its range stops there (never Infinity in the file).
            total_win_time=held(self.total_win_time + seconds, TOTAL_TIME),
        )

    def with_assisted(self) -> VariantStats:
        """A game the solver finished for the player: played, not won; no streak goes on."""
        return replace(
            self,
            played=self.played + 1,
            assisted=self.assisted + 1,
            current_win_streak=0,
            current_loss_streak=0,
        )

    def with_loss(self) -> VariantStats:
        streak = self.current_loss_streak + 1
        return replace(
            self,
            played=self.played + 1,
            current_win_streak=0,
            current_loss_streak=streak,
            longest_loss_streak=max(self.longest_loss_streak, streak),
        )


@dataclass(frozen=True)
class Statistics:
    """All records, by (variant, mode), and the ids of games already recorded (oldest
    first). Treat as immutable: use the functions of this module to change it."""

    records: dict[StatsKey, VariantStats] = field(default_factory=dict)
    recorded_games: tuple[str, ...] = ()

    def get(self, key: tuple[str, str]) -> VariantStats:
        """The record of ``key`` (an empty one if that variant+mode was never played)."""
        return self.records.get(StatsKey(*key), VariantStats())

    def is_recorded(self, game_id: str) -> bool:
        return game_id in self.recorded_games


def record_result(
    stats: Statistics,
    key: tuple[str, str],
    game_id: str,
    won: bool,
    seconds: float,
    moves: int,
    deal: str | None = None,
    assisted: bool = False,
) -> Statistics:
    """A game is over: won, or abandoned (``won=False``). Returns the new statistics.
    ``deal``: its deal code (kept with the fastest win). ``assisted``: the solver played
    moves of it ("show me"): a win then counts as solved with help, not won.

    Returns ``stats`` itself (unchanged) if ``game_id`` was already recorded, or if the
    game was abandoned with no move made (``moves == 0``). ``seconds`` and ``moves`` only
    matter for wins (best time, fewest moves, average time)."""
    if game_id in stats.recorded_games:
        return stats
    if not won and moves <= 0:
        return stats
    key = StatsKey(*key)
    old = stats.get(key)
    if not won:
        new = old.with_loss()
    elif assisted:
        new = old.with_assisted()
    else:
        new = old.with_win(seconds, max(0, int(moves)), deal)
    remembered = (*stats.recorded_games, game_id)[-REMEMBERED_GAMES:]
    return Statistics({**stats.records, key: new}, remembered)


def reset_statistics(stats: Statistics, key: tuple[str, str] | None = None) -> Statistics:
    """Forget the record of one variant+mode, or of all (``key=None``). The UI asks for
    confirmation first. The recorded game ids are kept, so a game won before the reset
    and won again after an undo still counts once."""
    if key is None:
        return Statistics({}, stats.recorded_games)
    key = StatsKey(*key)
    records = {k: v for k, v in stats.records.items() if k != key}
    return Statistics(records, stats.recorded_games)


def _clean_seconds(seconds: float) -> float:
    return held(seconds, TIME_PLAYED)


# -- to and from JSON --------------------------------------------------------------------


def statistics_to_dict(stats: Statistics) -> dict[str, Any]:
    records: dict[str, dict[str, Any]] = {}
    for key in sorted(stats.records):
        record = stats.records[key]
        records.setdefault(key.variant, {})[key.mode] = {
            f.name: getattr(record, f.name) for f in fields(VariantStats)
        }
    return {
        "format": FORMAT,
        "version": VERSION,
        "records": records,
        "recorded_games": list(stats.recorded_games),
    }


def _record_from_dict(data: Any) -> VariantStats:
    if not isinstance(data, dict):
        raise ValueError
    values, problems = fit(STATISTICS_RECORD, data)
    if problems:
        raise ValueError(problems[0])
    record = VariantStats(**values)
    if record.won + record.assisted > record.played:
        raise ValueError
    return record


def _is_game_id(value: Any) -> bool:
    try:
        return GAME_ID(value) is not None
    except Misfit:
        return False


def statistics_from_dict(data: dict[str, Any]) -> tuple[Statistics, list[str]]:
    """Statistics from a decoded file body (format and version already checked), and the
    names ("variant mode") of the records that were not valid and were left out.
    Raises ValueError if the body's shape is wrong."""
    raw_records = data.get("records", {})
    raw_ids = data.get("recorded_games", [])
    if not isinstance(raw_records, dict) or not isinstance(raw_ids, list):
        raise ValueError("bad shape")
    records: dict[StatsKey, VariantStats] = {}
    bad: list[str] = []
    for variant, modes in raw_records.items():
        name = shown(variant, 40, quotes=False)  # a key is any length: quoted, it is cut
        if not isinstance(modes, dict):
            bad.append(name)
            continue
        for mode, body in modes.items():
            try:
                records[StatsKey(variant, mode)] = _record_from_dict(body)
            except ValueError as exc:
                which = f"{name} {shown(mode, 40, quotes=False)}"
                bad.append(f"{which} ({exc})" if str(exc) else which)
    ids = tuple(i for i in raw_ids if _is_game_id(i))[-REMEMBERED_GAMES:]
    return Statistics(records, ids), bad


# -- the file ----------------------------------------------------------------------------


def save_statistics(folder: Path, stats: Statistics) -> None:
    """Write ``statistics.json`` atomically. Raises OSError if the folder is not writable."""
    text = json.dumps(statistics_to_dict(stats), indent=1, allow_nan=False)
    write_atomic(Path(folder) / STATISTICS_FILE, text + "\n", within=folder)


def load_statistics(folder: Path) -> tuple[Statistics, str | None]:
    """The saved statistics and a message for the player (None when all went well).

    Missing file: empty statistics. A file that is not valid (damaged, empty, not a
    statistics file, unknown or newer version) is kept aside and fresh statistics are
    used. If only some records are bad, the file is kept aside too, the good records are
    used and the message names the ones left out."""

    left_out: list[str] = []

    def read(path: Path) -> Statistics | None:
        data = read_versioned_json(path, FORMAT, VERSION, _("statistics"))
        if data is None:
            return None
        try:
            stats, bad = statistics_from_dict(data)
        except ValueError:
            raise Unusable("corrupt", _("its contents are not valid")) from None
        if bad:
            left_out.extend(bad)
            problem = _("these records were not valid and start afresh: {names}")
            raise PartlyUsable(stats, problem.format(names=", ".join(bad)))
        return stats

    path = Path(folder) / STATISTICS_FILE
    loaded = load_file(path, read, Statistics(), _("starting afresh"))
    if not left_out or loaded.message is None:
        return loaded.value, loaded.message
    # The file (as it was) is kept aside; the records that were valid are written back at
    # once, so that they are there the next time (unless the file could not be moved).
    if not path.exists():
        try:
            save_statistics(folder, loaded.value)
        except OSError:
            pass  # the next game's result writes them, with the error said then
    kept = len(loaded.value.records)
    short = ngettext(
        "Statistics: {count} record was not valid and was set aside; {kept} kept.",
        "Statistics: {count} records were not valid and were set aside; {kept} kept.",
        len(left_out),
    ).format(count=len(left_out), kept=kept)
    return loaded.value, Detailed(short, loaded.message)


def update_statistics(
    folder: Path, change: Callable[[Statistics], Statistics], fallback: Statistics
) -> tuple[Statistics, str | None]:
    """Apply ``change`` to the statistics as the file holds them now (another game on this
    folder may have added to them since they were read) and write them back, all under the
    folder's update lock. Returns the statistics and a message about the file, if any.

    A file that is there but cannot be read is never written over: ``change`` is applied
    to ``fallback`` (what this game had) and nothing is written. Raises OSError when the
    file cannot be written (it is then as it was)."""
    path = Path(folder) / STATISTICS_FILE
    with updating(folder):
        current, message = load_statistics(folder)
        if message is not None and path.exists():
            return change(fallback), message
        changed = change(current)
        if changed is not current:
            save_statistics(folder, changed)
    return changed, message
