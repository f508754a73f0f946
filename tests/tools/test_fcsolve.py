"""tools/fcsolve.py on real runs of Freecell Solver (``fc-solve``, Debian's
freecell-solver-bin, which .ci/run installs): the boards it is given, its verdicts, and its
winning lines, each replayed here under the rules of its game."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from game.engine.cards import CODE, RANKS, SUITS, full_deck
from game.engine.deal import shuffled
from tests.tools.helpers import refused, run_tool
from tools.deal_runs import RunError
from tools.fcsolve import PRESETS, Position, board_text, microsoft_position, read_moves, solve

RED = {"D", "H"}
# CI installs fc-solve (.ci/run), as it does the other programs the suite runs; elsewhere
# it may be missing, and the tests that run it say so.
needs_fcsolve = pytest.mark.skipif(
    shutil.which("fc-solve") is None,
    reason="fc-solve is not installed (Debian: freecell-solver-bin)",
)


def rank(code: str) -> int:
    return RANKS.index(code[0]) + 1


def replay(
    position: Position, moves, *, by_suit: bool, cells: int, kings_only: bool = False
) -> dict[str, int]:
    """Play ``moves`` on ``position`` under FreeCell's rules (Baker's Game's with
    ``by_suit``): a card goes on a foundation on the one below it in suit, on a column on
    the one above it in the other colour (in suit), or anywhere on an empty cell or column
    (a column only a King with ``kings_only``); several cards move only as a built run,
    at most (free cells + 1) times 2 to the number of empty columns besides the target.
    Returns each suit's foundation height."""
    columns = [list(column) for column in position.columns]
    held: list[str | None] = list(position.cells) + [None] * (cells - len(position.cells))
    founded = {suit: 0 for suit in SUITS}
    founded.update({code[1]: rank(code) for code in position.foundations})

    def follows(lower: str, upper: str) -> bool:  # ``lower`` may lie on ``upper``
        same = lower[1] == upper[1] if by_suit else (lower[1] in RED) != (upper[1] in RED)
        return same and rank(lower) + 1 == rank(upper)

    for move in moves:
        (source_kind, source), (target_kind, target) = move.source, move.target
        if source_kind == "cell":
            lifted = [held[source]]
            held[source] = None
        else:
            lifted = columns[source][len(columns[source]) - move.count :]
            del columns[source][len(columns[source]) - move.count :]
        assert len(lifted) == move.count and None not in lifted, move
        assert lifted[0] == move.card, move
        assert all(follows(b, a) for a, b in zip(lifted, lifted[1:], strict=False)), move
        if target_kind == "foundation":
            (card,) = lifted
            assert SUITS.index(card[1]) == target and rank(card) == founded[card[1]] + 1, move
            founded[card[1]] += 1
        elif target_kind == "cell":
            assert move.count == 1 and held[target] is None, move
            held[target] = lifted[0]
        else:
            pile = columns[target]
            assert not pile or follows(lifted[0], pile[-1]), move
            assert pile or not kings_only or rank(lifted[0]) == 13, move
            empty = sum(1 for k, c in enumerate(columns) if not c and k != target)
            free = held.count(None)
            assert move.count <= (free + 1) * 2**empty, move
            pile.extend(lifted)
    return founded


@needs_fcsolve
def test_deal_1_board_is_the_one_fc_solves_own_generator_makes():
    """fc-solve's package ships Microsoft's generator too (make-microsoft-freecell-board):
    its columns are ours, line for line."""
    made = subprocess.run(
        ["make-microsoft-freecell-board", "-t", "1"], capture_output=True, text=True, check=True
    )
    ours = board_text(microsoft_position(1), "freecell").splitlines()[2:]
    assert [line.removeprefix(": ") for line in ours] == made.stdout.strip().splitlines()


@needs_fcsolve
def test_microsoft_deal_1_is_solved_and_its_line_wins_under_freecells_rules():
    verdict = solve(microsoft_position(1), "freecell", timeout=60)
    assert verdict.verdict == "solved" and verdict.reason is None
    assert verdict.iterations and verdict.iterations > 0 and verdict.seconds > 0
    assert replay(microsoft_position(1), verdict.moves, by_suit=False, cells=4) == dict.fromkeys(
        SUITS, 13
    )


@needs_fcsolve
def test_deal_11982_is_proved_unsolvable_by_the_exhaustive_search():
    verdict = solve(microsoft_position(11982), "freecell", prove=True, timeout=120)
    assert (verdict.verdict, verdict.moves) == ("unsolvable", [])
    assert verdict.iterations > 50_000  # every position single-card moves reach


@needs_fcsolve
def test_its_default_search_finding_nothing_is_no_proof():
    verdict = solve(microsoft_position(11982), "freecell", timeout=120)
    assert (verdict.verdict, verdict.reason) == ("gave-up", "not-exhaustive")


@needs_fcsolve
def test_a_search_cut_short_gives_up_saying_why():
    position = microsoft_position(11982)
    counted = solve(position, "freecell", prove=True, max_iterations=1000, timeout=120)
    assert (counted.verdict, counted.reason) == ("gave-up", "iterations")
    assert counted.iterations <= 2 * 1001  # each of the two searches stopped at 1000
    timed = solve(position, "freecell", prove=True, timeout=0.001)
    assert (timed.verdict, timed.reason, timed.iterations) == ("gave-up", "time", None)


@needs_fcsolve
def test_bakers_game_deal_1_is_solved_building_in_suit():
    verdict = solve(microsoft_position(1), "bakers_game", prove=True, timeout=60)
    assert verdict.verdict == "solved"
    founded = replay(microsoft_position(1), verdict.moves, by_suit=True, cells=4)
    assert founded == dict.fromkeys(SUITS, 13)


@needs_fcsolve
def test_bakers_game_deal_10_is_proved_unsolvable_where_freecell_wins_it():
    assert solve(microsoft_position(10), "bakers_game", prove=True).verdict == "unsolvable"
    assert solve(microsoft_position(10), "freecell").verdict == "solved"


@needs_fcsolve
def test_a_position_in_play_with_cells_and_foundations():
    """The end of a game: three Kings in cells, the fourth suit to go."""
    position = Position(
        columns=((), ("KS", "QS"), (), (), (), (), (), ()),
        cells=("KC", None, "KD", "KH"),
        foundations=("QC", "QD", "QH", "JS"),
    )
    board = board_text(position, "freecell").splitlines()
    assert board[:2] == ["Foundations: H-Q C-Q D-Q S-J", "Freecells: KC - KD KH"]
    verdict = solve(position, "freecell", prove=True)
    assert verdict.verdict == "solved"
    assert len(verdict.moves) == 5  # QS, KS and the three Kings
    assert replay(position, verdict.moves, by_suit=False, cells=4) == dict.fromkeys(SUITS, 13)


@pytest.mark.parametrize(
    "position, problem",
    [
        (Position(((),) * 7), "freecell has 8 columns; the position has 7"),
        (Position(((),) * 8, cells=("AS",) * 5), "freecell has 4 free cells; the position has 5"),
        (Position((("AS", "AS"),) + ((),) * 7), "column 1: AS is also in column 1"),
        (Position((("XS",),) + ((),) * 7), "column 1: unknown card 'XS'"),
        (Position(((),) * 8, foundations=("KS", "QS")), "the foundations: QS is also in"),
        (Position(((),) * 8, foundations=("KS",)), "the position lacks 39 cards: AC 2C"),
    ],
)
def test_a_malformed_position_is_refused_naming_the_problem(position, problem):
    with pytest.raises(RunError, match=problem.replace("(", r"\(")):
        board_text(position, "freecell")


def test_position_data_that_is_no_position_is_refused():
    for data in ([], {"columns": "AS"}, {"columns": [[1]]}, {"columns": [], "deck": []}):
        with pytest.raises(RunError, match="position"):
            Position.from_data(data)


def test_proof_is_refused_where_single_card_moves_cannot_give_one():
    with pytest.raises(RunError, match="relaxed_freecell moves runs of any length"):
        solve(microsoft_position(1), "relaxed_freecell", prove=True)


@needs_fcsolve
def test_every_preset_runs_here():
    """Each preset fc-solve is said to have reads a board of its shape: an empty one with
    the foundations full, which it calls solved at once."""
    for preset, shape in PRESETS.items():
        position = Position(((),) * shape.columns, foundations=("KC", "KD", "KH", "KS"))
        assert solve(position, preset).verdict == "solved", preset


@needs_fcsolve
def test_the_command_line_prints_one_line_per_deal_and_a_summary(tmp_path):
    proc = run_tool("fcsolve.py", "--deals", "1-3", "--prove")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line.get("deal") for line in lines[:3]] == [1, 2, 3]
    assert lines[3]["deals"] == 3 and lines[3]["verdicts"] == {"solved": 3}
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"columns": [["AS"]]}), encoding="utf-8")
    line = refused(run_tool("fcsolve.py", "--position", str(board)))
    assert line == "fcsolve.py: error: freecell has 8 columns; the position has 1"


@needs_fcsolve
@pytest.mark.parametrize("preset, by_suit", [("freecell", False), ("bakers_game", True)])
def test_every_winning_line_of_deals_1_to_20_replays_as_a_win(preset, by_suit):
    """Its meta-moves (several cards at once, to empty columns too) read as the moves they
    are: each won deal's line replays here to four full foundations."""
    won = 0
    for number in range(1, 21):
        verdict = solve(microsoft_position(number), preset, timeout=60)
        if verdict.verdict == "solved":
            won += 1
            founded = replay(microsoft_position(number), verdict.moves, by_suit=by_suit, cells=4)
            assert founded == dict.fromkeys(SUITS, 13), number
    assert won >= 10


@pytest.mark.parametrize(
    "line",
    [
        "Move a card from stack 0 to freecell 0\nMove a card from freecell 1 to stack 2",
        "Move 8 cards from stack 0 to stack 1",
        "Move a card from stack 9 to the foundations",
        "Move a card from stack 0 to stack 12",
        "Move the deck somewhere",
    ],
)
def test_a_line_that_moves_cards_not_there_is_refused(line):
    with pytest.raises(RunError, match="fc-solve"):
        read_moves(line, microsoft_position(1))


def test_its_moves_name_the_cards_they_move():
    moves = read_moves(
        "Move a card from stack 4 to freecell 0\nMove 2 cards from stack 0 to stack 4\n"
        "Move a card from freecell 0 to stack 0\nMove a card from stack 1 to the foundations",
        microsoft_position(1),
    )
    assert [(m.source, m.target, m.count, m.card) for m in moves] == [
        (("column", 4), ("cell", 0), 1, "6C"),
        (("column", 0), ("column", 4), 2, "6D"),
        (("cell", 0), ("column", 0), 1, "6C"),
        (("column", 1), ("foundation", 0), 1, "9C"),  # clubs: foundation 0
    ]


def dealt(seed: int, columns: int, height: int, cells: int) -> Position:
    """This game's shuffle of one deck dealt row by row: ``columns`` of ``height`` cards,
    the rest in the first free cells (Seahaven: 10 of 5 and 2; Eight Off: 8 of 6 and 4)."""
    cards = [CODE[c] for c in shuffled(full_deck(1), seed)]
    dealt = columns * height
    piles = tuple(tuple(cards[k:dealt:columns]) for k in range(columns))
    rest = tuple(cards[dealt:])
    return Position(piles, cells=rest + (None,) * (cells - len(rest)))


@needs_fcsolve
@pytest.mark.parametrize("preset, shape", [("seahaven", (10, 5, 4)), ("eight_off", (8, 6, 8))])
def test_seahaven_and_eight_off_deals_are_decided_and_their_lines_win(preset, shape):
    """Both build in suit and fill an empty column with a King only."""
    verdicts = []
    for seed in range(1, 11):
        position = dealt(seed, *shape)
        verdict = solve(position, preset, prove=True, timeout=60)
        verdicts.append(verdict.verdict)
        if verdict.verdict == "solved":
            founded = replay(position, verdict.moves, by_suit=True, cells=shape[2], kings_only=True)
            assert founded == dict.fromkeys(SUITS, 13), seed
    assert set(verdicts) <= {"solved", "unsolvable"} and verdicts.count("solved") >= 5
