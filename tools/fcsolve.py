"""Freecell Solver (Shlomi Fish's ``fc-solve``; Debian's freecell-solver-bin) on a position
given as plain data, for cross-checking this game's solver in the FreeCell family.

    python tools/fcsolve.py --microsoft 1 [--preset freecell] [--prove]
    python tools/fcsolve.py --deals 1-100 [--preset bakers_game] [--timeout 10]
    python tools/fcsolve.py --position board.json [--preset seahaven] [--max-iterations N]

A position is columns of card codes (this game's codes, "TD" for the ten of diamonds),
each bottom to top, the free cells' cards (``null`` for an empty cell) and the foundations'
top cards; as JSON: ``{"columns": [["JD", "KD", ...], ...], "cells": ["3H", null],
"foundations": ["5H", "AC"]}``. ``--microsoft N`` and ``--deals`` take Microsoft FreeCell's
deals (game/engine/microsoft.py) under the preset's rules. One JSON line per position:
its verdict (``solved``, ``unsolvable``, ``gave-up``), why it gave up, the seconds it took
(the process, start to end), the positions fc-solve checked and its winning line as moves;
``--deals`` ends with a line of the median and 95th-percentile time per deal.

``unsolvable`` is a proof only with ``--prove``: where fc-solve's first search (its
``cookie-monster`` settings unless ``--config`` names others; fast, on meta-moves that leave
some positions out, so its "I could not solve this game" is reported as ``gave-up``, reason
``not-exhaustive``) finds no win, it then walks every position reached by single-card
moves (its atomic moves, ``--method soft-dfs -to 01ABCDE``), of which every move of several
cards is a sequence, so finding no win there is finding none at all.

A move is plain data: ``{"from": ["column", 3], "to": ["foundation", 2], "count": 1,
"card": "AH"}``; kinds ``column`` and ``cell`` count from 0 as the position lists them, a
foundation is numbered by its suit (clubs 0, diamonds 1, hearts 2, spades 3) and ``card``
is the lowest card moved.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script

from game.engine.cards import CODE, RANKS, SUITS, parse_code  # noqa: E402
from game.engine.deal import deal_order  # noqa: E402
from game.engine.microsoft import COLUMNS, microsoft_order  # noqa: E402
from tools.arguments import input_file, parser, program, seconds, whole  # noqa: E402
from tools.deal_runs import RunError, parse_range, percentile, worded  # noqa: E402

BINARY = "fc-solve"
INSTALL = "apt-get install freecell-solver-bin"


@dataclass(frozen=True)
class Preset:
    """One of fc-solve's games (``--game``): how many columns and free cells it has, and
    whether its moves of several cards are limited by free cells and empty columns (then
    single-card moves reach every position, and an exhausted atomic search is a proof)."""

    columns: int
    cells: int
    provable: bool = True


# fc-solve 5.0's one-deck games (its USAGE, "--game"), each column and cell count as the
# program lays the game out. Left out: Simple Simon (moves of its own, no atomic search),
# two-deck Der Katzenschwanz and Die Schlange, and Baker's Dozen, Cruel and Fan, whose 13,
# 12 and 18 columns Debian's build refuses ("exceeds the maximal number of stacks").
PRESETS = {
    "freecell": Preset(8, 4),
    "bakers_game": Preset(8, 4),
    "eight_off": Preset(8, 8),
    "seahaven": Preset(10, 4),
    "forecell": Preset(8, 4),
    "ko_bakers_game": Preset(8, 4),
    "relaxed_freecell": Preset(8, 4, provable=False),  # runs move whatever the cells
    "relaxed_seahaven": Preset(10, 4, provable=False),
    "beleaguered_castle": Preset(8, 0),
    "streets_and_alleys": Preset(8, 0),
    "citadel": Preset(8, 0),
    "good_measure": Preset(10, 0),
}
ATOMIC = ("--method", "soft-dfs", "-to", "01ABCDE")
# Its search settings by default: one of the presets its --help names as usually faster
# than its plain search (Microsoft deals 1-1000, 3 Dec 2026: see docs/solver.md).
CONFIG = "cookie-monster"
# fc-solve's suit letters on its "Foundations:" line.
FOUNDATION_ORDER = "HCDS"


@dataclass(frozen=True)
class Position:
    """Columns bottom to top, free cells (None: empty) and foundation tops, as card codes;
    for games with them (tools/solvitaire.py), how many cards lie face down at the bottom
    of each column and the stock and waste, bottom to top (fc-solve's games have none)."""

    columns: tuple[tuple[str, ...], ...]
    cells: tuple[str | None, ...] = ()
    foundations: tuple[str, ...] = ()
    down: tuple[int, ...] = ()
    stock: tuple[str, ...] = ()
    waste: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, data: object) -> Position:
        """A position from JSON-like data; RunError naming what is wrong with it."""
        if not isinstance(data, dict) or not isinstance(data.get("columns"), list):
            raise RunError('a position is an object with "columns": a list of lists of cards')
        unknown = set(data) - {"columns", "cells", "foundations", "down", "stock", "waste"}
        if unknown:
            raise RunError(f"a position has no {', '.join(sorted(unknown))}")
        try:
            columns = tuple(tuple(_text(c) for c in column) for column in data["columns"])
            cells = tuple(None if c is None else _text(c) for c in data.get("cells", []))
            cards = {
                key: tuple(_text(c) for c in data.get(key, []))
                for key in ("foundations", "stock", "waste")
            }
            down = tuple(data.get("down", []))
        except TypeError:
            problem = (
                "a position's columns, cells, foundations, stock and waste are lists of card codes"
            )
            raise RunError(problem) from None
        if not all(
            type(n) is int and 0 <= n <= len(c) for n, c in zip(down, columns, strict=False)
        ) or len(down) > len(columns):
            raise RunError('a position\'s "down" counts, column by column, its face-down cards')
        return cls(columns, cells, down=down, **cards)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def microsoft_position(number: int) -> Position:
    """Microsoft FreeCell deal ``number`` as a position."""
    try:
        order = microsoft_order(number)
    except ValueError as exc:
        raise RunError(str(exc)) from None
    columns: list[list[str]] = [[] for _ in COLUMNS]
    for card, pile in zip(order, deal_order(COLUMNS), strict=True):
        columns[pile].append(CODE[card])
    return Position(tuple(tuple(column) for column in columns))


@dataclass(frozen=True)
class Move:
    source: tuple[str, int]  # ("column" | "cell", index)
    target: tuple[str, int]  # ("column" | "cell" | "foundation", index; a foundation's suit)
    count: int
    card: str  # the lowest card moved

    def data(self) -> dict:
        return {
            "from": list(self.source),
            "to": list(self.target),
            "count": self.count,
            "card": self.card,
        }


@dataclass
class Verdict:
    """A solver's answer (fc-solve's here, Solvitaire's in tools/solvitaire.py)."""

    verdict: str  # solved | unsolvable | gave-up
    reason: str | None  # why it gave up: iterations, time, not-exhaustive, its own word
    seconds: float  # the process, start to end
    iterations: int | None  # the positions it checked
    moves: list[Move] | None = field(default_factory=list)  # None: it gives no line

    def data(self) -> dict:
        said = {
            "verdict": self.verdict,
            "reason": self.reason,
            "seconds": round(self.seconds, 4),
            "iterations": self.iterations,
        }
        if self.moves is not None:
            said["moves"] = [m.data() for m in self.moves]
        return said


# -- the board fc-solve reads ----------------------------------------------------------------


def board_text(position: Position, preset: str) -> str:
    """fc-solve's board for ``position`` under ``preset``: the foundations' line, the free
    cells' line, then one line per column, bottom card first. RunError, naming the card or
    pile, for a position that is not one whole deck laid out as the preset's game is."""
    shape = preset_shape(preset)
    if any(position.down) or position.stock or position.waste:
        raise RunError(f"{preset} has no face-down cards, stock or waste")
    if len(position.columns) != shape.columns:
        raise RunError(
            f"{preset} has {shape.columns} columns; the position has {len(position.columns)}"
        )
    if len(position.cells) > shape.cells:
        raise RunError(
            f"{preset} has {shape.cells} free cells; the position has {len(position.cells)}"
        )
    seen: dict[tuple[int, int], str] = {}

    def card(code: str, where: str) -> tuple[int, int]:
        try:
            rank, suit = parse_code(code)
        except ValueError as exc:
            raise RunError(f"{where}: {exc}") from None
        if (rank, suit) in seen:
            raise RunError(f"{where}: {code} is also in {seen[rank, suit]}")
        seen[rank, suit] = where
        return rank, suit

    tops: dict[int, int] = {}
    for code in position.foundations:
        rank, suit = card(code, "the foundations")
        if suit in tops:
            raise RunError(f"the foundations: two piles of {SUITS[suit]}")
        tops[suit] = rank
        for below in range(1, rank):  # a foundation holds every card under its top
            card(RANKS[below - 1] + SUITS[suit], "the foundations")
    lines = [
        "Foundations: "
        + " ".join(f"{s}-{_rank(tops.get(SUITS.index(s), 0))}" for s in FOUNDATION_ORDER)
    ]
    cells = [
        "-" if code is None else _code(card(code, f"free cell {k + 1}"))
        for k, code in enumerate(position.cells)
    ]
    lines.append("Freecells: " + " ".join(cells))
    for k, column in enumerate(position.columns):
        lines.append(": " + " ".join(_code(card(c, f"column {k + 1}")) for c in column))
    if len(seen) != 52:
        missing = [
            r + s for s in SUITS for r in RANKS if (RANKS.index(r) + 1, SUITS.index(s)) not in seen
        ]
        raise RunError(f"the position lacks {len(missing)} cards: {' '.join(missing)}")
    return "\n".join(lines) + "\n"


def _rank(rank: int) -> str:
    return "0" if rank == 0 else RANKS[rank - 1]


def _code(rank_suit: tuple[int, int]) -> str:
    rank, suit = rank_suit
    return RANKS[rank - 1] + SUITS[suit]


def preset_shape(preset: str) -> Preset:
    shape = PRESETS.get(preset)
    if shape is None:
        raise RunError(f"no preset {preset!r}; fc-solve's here: {', '.join(PRESETS)}")
    return shape


# -- running it --------------------------------------------------------------------------------


def solve(
    position: Position,
    preset: str = "freecell",
    *,
    prove: bool = False,
    timeout: float = 60.0,
    max_iterations: int | None = None,
    config: str | None = CONFIG,
    binary: str = BINARY,
) -> Verdict:
    """fc-solve's verdict on ``position`` under ``preset``, within ``timeout`` seconds and
    ``max_iterations`` positions checked (each search). Its search ``config`` first (one
    of its presets of search settings, ``-l``; None: its plain default); with
    ``prove``, where that finds no win, the exhaustive one (atomic moves), so that
    ``unsolvable`` is a proof (the two searches' seconds and positions added up); RunError
    for a preset where it would not be one."""
    board = board_text(position, preset)
    if prove and not preset_shape(preset).provable:
        raise RunError(f"{preset} moves runs of any length: single-card moves prove nothing")
    search = ("-l", config) if config else ()
    first = _run(binary, preset, board, position, search, timeout, max_iterations)
    if not prove or first.verdict == "solved" or first.reason == "time":
        return first
    second = _run(binary, preset, board, position, ATOMIC, timeout - first.seconds, max_iterations)
    second.seconds += first.seconds
    if second.iterations is not None and first.iterations is not None:
        second.iterations += first.iterations
    return second


def _run(binary, preset, board, position, search, timeout, max_iterations) -> Verdict:
    args = [binary, "-g", preset, "-m", "-p", "-t", "-sel", *search]
    if max_iterations is not None:
        args += ["-mi", str(max_iterations)]
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")  # no banner on stderr
    start = time.perf_counter()
    try:
        done = subprocess.run(
            args, input=board, capture_output=True, text=True, timeout=max(timeout, 0), env=env
        )
    except subprocess.TimeoutExpired:
        return Verdict("gave-up", "time", time.perf_counter() - start, None)
    except OSError as exc:
        raise RunError(f"{binary}: {exc.strerror or exc} ({INSTALL})") from None
    took = time.perf_counter() - start
    return read_output(done.stdout, done.stderr, position, took, exhaustive=search == ATOMIC)


_CHECKED = re.compile(r"Total number of states checked is (\d+)\.")
# fc-solve's moves (``-m``), its indexes from 0; a foundation is named by the card moved.
_MOVE = re.compile(
    r"Move (?:a card|(?P<count>\d+) cards) from (?P<source>stack|freecell) (?P<src>\d+)"
    r" to (?:the foundations|(?P<target>stack|freecell) (?P<dst>\d+))$"
)
_KIND = {"stack": "column", "freecell": "cell", None: "foundation"}


def read_output(
    stdout: str, stderr: str, position: Position, took: float, exhaustive: bool
) -> Verdict:
    """The verdict in fc-solve's output (``-m -sel``); RunError with its own words when
    it refused the board."""
    checked = _CHECKED.search(stdout)
    iterations = int(checked.group(1)) if checked else None
    if "This game is solveable." in stdout:
        return Verdict("solved", None, took, iterations, read_moves(stdout, position))
    if "Iterations count exceeded." in stdout:
        return Verdict("gave-up", "iterations", took, iterations)
    if "I could not solve this game." in stdout:
        if exhaustive:
            return Verdict("unsolvable", None, took, iterations)
        return Verdict("gave-up", "not-exhaustive", took, iterations)
    said = " ".join((stderr or stdout).split())[:300]
    raise RunError(f"fc-solve gave no verdict: {said or 'no output'}")


def read_moves(stdout: str, position: Position) -> list[Move]:
    """fc-solve's moves (``-m``), followed on the position to name the cards each moves
    (so a line that takes a card that is not there is refused: RunError)."""
    columns = [list(column) for column in position.columns]
    cells: list[str | None] = list(position.cells) + [None] * 8
    moves = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("Move "):
            continue
        found = _MOVE.match(line)
        if found is None:
            raise RunError(f"fc-solve printed a move this does not read: {line!r}")
        source_kind, target_kind = _KIND[found["source"]], _KIND[found["target"]]
        src, dst = int(found["src"]), found["dst"]
        count = int(found["count"] or 1)
        if source_kind == "cell":
            lifted = cells[src : src + 1]
            cells[src : src + 1] = [None] if lifted else []
        else:
            pile = columns[src] if src < len(columns) else []
            lifted = pile[len(pile) - count :] if count <= len(pile) else []
            del pile[len(pile) - len(lifted) :]
        within = dst is None or int(dst) < (len(columns) if target_kind == "column" else 8)
        if len(lifted) != count or None in lifted or not within:
            raise RunError(f"fc-solve's move {line!r} takes cards that are not there")
        if target_kind == "foundation":
            target = ("foundation", SUITS.index(lifted[0][-1]))
        elif target_kind == "cell":
            target = ("cell", int(dst))
            cells[int(dst)] = lifted[0]
        else:
            target = ("column", int(dst))
            columns[int(dst)].extend(lifted)
        moves.append(Move((source_kind, src), target, count, lifted[0]))
    return moves


# -- the command line --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--microsoft", type=whole(1, 2**31 - 1), help="Microsoft deal number")
    where.add_argument("--deals", help="Microsoft deal numbers, e.g. 1-100")
    where.add_argument("--position", type=input_file, help="a position as JSON")
    ap.add_argument("--preset", default="freecell", choices=sorted(PRESETS))
    ap.add_argument("--prove", action="store_true", help="exhaustive search: proves losses")
    ap.add_argument("--timeout", type=seconds(), default=60.0, help="seconds per position")
    ap.add_argument("--max-iterations", type=whole(1, 2**62), help="positions checked, at most")
    ap.add_argument(
        "--config",
        default=CONFIG,
        help=f"its search settings, -l NAME (default: {CONFIG}; none: its plain search)",
    )
    ap.add_argument("--solver", type=program, help=f"the fc-solve program (default: {BINARY})")
    args = ap.parse_args(argv)
    if args.position is not None:
        try:
            data = json.loads(args.position.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RunError(f"{args.position}: {exc}") from None
        positions = [(None, Position.from_data(data))]
    elif args.deals is not None:
        positions = [(n, microsoft_position(n)) for n in parse_range(args.deals)]
    else:
        positions = [(args.microsoft, microsoft_position(args.microsoft))]
    times, verdicts = [], {}
    for number, position in positions:
        verdict = solve(
            position,
            args.preset,
            prove=args.prove,
            timeout=args.timeout,
            max_iterations=args.max_iterations,
            config=None if args.config == "none" else args.config,
            binary=args.solver or BINARY,
        )
        line = verdict.data()
        if number is not None:
            line = {"deal": number, **line}
        print(json.dumps(line), flush=True)
        times.append(verdict.seconds)
        verdicts[verdict.verdict] = verdicts.get(verdict.verdict, 0) + 1
    if args.deals is not None:
        summary = {"deals": len(times), "verdicts": verdicts}
        summary["median_seconds"] = round(percentile(times, 50), 4)
        summary["p95_seconds"] = round(percentile(times, 95), 4)
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(worded(main))
